import { z } from 'zod';
import { deletedRecordTexts } from '../messages.ts';
import { listQuerySchema } from './common.ts';

/** The kinds of soft-deleted record an admin can list and restore. */
export const deletedRecordTypes = [
  'patient',
  'appointment',
  'medical-record',
  'progress-report',
  'prescription',
  'medication',
] as const;
export type DeletedRecordType = (typeof deletedRecordTypes)[number];

/** The restore call of each kind: POST /api/<plural>/{id}/restore. */
export const restorePathOf: Record<DeletedRecordType, string> = {
  patient: '/api/patients',
  appointment: '/api/appointments',
  'medical-record': '/api/medical-records',
  'progress-report': '/api/progress-reports',
  prescription: '/api/prescriptions',
  medication: '/api/medications',
};

/** GET /api/deleted-records: paging and an optional type (empty means every type). */
export const deletedRecordsQuerySchema = listQuerySchema.omit({ q: true }).extend({
  type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(deletedRecordTypes, { message: deletedRecordTexts.typeInvalid }).optional(),
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
