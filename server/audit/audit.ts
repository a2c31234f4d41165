import { getTableColumns, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Db, Executor, Tx } from '../db/client.ts';
import { insertRows } from '../lib/prepared.ts';
import { auditLog, idempotencyKeys, type AuditDetails } from '../db/schema/index.ts';
import type { AuditActionName } from '../../shared/schemas/audit.ts';
import {
  IdempotencyKeyTaken,
  isKeyTaken,
  offlineAuditDetails,
  type OfflineWrite,
} from '../lib/offline-writes.ts';

/** What happened: one of the actions the audit screens filter by (shared/schemas/audit.ts). */
export type AuditAction = AuditActionName;

export interface AuditEvent {
  action: AuditAction;
  /** The kind of record: patient, appointment, medical-record, user... */
  entity: string;
  entityId?: string | number | null;
  patientId?: number | null;
  /**
   * The user a record is in the name of when that is not the actor: the doctor of a
   * prescription or the caregiver of a report entered by someone else.
   */
  subjectUserId?: number | null;
  outcome?: 'success' | 'denied' | 'failure';
  /** What the event covered beyond one record (an export's row count): counts and kinds only. */
  details?: AuditDetails | null;
}

/** Who acts, from where and in which request: taken from the server session, never the client. */
export interface AuditActor {
  userId: number | null;
  role: string | null;
  ip: string;
  requestId: string;
}

/** An actor and the moment of the event. */
export interface AuditContext extends AuditActor {
  at: Date;
  /** Added to every row's details (a change recorded offline says so, and when). */
  details?: AuditDetails | null;
}

type AuditRow = typeof auditLog.$inferInsert;

/** An event's own details with the context's merged in (null when neither has any). */
function detailsOf(context: AuditContext, event: AuditEvent): AuditDetails | null {
  if (!context.details) return event.details ?? null;
  return { ...event.details, ...context.details };
}

function auditRows(context: AuditContext, list: AuditEvent[]): AuditRow[] {
  return list.map((event) => ({
    at: context.at,
    userId: context.userId,
    role: context.role,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId == null ? null : String(event.entityId),
    patientId: event.patientId ?? null,
    subjectUserId: event.subjectUserId ?? null,
    outcome: event.outcome ?? 'success',
    ip: context.ip,
    requestId: context.requestId,
    details: detailsOf(context, event),
  }));
}

/**
 * Appends audit rows. No PHI values: only ids, kinds and outcomes. `pool`: when `db` is a
 * transaction, the database it belongs to (the insert is prepared there once, not per change).
 */
export async function writeAudit(
  db: Executor,
  context: AuditContext,
  events: AuditEvent | AuditEvent[],
  pool: Executor = db,
): Promise<void> {
  const list = Array.isArray(events) ? events : [events];
  if (list.length === 0) return;
  await insertAuditRows(db, auditRows(context, list), pool);
}

/** At most this many rows go into one insert. */
const MAX_GROUP_ROWS = 5000;

/** From this many rows on, the rows travel as one JSON parameter instead of one per value. */
export const JSON_ROWS_FROM = 32;

/**
 * The audit table's columns but its generated id, from its Drizzle definition: the row's keys as
 * jsonb_to_recordset reads them (with their SQL types) and the stored columns they fill, in the
 * table's order. A column added to the table is carried here without another edit.
 */
const recordFields = Object.entries(getTableColumns(auditLog)).filter(
  ([, column]) => !column.primary,
);
// The database names, as the client's snake_case casing (server/db/client.ts) spells them.
const columnNames = sql.raw(
  recordFields
    .map(([, column]) => `"${column.keyAsName ? toSnakeCase(column.name) : column.name}"`)
    .join(', '),
);
const recordColumns = sql.raw(
  recordFields.map(([key, column]) => `"${key}" ${column.getSQLType()}`).join(', '),
);
const recordNames = sql.raw(recordFields.map(([key]) => `"${key}"`).join(', '));

/** Each column's value from a run's shared record, or from the row's own when it differs. */
const mergedNames = sql.raw(
  recordFields.map(([key]) => `coalesce(r."${key}", g."${key}")`).join(', '),
);

