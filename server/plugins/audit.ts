import type { FastifyRequest } from 'fastify';
import type { Executor, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { AuditActionName } from '../../shared/schemas/audit.ts';

/** What happened: one of the actions the audit screens filter by (shared/schemas/audit.ts). */
export type AuditAction = AuditActionName;

export interface AuditEvent {
  action: AuditAction;
  /** The kind of record: patient, appointment, medical-record, user... */
  entity: string;
  entityId?: string | number | null;
  patientId?: number | null;
  outcome?: 'success' | 'denied' | 'failure';
}

export interface AuditContext {
  at: Date;
  userId: number | null;
  role: string | null;
  ip: string;
  requestId: string;
}

/** Who is acting, when and from where: taken from the server session, never from the client. */
export function auditContext(request: FastifyRequest): AuditContext {
  return {
    at: request.server.clock.now(),
    userId: request.user?.id ?? null,
    role: request.user?.role ?? null,
    ip: request.ip,
    requestId: request.id,
  };
}

/** Appends audit rows. No PHI values: only ids, kinds and outcomes. */
export async function writeAudit(
  db: Executor,
  context: AuditContext,
  events: AuditEvent | AuditEvent[],
): Promise<void> {
  const list = Array.isArray(events) ? events : [events];
  if (list.length === 0) return;
  await db.insert(auditLog).values(
    list.map((event) => ({
      at: context.at,
      userId: context.userId,
      role: context.role,
      action: event.action,
      entity: event.entity,
      entityId: event.entityId == null ? null : String(event.entityId),
      patientId: event.patientId ?? null,
      outcome: event.outcome ?? 'success',
      ip: context.ip,
      requestId: context.requestId,
    })),
  );
}

/** Records a read (or list) of patient data. */
export function auditRead(
  request: FastifyRequest,
  events: AuditEvent | AuditEvent[],
): Promise<void> {
  return writeAudit(request.server.db, auditContext(request), events);
}

/**
 * Runs a change in one transaction together with its audit row: both commit, or neither does.
 * `describe` turns the change's result into the audit event(s).
 */
export function auditedChange<T>(
  request: FastifyRequest,
  change: (tx: Tx) => Promise<T>,
  describe: (result: T) => AuditEvent | AuditEvent[],
): Promise<T> {
  const context = auditContext(request);
  return request.server.db.transaction(async (tx) => {
    const result = await change(tx);
    await writeAudit(tx, context, describe(result));
    return result;
  });
}

/**
 * Records a refused attempt on an existing record (out of scope, or not the caller's own): the
 * caller still gets a 404 or 403, and the attempt is visible in the audit trail.
 */
export function auditDenied(
  request: FastifyRequest,
  event: Omit<AuditEvent, 'action' | 'outcome'>,
): Promise<void> {
  return writeAudit(request.server.db, auditContext(request), {
    ...event,
    action: 'denied',
    outcome: 'denied',
  });
}
