import { recordKey, remindersKey } from '../../../lib/query-keys.ts';

/** Query keys of the reminders feature and the caregiver's dashboard it holds. */
export const reminderKeys = {
  /** Every reminder query starts with this key, so one invalidation refreshes them all. */
  all: remindersKey,
  page: (page: number, rowsPerPage: number) =>
    [...remindersKey, 'list', { page, rowsPerPage }] as const,
  range: (from: string | undefined, to: string | undefined) =>
    [...remindersKey, 'range', from, to] as const,
  /** Under the appointments root: an appointment change refreshes the calendar too. */
  calendarAppointments: (from: string | undefined, to: string | undefined) =>
    [...recordKey('appointment'), 'caregiver-calendar', from, to] as const,
};
