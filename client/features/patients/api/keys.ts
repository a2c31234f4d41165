import { chartKey } from '../../../lib/prefetch-for-offline.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/** Query keys of the patient feature: invalidating `all` refreshes every patient list and view. */
export const patientKeys = {
  all: recordKey('patient'),
  detail: (id: number) => [...recordKey('patient'), 'detail', id] as const,
  careTeam: (id: number) => [...recordKey('patient'), 'care-team', id] as const,
  /** The chart's header (GET /api/patients/{id}/chart). */
  chart: chartKey,
  /** Every page of every filter of one patient's timeline. */
  timeline: (id: number) => [...recordKey('patient'), 'timeline', id] as const,
  /**
   * One patient's MAR month (GET /api/patients/{id}/mar); under the doses' root key, so recording
   * or correcting a dose refreshes it. `month` null: this month, as the server counts it.
   */
  mar: (id: number, month: string | null) => [...recordKey('dose'), 'mar', id, month] as const,
};
