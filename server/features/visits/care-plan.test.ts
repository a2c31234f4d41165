import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, carePlanTasks } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { setAgencySettings } from '../../test/dose-read-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { insertCarePlanTasks, visitInput } from '../../test/visit-factories.ts';

/** A patient's care plan tasks (/api/care-plan-tasks) and their copy into new visits. */
describe('care plan tasks', () => {
  let t: TestApp;
  let db: Db;
  let admin: TestUser;
  let doctor: TestUser;
  let caregiver: TestUser;
  let outsider: TestUser;
  let patientUser: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    doctor = await createUser(db, { role: 'doctor' });
    caregiver = await createUser(db, { role: 'caregiver' });
    outsider = await createUser(db, { role: 'doctor' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    patientId = (await createPatient(db, { careTeam: [doctor, caregiver], account: patientUser }))
      .id;
    await setAgencySettings(db, { timeZone: 'Europe/London' });
  });
  afterAll(() => t.close());

  const add = (user: TestUser, body: unknown) =>
    call(t.app, 'POST', '/api/care-plan-tasks', { token: user.token, body });
  const list = async (user: TestUser) =>
    call(t.app, 'GET', `/api/care-plan-tasks/patient/${patientId}`, { token: user.token });

  it('adds tasks last by default, lists them in the plan’s order, changes title and place', async () => {
    const shower = await add(doctor, { patientId, title: 'Help with shower' });
    expect(shower.status, JSON.stringify(shower.json)).toBe(201);
    expect(shower.json).toMatchObject({
      patientId,
      title: 'Help with shower',
      position: 0,
      recordedBy: doctor.id,
    });
    const lunch = await add(doctor, { patientId, title: 'Prepare lunch' });
    expect(lunch.json.position).toBe(1);
    const skin = await add(doctor, { patientId, title: 'Check skin', position: 0 });
    expect(skin.json.position).toBe(0);
    const read = await list(caregiver);
    expect(read.status).toBe(200);
    // A task added at a place pushes the others down: numbered again, no ties.
    const order = (rows: { title: string; position: number }[]) =>
      rows.map((task) => `${task.position}:${task.title}`);
    expect(order(read.json)).toEqual(['0:Check skin', '1:Help with shower', '2:Prepare lunch']);
    const moved = await call(t.app, 'PUT', `/api/care-plan-tasks/${lunch.json.id}`, {
      token: doctor.token,
      body: { patientId, title: 'Prepare a warm lunch', position: 0 },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json).toMatchObject({ title: 'Prepare a warm lunch', position: 0 });
    const patientView = await list(patientUser);
    expect(patientView.status).toBe(200);
    // One call moved it; the others followed in the same transaction.
    expect(order(patientView.json)).toEqual([
      '0:Prepare a warm lunch',
      '1:Check skin',
      '2:Help with shower',
    ]);
    // A place past the end is the end.
    const last = await call(t.app, 'PUT', `/api/care-plan-tasks/${skin.json.id}`, {
      token: doctor.token,
      body: { patientId, title: 'Check skin', position: 29 },
    });
    expect(last.json.position).toBe(2);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'care-plan-task'), eq(auditLog.userId, doctor.id)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'create', 'create', 'update', 'update']);
  });

  it('a caregiver and a patient cannot change the plan (403); a doctor outside the team gets 404', async () => {
    const before = await db.$count(carePlanTasks);
    expect((await add(caregiver, { patientId, title: 'Tidy up' })).status).toBe(403);
    expect((await add(patientUser, { patientId, title: 'Tidy up' })).status).toBe(403);
    expect((await add(outsider, { patientId, title: 'Tidy up' })).status).toBe(404);
    expect((await list(outsider)).status).toBe(404);
    const blank = await add(doctor, { patientId, title: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.json.errors.title).toBe(visitTexts.taskTitleRequired);
    expect(await db.$count(carePlanTasks)).toBe(before);
  });

  it('at most 30 live tasks per patient', async () => {
    const other = (await createPatient(db, { careTeam: [doctor] })).id;
    await insertCarePlanTasks(
      db,
      other,
      doctor.id,
      Array.from({ length: 30 }, (_, i) => `Task ${i + 1}`),
    );
    const res = await add(doctor, { patientId: other, title: 'One more' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ title: visitTexts.tasksTooMany });
  });

  it('a deleted task leaves the plan and new visits; an admin restores it', async () => {
    const task = await add(doctor, { patientId, title: 'Water the plants' });
    const del = await call(t.app, 'DELETE', `/api/care-plan-tasks/${task.json.id}`, {
      token: doctor.token,
    });
    expect(del.status).toBe(204);
    expect((await list(doctor)).json.map((x: { id: number }) => x.id)).not.toContain(task.json.id);
    const visit = await call(t.app, 'POST', '/api/visits', {
      token: doctor.token,
      body: visitInput(patientId, caregiver.id, '2026-02-02T09:00:00.000Z'),
    });
    expect(visit.status, JSON.stringify(visit.json)).toBe(201);
    expect(visit.json.tasks.map((x: { title: string }) => x.title)).toEqual(
      (await list(doctor)).json.map((x: { title: string }) => x.title),
    );
    expect(visit.json.tasks.map((x: { title: string }) => x.title)).not.toContain(
      'Water the plants',
    );
    const restored = await call(t.app, 'POST', `/api/care-plan-tasks/${task.json.id}/restore`, {
      token: admin.token,
    });
    expect(restored.status).toBe(200);
    expect(restored.json).toEqual(task.json);
  });
});
