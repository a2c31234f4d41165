import { eq, gt, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agencySettings,
  appointments,
  auditLog,
  medicalRecords,
  patients,
  prescriptions,
  progressReports,
} from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { clinicalFactories } from '../../test/clinical-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { writeAgencySettings } from '../../test/agency-settings.ts';

/** The admin's Deleted Records (GET /api/deleted-records): its orders and filters. */
let t: TestApp;
const db = () => t.database.db;
let admin: TestUser;
let doctor: TestUser;
let caregiver: TestUser;
let supervisor: TestUser;
let patientAdmin: TestUser;
let alma: number;
let bert: number;
let gone: number;

/** A listed row as the test expects it. */
interface Expected {
  type: string;
  id: number;
  patientId: number;
  recordDate: string | null;
  deletedAt: string;
}
const listed: Expected[] = [];

/** A table whose rows are deleted by setting `deletedAt`. */
type SoftDeletable = PgTable & { id: AnyPgColumn; deletedAt: AnyPgColumn };

const deleteAt = async (table: SoftDeletable, id: number, at: string): Promise<void> => {
  await db()
    .update(table)
    .set({ deletedAt: new Date(at) } as never)
    .where(eq(table.id, id));
};

const key = (row: { type: string; id: number }) => `${row.type}:${row.id}`;
const keysOf = (rows: { type: string; id: number }[]) => rows.map(key);

/** Compares texts byte by byte, as the list does. */
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function expectedOrder(sort: string): string[] {
  const descending = sort.startsWith('-');
  const sign = descending ? -1 : 1;
  const column = sort.replace(/^-/, '');
  const rows = [...listed].sort((a, b) => {
    if (column === 'deletedAt') {
      return (
        sign * byBytes(a.deletedAt, b.deletedAt) || byBytes(a.type, b.type) || sign * (a.id - b.id)
      );
    }
    if (column === 'recordDate') {
      if (a.recordDate !== b.recordDate) {
        if (a.recordDate === null) return 1;
        if (b.recordDate === null) return -1;
        return sign * byBytes(a.recordDate, b.recordDate);
      }
      return byBytes(a.type, b.type) || sign * (a.id - b.id);
    }
    return sign * byBytes(a.type, b.type) || byBytes(b.deletedAt, a.deletedAt) || b.id - a.id;
  });
  return keysOf(rows);
}

