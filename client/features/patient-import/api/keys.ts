/** Query keys of the import screen: it reads nothing, so only its mutation is named. */
export const patientImportKeys = {
  import: ['patient-import'] as const,
};
