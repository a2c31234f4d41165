import { z } from 'zod';
import { dbId, listQuerySchema, parseInstant, sortParam } from './common.ts';

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
  'invite',
  'revoke-invitation',
  'accept-invitation',
  'password-reset-request',
  'password-reset',
  'password-reset-link',
  'end-session',
  'end-other-sessions',
  'end-user-sessions',
  'two-factor-on',
  'two-factor-off',
  'recovery-codes',
  'export',
  'import',
  'calendar-feed-create',
  'calendar-feed-revoke',
  'calendar-feed-read',
  'archive',
] as const;
export type AuditActionName = (typeof auditActions)[number];

/** Empty query values (a cleared field) mean no filter. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** An ISO 8601 instant (read by parseInstant, a value without a zone as UTC), or nothing. */
const optionalInstant = (field: string) => {
  const message = `${field} must be a date and time, such as 2026-03-01T09:00:00Z.`;
  return z.preprocess(
    blankAsAbsent,
    z
      .string({ message })
      .trim()
      .refine((value) => parseInstant(value) !== null, message)
      .transform((value) => parseInstant(value)!.toISOString())
      .optional(),
  );
};

/**
 * The orders of the audit log: only its time, which its indexes serve (the log grows by a row
 * per read, so no order by a joined name). Rows of the same instant follow their id in the same
 * direction: newest first is the order they were written in, reversed.
 */
export const AUDIT_SORTS = ['at'] as const;

/** Filters and order of the admin's audit query (GET /api/audit). */
export const auditQuerySchema = listQuerySchema.omit({ q: true }).extend({
  sort: sortParam<(typeof AUDIT_SORTS)[number]>(AUDIT_SORTS, '-at'),
  userId: z.preprocess(blankAsAbsent, dbId().optional()),
  patientId: z.preprocess(blankAsAbsent, dbId().optional()),
  action: z.preprocess(
    blankAsAbsent,
    z
      .enum(auditActions, { message: `The action must be one of: ${auditActions.join(', ')}.` })
      .optional(),
  ),
  entity: z.preprocess(
    blankAsAbsent,
    z.string().trim().max(100, 'The record kind must be at most 100 characters.').optional(),
  ),
  /** Inclusive lower bound (ISO instant). */
  from: optionalInstant('From'),
  /** Exclusive upper bound (ISO instant). */
  to: optionalInstant('To'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** What an event covered beyond one record: an export's row count, an import's counts. */
export const auditDetailsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type AuditDetailsValue = z.infer<typeof auditDetailsSchema>;

/** Details as a person reads them: "rows: 42; month: 2026-03". */
export function auditDetailsText(details: AuditDetailsValue | null | undefined): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${value === null ? '' : String(value)}`)
    .join('; ');
}

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
  /** Counts and kinds beyond the record (an export's rows), or null. */
  details: auditDetailsSchema.nullable(),
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
