import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doseTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { prescriptions } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import {
  createScheduledPrescription,
  doseBody,
  prnPrescriptionInput,
  recordDose,
  scheduledPrescriptionInput,
  setAgencySettings,
} from '../../test/dose-factories.ts';
import { validPrescriptionInput } from '../../test/clinical-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

/** The schedule of a prescription: stored as given, answered, and kept once doses are recorded. */
describe('prescription schedules', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    doctor = await createUser(db, { role: 'doctor' });
    caregiver = await createUser(db, { role: 'caregiver' });
    patientId = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
    await setAgencySettings(t.app, admin, 'Europe/London');
  });
  afterAll(() => t.close());

  const write = (body: unknown) =>
    call(t.app, 'POST', '/api/prescriptions', { token: doctor.token, body });
  const change = (id: number, body: unknown) =>
    call(t.app, 'PUT', `/api/prescriptions/${id}`, { token: doctor.token, body });
  const stored = async (id: number) =>
    (await db.select().from(prescriptions).where(eq(prescriptions.id, id)))[0]!;

  it('a fixed schedule is stored with times and weekdays sorted, starting on the date', async () => {
    const res = await write(
      scheduledPrescriptionInput(patientId, {
        doseTimes: ['20:00', '08:00', '13:00'],
        weekdays: [5, 1, 3],
        durationDays: 10,
      }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      route: 'oral',
      instructions: 'With food',
      schedule: 'fixed',
      startDate: '2026-01-01',
      endDate: '2026-01-10',
      doseTimes: ['08:00', '13:00', '20:00'],
      weekdays: [1, 3, 5],
      prnMinIntervalMinutes: null,
      prnMaxPerDay: null,
    });
    expect(res.json).not.toHaveProperty('durationDays');
    expect(await stored(res.json.id)).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-10',
      doseTimes: ['08:00', '13:00', '20:00'],
      weekdays: [1, 3, 5],
    });
  });

  it('a start date of its own and an end date are kept; no weekdays means every day', async () => {
    const res = await write(
      scheduledPrescriptionInput(patientId, { startDate: '2026-01-05', endDate: '2026-02-05' }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      startDate: '2026-01-05',
      endDate: '2026-02-05',
      weekdays: null,
    });
  });

  it('an as-needed schedule keeps its interval and limit and no times', async () => {
    const res = await write(prnPrescriptionInput(patientId));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      schedule: 'prn',
      startDate: '2026-01-01',
      endDate: null,
      doseTimes: null,
      weekdays: null,
      prnMinIntervalMinutes: 240,
      prnMaxPerDay: 4,
    });
  });

  it('a prescription without a schedule stores none of its columns, as before', async () => {
    const res = await write({ ...validPrescriptionInput(patientId), startDate: '2026-01-01' });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      route: null,
      instructions: '',
      schedule: null,
      startDate: null,
      endDate: null,
      doseTimes: null,
      weekdays: null,
      prnMinIntervalMinutes: null,
      prnMaxPerDay: null,
    });
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    [
      'an end date and a duration',
      { endDate: '2026-02-01', durationDays: 5 },
      'durationDays',
      doseTexts.endAndDuration,
    ],
    [
      'an end date before the date it starts on',
      { endDate: '2025-12-31' },
      'endDate',
      doseTexts.endBeforeStart,
    ],
    ['no times', { doseTimes: [] }, 'doseTimes', doseTexts.doseTimesRequired],
    ['a time that is not HH:MM', { doseTimes: ['8am'] }, 'doseTimes.0', doseTexts.doseTimeInvalid],
    [
      'a repeated time',
      { doseTimes: ['08:00', '08:00'] },
      'doseTimes',
      doseTexts.doseTimesRepeated,
    ],
    ['a weekday 8', { weekdays: [8] }, 'weekdays.0', doseTexts.weekdaysInvalid],
    ['PRN limits on a fixed schedule', { prnMaxPerDay: 2 }, 'prnMaxPerDay', doseTexts.prnOnly],
    ['an unknown schedule', { schedule: 'weekly' }, 'schedule', doseTexts.scheduleInvalid],
  ];
  it.each(bad)(
    '%s answers 400 on its field and stores nothing',
    async (_t, extra, field, message) => {
      const before = await db.$count(prescriptions);
      const res = await write(scheduledPrescriptionInput(patientId, extra));
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.errors[field]).toBe(message);
      expect(await db.$count(prescriptions)).toBe(before);
    },
  );

  it('a PRN schedule needs its interval and daily limit', async () => {
    const res = await write(
      prnPrescriptionInput(patientId, { prnMinIntervalMinutes: 5, prnMaxPerDay: null }),
    );
    expect(res.status).toBe(400);
    expect(res.json.errors.prnMinIntervalMinutes).toBe(doseTexts.prnMinIntervalInvalid);
    expect(res.json.errors.prnMaxPerDay).toBe(doseTexts.prnMaxPerDayInvalid);
  });

  describe('once doses are recorded', () => {
    let rx: Awaited<ReturnType<typeof createScheduledPrescription>>;
    beforeAll(async () => {
      rx = await createScheduledPrescription(t.app, doctor, patientId);
      t.clock.set('2026-01-15T08:10:00.000Z');
      await recordDose(t.app, caregiver, doseBody(rx, '2026-01-15T08:00:00.000Z'));
    });

    const locked: [string, Record<string, unknown>][] = [
      ['its times', { doseTimes: ['09:00', '20:00'] }],
      ['its weekdays', { weekdays: [1, 2, 3, 4, 5] }],
      ['its start date', { startDate: '2026-01-02' }],
      [
        'its kind',
        { schedule: 'prn', doseTimes: null, prnMinIntervalMinutes: 60, prnMaxPerDay: 4 },
      ],
      ['the schedule itself', { schedule: null, doseTimes: null }],
    ];
    it.each(locked)('changing %s answers 409 and changes nothing', async (_t, extra) => {
      const before = await stored(rx.id);
      const res = await change(rx.id, scheduledPrescriptionInput(patientId, extra));
      expect(res.status, JSON.stringify(res.json)).toBe(409);
      expect(res.json.message).toBe(doseTexts.scheduleLocked);
      expect(await stored(rx.id)).toEqual(before);
    });

    it('the end date, the dosage and the instructions may still change', async () => {
      const res = await change(
        rx.id,
        scheduledPrescriptionInput(patientId, {
          endDate: '2026-01-31',
          dosage: '850 mg',
          instructions: 'After food',
          doseTimes: ['20:00', '08:00'],
        }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({
        endDate: '2026-01-31',
        dosage: '850 mg',
        instructions: 'After food',
        doseTimes: ['08:00', '20:00'],
      });
    });

    it('a prescription whose doses were all deleted may change its times again', async () => {
      const other = await createScheduledPrescription(t.app, doctor, patientId);
      const dose = await recordDose(t.app, caregiver, doseBody(other, '2026-01-15T08:00:00.000Z'));
      const del = await call(t.app, 'DELETE', `/api/doses/${dose.id}`, { token: caregiver.token });
      expect(del.status).toBe(204);
      const res = await change(
        other.id,
        scheduledPrescriptionInput(patientId, { doseTimes: ['09:00'] }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.doseTimes).toEqual(['09:00']);
    });
  });
});
