import { recordType, type RecordType } from '../../shared/record-types.ts';

// Root query keys that more than one feature reads or refreshes; a feature's own keys file
// builds on them.

/**
 * The root query key of a record type (its API plural): every query of that type's data starts
 * with it, whatever screen asks, so invalidating it refreshes every list and card of the type.
 */
export const recordKey = (type: RecordType) => [recordType(type).plural] as const;

/** The own reminders: the reminders feature lists them, a fired reminder changes them. */
export const remindersKey = ['reminders'] as const;