/** A value as JSON compares it: a Date by its instant, a details object by its text. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || (a == null && b == null)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return false;
}

/**
 * The rows as runs that share what is the same in them: one request's list of a hundred
 * patients differs only in the patient id, so its shared record holds the moment, actor,
 * action and the rest once, and each row only its own values. A column is either shared (on the
 * run) or carried by every row of the run, so `coalesce(row, run)` gives each row's value, a
 * NULL included. The rows of one request follow one another; a run ends where the request does.
 */
function sharedRuns(rows: AuditRow[]): Record<string, unknown>[] {
  const runs: Record<string, unknown>[] = [];
  let start = 0;
  while (start < rows.length) {
    let end = start + 1;
    while (end < rows.length && rows[end]!.requestId === rows[start]!.requestId) end += 1;
    const run = rows.slice(start, end) as Record<string, unknown>[];
    const first = run[0]!;
    const shared: Record<string, unknown> = {};
    const own: string[] = [];
    for (const [key] of recordFields) {
      if (run.every((row) => sameValue(row[key], first[key]))) shared[key] = first[key] ?? null;
      else own.push(key);
    }
    shared.rowsOfRun = run.map((row) => {
      const values: Record<string, unknown> = {};
      for (const key of own) values[key] = row[key] ?? null;
      return values;
    });
    runs.push(shared);
    start = end;
  }
  return runs;
}

/**
 * Many rows in one statement whose text never changes: one jsonb parameter of runs (what a
 * request's rows share, and each row's own values) unpacked by jsonb_to_recordset, in the
 * list's order (the ids follow it as a VALUES list's would). A VALUES list of hundreds of rows
 * costs the server a parse and plan of thousands of parameters and the query builder as much
 * again; sending each row whole repeats the moment, actor and request in every row, ten times
 * the bytes to build, send and parse. The rows stored are the same (a Date travels as its ISO
 * text, exact to the millisecond, as the query builder sends it).
 */
function insertFromJson(db: Executor, rows: AuditRow[]) {
  return db.execute(
    sql`insert into ${auditLog} (${columnNames}) select ${mergedNames}
    from rows from (jsonb_to_recordset(${JSON.stringify(sharedRuns(rows))}::jsonb)
      as (${recordColumns}, "rowsOfRun" jsonb)) with ordinality as g(${recordNames}, "rowsOfRun", "n")
    cross join lateral rows from (jsonb_to_recordset(g."rowsOfRun") as (${recordColumns}))
      with ordinality as r(${recordNames}, "m")
    order by g."n", r."m"`,
  );
}

/**
 * Inserts audit rows in as few statements as it can: a few as one VALUES list, more as one JSON
 * parameter, MAX_GROUP_ROWS at a time (a list that names thousands of patients, a supervisor's
 * rota of the whole agency, stays a bounded statement). `pool`: the database `db` is a
 * transaction of, where the statements are prepared.
 */
async function insertAuditRows(db: Executor, rows: AuditRow[], pool: Executor = db): Promise<void> {
  for (let start = 0; start < rows.length; start += MAX_GROUP_ROWS) {
    const chunk = rows.slice(start, start + MAX_GROUP_ROWS);
    if (chunk.length >= JSON_ROWS_FROM) await insertFromJson(db, chunk);
    // A few as one VALUES list, its insert prepared once per row count (`insertRows`): every
    // write and every read of patient data inserts here, and built for each request the insert
    // of one row was a tenth of a write's CPU.
    else await insertRows(pool, db, auditLog, chunk);
  }
}

interface Waiting {
  rows: AuditRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the audit rows of reads and refusals (those that have no change's
 * transaction to ride in). Every caller still waits until its own row is committed, so no
 * answer leaves the server before its audit row is stored; but while one insert is on its way,
 * the rows of concurrent requests gather and go together in the next one. An idle server
 * writes each row at once (no timer, no added latency); a busy one commits one insert per
 * round trip instead of one per request.
 */
export class AuditGroupWriter {
  private waiting: Waiting[] = [];
  private draining = false;

  constructor(private readonly db: Executor) {}

