import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalTexts, conditionTexts, validation } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, conditions, patients } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { insertCondition, validConditionInput } from '../../test/chart-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

describe('conditions', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let viewerDoctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let supervisor: TestUser;
  let admin: TestUser;
  let patientId: number;
  let otherPatientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, {
      role: 'doctor',
      privileges: 'editor',
      firstName: 'Meredith',
      secondName: 'Grey',
    });
    viewerDoctor = await createUser(db, { role: 'doctor', privileges: 'viewer' });
    caregiver = await createUser(db, { role: 'caregiver', privileges: 'editor' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'editor' });
    supervisor = await createUser(db, { role: 'caregiver', privileges: 'supervisor' });
    admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    patientId = (
      await createPatient(db, {
        careTeam: [doctor, viewerDoctor, caregiver],
        account: patientUser,
      })
    ).id;
    otherPatientId = (
      await createPatient(db, { overrides: { firstName: 'Out', lastName: 'Sider' } })
    ).id;
  });
  afterAll(() => t.close());

  const post = (user: TestUser, body: unknown) =>
    call(t.app, 'POST', '/api/conditions', { token: user.token, body });
  const put = (user: TestUser, id: number, body: unknown) =>
    call(t.app, 'PUT', `/api/conditions/${id}`, { token: user.token, body });
  const stored = async (id: number) =>
    (await db.select().from(conditions).where(eq(conditions.id, id)))[0];
  const lastAudit = async (userId: number) =>
    (
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.userId, userId))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  it('a doctor lists a condition, answered with who listed it; status defaults to active', async () => {
    const res = await post(doctor, {
      patientId,
      name: ' Hypertension ',
      onset: '2012-03-04',
      note: null,
    });
    expect(res.status).toBe(201);
    const now = t.clock.now().toISOString();
    expect(res.json).toEqual({
      id: expect.any(Number),
      patientId,
      patientName: 'Ada Lovelace',
      name: 'Hypertension',
      onset: '2012-03-04',
      status: 'active',
      note: '',
      recordedBy: doctor.id,
      recordedByName: 'Meredith Grey',
      createdAt: now,
      updatedAt: now,
    });
    expect(await stored(res.json.id)).toMatchObject({ recordedBy: doctor.id, deletedAt: null });
  });

  it('lists newest first and searches name and note', async () => {
    const id = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
    t.clock.advance(60_000);
    const first = await post(doctor, { ...validConditionInput(id), name: 'Osteoarthritis' });
    t.clock.advance(60_000);
    const second = await post(doctor, {
      ...validConditionInput(id),
      name: 'COPD',
      note: 'Uses an inhaler at night',
    });
    const list = await call(t.app, 'GET', `/api/conditions/patient/${id}`, {
      token: caregiver.token,
    });
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json.map((c: any) => c.id)).toEqual([second.json.id, first.json.id]);
    const byName = await call(t.app, 'GET', `/api/conditions/patient/${id}?q=osteo`, {
      token: doctor.token,
    });
    expect(byName.json.map((c: any) => c.id)).toEqual([first.json.id]);
    const byNote = await call(t.app, 'GET', '/api/conditions?q=inhaler', { token: doctor.token });
    expect(byNote.json.map((c: any) => c.id)).toEqual([second.json.id]);
  });

  it('a doctor marks a condition resolved; who listed it stays', async () => {
    const { id } = await insertCondition(db, patientId, admin.id);
    t.clock.advance(60_000);
    const res = await put(doctor, id, {
      ...validConditionInput(patientId),
      status: 'resolved',
      note: 'In remission',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'resolved',
      note: 'In remission',
      recordedBy: admin.id,
      updatedAt: t.clock.now().toISOString(),
    });
  });

  const badBodies: [string, Record<string, unknown>, string, string][] = [
    ['a missing name', { name: undefined }, 'name', conditionTexts.nameRequired],
    ['a blank name', { name: '  ' }, 'name', conditionTexts.nameRequired],
    ['an overlong name', { name: 'x'.repeat(201) }, 'name', 'Must be at most 200 characters'],
    ['an overlong note', { note: 'x'.repeat(1001) }, 'note', 'Must be at most 1000 characters'],
    ['an unknown status', { status: 'chronic' }, 'status', conditionTexts.statusInvalid],
    ['an impossible onset', { onset: '2021-13-01' }, 'onset', clinicalTexts.invalidDate],
    ['an onset before 1900', { onset: '1899-12-31' }, 'onset', clinicalTexts.invalidDate],
    ['a patient id that is no id', { patientId: 'abc' }, 'patientId', validation.patientIdRequired],
  ];
  it.each(badBodies)(
    '%s answers 400 with the form’s message, on create and edit, and nothing is written',
    async (_name, change, field, message) => {
      const existing = await insertCondition(db, patientId, doctor.id);
      const before = await stored(existing.id);
      const count = await db.$count(conditions);
      const body: Record<string, unknown> = { ...validConditionInput(patientId), ...change };
      for (const key of Object.keys(change)) if (change[key] === undefined) delete body[key];
      for (const res of [await post(doctor, body), await put(doctor, existing.id, body)]) {
        expect(res.status).toBe(400);
        expect(res.json.errors[field]).toBe(message);
        expect(res.json.message).toBe(message);
      }
      expect(await db.$count(conditions)).toBe(count);
      expect(await stored(existing.id)).toEqual(before);
    },
  );

  it('a caregiver, a viewer doctor and the patient read conditions but may not change them (403)', async () => {
    const { id } = await insertCondition(db, patientId, doctor.id);
    const before = await stored(id);
    const count = await db.$count(conditions);
    for (const user of [caregiver, viewerDoctor, patientUser]) {
      const read = await call(t.app, 'GET', `/api/conditions/${id}`, { token: user.token });
      expect(read.status).toBe(200);
      const deniedBefore = await db.$count(
        auditLog,
        and(eq(auditLog.userId, user.id), eq(auditLog.action, 'denied')),
      );
      for (const res of [
        await post(user, validConditionInput(patientId)),
        await put(user, id, { ...validConditionInput(patientId), status: 'resolved' }),
        await call(t.app, 'DELETE', `/api/conditions/${id}`, { token: user.token }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ message: 'You are not allowed to do this' });
      }
      expect(
        await db.$count(auditLog, and(eq(auditLog.userId, user.id), eq(auditLog.action, 'denied'))),
      ).toBe(deniedBefore + 3);
    }
    expect(await db.$count(conditions)).toBe(count);
    expect(await stored(id)).toEqual(before);
  });

  it('a patient sees their own conditions and no one else’s', async () => {
    const other = await insertCondition(db, otherPatientId, doctor.id);
    const list = await call(t.app, 'GET', '/api/conditions', { token: patientUser.token });
    expect(list.status).toBe(200);
    expect(list.json.length).toBeGreaterThan(0);
    expect(new Set(list.json.map((c: any) => c.patientId))).toEqual(new Set([patientId]));
    for (const url of [
      `/api/conditions/${other.id}`,
      `/api/conditions/patient/${otherPatientId}`,
    ]) {
      const res = await call(t.app, 'GET', url, { token: patientUser.token });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Not found' });
    }
  });

  it('out of scope answers 404 like a missing id, a denied row carries the patient, nothing changes', async () => {
    const { id } = await insertCondition(db, otherPatientId, admin.id);
    const before = await stored(id);
    const count = await db.$count(conditions);
    for (const [method, url, body] of [
      ['GET', `/api/conditions/${id}`, undefined],
      ['PUT', `/api/conditions/${id}`, validConditionInput(otherPatientId)],
      ['DELETE', `/api/conditions/${id}`, undefined],
      ['POST', '/api/conditions', validConditionInput(otherPatientId)],
      ['GET', `/api/conditions/patient/${otherPatientId}`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: doctor.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.json).toEqual({ message: 'Not found' });
      expect(await lastAudit(doctor.id)).toMatchObject({
        action: 'denied',
        entity: 'condition',
        patientId: otherPatientId,
      });
    }
    expect(await db.$count(conditions)).toBe(count);
    expect(await stored(id)).toEqual(before);
    const missing = await call(t.app, 'GET', '/api/conditions/999999', { token: doctor.token });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'Not found' });
  });

  it('a supervisor reads the conditions of any patient of the agency', async () => {
    const { id } = await insertCondition(db, otherPatientId, doctor.id);
    const res = await call(t.app, 'GET', `/api/conditions/patient/${otherPatientId}`, {
      token: supervisor.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.map((c: any) => c.id)).toContain(id);
  });

  it('every read, list and change leaves an audit row of entity condition', async () => {
    const [newest] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const created = await post(doctor, validConditionInput(patientId));
    const id = created.json.id as number;
    await call(t.app, 'GET', `/api/conditions/${id}`, { token: patientUser.token });
    await call(t.app, 'GET', `/api/conditions/patient/${patientId}`, { token: caregiver.token });
    await put(doctor, id, { ...validConditionInput(patientId), status: 'resolved' });
    await call(t.app, 'DELETE', `/api/conditions/${id}`, { token: doctor.token });
    await call(t.app, 'POST', `/api/conditions/${id}/restore`, { token: admin.token });
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'condition'), gt(auditLog.id, newest!.id)))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.userId, r.patientId, r.outcome])).toEqual([
      ['create', doctor.id, patientId, 'success'],
      ['read', patientUser.id, patientId, 'success'],
      ['list', caregiver.id, patientId, 'success'],
      ['update', doctor.id, patientId, 'success'],
      ['delete', doctor.id, patientId, 'success'],
      ['restore', admin.id, patientId, 'success'],
    ]);
  });

  it('a soft-deleted condition leaves the lists, shows on Deleted Records, and an admin restores it unchanged', async () => {
    const created = await post(doctor, {
      ...validConditionInput(patientId),
      name: 'Atrial fibrillation',
      onset: '2021-09-14',
    });
    const id = created.json.id as number;
    const before = await stored(id);
    expect(
      (await call(t.app, 'DELETE', `/api/conditions/${id}`, { token: doctor.token })).status,
    ).toBe(204);
    expect(
      (await call(t.app, 'GET', `/api/conditions/${id}`, { token: doctor.token })).status,
    ).toBe(404);
    const list = await call(t.app, 'GET', `/api/conditions/patient/${patientId}`, {
      token: doctor.token,
    });
    expect(list.json.map((c: any) => c.id)).not.toContain(id);
    const deletedList = await call(t.app, 'GET', '/api/deleted-records?type=condition', {
      token: admin.token,
    });
    expect(deletedList.json.find((r: any) => r.id === id)).toMatchObject({
      type: 'condition',
      patientId,
      summary: 'Atrial fibrillation',
      recordDate: '2021-09-14',
    });
    expect(
      (await call(t.app, 'POST', `/api/conditions/${id}/restore`, { token: doctor.token })).status,
    ).toBe(403);
    const restored = await call(t.app, 'POST', `/api/conditions/${id}/restore`, {
      token: admin.token,
    });
    expect(restored.status).toBe(200);
    expect(restored.json).toEqual(created.json);
    expect(await stored(id)).toEqual(before);
    const again = await call(t.app, 'POST', `/api/conditions/${id}/restore`, {
      token: admin.token,
    });
    expect(again.status).toBe(409);
  });

  it('a condition of a deleted patient is not restored until the patient is (409)', async () => {
    const id = (await createPatient(db, { careTeam: [doctor] })).id;
    const created = await post(doctor, validConditionInput(id));
    await call(t.app, 'DELETE', `/api/conditions/${created.json.id}`, { token: doctor.token });
    await db.update(patients).set({ deletedAt: t.clock.now() }).where(eq(patients.id, id));
    const res = await call(t.app, 'POST', `/api/conditions/${created.json.id}/restore`, {
      token: admin.token,
    });
    expect(res.status).toBe(409);
    expect((await stored(created.json.id))!.deletedAt).not.toBeNull();
  });
});
