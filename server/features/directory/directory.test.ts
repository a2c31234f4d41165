import { gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser } from '../../test/factories.ts';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function auditMark(): Promise<number> {
  const [row] = await db()
    .select({ max: sql<number | null>`max(${auditLog.id})` })
    .from(auditLog);
  return Number(row?.max ?? 0);
}

describe('the directory for pickers', () => {
  it('lists active doctors or caregivers by name and id only, searchable', async () => {
    const me = await createUser(db(), { role: 'caregiver', privileges: 'viewer' });
    const active = await createUser(db(), {
      role: 'doctor',
      firstName: 'Meredith',
      secondName: 'Grey',
    });
    await createUser(db(), {
      role: 'doctor',
      firstName: 'Meredith',
      secondName: 'Gone',
      isActive: false,
    });
    await createUser(db(), { role: 'caregiver', firstName: 'Meredith', secondName: 'Care' });
    const res = await call(t.app, 'GET', '/api/directory?role=doctor&q=MEREDITH', {
      token: me.token,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ id: active.id, name: 'Meredith Grey' }]);
    const byId = await call(t.app, 'GET', `/api/directory?role=doctor&id=${active.id}`, {
      token: me.token,
    });
    expect(byId.json).toEqual([{ id: active.id, name: 'Meredith Grey' }]);
    const caregivers = await call(t.app, 'GET', '/api/directory?role=caregiver&q=meredith', {
      token: me.token,
    });
    expect(caregivers.json.map((e: { name: string }) => e.name)).toEqual(['Meredith Care']);
  });

  it('lists only patients in the caller’s scope, as "First Last", and records the lookup', async () => {
    const d = await createUser(db(), { role: 'doctor' });
    const mine = await createPatient(db(), {
      careTeam: [d],
      overrides: { firstName: 'Olive', lastName: 'Kitteridge' },
    });
    await createPatient(db(), { overrides: { firstName: 'Olive', lastName: 'Elsewhere' } });
    const mark = await auditMark();
    const res = await call(t.app, 'GET', '/api/directory?role=patient&q=olive', {
      token: d.token,
    });
    expect(res.json).toEqual([{ id: mine.id, name: 'Olive Kitteridge' }]);
    const rows = await db().select().from(auditLog).where(gt(auditLog.id, mark));
    expect(rows.map((r) => [r.action, r.entity, r.userId])).toEqual([
      ['list', 'patient-directory', d.id],
    ]);
  });

  it('limits the answer and refuses unknown roles and patients (no directory access)', async () => {
    const d = await createUser(db(), { role: 'doctor' });
    for (let i = 0; i < 3; i += 1) await createUser(db(), { role: 'caregiver' });
    const limited = await call(t.app, 'GET', '/api/directory?role=caregiver&limit=2', {
      token: d.token,
    });
    expect(limited.json).toHaveLength(2);
    expect((await call(t.app, 'GET', '/api/directory?role=admin', { token: d.token })).status).toBe(
      400,
    );
    expect(
      (await call(t.app, 'GET', '/api/directory?role=doctor&limit=51', { token: d.token })).status,
    ).toBe(400);
    const patient = await createUser(db(), { role: 'patient', privileges: 'viewer' });
    expect(
      (await call(t.app, 'GET', '/api/directory?role=doctor', { token: patient.token })).status,
    ).toBe(403);
  });

  it('names every account, active or not, by name or username, to those who read the audit log', async () => {
    const admin = await createUser(db(), { role: 'doctor', privileges: 'admin' });
    const former = await createUser(db(), {
      role: 'caregiver',
      firstName: 'Quentin',
      secondName: 'Departed',
      username: 'q.departed',
      isActive: false,
    });
    const patientAccount = await createUser(db(), {
      role: 'patient',
      firstName: 'Quentin',
      secondName: 'Patient',
      username: 'quentin.p',
    });
    const byName = await call(t.app, 'GET', '/api/directory?role=account&q=quentin', {
      token: admin.token,
    });
    expect(byName.status).toBe(200);
    expect(byName.json).toEqual([
      { id: former.id, name: 'Quentin Departed (q.departed)' },
      { id: patientAccount.id, name: 'Quentin Patient (quentin.p)' },
    ]);
    const byUsername = await call(t.app, 'GET', '/api/directory?role=account&q=Q.DEPA', {
      token: admin.token,
    });
    expect(byUsername.json).toEqual([{ id: former.id, name: 'Quentin Departed (q.departed)' }]);
    const byId = await call(t.app, 'GET', `/api/directory?role=account&id=${patientAccount.id}`, {
      token: admin.token,
    });
    expect(byId.json).toEqual([{ id: patientAccount.id, name: 'Quentin Patient (quentin.p)' }]);

    // Everyone else: 403, and the refusal is in the audit log.
    const supervisor = await createUser(db(), { role: 'doctor', privileges: 'supervisor' });
    const mark = await auditMark();
    const refused = await call(t.app, 'GET', '/api/directory?role=account&q=quentin', {
      token: supervisor.token,
    });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.json)).not.toContain('Quentin');
    const rows = await db()
      .select({ action: auditLog.action, userId: auditLog.userId })
      .from(auditLog)
      .where(gt(auditLog.id, mark));
    expect(rows).toContainEqual({ action: 'denied', userId: supervisor.id });
  });
});
