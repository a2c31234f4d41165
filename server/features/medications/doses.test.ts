import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doseTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, doseCorrections, doses, medications } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import {
  createScheduledPrescription,
  doseBody,
  recordDose,
  setAgencySettings,
  signIn,
  type Caller,
  type SchedulePrescription,
} from '../../test/dose-factories.ts';
import { countStatements } from '../../test/chart-history.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { validPrescriptionInput } from '../../test/clinical-factories.ts';

/** Recording scheduled doses (POST/PUT/DELETE /api/doses), in the agency's zone Europe/London. */
describe('doses: recording outcomes of scheduled doses', () => {
  let t: TestApp;
  let db: Db;
  let admin: TestUser;
  let doctor: TestUser;
  let caregiver: TestUser;
  let colleague: TestUser;
  let viewer: TestUser;
  let patientUser: TestUser;
  let patientId: number;
  let secondPatientId: number;
  let outsiderId: number;
  /** Metformin 500 mg at 08:00 and 20:00 every day from 2026-01-01. */
  let rx: SchedulePrescription;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    doctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    caregiver = await createUser(db, {
      role: 'caregiver',
      firstName: 'Cara',
      secondName: 'Giver',
    });
    colleague = await createUser(db, {
      role: 'caregiver',
      firstName: 'Grace',
      secondName: 'Kelford',
    });
    viewer = await createUser(db, { role: 'caregiver', privileges: 'viewer' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    const team = [doctor, caregiver, colleague, viewer];
    patientId = (await createPatient(db, { careTeam: team, account: patientUser })).id;
    secondPatientId = (await createPatient(db, { careTeam: team })).id;
    outsiderId = (await createPatient(db, { careTeam: [admin] })).id;
    await setAgencySettings(t.app, admin, 'Europe/London');
    rx = await createScheduledPrescription(t.app, doctor, patientId);
  });
  afterAll(() => t.close());

  /** Moves the clock and signs the user in afresh (sessions end after 30 idle minutes). */
  const as = (user: TestUser, at?: string): Promise<Caller> => {
    if (at) t.clock.set(at);
    return signIn(db, user, t.clock.now());
  };
  const post = async (user: TestUser, body: unknown, at?: string) =>
    call(t.app, 'POST', '/api/doses', { token: (await as(user, at)).token, body });
  const put = async (user: TestUser, id: number, body: unknown, at?: string) =>
    call(t.app, 'PUT', `/api/doses/${id}`, { token: (await as(user, at)).token, body });
  const counts = async () => ({
    doses: await db.$count(doses),
    medications: await db.$count(medications),
    corrections: await db.$count(doseCorrections),
  });

  it('a caregiver records a dose given on time: its answer, its linked log entry and audit rows', async () => {
    const res = await post(
      caregiver,
      doseBody(rx, '2026-01-15T08:00:00.000Z'),
      '2026-01-15T08:10:00.000Z',
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      patientId,
      patientName: 'Ada Lovelace',
      prescriptionId: rx.id,
      medication: 'Metformin',
      dosage: '500 mg',
      scheduledAt: '2026-01-15T08:00:00.000Z',
      outcome: 'given',
      givenAt: '2026-01-15T08:10:00.000Z',
      reason: null,
      prnReason: '',
      note: '',
      doseTime: '2026-01-15T08:00:00.000Z',
      recordedBy: caregiver.id,
      recordedByName: 'Cara Giver',
      corrections: [],
    });
    const [row] = await db.select().from(doses).where(eq(doses.id, res.json.id));
    const [entry] = await db
      .select()
      .from(medications)
      .where(eq(medications.id, row!.medicationId!));
    expect(entry).toMatchObject({
      patientId,
      recordedBy: caregiver.id,
      date: new Date('2026-01-15T08:10:00.000Z'),
      details: doseTexts.doseLogEntry({
        outcome: 'Given',
        medication: 'Metformin 500 mg',
        doseTime: '08:00',
        reason: '',
        note: '',
      }),
      deletedAt: null,
    });
    expect(entry!.details).toBe('Given: Metformin 500 mg, dose of 08:00');
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, caregiver.id), eq(auditLog.action, 'create')));
    expect(audit.map((a) => [a.entity, a.entityId, a.patientId])).toEqual([
      ['dose', String(res.json.id), patientId],
      ['medication', String(entry!.id), patientId],
    ]);
    // Read back through the standard calls.
    const one = await call(t.app, 'GET', `/api/doses/${res.json.id}`, {
      token: (await as(patientUser)).token,
    });
    expect(one.status).toBe(200);
    expect(one.json.outcome).toBe('given');
    const list = await call(t.app, 'GET', `/api/doses/patient/${patientId}`, {
      token: (await as(doctor)).token,
    });
    expect(list.json.map((d: { id: number }) => d.id)).toContain(res.json.id);
  });

  it('a second recording of the same dose answers 409 naming who recorded it and when', async () => {
    const before = await counts();
    const res = await post(
      colleague,
      doseBody(rx, '2026-01-15T08:00:00.000Z'),
      '2026-01-15T08:30:00.000Z',
    );
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: 'already-recorded',
      message: doseTexts.alreadyRecorded('Cara Giver', '08:10'),
    });
    expect(typeof res.json.doseId).toBe('number');
    expect(await counts()).toEqual(before);
  });

  it('a dose given after its due window is stored as given late', async () => {
    const res = await post(
      caregiver,
      doseBody(rx, '2026-01-14T20:00:00.000Z'),
      '2026-01-14T21:30:00.000Z',
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ outcome: 'given-late', givenAt: '2026-01-14T21:30:00.000Z' });
  });

  it('a dose given earlier than recorded keeps its time given; within the window it is on time', async () => {
    const res = await post(
      caregiver,
      doseBody(rx, '2026-01-13T20:00:00.000Z', { givenAt: '2026-01-13T20:45:00.000Z' }),
      '2026-01-14T07:00:00.000Z',
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ outcome: 'given', givenAt: '2026-01-13T20:45:00.000Z' });
  });

  it('refused and not given store no time given and keep the reason and note', async () => {
    const refused = await post(
      caregiver,
      doseBody(rx, '2026-01-13T08:00:00.000Z', {
        outcome: 'refused',
        note: 'Spat it out',
        givenAt: '2026-01-13T08:00:00.000Z',
      }),
      '2026-01-13T08:05:00.000Z',
    );
    expect(refused.status, JSON.stringify(refused.json)).toBe(201);
    expect(refused.json).toMatchObject({ outcome: 'refused', givenAt: null, note: 'Spat it out' });
    const notGiven = await post(
      caregiver,
      doseBody(rx, '2026-01-12T08:00:00.000Z', {
        outcome: 'not-given',
        reason: 'asleep',
        note: 'Deeply asleep',
      }),
    );
    expect(notGiven.status, JSON.stringify(notGiven.json)).toBe(201);
    expect(notGiven.json).toMatchObject({ outcome: 'not-given', reason: 'asleep', givenAt: null });
    const [entry] = await db
      .select()
      .from(medications)
      .innerJoin(doses, eq(doses.medicationId, medications.id))
      .where(eq(doses.id, notGiven.json.id));
    expect(entry!.medications.details).toBe(
      'Not given: Metformin 500 mg, dose of 08:00. Reason: Asleep. Note: Deeply asleep',
    );
    // A dose not given is logged at its scheduled time.
    expect(entry!.medications.date).toEqual(new Date('2026-01-12T08:00:00.000Z'));
  });

  describe('refusals: 400 with the field message, nothing written', () => {
    let ended: SchedulePrescription;
    let plain: { id: number };
    beforeAll(async () => {
      ended = await createScheduledPrescription(t.app, await as(doctor), patientId, {
        medication: 'Amlodipine',
        endDate: '2026-01-10',
      });
      const res = await call(t.app, 'POST', '/api/prescriptions', {
        token: (await as(doctor, '2026-01-15T09:00:00.000Z')).token,
        body: validPrescriptionInput(patientId),
      });
      plain = res.json;
    });

    const cases: [string, () => Record<string, unknown>, string, string][] = [
      [
        'a fixed dose without its time',
        () => doseBody(rx, ''),
        'scheduledAt',
        doseTexts.scheduledAtRequired,
      ],
      [
        'a time the schedule has no dose at',
        () => doseBody(rx, '2026-01-15T08:30:00.000Z'),
        'scheduledAt',
        doseTexts.noDoseAtTime,
      ],
      [
        'a time before the start date',
        () => doseBody(rx, '2025-12-31T08:00:00.000Z'),
        'scheduledAt',
        doseTexts.outsideDates,
      ],
      [
        'a time after the end date',
        () => doseBody(ended, '2026-01-11T08:00:00.000Z'),
        'scheduledAt',
        doseTexts.outsideDates,
      ],
      [
        'a dose more than a day ahead',
        () => doseBody(rx, '2026-01-17T08:00:00.000Z', { outcome: 'refused', note: 'Away' }),
        'scheduledAt',
        doseTexts.tooFarAhead,
      ],
      [
        'a dose given before its window opens',
        () => doseBody(rx, '2026-01-15T20:00:00.000Z'),
        'outcome',
        doseTexts.notYetDue('19:00'),
      ],
      [
        'a time given in the future, for a dose not due yet',
        () => doseBody(rx, '2026-01-15T20:00:00.000Z', { givenAt: '2026-01-15T09:10:00.000Z' }),
        'outcome',
        doseTexts.notYetDue('19:00'),
      ],
      [
        'a time given more than five minutes ahead',
        () => doseBody(rx, '2026-01-14T08:00:00.000Z', { givenAt: '2026-01-15T09:06:00.000Z' }),
        'givenAt',
        doseTexts.givenAtInFuture,
      ],
      [
        'a time given more than a day before the dose',
        () => doseBody(rx, '2026-01-14T08:00:00.000Z', { givenAt: '2026-01-13T07:59:00.000Z' }),
        'givenAt',
        doseTexts.givenAtTooEarly,
      ],
      [
        'a prescription without a schedule',
        () => doseBody({ id: plain.id, patientId }, '2026-01-15T08:00:00.000Z'),
        'prescriptionId',
        doseTexts.notScheduled,
      ],
      [
        "a dose of another patient's prescription",
        () => doseBody({ id: rx.id, patientId: secondPatientId }, '2026-01-14T08:00:00.000Z'),
        'patientId',
        doseTexts.doseOfAnotherPatient,
      ],
      [
        'an unknown outcome',
        () => doseBody(rx, '2026-01-14T08:00:00.000Z', { outcome: 'eaten' }),
        'outcome',
        doseTexts.outcomeInvalid,
      ],
      [
        'an unreadable time',
        () => doseBody(rx, 'tomorrow'),
        'scheduledAt',
        doseTexts.scheduledAtInvalid,
      ],
      [
        'not given without a reason',
        () => doseBody(rx, '2026-01-14T08:00:00.000Z', { outcome: 'not-given', note: 'x' }),
        'reason',
        doseTexts.reasonRequired,
      ],
      [
        'refused without a note',
        () => doseBody(rx, '2026-01-14T08:00:00.000Z', { outcome: 'refused' }),
        'note',
        doseTexts.noteRequired,
      ],
    ];

    it.each(cases)('%s', async (_title, body, field, message) => {
      const before = await counts();
      const res = await post(caregiver, body(), '2026-01-15T09:00:00.000Z');
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.errors[field]).toBe(message);
      expect(res.json.message).toBe(message);
      expect(await counts()).toEqual(before);
    });

    it('a weekday the schedule skips has no dose; a chosen one has', async () => {
      // 2026-01-14 is a Wednesday, 2026-01-15 a Thursday.
      const weekly = await createScheduledPrescription(t.app, await as(doctor), patientId, {
        medication: 'Methotrexate',
        doseTimes: ['09:00'],
        weekdays: [5, 1, 3],
      });
      expect(weekly.weekdays).toEqual([1, 3, 5]);
      const before = await counts();
      const thursday = await post(
        caregiver,
        doseBody(weekly, '2026-01-15T09:00:00.000Z'),
        '2026-01-15T09:10:00.000Z',
      );
      expect(thursday.status).toBe(400);
      expect(thursday.json.errors.scheduledAt).toBe(doseTexts.noDoseAtTime);
      expect(await counts()).toEqual(before);
      const wednesday = await post(caregiver, doseBody(weekly, '2026-01-14T09:00:00.000Z'));
      expect(wednesday.status, JSON.stringify(wednesday.json)).toBe(201);
    });
  });

  it("a patient outside the caller's scope, or a prescription of one, answers 404 and writes nothing", async () => {
    const outsideRx = await createScheduledPrescription(t.app, await as(admin), outsiderId);
    const before = await counts();
    const deniedBefore = await db.$count(
      auditLog,
      and(eq(auditLog.userId, caregiver.id), eq(auditLog.action, 'denied')),
    );
    const theirs = await post(
      caregiver,
      doseBody(outsideRx, '2026-01-15T08:00:00.000Z'),
      '2026-01-15T08:10:00.000Z',
    );
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual({ message: 'Not found' });
    const mixed = await post(caregiver, {
      ...doseBody(outsideRx, '2026-01-15T08:00:00.000Z'),
      patientId,
    });
    expect(mixed.status).toBe(404);
    expect(mixed.json).toEqual({ message: 'Not found' });
    expect(await counts()).toEqual(before);
    const denied = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, caregiver.id), eq(auditLog.action, 'denied')));
    expect(denied).toHaveLength(deniedBefore + 2);
    expect(denied.slice(-2).map((d) => d.patientId)).toEqual([outsiderId, outsiderId]);
  });

  it('a caregiver with view rights and a patient may read doses but not record them (403)', async () => {
    const before = await counts();
    for (const user of [viewer, patientUser]) {
      const res = await post(
        user,
        doseBody(rx, '2026-01-15T08:00:00.000Z'),
        '2026-01-15T08:10:00.000Z',
      );
      expect(res.status).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it('recording a dose takes a bounded number of statements: the prescription proves the patient in scope', async () => {
    const second = await createScheduledPrescription(t.app, await as(doctor), secondPatientId);
    const record = async (at: string) => {
      const caller = await as(caregiver, at);
      let status = 0;
      const count = await countStatements(t.database, async () => {
        const res = await call(t.app, 'POST', '/api/doses', {
          token: caller.token,
          body: doseBody(second, at),
        });
        status = res.status;
      });
      expect(status).toBe(201);
      return count;
    };
    // Warm: the session's first use and prepared statements are not the subject here.
    await record('2026-01-20T08:00:00.000Z');
    const count = await record('2026-01-20T20:00:00.000Z');
    // The session; the prescription (with the scope); the settings; in the transaction: begin,
    // the lock, the slot check, the log entry, the dose, the audit rows (one insert), commit;
    // the answer. The patient's own scope check is left out when the prescription proves it.
    expect(count).toBeLessThanOrEqual(11);
  });

  describe('corrections', () => {
    let doseId: number;
    beforeAll(async () => {
      const dose = await recordDose(
        t.app,
        await as(caregiver, '2026-01-16T08:05:00.000Z'),
        doseBody(rx, '2026-01-16T08:00:00.000Z'),
      );
      doseId = dose.id;
    });

    it('a correction keeps the version it replaces; the corrector becomes the recorder', async () => {
      const res = await put(
        colleague,
        doseId,
        doseBody(rx, '2026-01-16T08:00:00.000Z', { outcome: 'refused', note: 'Refused after all' }),
        '2026-01-16T08:20:00.000Z',
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({
        outcome: 'refused',
        givenAt: null,
        note: 'Refused after all',
        recordedBy: colleague.id,
        recordedByName: 'Grace Kelford',
        updatedAt: '2026-01-16T08:20:00.000Z',
        corrections: [
          {
            outcome: 'given',
            givenAt: '2026-01-16T08:05:00.000Z',
            reason: null,
            prnReason: '',
            note: '',
            recordedByName: 'Cara Giver',
            recordedAt: '2026-01-16T08:05:00.000Z',
            replacedByName: 'Grace Kelford',
            replacedAt: '2026-01-16T08:20:00.000Z',
          },
        ],
      });
      const second = await put(
        caregiver,
        doseId,
        doseBody(rx, '2026-01-16T08:00:00.000Z', { givenAt: '2026-01-16T08:15:00.000Z' }),
        '2026-01-16T08:40:00.000Z',
      );
      expect(second.status, JSON.stringify(second.json)).toBe(200);
      expect(second.json.outcome).toBe('given');
      expect(second.json.recordedByName).toBe('Cara Giver');
      expect(
        second.json.corrections.map((c: { outcome: string; recordedByName: string }) => [
          c.outcome,
          c.recordedByName,
        ]),
      ).toEqual([
        ['given', 'Cara Giver'],
        ['refused', 'Grace Kelford'],
      ]);
      // The log entry follows the current version.
      const [joined] = await db
        .select()
        .from(medications)
        .innerJoin(doses, eq(doses.medicationId, medications.id))
        .where(eq(doses.id, doseId));
      expect(joined!.medications.details).toBe('Given: Metformin 500 mg, dose of 08:00');
      expect(joined!.medications.date).toEqual(new Date('2026-01-16T08:15:00.000Z'));
      const updates = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'update'), eq(auditLog.entity, 'dose')));
      expect(updates.filter((u) => u.entityId === String(doseId))).toHaveLength(2);
    });

    const moves: [string, () => Record<string, unknown>, string][] = [
      ['another time', () => doseBody(rx, '2026-01-16T20:00:00.000Z'), 'scheduledAt'],
      ['no time', () => doseBody(rx, ''), 'scheduledAt'],
      [
        'another prescription',
        () => ({ ...doseBody(rx, '2026-01-16T08:00:00.000Z'), prescriptionId: rx.id + 1000 }),
        'prescriptionId',
      ],
      [
        'another patient',
        () => ({ ...doseBody(rx, '2026-01-16T08:00:00.000Z'), patientId: secondPatientId }),
        'patientId',
      ],
    ];
    it.each(moves)(
      'a correction cannot move the outcome to %s (400, nothing written)',
      async (_t, body, field) => {
        const before = await counts();
        const [row] = await db.select().from(doses).where(eq(doses.id, doseId));
        const res = await put(caregiver, doseId, body(), '2026-01-16T09:00:00.000Z');
        expect(res.status).toBe(400);
        expect(res.json.errors[field]).toBe(doseTexts.cannotMove);
        expect(await counts()).toEqual(before);
        expect((await db.select().from(doses).where(eq(doses.id, doseId)))[0]).toEqual(row);
      },
    );

    it('a correction follows the rules of recording: a time given in the future is refused', async () => {
      const before = await counts();
      const res = await put(
        caregiver,
        doseId,
        doseBody(rx, '2026-01-16T08:00:00.000Z', { givenAt: '2026-01-16T10:00:00.000Z' }),
        '2026-01-16T09:00:00.000Z',
      );
      expect(res.status).toBe(400);
      expect(res.json.errors.givenAt).toBe(doseTexts.givenAtInFuture);
      expect(await counts()).toEqual(before);
    });

    it('a dose out of scope answers 404 to a correction', async () => {
      const outsider = await createUser(db, { role: 'caregiver' });
      const res = await put(outsider, doseId, doseBody(rx, '2026-01-16T08:00:00.000Z'));
      expect(res.status).toBe(404);
    });
  });

  describe('delete and restore', () => {
    it('a deleted outcome takes its log entry along; the dose can be recorded again; restore waits for the slot', async () => {
      const slot = '2026-01-17T08:00:00.000Z';
      const first = await recordDose(
        t.app,
        await as(caregiver, '2026-01-17T08:10:00.000Z'),
        doseBody(rx, slot),
      );
      const [firstRow] = await db.select().from(doses).where(eq(doses.id, first.id));
      const del = await call(t.app, 'DELETE', `/api/doses/${first.id}`, {
        token: (await as(caregiver)).token,
      });
      expect(del.status).toBe(204);
      const [entry] = await db
        .select()
        .from(medications)
        .where(eq(medications.id, firstRow!.medicationId!));
      expect(entry!.deletedAt).toEqual(new Date('2026-01-17T08:10:00.000Z'));
      expect(
        (await call(t.app, 'GET', `/api/doses/${first.id}`, { token: (await as(caregiver)).token }))
          .status,
      ).toBe(404);

      const deletedList = await call(t.app, 'GET', '/api/deleted-records?type=dose', {
        token: (await as(admin)).token,
      });
      expect(deletedList.json.find((r: { id: number }) => r.id === first.id)).toMatchObject({
        type: 'dose',
        summary: 'Given: Metformin 500 mg',
        recordDate: slot,
      });

      const again = await recordDose(
        t.app,
        await as(colleague),
        doseBody(rx, slot, { outcome: 'refused', note: 'No' }),
      );
      const before = await counts();
      const blocked = await call(t.app, 'POST', `/api/doses/${first.id}/restore`, {
        token: (await as(admin)).token,
      });
      expect(blocked.status).toBe(409);
      expect(blocked.json.message).toBe(doseTexts.slotTaken);
      expect(await counts()).toEqual(before);
      expect(
        (await db.select().from(doses).where(eq(doses.id, first.id)))[0]!.deletedAt,
      ).not.toBeNull();

      await call(t.app, 'DELETE', `/api/doses/${again.id}`, { token: (await as(colleague)).token });
      const restored = await call(t.app, 'POST', `/api/doses/${first.id}/restore`, {
        token: (await as(admin)).token,
      });
      expect(restored.status, JSON.stringify(restored.json)).toBe(200);
      expect(restored.json).toMatchObject({
        id: first.id,
        outcome: 'given',
        recordedByName: 'Cara Giver',
      });
      const [back] = await db
        .select()
        .from(medications)
        .where(eq(medications.id, firstRow!.medicationId!));
      expect(back!.deletedAt).toBeNull();
    });
  });

  describe('the medication log naming a dose', () => {
    const log = async (body: Record<string, unknown>, at?: string) =>
      call(t.app, 'POST', '/api/medications', { token: (await as(caregiver, at)).token, body });

    it('an entry naming a dose records that dose as given at its date, linked to the entry', async () => {
      const res = await log(
        {
          patientId,
          date: '2026-01-18T08:20:00.000Z',
          details: 'Metformin with porridge',
          prescriptionId: rx.id,
          scheduledAt: '2026-01-18T08:00:00.000Z',
        },
        '2026-01-18T08:30:00.000Z',
      );
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json).toMatchObject({
        details: 'Metformin with porridge',
        recordedBy: caregiver.id,
      });
      const linked = await db.select().from(doses).where(eq(doses.medicationId, res.json.id));
      expect(linked).toHaveLength(1);
      expect(linked[0]).toMatchObject({
        prescriptionId: rx.id,
        scheduledAt: new Date('2026-01-18T08:00:00.000Z'),
        outcome: 'given',
        givenAt: new Date('2026-01-18T08:20:00.000Z'),
        recordedBy: caregiver.id,
      });
      const entries = await db
        .select()
        .from(medications)
        .where(eq(medications.details, 'Metformin with porridge'));
      expect(entries).toHaveLength(1);
      // The same dose again, by the log or by the rounds: one outcome.
      const before = await counts();
      const twice = await log({
        patientId,
        date: '2026-01-18T08:25:00.000Z',
        details: 'Again',
        prescriptionId: rx.id,
        scheduledAt: '2026-01-18T08:00:00.000Z',
      });
      expect(twice.status).toBe(409);
      expect(twice.json.code).toBe('already-recorded');
      expect(twice.json.message).toBe(doseTexts.alreadyRecorded('Cara Giver', '08:30'));
      expect(await counts()).toEqual(before);
    });

    it('an entry without a dose is a plain log entry, as before', async () => {
      const res = await log({ patientId, date: '2026-01-18T09:00:00.000Z', details: 'Vitamin D' });
      expect(res.status).toBe(201);
      expect(await db.$count(doses, eq(doses.medicationId, res.json.id))).toBe(0);
    });

    const bad: [string, Record<string, unknown>, string, string][] = [
      ['only the prescription', { prescriptionId: 1 }, 'scheduledAt', doseTexts.logDoseNeedsBoth],
      [
        'only the time',
        { prescriptionId: null, scheduledAt: '2026-01-18T20:00:00.000Z' },
        'prescriptionId',
        doseTexts.logDoseNeedsBoth,
      ],
      [
        'a time with no dose',
        { scheduledAt: '2026-01-18T21:00:00.000Z' },
        'scheduledAt',
        doseTexts.noDoseAtTime,
      ],
      [
        'a date in the future',
        { scheduledAt: '2026-01-18T20:00:00.000Z', date: '2026-01-18T20:10:00.000Z' },
        'date',
        doseTexts.givenAtInFuture,
      ],
    ];
    it.each(bad)(
      'an entry naming %s answers 400 and writes nothing',
      async (_t, extra, field, message) => {
        const before = await counts();
        const res = await log(
          {
            patientId,
            date: '2026-01-18T20:00:00.000Z',
            details: 'Evening dose',
            prescriptionId: rx.id,
            ...extra,
          },
          '2026-01-18T20:00:00.000Z',
        );
        expect(res.status, JSON.stringify(res.json)).toBe(400);
        expect(res.json.errors[field]).toBe(message);
        expect(await counts()).toEqual(before);
      },
    );

    it('the entry names the prescription in PUT too, which changes only the entry', async () => {
      const created = await log({ patientId, date: '2026-01-18T09:30:00.000Z', details: 'Note' });
      const before = await counts();
      const res = await call(t.app, 'PUT', `/api/medications/${created.json.id}`, {
        token: (await as(doctor)).token,
        body: {
          patientId,
          date: '2026-01-18T09:30:00.000Z',
          details: 'Note changed',
          prescriptionId: rx.id,
          scheduledAt: '2026-01-18T20:00:00.000Z',
        },
      });
      expect(res.status).toBe(200);
      expect(res.json.details).toBe('Note changed');
      expect(await counts()).toEqual(before);
    });
  });

  it('a recorded dose appears on the timeline at its time, titled with its outcome', async () => {
    const res = await call(
      t.app,
      'GET',
      `/api/patients/${patientId}/timeline?types=dose&limit=50`,
      {
        token: (await as(doctor)).token,
      },
    );
    expect(res.status).toBe(200);
    const refused = res.json.entries.find(
      (e: { at: string }) => e.at === '2026-01-13T08:00:00.000Z',
    );
    expect(refused).toMatchObject({
      type: 'dose',
      title: 'Refused: Metformin 500 mg',
      detail: 'Spat it out',
      by: 'Cara Giver',
    });
    const asleep = res.json.entries.find(
      (e: { at: string }) => e.at === '2026-01-12T08:00:00.000Z',
    );
    expect(asleep).toMatchObject({ title: 'Not given: Metformin 500 mg', detail: 'Deeply asleep' });
  });
});

