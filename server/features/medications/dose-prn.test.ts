import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doseTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { doseCorrections, doses, medications } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import {
  createPrnPrescription,
  prnDoseBody,
  setAgencySettings,
  signIn,
  type SchedulePrescription,
} from '../../test/dose-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

/** As-needed (PRN) doses: given with a reason, within the minimum interval and the daily limit. */
describe('PRN doses', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  /** Paracetamol 1 g, at least 60 minutes apart, at most 3 in 24 hours, from 2026-01-10. */
  let rx: SchedulePrescription;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    doctor = await createUser(db, { role: 'doctor' });
    caregiver = await createUser(db, { role: 'caregiver' });
    const patientId = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
    await setAgencySettings(t.app, admin, 'Europe/London');
    rx = await createPrnPrescription(t.app, doctor, patientId, {
      date: '2026-01-10',
      prnMinIntervalMinutes: 60,
      prnMaxPerDay: 3,
    });
  });
  afterAll(() => t.close());

  const send = async (
    method: 'POST' | 'PUT',
    url: string,
    now: string,
    body: Record<string, unknown>,
  ) => {
    t.clock.set(now);
    const { token } = await signIn(db, caregiver, t.clock.now());
    return call(t.app, method, url, { token, body });
  };
  const give = (now: string, extra: Record<string, unknown> = {}) =>
    send('POST', '/api/doses', now, prnDoseBody(rx, extra));
  const counts = async () => ({
    doses: await db.$count(doses),
    medications: await db.$count(medications),
    corrections: await db.$count(doseCorrections),
  });

  let firstId: number;

  it('a PRN dose is recorded with its reason, at the time given, and logged', async () => {
    const res = await give('2026-01-15T10:00:00.000Z');
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      scheduledAt: null,
      outcome: 'given',
      givenAt: '2026-01-15T10:00:00.000Z',
      doseTime: '2026-01-15T10:00:00.000Z',
      prnReason: 'Headache',
      medication: 'Paracetamol',
    });
    firstId = res.json.id;
    const [row] = await db.select().from(doses).where(eq(doses.id, firstId));
    const [entry] = await db
      .select()
      .from(medications)
      .where(eq(medications.id, row!.medicationId!));
    expect(entry!.details).toBe('Given: Paracetamol 1 g, as needed. Reason: Headache');
  });

  it('a dose within the minimum interval is refused with the time the next one is allowed', async () => {
    const before = await counts();
    const res = await give('2026-01-15T10:30:00.000Z');
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: 'prn-too-soon',
      nextAllowedAt: '2026-01-15T11:00:00.000Z',
      message: doseTexts.prnTooSoon('11:00'),
    });
    // Entered afterwards with an earlier time: just as close to the dose after it.
    const backdated = await give('2026-01-15T10:40:00.000Z', {
      givenAt: '2026-01-15T09:30:00.000Z',
    });
    expect(backdated.status).toBe(409);
    expect(backdated.json.code).toBe('prn-too-soon');
    expect(backdated.json.nextAllowedAt).toBe('2026-01-15T11:00:00.000Z');
    expect(await counts()).toEqual(before);
  });

  it('exactly the interval later is allowed; the daily maximum then refuses until a dose leaves the 24 hours', async () => {
    expect((await give('2026-01-15T11:00:00.000Z')).status).toBe(201);
    expect((await give('2026-01-15T12:00:00.000Z')).status).toBe(201);
    const before = await counts();
    const res = await give('2026-01-15T18:00:00.000Z');
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: 'prn-daily-limit',
      nextAllowedAt: '2026-01-16T10:00:00.000Z',
      message: doseTexts.prnDailyLimit(3, '10:00'),
    });
    expect(await counts()).toEqual(before);
    const tooEarly = await give('2026-01-16T09:59:00.000Z');
    expect(tooEarly.json.code).toBe('prn-daily-limit');
    expect((await give('2026-01-16T10:00:00.000Z')).status).toBe(201);
  });

  it('the next time allowed is told in the agency zone (summer time in London)', async () => {
    const summer = await give('2026-06-01T10:00:00.000Z');
    expect(summer.status).toBe(201);
    const res = await give('2026-06-01T10:20:00.000Z');
    expect(res.status).toBe(409);
    // 11:00 UTC is 12:00 in London in June.
    expect(res.json.message).toBe(doseTexts.prnTooSoon('12:00'));
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    [
      'a scheduled time',
      { scheduledAt: '2026-07-01T08:00:00.000Z' },
      'scheduledAt',
      doseTexts.notFixed,
    ],
    [
      'an outcome other than given',
      { outcome: 'refused', note: 'No' },
      'outcome',
      doseTexts.prnOnlyGiven,
    ],
    ['no reason', { prnReason: '  ' }, 'prnReason', doseTexts.prnReasonRequired],
    [
      'a time given in the future',
      { givenAt: '2026-07-01T12:10:00.000Z' },
      'givenAt',
      doseTexts.givenAtInFuture,
    ],
    [
      'a time before the prescription starts',
      { givenAt: '2026-01-09T12:00:00.000Z' },
      'givenAt',
      doseTexts.outsideDates,
    ],
  ];
  it.each(refusals)(
    'a PRN dose with %s answers 400 and writes nothing',
    async (_t, extra, field, message) => {
      const before = await counts();
      const res = await give('2026-07-01T12:00:00.000Z', extra);
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.errors[field]).toBe(message);
      expect(await counts()).toEqual(before);
    },
  );

  it('a correction is checked against the limits without counting the dose itself', async () => {
    const note = await send('PUT', `/api/doses/${firstId}`, '2026-01-16T12:00:00.000Z', {
      ...prnDoseBody(rx, { givenAt: '2026-01-15T10:00:00.000Z' }),
      prnReason: 'Back pain',
    });
    expect(note.status, JSON.stringify(note.json)).toBe(200);
    expect(note.json).toMatchObject({
      prnReason: 'Back pain',
      givenAt: '2026-01-15T10:00:00.000Z',
    });
    expect(note.json.corrections).toHaveLength(1);
    expect(note.json.corrections[0].prnReason).toBe('Headache');
    const before = await counts();
    const closer = await send('PUT', `/api/doses/${firstId}`, '2026-01-16T12:00:00.000Z', {
      ...prnDoseBody(rx, { givenAt: '2026-01-15T10:30:00.000Z' }),
    });
    expect(closer.status).toBe(409);
    expect(closer.json).toMatchObject({
      code: 'prn-too-soon',
      nextAllowedAt: '2026-01-15T12:00:00.000Z',
    });
    expect(await counts()).toEqual(before);
  });
});
