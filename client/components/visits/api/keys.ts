import { recordKey } from '../../../lib/query-keys.ts';

/**
 * Query keys of visits beyond the record lists: each starts with the type's key, so any change
 * to a visit (planned, moved, cancelled, checked in or out, corrected), which refreshes the
 * type, refreshes the caregiver's day, the rota, the patient's visits and the timesheets too.
 */
export const visitKeys = {
  all: recordKey('visit'),
  one: (id: number) => [...recordKey('visit'), 'one', id] as const,
  mine: (date: string | null) => [...recordKey('visit'), 'mine', date] as const,
  rotaWeek: (week: string | null, page = 1) =>
    [...recordKey('visit'), 'rota-week', week, page] as const,
  rotaDay: (date: string | null, page = 1) =>
    [...recordKey('visit'), 'rota-day', date, page] as const,
  patient: (patientId: number, from: string | null, to: string | null) =>
    [...recordKey('visit'), 'patient', patientId, from, to] as const,
  timesheet: (caregiverId: number | null, from: string, to: string) =>
    [...recordKey('visit'), 'timesheet', caregiverId, from, to] as const,
  timesheetSummary: (from: string, to: string) =>
    [...recordKey('visit'), 'timesheet-summary', from, to] as const,
  carePlan: (patientId: number) => [...recordKey('care-plan-task'), 'patient', patientId] as const,
};
