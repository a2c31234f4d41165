import { gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';

/** The admin's audit log (GET /api/audit): its order, its filters and what it refuses. */
let t: TestApp;
const db = () => t.database.db;
let admin: TestUser;
let supervisor: TestUser;
let actor: TestUser;
let other: TestUser;

/** A patient id no other row of this file names: every query below is narrowed to it. */
const PATIENT = 900_001;
const OTHER_PATIENT = 900_002;

interface Seeded {
  id: number;
  at: string;
}
/** The rows written for PATIENT, in the order they were inserted. */
const seeded: Seeded[] = [];

async function insertRow(values: {
  at: string;
  userId: number;
  patientId: number;
  action?: string;
  entity?: string;
}): Promise<Seeded> {
  const [row] = await db()
    .insert(auditLog)
    .values({
      at: new Date(values.at),
      userId: values.userId,
      role: 'doctor',
      action: values.action ?? 'read',
      entity: values.entity ?? 'patient',
      entityId: String(values.patientId),
      patientId: values.patientId,
      outcome: 'success',
      ip: '127.0.0.1',
    })
    .returning({ id: auditLog.id });
  return { id: Number(row!.id), at: new Date(values.at).toISOString() };
}

/** The newest-first order: time, then id, both descending. */
const newestFirst = (rows: Seeded[]) =>
  [...rows].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id).map((r) => r.id);

async function auditMark(): Promise<number> {
  const [row] = await db()
    .select({ max: sql<number | null>`max(${auditLog.id})` })
    .from(auditLog);
  return Number(row?.max ?? 0);
}
const rowsSince = (mark: number) =>
  db().select({ action: auditLog.action }).from(auditLog).where(gt(auditLog.id, mark));

