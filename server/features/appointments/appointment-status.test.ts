import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointmentStatusTexts } from '../../../shared/constants.ts';
import { appointments, auditLog } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

describe('appointment duration, status, cancelling and double bookings', () => {
  let t: TestApp;
  let doctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let p1: { id: number };
  let p2: { id: number };
  // Each test books on its own day, so tests do not clash with each other.
  let day = 0;
  const at = (time: string) => `2026-03-${String(day).padStart(2, '0')}T${time}:00.000Z`;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    doctor = await createUser(db, { role: 'doctor' });
    caregiver = await createUser(db, { role: 'caregiver' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    p1 = await createPatient(db, {
      careTeam: [doctor, caregiver],
      account: patientUser,
      overrides: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    p2 = await createPatient(db, {
      careTeam: [doctor],
      overrides: { firstName: 'Alan', lastName: 'Turing' },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    day += 1;
    t.clock.set('2026-01-15T09:00:00.000Z');
  });

  const book = (body: Record<string, unknown>, token = doctor.token) =>
    call(t.app, 'POST', '/api/appointments', { token, body });
  const row = async (id: number) =>
    (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;

  it("defaults the duration to 30 minutes for the seed's body and keeps it on edit", async () => {
    const res = await book({ patientId: p1.id, appointmentDate: at('10:00'), location: 'Clinic' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      durationMinutes: 30,
      status: 'scheduled',
      cancelReason: null,
      cancelledAt: null,
    });
    const longer = await call(t.app, 'PUT', `/api/appointments/${res.json.id}`, {
      token: doctor.token,
      body: {
        patientId: p1.id,
        appointmentDate: at('10:00'),
        location: 'Clinic',
        durationMinutes: 45,
      },
    });
    expect(longer.json.durationMinutes).toBe(45);
    const same = await call(t.app, 'PUT', `/api/appointments/${res.json.id}`, {
      token: doctor.token,
      body: { patientId: p1.id, appointmentDate: at('10:00'), location: 'Ward' },
    });
    expect(same.json.durationMinutes).toBe(45);
  });

  it('refuses a duration outside 5 to 480 whole minutes with a sentence, saving nothing', async () => {
    const before = (await t.database.db.select().from(appointments)).length;
    for (const durationMinutes of [4, 481, 30.5, 'half an hour', 0]) {
      const res = await book({
        patientId: p1.id,
        appointmentDate: at('10:00'),
        location: 'Clinic',
        durationMinutes,
      });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(appointmentStatusTexts.durationRange);
    }
    expect((await t.database.db.select().from(appointments)).length).toBe(before);
    const ok = await book({
      patientId: p1.id,
      appointmentDate: at('10:00'),
      location: 'Clinic',
      durationMinutes: 480,
    });
    expect(ok.status).toBe(201);
    expect(ok.json.durationMinutes).toBe(480);
  });

  it('warns of a double booking with 409 overlap, and books when confirmed', async () => {
    const first = await book({
      patientId: p1.id,
      appointmentDate: at('10:00'),
      location: 'Clinic',
      durationMinutes: 60,
    });
    expect(first.status).toBe(201);
    const before = (await t.database.db.select().from(appointments)).length;
    const clash = await book({ patientId: p2.id, appointmentDate: at('10:30'), location: 'Ward' });
    expect(clash.status).toBe(409);
    expect(clash.json.code).toBe('overlap');
    expect(clash.json.message).toBe(
      appointmentStatusTexts.overlap(
        'Ada Lovelace',
        `2026-03-${String(day).padStart(2, '0')} 10:00 UTC`,
      ),
    );
    expect(clash.json.clash).toMatchObject({ id: first.json.id, patientName: 'Ada Lovelace' });
    expect((await t.database.db.select().from(appointments)).length).toBe(before);
    // Back to back does not overlap: [10:00, 11:00) and [11:00, 11:30).
    const next = await book({ patientId: p2.id, appointmentDate: at('11:00'), location: 'Ward' });
    expect(next.status).toBe(201);
    // An earlier one running into it does.
    const early = await book({
      patientId: p2.id,
      appointmentDate: at('09:45'),
      location: 'Ward',
      durationMinutes: 20,
    });
    expect(early.status).toBe(409);
    const confirmed = await book({
      patientId: p2.id,
      appointmentDate: at('10:30'),
      location: 'Ward',
      confirmOverlap: true,
    });
    expect(confirmed.status).toBe(201);
  });

  it('a cancelled or deleted appointment does not clash', async () => {
    const first = await book({
      patientId: p1.id,
      appointmentDate: at('10:00'),
      location: 'Clinic',
    });
    const cancel = await call(t.app, 'POST', `/api/appointments/${first.json.id}/cancel`, {
      token: doctor.token,
      body: { reason: 'Doctor ill' },
    });
    expect(cancel.status).toBe(200);
    const second = await book({ patientId: p2.id, appointmentDate: at('10:00'), location: 'Ward' });
    expect(second.status).toBe(201);
    const del = await call(t.app, 'DELETE', `/api/appointments/${second.json.id}`, {
      token: doctor.token,
    });
    expect(del.status).toBe(204);
    const third = await book({ patientId: p2.id, appointmentDate: at('10:15'), location: 'Ward' });
    expect(third.status).toBe(201);
  });

  it('cancelling keeps the record with the reason, when and by whom, and stays listed', async () => {
    const res = await book({ patientId: p1.id, appointmentDate: at('10:00'), location: 'Clinic' });
    const id = res.json.id as number;
    const cancel = await call(t.app, 'POST', `/api/appointments/${id}/cancel`, {
      token: doctor.token,
      body: { reason: '  Family emergency ' },
    });
    expect(cancel.status).toBe(200);
    expect(cancel.json).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Family emergency',
      cancelledAt: '2026-01-15T09:00:00.000Z',
    });
    const stored = await row(id);
    expect(stored.deletedAt).toBeNull();
    expect(stored.cancelledBy).toBe(doctor.id);
    const list = await call(t.app, 'GET', `/api/appointments/patient/${p1.id}`, {
      token: doctor.token,
    });
    expect(list.json.map((a: { id: number }) => a.id)).toContain(id);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.some((a) => a.action === 'update' && a.patientId === p1.id)).toBe(true);
    const again = await call(t.app, 'POST', `/api/appointments/${id}/cancel`, {
      token: doctor.token,
      body: { reason: 'Again' },
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(appointmentStatusTexts.alreadyCancelled);
  });

  it('a cancel without a reason answers 400 and changes nothing', async () => {
    const res = await book({ patientId: p1.id, appointmentDate: at('10:00'), location: 'Clinic' });
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const cancel = await call(t.app, 'POST', `/api/appointments/${res.json.id}/cancel`, {
        token: doctor.token,
        body,
      });
      expect(cancel.status).toBe(400);
      expect(cancel.json.message).toBe(appointmentStatusTexts.reasonRequired);
    }
    const stored = await row(res.json.id);
    expect(stored.status).toBe('scheduled');
    expect(stored.cancelReason).toBeNull();
    expect(stored.cancelledAt).toBeNull();
  });

  it('staff mark completed, no-show and back to scheduled; others may not', async () => {
    const res = await book({ patientId: p1.id, appointmentDate: at('10:00'), location: 'Clinic' });
    const id = res.json.id as number;
    const mark = (status: string, token = doctor.token) =>
      call(t.app, 'POST', `/api/appointments/${id}/status`, { token, body: { status } });
    expect((await mark('completed')).json.status).toBe('completed');
    expect((await mark('no-show')).json.status).toBe('no-show');
    expect((await mark('scheduled')).json.status).toBe('scheduled');
    const bad = await mark('cancelled');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(appointmentStatusTexts.statusInvalid);
    expect((await mark('completed', caregiver.token)).status).toBe(403);
    expect((await mark('completed', patientUser.token)).status).toBe(403);
    expect((await row(id)).status).toBe('scheduled');
    await call(t.app, 'POST', `/api/appointments/${id}/cancel`, {
      token: doctor.token,
      body: { reason: 'Moved away' },
    });
    const afterCancel = await mark('completed');
    expect(afterCancel.status).toBe(400);
    expect(afterCancel.json.message).toBe(appointmentStatusTexts.cancelledStays);
  });

  it('a patient cancels their own upcoming appointment but not a past one; a caregiver none', async () => {
    const upcoming = await book({ patientId: p1.id, appointmentDate: at('10:00'), location: 'A' });
    const past = await book({
      patientId: p1.id,
      appointmentDate: '2026-01-10T10:00:00.000Z',
      location: 'B',
      confirmOverlap: true,
    });
    const cancel = (id: number, token: string) =>
      call(t.app, 'POST', `/api/appointments/${id}/cancel`, { token, body: { reason: 'Busy' } });
    expect((await cancel(upcoming.json.id, caregiver.token)).status).toBe(403);
    expect((await cancel(past.json.id, patientUser.token)).status).toBe(403);
    expect((await row(past.json.id)).status).toBe('scheduled');
    const own = await cancel(upcoming.json.id, patientUser.token);
    expect(own.status).toBe(200);
    expect((await row(upcoming.json.id)).cancelledBy).toBe(patientUser.id);
  });

  it("DELETE still soft-deletes as the seed's call does", async () => {
    const res = await book({ patientId: p1.id, appointmentDate: at('10:00'), location: 'Clinic' });
    const del = await call(t.app, 'DELETE', `/api/appointments/${res.json.id}`, {
      token: doctor.token,
    });
    expect(del.status).toBe(204);
    const stored = await row(res.json.id);
    expect(stored.deletedAt).not.toBeNull();
    expect(stored.status).toBe('scheduled');
    const get = await call(t.app, 'GET', `/api/appointments/${res.json.id}`, {
      token: doctor.token,
    });
    expect(get.status).toBe(404);
  });
});
