/**
 * Request-based audit helpers, kept only while features move to the request context
 * (`request.ctx`, server/auth/context.ts). New code takes the context instead.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditContext, AuditEvent } from '../audit/audit.ts';
import type { Tx } from '../db/client.ts';
import { contextOf } from './access.ts';

export { writeAudit, type AuditAction, type AuditEvent } from '../audit/audit.ts';

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

export const auditRead = (request: FastifyRequest, events: AuditEvent | AuditEvent[]) =>
  request.ctx.audit.read(events);

export const auditDenied = (
  request: FastifyRequest,
  event: Omit<AuditEvent, 'action' | 'outcome'>,
) => request.ctx.audit.denied(event);

export const auditedChange = <T>(
  request: FastifyRequest,
  change: (tx: Tx) => Promise<T>,
  describe: (result: T) => AuditEvent | AuditEvent[],
) => request.ctx.audit.change(change, describe);

export async function notFoundOutOfScope(
  request: FastifyRequest,
  event: { entity: string; entityId?: string | number | null; patientId: number },
): Promise<Error> {
  try {
    await contextOf(request).notFound(event);
  } catch (error) {
    return error as Error;
  }
  return new Error('unreachable');
}

export const requirePatientInScope = (
  request: FastifyRequest,
  patientId: number,
  entity = 'patient',
) => contextOf(request).scope.require(patientId, { entity, entityId: patientId });