async function idsOf(query: string, token = admin.token): Promise<number[]> {
  const res = await call(t.app, 'GET', `/api/audit?${query}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json as { id: number }[]).map((row) => row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(db(), { role: 'caregiver', privileges: 'admin' });
  supervisor = await createUser(db(), { role: 'doctor', privileges: 'supervisor' });
  actor = await createUser(db(), { role: 'doctor' });
  other = await createUser(db(), { role: 'caregiver' });
  // Three rows share 10:00 exactly, two share 10:05: only the id tells them apart.
  const plan = [
    { at: '2026-03-01T10:00:00.000Z', userId: actor.id, action: 'read' },
    { at: '2026-03-01T10:05:00.000Z', userId: other.id, action: 'update' },
    { at: '2026-03-01T10:00:00.000Z', userId: other.id, action: 'read' },
    { at: '2026-03-01T09:00:00.000Z', userId: actor.id, action: 'create', entity: 'appointment' },
    { at: '2026-03-01T10:00:00.000Z', userId: actor.id, action: 'list' },
    { at: '2026-03-01T10:05:00.000Z', userId: actor.id, action: 'read' },
    { at: '2026-03-01T11:00:00.000Z', userId: actor.id, action: 'delete' },
  ];
  for (const row of plan) seeded.push(await insertRow({ ...row, patientId: PATIENT }));
  // The same time, another patient: never in PATIENT's answers.
  await insertRow({ at: '2026-03-01T10:00:00.000Z', userId: actor.id, patientId: OTHER_PATIENT });
});
afterAll(() => t.close());

describe('the audit log order', () => {
  it('is newest first by default and with sort=-at, rows of one instant by id', async () => {
    const expected = newestFirst(seeded);
    expect(await idsOf(`patientId=${PATIENT}`)).toEqual(expected);
    expect(await idsOf(`patientId=${PATIENT}&sort=-at`)).toEqual(expected);
  });

  it('is oldest first with sort=at, the exact reverse', async () => {
    expect(await idsOf(`patientId=${PATIENT}&sort=at`)).toEqual(newestFirst(seeded).reverse());
  });

  it('pages neither repeat nor skip a row where many rows share an instant, both ways', async () => {
    for (const sort of ['at', '-at']) {
      const all = await idsOf(`patientId=${PATIENT}&sort=${sort}`);
      const paged: number[] = [];
      for (let offset = 0; offset < seeded.length; offset += 2) {
        paged.push(...(await idsOf(`patientId=${PATIENT}&sort=${sort}&limit=2&offset=${offset}`)));
      }
      expect(paged).toEqual(all);
      expect(new Set(paged).size).toBe(seeded.length);
    }
  });
});

describe('the audit log filters', () => {
  const ofUser = (user: TestUser) =>
    seeded.filter((_, i) => [0, 3, 4, 5, 6].includes(i) === (user === actor));

  it('by user, oldest first', async () => {
    expect(await idsOf(`patientId=${PATIENT}&userId=${actor.id}&sort=at`)).toEqual(
      newestFirst(ofUser(actor)).reverse(),
    );
    expect(await idsOf(`patientId=${PATIENT}&userId=${other.id}`)).toEqual(
      newestFirst(ofUser(other)),
    );
  });

  it('by patient: another patient’s rows never appear', async () => {
    const rows = await call(t.app, 'GET', `/api/audit?patientId=${OTHER_PATIENT}`, {
      token: admin.token,
    });
    expect(rows.json).toHaveLength(1);
    expect(rows.json[0]).toMatchObject({ patientId: OTHER_PATIENT });
  });

  it('by action and by record kind', async () => {
    expect(await idsOf(`patientId=${PATIENT}&action=read&sort=at`)).toEqual(
      newestFirst([seeded[0]!, seeded[2]!, seeded[5]!]).reverse(),
    );
    expect(await idsOf(`patientId=${PATIENT}&entity=appointment`)).toEqual([seeded[3]!.id]);
  });

  it('by time: from is inclusive, to exclusive; a time without a zone is UTC', async () => {
    const from = '2026-03-01T10:00:00.000Z';
    const to = '2026-03-01T10:05:00.000Z';
    const ties = seeded.filter((row) => row.at === from);
    expect(await idsOf(`patientId=${PATIENT}&from=${from}&to=${to}&sort=at`)).toEqual(
      newestFirst(ties).reverse(),
    );
    expect(await idsOf(`patientId=${PATIENT}&from=2026-03-01T10:00&to=2026-03-01T10:05`)).toEqual(
      newestFirst(ties),
    );
    // An offset is honoured: 11:00+01:00 is 10:00 UTC.
    expect(await idsOf(`patientId=${PATIENT}&from=2026-03-01T11:00%2B01:00&to=${to}`)).toEqual(
      newestFirst(ties),
    );
  });

  it('empty values are no filter (a cleared field)', async () => {
    expect(await idsOf(`patientId=${PATIENT}&userId=&action=&entity=&from=&to=`)).toEqual(
      newestFirst(seeded),
    );
  });
});

describe('what the audit log refuses', () => {
  it('a bad sort or filter is a 400 with a sentence, and leaves no audit row', async () => {
    const mark = await auditMark();
    const cases: [string, string][] = [
      ['sort=id', 'The sort must be one of: at, -at.'],
      ['sort=-userName', 'The sort must be one of: at, -at.'],
      ['sort=at%3Bdrop%20table%20audit_log', 'The sort must be one of: at, -at.'],
      ['action=peek', 'The action must be one of: read, list,'],
      ['from=2026-02-30T10:00', 'From must be a date and time, such as 2026-03-01T09:00:00Z.'],
      ['to=yesterday', 'To must be a date and time, such as 2026-03-01T09:00:00Z.'],
      ['entity=' + 'x'.repeat(101), 'The record kind must be at most 100 characters.'],
    ];
    for (const [query, sentence] of cases) {
      const res = await call(t.app, 'GET', `/api/audit?${query}`, { token: admin.token });
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.json.message, query).toContain(sentence);
    }
    for (const query of ['userId=0', 'patientId=1e3', 'userId=abc']) {
      const res = await call(t.app, 'GET', `/api/audit?${query}`, { token: admin.token });
      expect([query, res.status]).toEqual([query, 400]);
    }
    expect(await rowsSince(mark)).toEqual([]);
  });

  it('a sorted, filtered query by anyone but an admin is refused, naming no row', async () => {
    for (const user of [supervisor, actor]) {
      const res = await call(t.app, 'GET', `/api/audit?patientId=${PATIENT}&sort=at`, {
        token: user.token,
      });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.json)).not.toContain(String(seeded[0]!.id));
    }
  });
});