/** The agency's zone decides what "08:00" is, also across daylight-saving changes. */
describe('doses in the agency time zone, across daylight saving', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let rx: SchedulePrescription;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    doctor = await createUser(db, { role: 'doctor' });
    caregiver = await createUser(db, { role: 'caregiver', firstName: 'Cara', secondName: 'Giver' });
    const patientId = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
    await setAgencySettings(t.app, admin, 'Europe/London');
    // 01:30 falls in the spring gap on 2026-03-29 and happens twice on 2026-10-25.
    rx = await createScheduledPrescription(t.app, doctor, patientId, {
      date: '2026-03-01',
      doseTimes: ['08:00', '01:30'],
    });
  });
  afterAll(() => t.close());

  const post = async (scheduledAt: string, now: string, extra: Record<string, unknown> = {}) => {
    t.clock.set(now);
    const { token } = await signIn(db, caregiver, t.clock.now());
    return call(t.app, 'POST', '/api/doses', {
      token,
      body: doseBody(rx, scheduledAt, { outcome: 'refused', note: 'Test', ...extra }),
    });
  };

  it('stores the times sorted and starting on the prescription date', () => {
    expect(rx).toMatchObject({
      doseTimes: ['01:30', '08:00'],
      startDate: '2026-03-01',
      endDate: null,
    });
  });

  it('08:00 is 08:00 UTC in winter and 07:00 UTC in summer', async () => {
    expect((await post('2026-03-28T08:00:00.000Z', '2026-03-28T08:00:00.000Z')).status).toBe(201);
    const summer = await post('2026-03-30T08:00:00.000Z', '2026-03-30T07:30:00.000Z');
    expect(summer.status).toBe(400);
    expect(summer.json.errors.scheduledAt).toBe(doseTexts.noDoseAtTime);
    expect((await post('2026-03-30T07:00:00.000Z', '2026-03-30T07:30:00.000Z')).status).toBe(201);
    // The day of the change: already summer time at 08:00.
    expect((await post('2026-03-29T07:00:00.000Z', '2026-03-29T07:30:00.000Z')).status).toBe(201);
  });

  it('a time in the spring gap moves forward by the gap: one dose that day, not none', async () => {
    // 01:30 does not exist on 2026-03-29: the dose is at 02:30 BST, 01:30 UTC.
    const gap = await post('2026-03-29T01:30:00.000Z', '2026-03-29T01:40:00.000Z', {
      outcome: 'given',
    });
    expect(gap.status, JSON.stringify(gap.json)).toBe(201);
    expect(gap.json.outcome).toBe('given');
    expect((await post('2026-03-29T00:30:00.000Z', '2026-03-29T01:40:00.000Z')).status).toBe(400);
  });

  it('a time that happens twice in autumn is one dose, the first', async () => {
    const first = await post('2026-10-25T00:30:00.000Z', '2026-10-25T00:40:00.000Z');
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    const second = await post('2026-10-25T01:30:00.000Z', '2026-10-25T01:40:00.000Z');
    expect(second.status).toBe(400);
    expect(second.json.errors.scheduledAt).toBe(doseTexts.noDoseAtTime);
  });

  it('messages speak local time: the window opening and who recorded when', async () => {
    // 2026-06-10 20:00 BST is 19:00 UTC; its window opens at 19:00 BST.
    const early = await post('2026-06-10T07:00:00.000Z', '2026-06-10T05:30:00.000Z', {
      outcome: 'given',
      note: '',
    });
    expect(early.status).toBe(400);
    expect(early.json.errors.outcome).toBe(doseTexts.notYetDue('07:00'));
    expect((await post('2026-06-10T07:00:00.000Z', '2026-06-10T07:05:00.000Z')).status).toBe(201);
    const again = await post('2026-06-10T07:00:00.000Z', '2026-06-10T07:20:00.000Z');
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(doseTexts.alreadyRecorded('Cara Giver', '08:05'));
  });
});
