import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import { countStatements } from '../test/chart-history.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createAuditor, JSON_ROWS_FROM, writeAudit, type AuditEvent } from './audit.ts';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every event shape a request writes: ids as numbers and text, nulls, details, outcomes. */
function eventsOf(count: number): AuditEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    action: i % 3 === 0 ? 'export' : 'read',
    entity: i % 2 === 0 ? 'dose' : 'care-team',
    entityId: i % 4 === 0 ? null : i % 4 === 1 ? i : `type:${i}`,
    patientId: i % 5 === 0 ? null : 1000 + i,
    subjectUserId: i % 7 === 0 ? 42 : null,
    outcome: i % 6 === 0 ? 'denied' : undefined,
    details: i % 3 === 1 ? { rows: i, kind: 'x"y', flag: true, none: null } : null,
  }));
}

/** The stored rows of one request id, in the order of their ids, without the id itself. */
async function storedRows(requestId: string) {
  const rows = await db()
    .select()
    .from(auditLog)
    .where(sql`${auditLog.requestId} = ${requestId}`)
    .orderBy(asc(auditLog.id));
  return rows.map(({ id: _id, requestId: _request, ...row }) => row);
}

describe('the audit writer', () => {
  it('stores many rows (one JSON parameter) exactly as it stores them one VALUES list at a time', async () => {
    const events = eventsOf(JSON_ROWS_FROM * 3 + 5);
    const at = new Date('2026-03-04T05:06:07.891Z');
    // With the context's own details (a change recorded offline) merged in, and without.
    for (const [name, details] of [
      ['offline', { recordedOffline: true }],
      ['online', null],
    ] as const) {
      const context = { userId: 7, role: 'doctor', ip: '10.0.0.1', at, details };
      // One event at a time goes as a one-row VALUES list: the reference rows.
      for (const event of events) {
        await writeAudit(db(), { ...context, requestId: `${name}-one-by-one` }, event);
      }
      const many = await countStatements(t.database, () =>
        writeAudit(db(), { ...context, requestId: `${name}-all-at-once` }, events),
      );
      expect(many).toBe(1);
      const reference = await storedRows(`${name}-one-by-one`);
      expect(reference).toHaveLength(events.length);
      expect(await storedRows(`${name}-all-at-once`)).toEqual(reference);
      // A JSON null is stored as SQL NULL, never as the jsonb value 'null'.
      const nulls = async (requestId: string) =>
        db().$count(
          auditLog,
          sql`${auditLog.requestId} = ${requestId} and ${auditLog.details} is null`,
        );
      expect(await nulls(`${name}-all-at-once`)).toBe(await nulls(`${name}-one-by-one`));
      if (!details) expect(await nulls(`${name}-all-at-once`)).toBeGreaterThan(0);
    }
  });

  it('the lists of concurrent requests, gathered into one insert, are stored as each alone', async () => {
    // Four requests of different actors and moments: the first goes at once, the other three
    // gather behind it into one JSON insert of three runs (what each request shares, sent once).
    const actors = [
      { userId: 3, role: 'supervisor', ip: '10.0.0.3', at: '2026-03-04T00:00:00.001Z' },
      { userId: 4, role: 'doctor', ip: '10.0.0.4', at: '2026-03-04T00:00:00.002Z' },
      { userId: null, role: null, ip: '::1', at: '2026-03-04T00:00:00.003Z' },
      { userId: 6, role: 'caregiver', ip: '10.0.0.6', at: '2026-03-04T00:00:00.004Z' },
    ];
    // A list of one kind (only the patient differs) and one where every column varies.
    const lists = [
      Array.from({ length: 25 }, (_, i) => ({ action: 'list', entity: 'visit', patientId: i + 1 })),
      eventsOf(JSON_ROWS_FROM + 3),
    ] as AuditEvent[][];
    for (const [name, events] of [
      ['uniform', lists[0]!],
      ['varied', lists[1]!],
    ] as const) {
      const statements = await countStatements(t.database, () =>
        Promise.all(
          actors.map((actor, i) =>
            createAuditor(db(), () => new Date(actor.at), {
              ...actor,
              requestId: `${name}-grouped-${i}`,
            }).read(events),
          ),
        ),
      );
      expect(statements).toBe(2);
      for (const [i, actor] of actors.entries()) {
        const { at, ...rest } = actor;
        for (const event of events) {
          await writeAudit(
            db(),
            { ...rest, at: new Date(at), requestId: `${name}-alone-${i}` },
            event,
          );
        }
        const grouped = await storedRows(`${name}-grouped-${i}`);
        expect(grouped).toHaveLength(events.length);
        expect(grouped).toEqual(await storedRows(`${name}-alone-${i}`));
      }
    }
  });

  it('a few rows still go as one VALUES list, in one statement', async () => {
    const events = eventsOf(JSON_ROWS_FROM - 1);
    const context = { userId: null, role: null, ip: '::1', at: new Date(), requestId: 'few' };
    const statements = await countStatements(t.database, () => writeAudit(db(), context, events));
    expect(statements).toBe(1);
    expect(await storedRows('few')).toHaveLength(events.length);
  });

  it('the rows of one read, however many, are committed in one statement before it resolves', async () => {
    const auditor = createAuditor(db(), () => new Date('2026-03-04T00:00:00Z'), {
      userId: 3,
      role: 'supervisor',
      ip: '127.0.0.1',
      requestId: 'big-read',
    });
    const events = eventsOf(2_000);
    const statements = await countStatements(t.database, () => auditor.read(events));
    expect(statements).toBe(1);
    const rows = await storedRows('big-read');
    expect(rows).toHaveLength(2_000);
    expect(rows.map((row) => row.entityId)).toEqual(
      events.map((e) => (e.entityId == null ? null : String(e.entityId))),
    );
  });

  it('a change with many rows commits them in its own transaction, or none when it fails', async () => {
    const auditor = createAuditor(db(), () => new Date(), {
      userId: 3,
      role: 'doctor',
      ip: '127.0.0.1',
      requestId: 'failed-change',
    });
    await expect(
      auditor.change(
        async () => 1,
        () => [...eventsOf(JSON_ROWS_FROM), { action: 'read', entity: null as never }],
      ),
    ).rejects.toThrow();
    expect(await storedRows('failed-change')).toEqual([]);
  });
});
