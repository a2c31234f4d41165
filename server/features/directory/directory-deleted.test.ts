import { eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

/** The patient picker of the screens about the past: deleted patients too, on request. */
let t: TestApp;
const db = () => t.database.db;
let admin: TestUser;
let doctor: TestUser;
let supervisor: TestUser;
let patientAdmin: TestUser;
let live: number;
let gone: number;
let ownGone: number;

async function auditMark(): Promise<number> {
  const [row] = await db()
    .select({ max: sql<number | null>`max(${auditLog.id})` })
    .from(auditLog);
  return Number(row?.max ?? 0);
}
const rowsSince = (mark: number) =>
  db()
    .select({
      action: auditLog.action,
      entity: auditLog.entity,
      userId: auditLog.userId,
      outcome: auditLog.outcome,
    })
    .from(auditLog)
    .where(gt(auditLog.id, mark));

const ask = (query: string, user: TestUser) =>
  call(t.app, 'GET', `/api/directory?${query}`, { token: user.token });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(db(), { role: 'caregiver', privileges: 'admin' });
  doctor = await createUser(db(), { role: 'doctor' });
  supervisor = await createUser(db(), { role: 'doctor', privileges: 'supervisor' });
  patientAdmin = await createUser(db(), { role: 'patient', privileges: 'admin' });
  const make = (firstName: string, lastName: string, account?: TestUser) =>
    createPatient(db(), { careTeam: [doctor], account, overrides: { firstName, lastName } });
  live = (await make('Ida', 'Pastly')).id;
  gone = (await make('Ivo', 'Pastly')).id;
  ownGone = (await make('Ila', 'Pastlow', patientAdmin)).id;
  await db()
    .update(patients)
    .set({ deletedAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(patients.id, gone));
  await db()
    .update(patients)
    .set({ deletedAt: new Date('2026-01-02T00:00:00Z') })
    .where(eq(patients.id, ownGone));
});
afterAll(() => t.close());

describe('deleted patients in the directory', () => {
  it('an admin finds live and deleted patients by name, the deleted ones marked; audited', async () => {
    const mark = await auditMark();
    const res = await ask('role=patient&includeDeleted=true&q=pastl', admin);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: ownGone, name: 'Ila Pastlow', deleted: true },
      { id: live, name: 'Ida Pastly', deleted: false },
      { id: gone, name: 'Ivo Pastly', deleted: true },
    ]);
    expect(await rowsSince(mark)).toEqual([
      { action: 'list', entity: 'patient-directory', userId: admin.id, outcome: 'success' },
    ]);
    // One id resolves to its name, deleted or not (to label a picker filled from an address).
    expect((await ask(`role=patient&includeDeleted=true&id=${gone}`, admin)).json).toEqual([
      { id: gone, name: 'Ivo Pastly', deleted: true },
    ]);
  });

  it('without the opt-in, deleted patients stay out of every picker', async () => {
    for (const query of ['role=patient&q=pastl', 'role=patient&q=pastl&includeDeleted=false']) {
      const res = await ask(query, admin);
      expect(res.status).toBe(200);
      expect(res.json).toEqual([{ id: live, name: 'Ida Pastly' }]);
    }
    expect((await ask(`role=patient&id=${gone}`, admin)).json).toEqual([]);
  });

  it('an admin whose account is a patient’s has no directory at all, deleted or not', async () => {
    for (const query of ['role=patient&includeDeleted=true&q=pastl', 'role=patient&q=pastl']) {
      const res = await ask(query, patientAdmin);
      expect([query, res.status]).toEqual([query, 403]);
      expect(JSON.stringify(res.json)).not.toContain('Pastl');
    }
  });

  it('anyone who neither reads the audit log nor restores records is refused, audited', async () => {
    for (const user of [supervisor, doctor]) {
      const mark = await auditMark();
      const res = await ask('role=patient&includeDeleted=true&q=pastl', user);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.json)).not.toContain('Pastl');
      expect(await rowsSince(mark)).toEqual([
        { action: 'denied', entity: 'patient-directory', userId: user.id, outcome: 'denied' },
      ]);
    }
  });

  it('a bad opt-in is a 400 with a sentence, and nothing is recorded', async () => {
    const mark = await auditMark();
    const cases: [string, string][] = [
      ['role=patient&includeDeleted=yes', 'includeDeleted must be true or false.'],
      [
        'role=doctor&includeDeleted=true',
        'includeDeleted applies to patients only (role=patient).',
      ],
      [
        'role=account&includeDeleted=true',
        'includeDeleted applies to patients only (role=patient).',
      ],
    ];
    for (const [query, sentence] of cases) {
      const res = await ask(query, admin);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.json.message, query).toContain(sentence);
    }
    expect(await rowsSince(mark)).toEqual([]);
  });
});
