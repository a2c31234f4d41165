import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { can } from '../../../shared/permissions.ts';
import type { AccessLogEntry, AuditEntry, AuditQuery } from '../../../shared/schemas/audit.ts';
import type { RequestContext } from '../../auth/context.ts';
import { patientExists } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { boundedCount, oneColumn, pageTotal, type Page } from '../../lib/list.ts';

const userName = sql<
  string | null
>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.secondName} end`;

/** The audit log grows with every read: its totals are counted up to a bound (lib/list.ts). */
function countAudit(
  db: Executor,
  where: SQL | undefined,
  page: { limit: number; offset: number; count?: 'bounded' | 'none' },
  rows: number,
) {
  return pageTotal(
    { offset: page.offset, limit: page.limit, rows, count: page.count },
    boundedCount(db, db.select(oneColumn).from(auditLog).where(where).$dynamic()),
  );
}

/**
 * The audit log's order: its time, then its id in the same direction, so rows of one instant
 * keep one order and paging neither repeats nor skips a row. Newest first is today's order.
 */
function auditOrder(sort: AuditQuery['sort']): SQL[] {
  const direction = sort.descending ? desc : asc;
  return [direction(auditLog.at), direction(auditLog.id)];
}

/**
 * One page of the audit log, newest first unless asked otherwise, filtered by user, patient,
 * action, entity and time.
 */
export async function listAuditEntries(
  ctx: RequestContext,
  query: AuditQuery,
): Promise<Page<AuditEntry>> {
  const page = await selectAuditEntries(ctx.db, query);
  // Reading the trail is itself recorded; it holds ids only, so it is not tied to a patient.
  await ctx.audit.read({ action: 'list', entity: 'audit-log' });
  return page;
}

async function selectAuditEntries(db: Executor, query: AuditQuery): Promise<Page<AuditEntry>> {
  const conditions: (SQL | undefined)[] = [
    query.userId ? eq(auditLog.userId, query.userId) : undefined,
    query.patientId ? eq(auditLog.patientId, query.patientId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
    query.to ? lt(auditLog.at, new Date(query.to)) : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      userId: auditLog.userId,
      username: users.username,
      userName,
      role: auditLog.role,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      patientId: auditLog.patientId,
      subjectUserId: auditLog.subjectUserId,
      outcome: auditLog.outcome,
      ip: auditLog.ip,
      requestId: auditLog.requestId,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(...auditOrder(query.sort))
    .limit(query.limit)
    .offset(query.offset);
  const { total, capped } = await countAudit(db, where, query, rows.length);
  return {
    items: rows.map((row) => ({
      ...row,
      username: row.username ?? null,
      at: row.at.toISOString(),
    })),
    total,
    capped,
  };
}

/**
 * "Who opened my record": the audit rows of one patient, newest first, with the actor's name
 * and role only (no addresses or other details). For the patient themself (anyone else's
 * record answers 404) and for admins; other staff get 403.
 */
export async function listAccessLog(
  ctx: RequestContext,
  patientId: number,
  page: { limit: number; offset: number; count?: 'bounded' | 'none' },
): Promise<Page<AccessLogEntry>> {
  const { user } = ctx;
  const attempt = { entity: 'access-log', entityId: patientId };
  if (can(user, 'audit:read')) {
    // An admin's scope is the agency: only a missing patient is refused, and leaves no row.
    if (!(await patientExists(ctx.db, patientId))) await ctx.notFound(attempt);
  } else if (user.role === 'patient') {
    // A patient's scope is their own record, so this is "their own or 404".
    await ctx.scope.require(patientId, attempt);
  } else {
    await ctx.forbidden({ ...attempt, patientId });
  }
  const result = await selectAccessLog(ctx.db, patientId, page);
  await ctx.audit.read({ action: 'list', entity: 'access-log', patientId });
  return result;
}

async function selectAccessLog(
  db: Executor,
  patientId: number,
  page: { limit: number; offset: number; count?: 'bounded' | 'none' },
): Promise<Page<AccessLogEntry>> {
  const where = eq(auditLog.patientId, patientId);
  const rows = await db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      entity: auditLog.entity,
      outcome: auditLog.outcome,
      userName,
      role: auditLog.role,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const { total, capped } = await countAudit(db, where, page, rows.length);
  return { items: rows.map((row) => ({ ...row, at: row.at.toISOString() })), total, capped };
}
