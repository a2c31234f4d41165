import { recordKey } from '../../../lib/query-keys.ts';

/** Query keys of the appointments feature (and of the doctor's dashboard it holds). */
export const appointmentKeys = {
  /** Every appointment query starts with this key, so one invalidation refreshes them all. */
  all: recordKey('appointment'),
  list: (source: unknown, query: unknown) => [...recordKey('appointment'), source, query] as const,
  one: (id: number) => [...recordKey('appointment'), 'one', id] as const,
  /** Not under `all`: an appointment change does not move the patient or record figures. */
  dashboardTotal: (name: string, path: string | null) => ['dashboard-total', name, path] as const,
  /** Under the dose type's key: recording or correcting a dose refreshes the late/missed card. */
  doseSummary: [...recordKey('dose'), 'summary'] as const,
};
