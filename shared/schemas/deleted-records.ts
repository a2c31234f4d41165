import { z } from 'zod';
import { deletedRecordTexts } from '../messages.ts';
import { apiPathOf, recordTypeNames, recordTypes, type RecordType } from '../record-types.ts';
import { dbId, listQuerySchema, parseCalendarDate, sortParam } from './common.ts';

/** The kinds of soft-deleted record an admin can list and restore: every type of the registry. */
export const deletedRecordTypes = recordTypeNames;
export type DeletedRecordType = RecordType;

/** The API base of each kind; its restore call is `restorePathOf` in the registry. */
export const restorePathOf = Object.fromEntries(
  recordTypes.map((t) => [t.type, apiPathOf(t.type)]),
) as Record<DeletedRecordType, string>;

/** The orders of the Deleted Records list (each ends with the type and the id). */
export const DELETED_RECORD_SORTS = ['deletedAt', 'recordDate', 'type'] as const;
export type DeletedRecordSort = (typeof DELETED_RECORD_SORTS)[number];

/** Empty query values (a cleared field) mean no filter. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** A calendar day YYYY-MM-DD of the deletion, or nothing. */
const optionalDay = (field: string) => {
  const message = `${field} must be a date written YYYY-MM-DD, such as 2026-03-01.`;
  return z.preprocess(
    blankAsAbsent,
    z
      .string({ message })
      .trim()
      .refine((value) => parseCalendarDate(value) !== null, message)
      .optional(),
  );
};

/**
 * GET /api/deleted-records: paging, an order, and optional filters: a type (empty means every
 * type), a patient, and the days of the deletion (`from` and `to` inclusive, days of the
 * agency's time zone, so a shared address lists the same records for everyone).
 */
export const deletedRecordsQuerySchema = listQuerySchema
  .omit({ q: true })
  .extend({
    sort: sortParam<DeletedRecordSort>(DELETED_RECORD_SORTS, '-deletedAt'),
    type: z.preprocess(
      blankAsAbsent,
      z
        .enum(deletedRecordTypes, {
          message: deletedRecordTexts.typeMustBeOneOf(deletedRecordTypes),
        })
        .optional(),
    ),
    patientId: z.preprocess(blankAsAbsent, dbId().optional()),
    from: optionalDay('From'),
    to: optionalDay('To'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'From must be on or before To.',
    path: ['to'],
  });
export type DeletedRecordsQuery = z.infer<typeof deletedRecordsQuerySchema>;

/** One row of the admin's Deleted Records screen. */
export const deletedRecordSchema = z.object({
  type: z.enum(deletedRecordTypes),
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  /** A short label: the diagnosis, the location, the medication... */
  summary: z.string(),
  /** The record's own date: an ISO instant, a calendar date YYYY-MM-DD, or null (patients). */
  recordDate: z.string().nullable(),
  /** ISO 8601 in UTC. */
  deletedAt: z.string(),
});
export type DeletedRecord = z.infer<typeof deletedRecordSchema>;