  write(rows: AuditRow[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.takeGroup();
        try {
          await insertAuditRows(
            this.db,
            group.flatMap((entry) => entry.rows),
          );
          for (const entry of group) entry.resolve();
        } catch (error) {
          // A request's own rows failed: retrying them alone would repeat the chunks stored.
          if (group.length === 1) {
            group[0]!.reject(error);
            continue;
          }
          // One bad row must not fail its neighbours: each request's rows on their own.
          for (const entry of group) {
            try {
              await insertAuditRows(this.db, entry.rows);
              entry.resolve();
            } catch (error) {
              entry.reject(error);
            }
          }
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private takeGroup(): Waiting[] {
    let rows = 0;
    let take = 0;
    while (take < this.waiting.length) {
      const next = this.waiting[take]!.rows.length;
      if (take > 0 && rows + next > MAX_GROUP_ROWS) break;
      rows += next;
      take += 1;
    }
    return this.waiting.splice(0, take);
  }
}

const groupWriters = new WeakMap<object, AuditGroupWriter>();

/** The one group writer of a database (rows of concurrent requests share inserts). */
export function groupWriterFor(db: Executor): AuditGroupWriter {
  let writer = groupWriters.get(db);
  if (!writer) {
    writer = new AuditGroupWriter(db);
    groupWriters.set(db, writer);
  }
  return writer;
}

/** The audit trail as a request (or a job) writes it: bound to one actor and one clock. */
export interface Auditor {
  /** Records reads and lists of patient data; resolves once the rows are committed. */
  read(events: AuditEvent | AuditEvent[]): Promise<void>;
  /** Records a refused attempt (out of scope, or not the caller's own), outcome 'denied'. */
  denied(event: Omit<AuditEvent, 'action' | 'outcome'>): Promise<void>;
  /** Records events that ride in no change's transaction (failures, refused logins). */
  record(events: AuditEvent | AuditEvent[]): Promise<void>;
  /**
   * Runs a change in one transaction together with its audit rows: both commit, or neither
   * does. `describe` turns the change's result into the event(s). A change sent with an
   * idempotency key also inserts the key's row in that transaction, first, so the row exists if
   * and only if the change committed; a twin that committed the key first makes this change
   * roll back with IdempotencyKeyTaken (never two changes).
   */
  change<T>(
    change: (tx: Tx) => Promise<T>,
    describe: (result: T) => AuditEvent | AuditEvent[],
  ): Promise<T>;
  /** Writes events inside a transaction the caller already holds. */
  within(tx: Tx, events: AuditEvent | AuditEvent[]): Promise<void>;
}

/** The key's row, in the change's transaction: a twin's committed row refuses it. */
async function claimKey(tx: Tx, userId: number, key: string, route: string, at: Date) {
  try {
    await tx.insert(idempotencyKeys).values({ userId, key, route, createdAt: at });
  } catch (error) {
    if (isKeyTaken(error)) throw new IdempotencyKeyTaken();
    throw error;
  }
}

/**
 * An auditor for one actor; `now` dates each event when it is written. `offline`: the change
 * came from a device's offline queue (server/lib/offline-writes.ts): its key is claimed in the
 * first change's transaction, and every row says it was recorded offline, and when.
 */
export function createAuditor(
  db: Db,
  now: () => Date,
  actor: AuditActor,
  offline: OfflineWrite | null = null,
): Auditor {
  const details = offlineAuditDetails(offline);
  const context = (): AuditContext => ({ ...actor, at: now(), details });
  // One key, one change: once a change has committed with it, later ones of the request do not
  // claim it again.
  let keyToClaim = offline?.key && actor.userId !== null ? offline.key : null;
  const grouped = (events: AuditEvent | AuditEvent[]): Promise<void> => {
    const list = Array.isArray(events) ? events : [events];
    if (list.length === 0) return Promise.resolve();
    return groupWriterFor(db).write(auditRows(context(), list));
  };
  return {
    read: grouped,
    record: grouped,
    denied: (event) => grouped({ ...event, action: 'denied', outcome: 'denied' }),
    change(change, describe) {
      const at = context();
      const key = keyToClaim;
      return db
        .transaction(async (tx) => {
          if (key) await claimKey(tx, actor.userId!, key, offline!.route, at.at);
          const result = await change(tx);
          await writeAudit(tx, at, describe(result), db);
          return result;
        })
        .then((result) => {
          if (key) keyToClaim = null;
          return result;
        });
    },
    within: (tx, events) => writeAudit(tx, context(), events, db),
  };
}
