import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, notifications } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { countStatements } from '../../test/chart-history.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

/** Booking an appointment: what the write path costs and that its answer is the stored row. */
describe('booking an appointment (POST /api/appointments)', () => {
  let t: TestApp;
  let doctor: TestUser;
  let colleague: TestUser;
  let patientUser: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    doctor = await createUser(db, { role: 'doctor', firstName: 'Gregory', secondName: 'House' });
    colleague = await createUser(db, { role: 'doctor', firstName: 'Lisa', secondName: 'Cuddy' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    patientId = (await createPatient(db, { careTeam: [doctor, colleague], account: patientUser }))
      .id;
  });
  afterAll(() => t.close());

  const book = (user: TestUser, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/appointments', { token: user.token, body });

  it('answers exactly what reading the appointment back answers, for staff and for a patient', async () => {
    const byDoctor = await book(doctor, {
      patientId,
      appointmentDate: '2026-03-02T10:15:00.000Z',
      location: 'Room 4',
      durationMinutes: 45,
    });
    expect(byDoctor.status, JSON.stringify(byDoctor.json)).toBe(201);
    const byPatient = await book(patientUser, {
      patientId,
      appointmentDate: '2026-03-03T11:00:00.000Z',
      location: 'Home',
      doctorUsername: colleague.username.toUpperCase(),
    });
    expect(byPatient.status, JSON.stringify(byPatient.json)).toBe(201);
    for (const [created, user] of [
      [byDoctor.json, doctor],
      [byPatient.json, patientUser],
    ] as const) {
      const read = await call(t.app, 'GET', `/api/appointments/${created.id}`, {
        token: user.token,
      });
      expect(read.status).toBe(200);
      expect(created).toEqual(read.json);
    }
    expect(byPatient.json).toMatchObject({
      doctorId: colleague.id,
      doctorName: 'Lisa Cuddy',
      requestedBy: patientUser.id,
      status: 'scheduled',
    });
  });

  it('writes its one audit row and its notices in the change', async () => {
    const res = await book(doctor, {
      patientId,
      appointmentDate: '2026-03-09T09:00:00.000Z',
      location: 'Room 1',
    });
    expect(res.status).toBe(201);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(res.json.id)));
    expect(rows.map((r) => [r.action, r.entity, r.patientId, r.userId])).toEqual([
      ['create', 'appointment', patientId, doctor.id],
    ]);
    const notices = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.userId, patientUser.id));
    expect(notices.length).toBeGreaterThan(0);
  });

  it('still finds a clash with a weeks-long appointment that began long before', async () => {
    // 30,000 minutes (almost 21 days, stored by an older client: the API takes 480 at most):
    // the overlap check reads back as far as a stored duration can reach.
    const [long] = await t.database.db
      .insert(appointments)
      .values({
        doctorId: doctor.id,
        patientId,
        appointmentDate: new Date('2026-04-01T08:00:00.000Z'),
        durationMinutes: 30_000,
        location: 'Ward',
      })
      .returning({ id: appointments.id });
    const at = (appointmentDate: string) => ({ patientId, appointmentDate, location: 'Room 2' });
    const clash = await book(doctor, at('2026-04-20T09:00:00.000Z'));
    expect(clash.status).toBe(409);
    expect(clash.json).toMatchObject({ code: 'overlap', clash: { id: long!.id } });
    const after = await book(doctor, at('2026-04-22T09:00:00.000Z'));
    expect(after.status, JSON.stringify(after.json)).toBe(201);
  });

  it('refuses a patient outside the scope with 404 and a denied row before any doctor check', async () => {
    const stranger = await createUser(t.database.db, {
      role: 'doctor',
      firstName: 'Out',
      secondName: 'Side',
    });
    const elsewhere = (await createPatient(t.database.db, { careTeam: [colleague] })).id;
    const denied = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.userId, stranger.id))).filter(
        (row) => row.outcome === 'denied' && row.patientId === elsewhere,
      ).length;
    const attempts: Record<string, unknown>[] = [
      {},
      { doctorUsername: colleague.username },
      { doctorUsername: 'no-such-doctor' },
    ];
    for (const [i, extra] of attempts.entries()) {
      const res = await book(stranger, {
        patientId: elsewhere,
        appointmentDate: '2026-06-01T09:00:00.000Z',
        location: 'Room 9',
        ...extra,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(404);
      expect(await denied()).toBe(i + 1);
    }
    // A patient that does not exist is out of everyone's scope, a supervisor's too.
    const supervisor = await createUser(t.database.db, {
      role: 'doctor',
      privileges: 'supervisor',
    });
    const missing = await book(supervisor, {
      patientId: 987_654,
      appointmentDate: '2026-06-01T09:00:00.000Z',
      location: 'Room 9',
    });
    expect(missing.status, JSON.stringify(missing.json)).toBe(404);
    // A patient without a doctor named: the scope first too, then the doctor is asked for.
    const own = await book(patientUser, {
      patientId: elsewhere,
      appointmentDate: '2026-06-01T09:00:00.000Z',
      location: 'Home',
    });
    expect(own.status).toBe(404);
  });

  it('takes a bounded number of statements: the booking facts, the overlap, one transaction', async () => {
    const statements = await countStatements(t.database, async () => {
      const res = await book(doctor, {
        patientId,
        appointmentDate: '2026-05-04T09:00:00.000Z',
        location: 'Room 3',
      });
      expect(res.status).toBe(201);
    });
    // The doctor, care team, names and the patient's scope (one statement), the overlap check;
    // begin, the insert (no re-read), the notices and their NOTIFY, the audit row, commit (the
    // session comes from its cache). It was 12: the doctor, the care team, the re-read and the
    // scope were four more statements.
    expect(statements).toBeLessThanOrEqual(7);
  });
});
