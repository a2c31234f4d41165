import { recordKey } from '../../../lib/query-keys.ts';

/** Query keys of the patient feature: invalidating `all` refreshes every patient list and view. */
export const patientKeys = {
  all: recordKey('patient'),
  detail: (id: number) => [...recordKey('patient'), 'detail', id] as const,
  careTeam: (id: number) => [...recordKey('patient'), 'care-team', id] as const,
};
