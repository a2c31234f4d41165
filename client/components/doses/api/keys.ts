import { recordKey } from '../../../lib/query-keys.ts';

/**
 * Query keys of doses beyond the record lists: they start with the type's key, so recording,
 * correcting or deleting a dose (which refreshes the type) refreshes the due list and the days.
 */
export const doseKeys = {
  all: recordKey('dose'),
  due: () => [...recordKey('dose'), 'due'] as const,
  day: (patientId: number, date: string | null) =>
    [...recordKey('dose'), 'day', patientId, date] as const,
  one: (id: number) => [...recordKey('dose'), 'one', id] as const,
};
