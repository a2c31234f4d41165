/** Query keys of the users screen: invalidating `all` refreshes every page of the list. */
export const userKeys = {
  all: ['users'] as const,
};
