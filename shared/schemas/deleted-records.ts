import { z } from 'zod';
import { deletedRecordTexts } from '../messages.ts';
import { apiPathOf, recordTypeNames, recordTypes, type RecordType } from '../record-types.ts';
import { listQuerySchema } from './common.ts';

/** The kinds of soft-deleted record an admin can list and restore: every type of the registry. */
export const deletedRecordTypes = recordTypeNames;
export type DeletedRecordType = RecordType;

/** The API base of each kind; its restore call is POST <base>/{id}/restore. */
export const restorePathOf = Object.fromEntries(
  recordTypes.map((t) => [t.type, apiPathOf(t.type)]),
) as Record<DeletedRecordType, string>;

/** GET /api/deleted-records: paging and an optional type (empty means every type). */
export const deletedRecordsQuerySchema = listQuerySchema.omit({ q: true }).extend({
  type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(deletedRecordTypes, { message: deletedRecordTexts.typeMustBeOneOf(deletedRecordTypes) })
      .optional(),
  ),
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
