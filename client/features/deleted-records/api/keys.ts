/** Query keys of the deleted-records screen. */
export const deletedRecordKeys = {
  list: ['deleted-records'] as const,
};
