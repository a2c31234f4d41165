import { z } from 'zod';
import { listQuerySchema, dbId } from './common.ts';

/** The actions the audit log records. */
export const auditActions = [
  'read',
  'list',
  'create',
  'update',
  'delete',
  'restore',
  'denied',
  'login',
  'login-failed',
  'logout',
  'register',
  'password-change',
  'user-update',
] as const;
export type AuditActionName = (typeof auditActions)[number];

const optionalInstant = z
  .string()
  .trim()
  .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), 'Must be a valid date and time')
  .optional()
  .transform((v) => (v ? new Date(v).toISOString() : undefined));

/** Filters of the admin's audit query (GET /api/audit). */
export const auditQuerySchema = listQuerySchema.omit({ q: true }).extend({
  userId: dbId().optional(),
  patientId: dbId().optional(),
  action: z.string().trim().max(50).optional(),
  entity: z.string().trim().max(100).optional(),
  /** Inclusive lower bound (ISO instant). */
  from: optionalInstant,
  /** Exclusive upper bound (ISO instant). */
  to: optionalInstant,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** A row of the admin's audit screen. Ids and kinds only: never PHI values. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  userName: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  patientId: z.number().nullable(),
  /** Who a clinical record is in the name of, when that is not the actor (a doctor, a caregiver). */
  subjectUserId: z.number().nullable().optional(),
  outcome: z.string(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A row of a patient's "who viewed my record": when, what, and who by name and role. */
export const accessLogEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  outcome: z.string(),
  userName: z.string().nullable(),
  role: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
