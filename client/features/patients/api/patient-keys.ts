/** Query keys of the patient feature: invalidating `all` refreshes every patient list and view. */
export const patientKeys = {
  all: ['patients'] as const,
  detail: (id: number) => ['patients', 'detail', id] as const,
  careTeam: (id: number) => ['patients', 'care-team', id] as const,
};