async function list(query: string, token = admin.token) {
  const res = await call(t.app, 'GET', `/api/deleted-records?limit=500&${query}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
}
const keysFor = async (query: string, token = admin.token) =>
  keysOf((await list(query, token)).json);

async function auditMark(): Promise<number> {
  const [row] = await db()
    .select({ max: sql<number | null>`max(${auditLog.id})` })
    .from(auditLog);
  return Number(row?.max ?? 0);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(db(), { role: 'caregiver', privileges: 'admin' });
  doctor = await createUser(db(), { role: 'doctor' });
  caregiver = await createUser(db(), { role: 'caregiver' });
  supervisor = await createUser(db(), { role: 'doctor', privileges: 'supervisor' });
  patientAdmin = await createUser(db(), { role: 'patient', privileges: 'admin' });
  const team = [doctor, caregiver];
  alma = (await createPatient(db(), { careTeam: team, overrides: { firstName: 'Alma' } })).id;
  bert = (await createPatient(db(), { careTeam: team, account: patientAdmin })).id;
  gone = (await createPatient(db(), { careTeam: team, overrides: { dob: '1931-01-31' } })).id;
  // The agency's days: New York is five hours behind UTC in early March 2026.
  await writeAgencySettings(db(), () =>
    db()
      .insert(agencySettings)
      .values({ timeZone: 'America/New_York' })
      .onConflictDoUpdate({ target: agencySettings.id, set: { timeZone: 'America/New_York' } }),
  );

  const add = async (
    type: string,
    table: SoftDeletable,
    id: number,
    patientId: number,
    recordDate: string | null,
    deletedAt: string,
  ) => {
    await deleteAt(table, id, deletedAt);
    listed.push({ type, id, patientId, recordDate, deletedAt });
  };
  // Several deletions share an instant: only the type and the id tell them apart.
  const tie = '2026-03-01T15:00:00.000Z';
  for (const [patientId, at] of [
    [alma, tie],
    [alma, tie],
    [bert, tie],
    [alma, '2026-03-01T04:00:00.000Z'], // 23:00 on Feb 28 in New York
  ] as const) {
    const record = await clinicalFactories.medicalRecord(db(), patientId, doctor.id);
    await add(
      'medical-record',
      medicalRecords,
      record.id,
      patientId,
      '2025-12-01T10:00:00.000Z',
      at,
    );
  }
  for (const [patientId, at] of [
    [bert, tie],
    [alma, '2026-03-02T03:00:00.000Z'], // 22:00 on Mar 1 in New York
  ] as const) {
    const prescription = await clinicalFactories.prescription(db(), patientId, doctor.id);
    await add('prescription', prescriptions, prescription.id, patientId, '2025-12-03', at);
  }
  const report = await clinicalFactories.progressReport(db(), bert, caregiver.id);
  await add('progress-report', progressReports, report.id, bert, '2025-12-02T09:30:00.000Z', tie);
  const [appointment] = await db()
    .insert(appointments)
    .values({
      patientId: alma,
      doctorId: doctor.id,
      appointmentDate: new Date('2025-11-30T08:00:00.000Z'),
      location: 'Springfield Clinic',
    })
    .returning({ id: appointments.id });
  await add(
    'appointment',
    appointments,
    appointment!.id,
    alma,
    '2025-11-30T08:00:00.000Z',
    '2026-02-27T12:00:00.000Z',
  );
  // A deleted patient is listed; its own deleted record waits for it to be restored.
  const hidden = await clinicalFactories.medicalRecord(db(), gone, doctor.id);
  await deleteAt(medicalRecords, hidden.id, '2026-03-01T16:00:00.000Z');
  await add('patient', patients, gone, gone, null, '2026-03-03T09:00:00.000Z');
  // Live records are never listed.
  await clinicalFactories.medicalRecord(db(), alma, doctor.id);
});
afterAll(() => t.close());

describe('the deleted records order', () => {
  it('is the most recently deleted first by default, as sort=-deletedAt', async () => {
    const expected = expectedOrder('-deletedAt');
    expect(await keysFor('')).toEqual(expected);
    expect(await keysFor('sort=-deletedAt')).toEqual(expected);
    expect(expected[0]).toBe(`patient:${gone}`);
  });

  it('sorts by deletion, record date or type, both ways', async () => {
    for (const sort of ['deletedAt', 'recordDate', '-recordDate', 'type', '-type']) {
      expect([sort, ...(await keysFor(`sort=${sort}`))]).toEqual([sort, ...expectedOrder(sort)]);
    }
    // A patient has no record date: last in both directions.
    expect((await keysFor('sort=recordDate')).at(-1)).toBe(`patient:${gone}`);
    expect((await keysFor('sort=-recordDate')).at(-1)).toBe(`patient:${gone}`);
  });

  it('pages neither repeat nor skip a record where many share an instant or a type', async () => {
    for (const sort of ['deletedAt', '-deletedAt', 'recordDate', '-type']) {
      const paged: string[] = [];
      for (let offset = 0; offset < listed.length; offset += 3) {
        const res = await call(
          t.app,
          'GET',
          `/api/deleted-records?sort=${sort}&limit=3&offset=${offset}`,
          { token: admin.token },
        );
        expect(res.headers['x-total-count']).toBe(String(listed.length));
        paged.push(...keysOf(res.json));
      }
      expect([sort, ...paged]).toEqual([sort, ...expectedOrder(sort)]);
    }
  });
});

describe('the deleted records filters', () => {
  it('by patient, with the type, and the total follows', async () => {
    const res = await list(`patientId=${alma}&sort=deletedAt`);
    const mine = listed.filter((row) => row.patientId === alma);
    expect(keysOf(res.json)).toEqual(
      expectedOrder('deletedAt').filter((k) => mine.some((row) => key(row) === k)),
    );
    expect(res.headers['x-total-count']).toBe(String(mine.length));
    const prescriptionsOfBert = await list(`patientId=${bert}&type=prescription`);
    expect(keysOf(prescriptionsOfBert.json)).toEqual(
      listed.filter((r) => r.patientId === bert && r.type === 'prescription').map(key),
    );
    expect(prescriptionsOfBert.headers['x-total-count']).toBe('1');
  });

  it('by a deleted patient: the patient itself (its records wait for it)', async () => {
    expect(await keysFor(`patientId=${gone}`)).toEqual([`patient:${gone}`]);
  });

  it('by days of deletion, inclusive, read in the agency’s time zone', async () => {
    // March 1 in New York: 05:00 UTC on Mar 1 to 05:00 UTC on Mar 2.
    const march1 = listed.filter(
      (row) => row.deletedAt >= '2026-03-01T05:00:00.000Z' && row.deletedAt < '2026-03-02T05:00',
    );
    expect(march1.length).toBeGreaterThan(3);
    const res = await list('from=2026-03-01&to=2026-03-01');
    expect(keysOf(res.json)).toEqual(
      expectedOrder('-deletedAt').filter((k) => march1.some((row) => key(row) === k)),
    );
    expect(res.headers['x-total-count']).toBe(String(march1.length));
    // Deleted at 04:00 UTC on Mar 1, which is still Feb 28 in New York.
    const feb28 = listed.find((row) => row.deletedAt === '2026-03-01T04:00:00.000Z')!;
    expect(await keysFor('from=2026-02-28&to=2026-02-28')).toEqual([key(feb28)]);
    // Only one end: from that day on, or up to that day.
    expect(await keysFor('from=2026-03-03')).toEqual([`patient:${gone}`]);
    expect((await keysFor('to=2026-02-27&sort=deletedAt')).map((k) => k.split(':')[0])).toEqual([
      'appointment',
    ]);
    // All together, with the patient and an order.
    expect(await keysFor(`patientId=${alma}&from=2026-03-01&to=2026-03-01&sort=-type`)).toEqual(
      expectedOrder('-type').filter((k) =>
        march1.some((row) => row.patientId === alma && key(row) === k),
      ),
    );
  });

  it('empty values are no filter (a cleared field)', async () => {
    expect(await keysFor('type=&patientId=&from=&to=')).toEqual(expectedOrder('-deletedAt'));
  });
});

describe('what the deleted records list refuses or hides', () => {
  it('a bad order or filter is a 400 with a sentence, and leaves no audit row', async () => {
    const mark = await auditMark();
    const sorts =
      'The sort must be one of: deletedAt, -deletedAt, recordDate, -recordDate, type, -type.';
    const cases: [string, string][] = [
      ['sort=id', sorts],
      ['sort=-patientName', sorts],
      ['sort=deletedAt%20desc%3B', sorts],
      ['from=2026-02-30', 'From must be a date written YYYY-MM-DD, such as 2026-03-01.'],
      ['to=03%2F01%2F2026', 'To must be a date written YYYY-MM-DD, such as 2026-03-01.'],
      ['from=2026-03-01T10:00', 'From must be a date written YYYY-MM-DD, such as 2026-03-01.'],
      ['from=2026-03-02&to=2026-03-01', 'From must be on or before To.'],
      ['type=secret', 'Type must be one of'],
    ];
    for (const [query, sentence] of cases) {
      const res = await call(t.app, 'GET', `/api/deleted-records?${query}`, {
        token: admin.token,
      });
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.json.message, query).toContain(sentence);
    }
    for (const query of ['patientId=abc', 'patientId=0', 'patientId=01']) {
      const res = await call(t.app, 'GET', `/api/deleted-records?${query}`, {
        token: admin.token,
      });
      expect([query, res.status]).toEqual([query, 400]);
    }
    const since = await db().select().from(auditLog).where(gt(auditLog.id, mark));
    expect(since).toEqual([]);
  });

  it('a filter never widens what the caller may see', async () => {
    // An admin whose account is a patient's reaches only its own record, whatever it asks.
    expect(await keysFor(`patientId=${alma}`, patientAdmin.token)).toEqual([]);
    expect(await keysFor(`patientId=${bert}&sort=type`, patientAdmin.token)).toEqual(
      expectedOrder('type').filter((k) => listed.some((r) => r.patientId === bert && key(r) === k)),
    );
    // Anyone else but an admin is refused.
    const refused = await call(t.app, 'GET', `/api/deleted-records?patientId=${alma}&sort=type`, {
      token: supervisor.token,
    });
    expect(refused.status).toBe(403);
  });
});
