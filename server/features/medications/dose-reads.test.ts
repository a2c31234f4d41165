import { gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doseTexts } from '../../../shared/messages.ts';
import {
  doseSummarySchema,
  dueDosesSchema,
  marSchema,
  patientDoseDaySchema,
} from '../../../shared/schemas/doses.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, doseCorrections, prescriptions } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { chartRows, countStatements } from '../../test/chart-history.ts';
import {
  insertDose,
  insertFixedPrescription,
  insertPrnPrescription,
  setAgencySettings,
} from '../../test/dose-read-factories.ts';
import {
  createDeletedPatient,
  createPatient,
  createUser,
  type TestUser,
} from '../../test/factories.ts';

// The test clock stands at 2026-01-15T09:00Z, a Thursday; London is on UTC in January.
const NOW = '2026-01-15T09:00:00.000Z';

describe('the rounds: due now, summary, a patient’s day', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let outsideDoctor: TestUser;
  let supervisor: TestUser;

  const get = (user: TestUser, url: string) => call(t.app, 'GET', url, { token: user.token });
  const due = (user: TestUser, query = '') => get(user, `/api/doses/due${query}`);
  const auditMark = async () => {
    const [row] = await db
      .select({ max: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
      .from(auditLog);
    return row!.max;
  };
  const auditSince = (mark: number) =>
    db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(auditLog.id);
  const patientOf = async (
    team: { id: number }[],
    name: { firstName?: string; lastName?: string } = {},
  ) => (await createPatient(db, { careTeam: team, overrides: name })).id;
  /** One patient's doses in the due list, as (time, status, medication). */
  const dueOf = (body: { patients: { patientId: number; doses: any[] }[] }, patientId: number) =>
    (body.patients.find((p) => p.patientId === patientId)?.doses ?? []).map(
      (d: { scheduledAt: string; status: string; medication: string }) => [
        d.scheduledAt,
        d.status,
        d.medication,
      ],
    );

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    await setAgencySettings(db, { timeZone: 'Europe/London' });
    doctor = await createUser(db, {
      role: 'doctor',
      privileges: 'editor',
      firstName: 'Meredith',
      secondName: 'Grey',
    });
    caregiver = await createUser(db, {
      role: 'caregiver',
      privileges: 'editor',
      firstName: 'Cara',
      secondName: 'Giver',
    });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    outsideDoctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    supervisor = await createUser(db, { role: 'caregiver', privileges: 'supervisor' });
  });
  afterAll(() => t.close());

  describe('GET /api/doses/due', () => {
    it('lists doses due from an hour before to an hour after, late to 4 h, missed back to 24 h, without an outcome', async () => {
      const patientId = await patientOf([doctor, caregiver]);
      const p = await insertFixedPrescription(db, {
        patientId,
        doctorId: doctor.id,
        medication: 'Amlodipine',
        startDate: '2026-01-14',
        doseTimes: ['05:00', '06:00', '07:30', '08:00', '09:30', '10:30'],
      });
      // Recorded: gone from the list. Recorded then deleted: still owed.
      await insertDose(db, {
        patientId,
        prescriptionId: p,
        recordedBy: caregiver.id,
        scheduledAt: '2026-01-15T06:00:00Z',
      });
      await insertDose(db, {
        patientId,
        prescriptionId: p,
        recordedBy: caregiver.id,
        scheduledAt: '2026-01-15T07:30:00Z',
        deletedAt: new Date('2026-01-15T08:00:00Z'),
      });

      const res = await due(caregiver);
      expect(res.status).toBe(200);
      expect(dueDosesSchema.safeParse(res.json).success).toBe(true);
      expect(res.json.now).toBe(NOW);
      expect(res.json.timeZone).toBe('Europe/London');
      expect(dueOf(res.json, patientId)).toEqual([
        // Yesterday: 05:00 to 08:00 are more than 24 hours ago.
        ['2026-01-14T09:30:00.000Z', 'missed', 'Amlodipine'],
        ['2026-01-14T10:30:00.000Z', 'missed', 'Amlodipine'],
        ['2026-01-15T05:00:00.000Z', 'missed', 'Amlodipine'], // 4 h: missed from then
        ['2026-01-15T07:30:00.000Z', 'late', 'Amlodipine'],
        ['2026-01-15T08:00:00.000Z', 'due', 'Amlodipine'], // the window's end is due
        ['2026-01-15T09:30:00.000Z', 'due', 'Amlodipine'],
        // 10:30 is 90 minutes ahead: upcoming, not listed.
      ]);
      const slot = res.json.patients.find((e: { patientId: number }) => e.patientId === patientId)
        .doses[4];
      expect(slot).toEqual({
        prescriptionId: p,
        patientId,
        medication: 'Amlodipine',
        dosage: '10 mg',
        route: 'oral',
        instructions: 'With food',
        scheduledAt: '2026-01-15T08:00:00.000Z',
        localDate: '2026-01-15',
        localTime: '08:00',
        status: 'due',
        outcome: null,
      });
    });

    it('gives each PRN medicine its doses of the last 24 hours, last dose and next time allowed', async () => {
      const patientId = await patientOf([caregiver]);
      const para = await insertPrnPrescription(db, {
        patientId,
        doctorId: doctor.id,
        medication: 'Paracetamol',
        minIntervalMinutes: 240,
        maxPerDay: 3,
      });
      for (const at of ['2026-01-14T11:00:00Z', '2026-01-15T02:00:00Z', '2026-01-15T06:00:00Z']) {
        await insertDose(db, {
          patientId,
          prescriptionId: para,
          recordedBy: caregiver.id,
          givenAt: at,
        });
      }
      await insertDose(db, {
        patientId,
        prescriptionId: para,
        recordedBy: caregiver.id,
        givenAt: '2026-01-15T08:00:00Z',
        deletedAt: new Date('2026-01-15T08:10:00Z'),
      });
      const ibu = await insertPrnPrescription(db, {
        patientId,
        doctorId: doctor.id,
        medication: 'Ibuprofen',
        minIntervalMinutes: 360,
        maxPerDay: 4,
      });
      await insertDose(db, {
        patientId,
        prescriptionId: ibu,
        recordedBy: caregiver.id,
        givenAt: '2026-01-13T08:00:00Z',
      });
      const codeine = await insertPrnPrescription(db, {
        patientId,
        doctorId: doctor.id,
        medication: 'Codeine',
        minIntervalMinutes: 60,
        maxPerDay: 2,
      });
      // Ended yesterday, or starting tomorrow: not offered.
      await insertPrnPrescription(db, {
        patientId,
        doctorId: doctor.id,
        medication: 'Ended',
        minIntervalMinutes: 60,
        maxPerDay: 2,
        endDate: '2026-01-14',
      });
      await insertPrnPrescription(db, {
        patientId,
        doctorId: doctor.id,
        medication: 'Tomorrow',
        minIntervalMinutes: 60,
        maxPerDay: 2,
        startDate: '2026-01-16',
      });

      const res = await due(caregiver, `?patientId=${patientId}`);
      expect(res.status).toBe(200);
      expect(res.json.patients).toHaveLength(1);
      const entry = res.json.patients[0];
      expect(entry.doses).toEqual([]);
      const common = { patientId, dosage: '500 mg', route: 'oral', instructions: '' };
      expect(entry.prn).toEqual([
        {
          ...common,
          prescriptionId: codeine,
          medication: 'Codeine',
          minIntervalMinutes: 60,
          maxPerDay: 2,
          givenLast24h: 0,
          lastGivenAt: null,
          nextAllowedAt: null,
        },
        {
          ...common,
          prescriptionId: ibu,
          medication: 'Ibuprofen',
          minIntervalMinutes: 360,
          maxPerDay: 4,
          givenLast24h: 0,
          lastGivenAt: '2026-01-13T08:00:00.000Z',
          nextAllowedAt: null,
        },
        {
          ...common,
          prescriptionId: para,
          medication: 'Paracetamol',
          minIntervalMinutes: 240,
          maxPerDay: 3,
          givenLast24h: 3,
          lastGivenAt: '2026-01-15T06:00:00.000Z',
          // 10:00 by the interval, but the third in 24 hours waits for yesterday's 11:00 to
          // leave the window.
          nextAllowedAt: '2026-01-15T11:00:00.000Z',
        },
      ]);
    });

    it('keeps to weekdays, start and end dates; leaves out deleted prescriptions and patients and prescriptions without a schedule', async () => {
      const nurse = await createUser(db, { role: 'caregiver', privileges: 'editor' });
      const patientId = await patientOf([nurse]);
      const common = { patientId, doctorId: doctor.id, startDate: '2026-01-01' };
      await insertFixedPrescription(db, {
        ...common,
        medication: 'Fridays',
        doseTimes: ['08:00'],
        weekdays: [5],
      });
      await insertFixedPrescription(db, {
        ...common,
        medication: 'Thursdays',
        doseTimes: ['08:00'],
        weekdays: [4],
      });
      await insertFixedPrescription(db, {
        ...common,
        medication: 'Ended',
        doseTimes: ['10:00'],
        endDate: '2026-01-14',
      });
      await insertFixedPrescription(db, {
        ...common,
        medication: 'Future',
        doseTimes: ['08:00'],
        startDate: '2026-01-16',
      });
      await insertFixedPrescription(db, {
        ...common,
        medication: 'Deleted',
        doseTimes: ['08:00'],
        deletedAt: new Date('2026-01-10T00:00:00Z'),
      });
      await chartRows.prescription(db, {
        patientId,
        doctorId: doctor.id,
        at: '2026-01-01',
        medication: 'No schedule',
      });
      const gone = (await createDeletedPatient(db, { careTeam: [nurse] })).id;
      await insertFixedPrescription(db, {
        patientId: gone,
        doctorId: doctor.id,
        doseTimes: ['08:00'],
      });

      const res = await due(nurse);
      expect(res.status).toBe(200);
      expect(res.json.patients.map((p: { patientId: number }) => p.patientId)).toEqual([patientId]);
      expect(dueOf(res.json, patientId)).toEqual([
        ['2026-01-14T10:00:00.000Z', 'missed', 'Ended'], // its last day, 23 hours ago
        ['2026-01-15T08:00:00.000Z', 'due', 'Thursdays'],
      ]);
    });

    it('answers the caller’s patients only, by name; patientId narrows it, 404 out of scope, 400 when malformed', async () => {
      const nurse = await createUser(db, { role: 'caregiver', privileges: 'viewer' });
      const ada = await patientOf([nurse], { firstName: 'Ada', lastName: 'Lovelace' });
      const bea = await patientOf([nurse], { firstName: 'Bea', lastName: 'Arthur' });
      const quiet = await patientOf([nurse], { firstName: 'Quiet', lastName: 'Abbott' });
      const own = (await createPatient(db, { account: patientUser, careTeam: [nurse] })).id;
      const outside = await patientOf([]);
      for (const patientId of [ada, bea, own, outside]) {
        await insertFixedPrescription(db, { patientId, doctorId: doctor.id, doseTimes: ['08:00'] });
      }
      // Nothing due now, nothing owed since yesterday (Saturdays only): not listed.
      await insertFixedPrescription(db, {
        patientId: quiet,
        doctorId: doctor.id,
        doseTimes: ['08:00'],
        weekdays: [6],
      });

      const res = await due(nurse);
      expect(res.json.patients.map((p: { patientName: string }) => p.patientName)).toEqual([
        'Bea Arthur',
        'Ada Lovelace',
        'Ada Lovelace',
      ]);
      expect(res.json.patients.map((p: { patientId: number }) => p.patientId)).toEqual([
        bea,
        ...[ada, own].sort((a, b) => a - b),
      ]);
      expect((await due(outsideDoctor)).json.patients).toEqual([]);
      const mine = await due(patientUser);
      expect(mine.json.patients.map((p: { patientId: number }) => p.patientId)).toEqual([own]);
      const all = await due(supervisor);
      expect(all.json.patients.map((p: { patientId: number }) => p.patientId)).toEqual(
        expect.arrayContaining([ada, bea, own, outside]),
      );

      const one = await due(nurse, `?patientId=${bea}`);
      expect(one.json.patients.map((p: { patientId: number }) => p.patientId)).toEqual([bea]);
      expect((await due(nurse, `?patientId=${quiet}`)).json.patients).toEqual([]);

      const mark = await auditMark();
      const hidden = await due(nurse, `?patientId=${outside}`);
      expect(hidden.status).toBe(404);
      expect((await due(nurse, '?patientId=999999')).status).toBe(404);
      const rows = await auditSince(mark);
      expect(rows.map((r) => [r.action, r.patientId])).toEqual([['denied', outside]]);

      for (const bad of ['abc', '0', '-1', '1.5']) {
        const res400 = await due(nurse, `?patientId=${bad}`);
        expect(res400.status, bad).toBe(400);
        expect(res400.json.message).toBeTruthy();
      }
    });

    it('writes one list row in the audit log per call', async () => {
      const mark = await auditMark();
      await due(caregiver);
      const rows = await auditSince(mark);
      expect(rows.map((r) => [r.action, r.entity, r.userId, r.patientId])).toEqual([
        ['list', 'dose', caregiver.id, null],
      ]);
    });

    it('is refused to a caller without a session', async () => {
      const res = await call(t.app, 'GET', '/api/doses/due');
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/doses/summary', () => {
    it('counts doses late now and missed over the last 7 days, without an outcome', async () => {
      const nurse = await createUser(db, { role: 'caregiver', privileges: 'editor' });
      const patientId = await patientOf([nurse]);
      const p = await insertFixedPrescription(db, {
        patientId,
        doctorId: doctor.id,
        startDate: '2026-01-05',
        doseTimes: ['06:00', '08:00'],
      });
      await insertDose(db, {
        patientId,
        prescriptionId: p,
        recordedBy: nurse.id,
        scheduledAt: '2026-01-10T06:00:00Z',
      });
      await insertDose(db, {
        patientId,
        prescriptionId: p,
        recordedBy: nurse.id,
        scheduledAt: '2026-01-11T08:00:00Z',
        outcome: 'refused',
        note: 'Said no',
      });
      const res = await get(nurse, '/api/doses/summary');
      expect(res.status).toBe(200);
      expect(doseSummarySchema.safeParse(res.json).success).toBe(true);
      // Since 01-08 09:00: 01-09 to 01-14 twice a day (12) less the two recorded; today's 06:00
      // is late, 08:00 still due.
      expect(res.json).toEqual({ late: 1, missed: 10 });
      expect((await get(outsideDoctor, '/api/doses/summary')).json).toEqual({
        late: 0,
        missed: 0,
      });
    });
  });

  describe('a bounded number of statements', () => {
    let one: TestUser;
    let thirty: TestUser;

    /** Eight medicines: six at set times, two as needed, some doses recorded. */
    const stock = async (patientId: number) => {
      const rows = await db
        .insert(prescriptions)
        .values(
          Array.from({ length: 8 }, (_, i) => ({
            patientId,
            doctorId: doctor.id,
            date: '2026-01-01',
            medication: `Medicine ${i}`,
            dosage: '1 tablet',
            details: 'As written',
            schedule: i < 6 ? 'fixed' : 'prn',
            startDate: '2026-01-01',
            doseTimes: i < 6 ? ['06:00', '08:00', '20:00'] : null,
            prnMinIntervalMinutes: i < 6 ? null : 240,
            prnMaxPerDay: i < 6 ? null : 4,
          })),
        )
        .returning({ id: prescriptions.id });
      await insertDose(db, {
        patientId,
        prescriptionId: rows[0]!.id,
        recordedBy: doctor.id,
        scheduledAt: '2026-01-15T06:00:00Z',
      });
      await insertDose(db, {
        patientId,
        prescriptionId: rows[7]!.id,
        recordedBy: doctor.id,
        givenAt: '2026-01-15T07:00:00Z',
      });
    };

    beforeAll(async () => {
      one = await createUser(db, { role: 'caregiver', privileges: 'editor' });
      thirty = await createUser(db, { role: 'caregiver', privileges: 'editor' });
      await stock(await patientOf([one]));
      for (let i = 0; i < 30; i += 1) await stock(await patientOf([thirty]));
    });

    const statementsFor = async (user: TestUser, url: string) => {
      let status = 0;
      let body: any;
      const count = await countStatements(t.database, async () => {
        const res = await get(user, url);
        status = res.status;
        body = res.json;
      });
      expect(status).toBe(200);
      return { count, body };
    };

    it.each(['/api/doses/due', '/api/doses/summary'])(
      '%s: as many for 30 patients with 8 medicines each as for 1',
      async (url) => {
        // Warm: the session's first use and prepared statements are not the subject here.
        await statementsFor(one, url);
        await statementsFor(thirty, url);
        const small = await statementsFor(one, url);
        const large = await statementsFor(thirty, url);
        expect(small.count).toBeGreaterThan(0);
        expect(large.count).toBe(small.count);
        // The session, the settings, the prescriptions, the outcomes, the PRN doses (due list
        // only) and the audit row.
        expect(large.count).toBeLessThanOrEqual(url.endsWith('/due') ? 6 : 5);
        if (url.endsWith('/due')) {
          expect(large.body.patients).toHaveLength(30);
          for (const entry of large.body.patients) {
            // Six medicines: 20:00 yesterday missed, 06:00 late (but one given), 08:00 due.
            expect(entry.doses).toHaveLength(17);
            expect(entry.prn).toHaveLength(2);
          }
        } else {
          expect(large.body).toEqual({ late: 30 * 5, missed: expect.any(Number) });
          expect(large.body.missed).toBe(30 * small.body.missed);
        }
      },
    );
  });

  describe('GET /api/patients/{id}/doses', () => {
    let patientId: number;
    let amlodipine: number;
    let paracetamol: number;
    let prnDose: number;

    beforeAll(async () => {
      patientId = (
        await createPatient(db, { careTeam: [doctor, caregiver], overrides: { firstName: 'Dot' } })
      ).id;
      amlodipine = await insertFixedPrescription(db, {
        patientId,
        doctorId: doctor.id,
        medication: 'Amlodipine',
        startDate: '2026-01-10',
        doseTimes: ['20:00', '08:00'],
      });
      paracetamol = await insertPrnPrescription(db, {
        patientId,
        doctorId: doctor.id,
        medication: 'Paracetamol',
        minIntervalMinutes: 240,
        maxPerDay: 4,
      });
      await insertDose(db, {
        patientId,
        prescriptionId: amlodipine,
        recordedBy: caregiver.id,
        scheduledAt: '2026-01-14T08:00:00Z',
        givenAt: '2026-01-14T08:05:00Z',
      });
      await insertDose(db, {
        patientId,
        prescriptionId: amlodipine,
        recordedBy: caregiver.id,
        scheduledAt: '2026-01-12T08:00:00Z',
        outcome: 'given-late',
        givenAt: '2026-01-12T09:30:00Z',
        note: 'Asleep at eight',
      });
      await insertDose(db, {
        patientId,
        prescriptionId: amlodipine,
        recordedBy: caregiver.id,
        scheduledAt: '2026-01-13T20:00:00Z',
        outcome: 'refused',
        note: 'Said no',
      });
      prnDose = await insertDose(db, {
        patientId,
        prescriptionId: paracetamol,
        recordedBy: doctor.id,
        givenAt: '2026-01-14T15:00:00Z',
        prnReason: 'Headache',
      });
      await db.insert(doseCorrections).values({
        doseId: prnDose,
        outcome: 'given',
        givenAt: new Date('2026-01-14T14:00:00Z'),
        reason: null,
        prnReason: 'Back pain',
        note: '',
        recordedBy: caregiver.id,
        recordedAt: new Date('2026-01-14T14:01:00Z'),
        replacedBy: doctor.id,
        replacedAt: new Date('2026-01-14T15:02:00Z'),
      });
      await insertDose(db, {
        patientId,
        prescriptionId: paracetamol,
        recordedBy: caregiver.id,
        givenAt: '2026-01-15T07:00:00Z',
      });
    });

    const day = (user: TestUser, query = '', id = patientId) =>
      get(user, `/api/patients/${id}/doses${query}`);

    it('answers a day’s doses with status and outcome, the PRN doses given, PRN status and adherence', async () => {
      const res = await day(doctor, '?date=2026-01-14');
      expect(res.status).toBe(200);
      expect(patientDoseDaySchema.safeParse(res.json).success).toBe(true);
      expect(res.json.date).toBe('2026-01-14');
      expect(res.json.timeZone).toBe('Europe/London');
      expect(
        res.json.doses.map((d: any) => [d.localTime, d.status, d.outcome?.initials ?? null]),
      ).toEqual([
        ['08:00', 'given', 'CG'],
        ['20:00', 'missed', null],
      ]);
      expect(res.json.doses[0].outcome).toEqual({
        doseId: expect.any(Number),
        outcome: 'given',
        givenAt: '2026-01-14T08:05:00.000Z',
        reason: null,
        note: '',
        recordedByName: 'Cara Giver',
        initials: 'CG',
      });
      expect(res.json.prnGiven).toEqual([
        {
          id: prnDose,
          patientId,
          patientName: 'Dot Lovelace',
          createdAt: '2026-01-14T15:00:00.000Z',
          updatedAt: '2026-01-14T15:00:00.000Z',
          prescriptionId: paracetamol,
          medication: 'Paracetamol',
          dosage: '500 mg',
          scheduledAt: null,
          outcome: 'given',
          givenAt: '2026-01-14T15:00:00.000Z',
          reason: null,
          prnReason: 'Headache',
          note: '',
          doseTime: '2026-01-14T15:00:00.000Z',
          recordedBy: doctor.id,
          recordedByName: 'Meredith Grey',
          corrections: [
            {
              outcome: 'given',
              givenAt: '2026-01-14T14:00:00.000Z',
              reason: null,
              prnReason: 'Back pain',
              note: '',
              recordedByName: 'Cara Giver',
              recordedAt: '2026-01-14T14:01:00.000Z',
              replacedByName: 'Meredith Grey',
              replacedAt: '2026-01-14T15:02:00.000Z',
            },
          ],
        },
      ]);
      // The same record as the dose's own call answers.
      const record = await get(doctor, `/api/doses/${prnDose}`);
      expect(record.status).toBe(200);
      expect(res.json.prnGiven[0]).toEqual(record.json);
      expect(res.json.prn).toEqual([
        expect.objectContaining({
          prescriptionId: paracetamol,
          givenLast24h: 2,
          lastGivenAt: '2026-01-15T07:00:00.000Z',
          nextAllowedAt: '2026-01-15T11:00:00.000Z',
        }),
      ]);
      // Closed windows since 01-10: two a day to 01-14 (10); given 01-12 (late) and 01-14.
      expect(res.json.adherence).toEqual({
        days7: { given: 2, scheduled: 10, ratio: 0.2 },
        days30: { given: 2, scheduled: 10, ratio: 0.2 },
      });
    });

    it('is today in the agency’s zone by default', async () => {
      const res = await day(caregiver);
      expect(res.json.date).toBe('2026-01-15');
      expect(res.json.doses.map((d: any) => [d.scheduledAt, d.status])).toEqual([
        ['2026-01-15T08:00:00.000Z', 'due'],
        ['2026-01-15T20:00:00.000Z', 'upcoming'],
      ]);
      expect(res.json.prnGiven.map((d: any) => d.givenAt)).toEqual(['2026-01-15T07:00:00.000Z']);
    });

    it('refuses a malformed date with the form’s message and reads nothing', async () => {
      for (const bad of ['2026-02-30', '2026-1-5', '15/01/2026', 'today']) {
        const mark = await auditMark();
        const res = await day(doctor, `?date=${encodeURIComponent(bad)}`);
        expect(res.status, bad).toBe(400);
        expect(JSON.stringify(res.json), bad).toContain(doseTexts.dateInvalid);
        expect(await auditSince(mark)).toEqual([]);
      }
    });

    it('answers 404 for a patient out of scope (audited) or missing', async () => {
      const mark = await auditMark();
      expect((await day(outsideDoctor)).status).toBe(404);
      expect((await day(doctor, '', 999999)).status).toBe(404);
      const rows = await auditSince(mark);
      expect(rows.map((r) => [r.action, r.userId, r.patientId])).toEqual([
        ['denied', outsideDoctor.id, patientId],
      ]);
    });

    it('writes one list row of the patient per call', async () => {
      const mark = await auditMark();
      await day(doctor, '?date=2026-01-13');
      const rows = await auditSince(mark);
      expect(rows.map((r) => [r.action, r.entity, r.patientId])).toEqual([
        ['list', 'dose', patientId],
      ]);
    });
  });

  describe('GET /api/patients/{id}/mar', () => {
    let patientId: number;
    let amlodipine: number;
    let metformin: number;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      patientId = (
        await createPatient(db, { careTeam: [doctor, caregiver], overrides: { firstName: 'Mar' } })
      ).id;
      const common = { patientId, doctorId: doctor.id };
      amlodipine = await insertFixedPrescription(db, {
        ...common,
        medication: 'Amlodipine',
        startDate: '2026-01-10',
        doseTimes: ['08:00', '20:00'],
      });
      metformin = await insertFixedPrescription(db, {
        ...common,
        medication: 'Metformin',
        startDate: '2026-01-01',
        endDate: '2026-01-20',
        doseTimes: ['13:00'],
        weekdays: [1, 3, 5],
      });
      await insertFixedPrescription(db, {
        ...common,
        medication: 'Aspirin (deleted)',
        doseTimes: ['09:00'],
        deletedAt: new Date('2026-01-02T00:00:00Z'),
      });
      await insertFixedPrescription(db, {
        ...common,
        medication: 'Aspirin (ended)',
        startDate: '2025-10-01',
        endDate: '2025-11-30',
        doseTimes: ['09:00'],
      });
      const prn = await insertPrnPrescription(db, {
        ...common,
        medication: 'Paracetamol',
        minIntervalMinutes: 240,
        maxPerDay: 4,
        startDate: '2025-12-01',
      });
      const dose = (o: Omit<Parameters<typeof insertDose>[1], 'patientId'>) =>
        insertDose(db, { patientId, ...o });
      ids.given = await dose({
        prescriptionId: amlodipine,
        recordedBy: caregiver.id,
        scheduledAt: '2026-01-12T08:00:00Z',
      });
      ids.late = await dose({
        prescriptionId: amlodipine,
        recordedBy: caregiver.id,
        scheduledAt: '2026-01-13T08:00:00Z',
        outcome: 'given-late',
        givenAt: '2026-01-13T09:20:00Z',
      });
      ids.refused = await dose({
        prescriptionId: amlodipine,
        recordedBy: caregiver.id,
        scheduledAt: '2026-01-13T20:00:00Z',
        outcome: 'refused',
        note: 'Refused',
      });
      ids.nausea = await dose({
        prescriptionId: amlodipine,
        recordedBy: caregiver.id,
        scheduledAt: '2026-01-14T08:00:00Z',
        outcome: 'not-given',
        reason: 'nausea',
        note: 'Vomiting',
      });
      ids.offSchedule = await dose({
        prescriptionId: amlodipine,
        recordedBy: doctor.id,
        scheduledAt: '2026-01-11T12:00:00Z',
      });
      await dose({
        prescriptionId: amlodipine,
        recordedBy: doctor.id,
        scheduledAt: '2026-01-12T20:00:00Z',
        deletedAt: new Date('2026-01-12T21:00:00Z'),
      });
      ids.metformin = await dose({
        prescriptionId: metformin,
        recordedBy: doctor.id,
        scheduledAt: '2026-01-12T13:00:00Z',
      });
      ids.prn1 = await dose({
        prescriptionId: prn,
        recordedBy: caregiver.id,
        givenAt: '2026-01-05T10:00:00Z',
        prnReason: 'Headache',
      });
      ids.prn2 = await dose({
        prescriptionId: prn,
        recordedBy: doctor.id,
        givenAt: '2026-01-14T15:00:00Z',
        prnReason: 'Knee pain',
        note: 'Better after an hour',
      });
      await dose({
        prescriptionId: prn,
        recordedBy: doctor.id,
        givenAt: '2026-01-06T15:00:00Z',
        deletedAt: new Date('2026-01-06T16:00:00Z'),
      });
      ids.december = await dose({
        prescriptionId: prn,
        recordedBy: doctor.id,
        givenAt: '2025-12-31T23:00:00Z',
      });
    });

    const mar = (user: TestUser, query = '', id = patientId) =>
      get(user, `/api/patients/${id}/mar${query}`);
    const codes = (cells: ({ code: string; status: string } | null)[]) =>
      cells.map((c) => (c === null ? null : c.code || c.status));

    it('has a row per medicine and time, a cell per day with the outcome’s code, the PRN doses and adherence', async () => {
      const res = await mar(caregiver, '?month=2026-01');
      expect(res.status).toBe(200);
      expect(marSchema.safeParse(res.json).success).toBe(true);
      const body = res.json;
      expect(body.patient).toEqual({
        id: patientId,
        name: 'Mar Lovelace',
        dateOfBirth: '1940-12-10',
      });
      expect(body.month).toBe('2026-01');
      expect(body.timeZone).toBe('Europe/London');
      expect(body.days).toBe(31);
      expect(body.rows.map((r: any) => [r.medication, r.time, r.prescriptionId])).toEqual([
        ['Amlodipine', '08:00', amlodipine],
        // Recorded at a time the schedule does not give: its own row.
        ['Amlodipine', '12:00', amlodipine],
        ['Amlodipine', '20:00', amlodipine],
        ['Metformin', '13:00', metformin],
      ]);
      for (const row of body.rows) expect(row.cells).toHaveLength(31);
      const none = (n: number) => Array.from({ length: n }, () => null);
      const upcoming = (n: number) => Array.from({ length: n }, () => 'upcoming');
      const [am, noon, pm, met] = body.rows;
      expect(codes(am.cells)).toEqual([
        ...none(9),
        'M', // 10
        'M',
        'CG', // 12: given
        'CG L', // 13: given late
        'N', // 14: nausea
        'due', // 15: 08:00, an hour ago
        ...upcoming(16),
      ]);
      expect(codes(pm.cells)).toEqual([
        ...none(9),
        'M',
        'M',
        'M', // 12: its outcome was deleted
        'R',
        'M',
        ...upcoming(17),
      ]);
      expect(codes(noon.cells)).toEqual([...none(10), 'MG', ...none(20)]);
      // Mondays, Wednesdays and Fridays to the 20th.
      expect(codes(met.cells)).toEqual([
        null,
        'M', // Fri 2
        null,
        null,
        'M', // Mon 5
        null,
        'M', // Wed 7
        null,
        'M', // Fri 9
        null,
        null,
        'MG', // Mon 12
        null,
        'M', // Wed 14
        null,
        'upcoming', // Fri 16
        null,
        null,
        'upcoming', // Mon 19
        ...none(12),
      ]);
      expect(am.cells[11]).toEqual({
        scheduledAt: '2026-01-12T08:00:00.000Z',
        status: 'given',
        code: 'CG',
        doseId: ids.given,
      });
      expect(am.cells[12]).toMatchObject({ status: 'given-late', doseId: ids.late });
      expect(am.cells[13]).toMatchObject({ status: 'not-given', doseId: ids.nausea });
      expect(pm.cells[9]).toEqual({
        scheduledAt: '2026-01-10T20:00:00.000Z',
        status: 'missed',
        code: 'M',
        doseId: null,
      });
      expect(am).toMatchObject({ dosage: '10 mg', route: 'oral', instructions: 'With food' });

      expect(body.prn).toEqual([
        {
          doseId: ids.prn1,
          prescriptionId: expect.any(Number),
          medication: 'Paracetamol',
          dosage: '500 mg',
          givenAt: '2026-01-05T10:00:00.000Z',
          prnReason: 'Headache',
          note: '',
          recordedByName: 'Cara Giver',
          initials: 'CG',
        },
        expect.objectContaining({
          doseId: ids.prn2,
          givenAt: '2026-01-14T15:00:00.000Z',
          prnReason: 'Knee pain',
          note: 'Better after an hour',
          initials: 'MG',
        }),
      ]);
      // Closed in the last 7 days (01-08 08:00 to 01-15 08:00): Amlodipine 10, Metformin 3
      // (9th, 12th, 14th); given: Amlodipine 12th and 13th (late), Metformin 12th. Over 30
      // days Metformin adds the 2nd, 5th and 7th. The 12:00 dose is not on the schedule.
      expect(body.adherence).toEqual({
        days7: { given: 3, scheduled: 13, ratio: 3 / 13 },
        days30: { given: 3, scheduled: 16, ratio: 3 / 16 },
      });
    });

    it('is this month by default; another month has its own rows and PRN doses, adherence stays the last days', async () => {
      const current = await mar(doctor);
      expect(current.json.month).toBe('2026-01');
      expect(current.json.rows).toHaveLength(4);
      const december = await mar(doctor, '?month=2025-12');
      expect(december.status).toBe(200);
      expect(december.json.days).toBe(31);
      expect(december.json.rows).toEqual([]);
      expect(december.json.prn.map((d: { doseId: number }) => d.doseId)).toEqual([ids.december]);
      expect(december.json.adherence).toEqual(current.json.adherence);
      const february = await mar(doctor, '?month=2026-02');
      expect(february.json.days).toBe(28);
      expect(february.json.rows.map((r: any) => r.medication)).toEqual([
        'Amlodipine',
        'Amlodipine',
      ]);
      // Months apart from the last 30 days (read on their own): adherence is the same.
      expect(february.json.adherence).toEqual(current.json.adherence);
      const november = await mar(doctor, '?month=2025-11');
      expect(november.json.rows.map((r: any) => r.medication)).toEqual(['Aspirin (ended)']);
      expect(november.json.prn).toEqual([]);
      expect(november.json.adherence).toEqual(current.json.adherence);
    });

    it('refuses a malformed month with the form’s message, and a patient out of scope with 404', async () => {
      for (const bad of ['2026-13', '2026-1', '1899-12', 'January']) {
        const res = await mar(doctor, `?month=${bad}`);
        expect(res.status, bad).toBe(400);
        expect(JSON.stringify(res.json), bad).toContain(doseTexts.monthInvalid);
      }
      expect((await mar(outsideDoctor)).status).toBe(404);
      expect((await mar(doctor, '', 999999)).status).toBe(404);
      const mark = await auditMark();
      expect((await mar(caregiver)).status).toBe(200);
      expect((await auditSince(mark)).map((r) => [r.action, r.entity, r.patientId])).toEqual([
        ['list', 'dose', patientId],
      ]);
    });
  });
});

describe('the rounds in the agency’s time zone', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    patientId = (await createPatient(db, { careTeam: [doctor] })).id;
    await insertFixedPrescription(db, {
      patientId,
      doctorId: doctor.id,
      medication: 'Night and morning',
      startDate: '2026-01-01',
      doseTimes: ['01:30', '08:00'],
    });
  });
  afterAll(() => t.close());

  /** A supervisor signed in at the clock's time (sessions expire), who sees every patient. */
  let reader: TestUser;
  const signIn = async (at: string) => {
    t.clock.set(at);
    reader = await createUser(db, { role: 'doctor', privileges: 'supervisor', now: new Date(at) });
  };
  const day = async (date: string) => {
    const res = await call(t.app, 'GET', `/api/patients/${patientId}/doses?date=${date}`, {
      token: reader.token,
    });
    expect(res.status).toBe(200);
    return res.json.doses.map((d: any) => [d.scheduledAt, d.localDate, d.localTime]);
  };

  it('a daylight-saving day neither skips nor doubles a dose (London, spring and autumn)', async () => {
    await setAgencySettings(db, { timeZone: 'Europe/London' });
    await signIn('2026-11-01T12:00:00.000Z');
    expect(await day('2026-03-28')).toEqual([
      ['2026-03-28T01:30:00.000Z', '2026-03-28', '01:30'],
      ['2026-03-28T08:00:00.000Z', '2026-03-28', '08:00'],
    ]);
    // Clocks go forward at 01:00: 01:30 does not exist and moves on by the gap.
    expect(await day('2026-03-29')).toEqual([
      ['2026-03-29T01:30:00.000Z', '2026-03-29', '02:30'],
      ['2026-03-29T07:00:00.000Z', '2026-03-29', '08:00'],
    ]);
    // Clocks go back at 02:00: 01:30 happens twice and is given once, the first time.
    expect(await day('2026-10-25')).toEqual([
      ['2026-10-25T00:30:00.000Z', '2026-10-25', '01:30'],
      ['2026-10-25T08:00:00.000Z', '2026-10-25', '08:00'],
    ]);

    const mar = await call(t.app, 'GET', `/api/patients/${patientId}/mar?month=2026-03`, {
      token: reader.token,
    });
    const [night, morning] = mar.json.rows;
    expect([night.time, morning.time]).toEqual(['01:30', '08:00']);
    expect(night.cells.filter((c: unknown) => c !== null)).toHaveLength(31);
    expect(night.cells[28].scheduledAt).toBe('2026-03-29T01:30:00.000Z');
    expect(morning.cells[28].scheduledAt).toBe('2026-03-29T07:00:00.000Z');
    expect(morning.cells[27].scheduledAt).toBe('2026-03-28T08:00:00.000Z');
    // 8 months after: every dose of March was missed.
    expect(new Set(night.cells.map((c: { code: string }) => c.code))).toEqual(new Set(['M']));
  });

  it('schedules in the agency’s zone, and today is the agency’s today', async () => {
    await setAgencySettings(db, { timeZone: 'America/New_York' });
    await signIn('2026-01-15T13:30:00.000Z'); // 08:30 in New York
    expect(await day('2026-01-15')).toEqual([
      ['2026-01-15T06:30:00.000Z', '2026-01-15', '01:30'],
      ['2026-01-15T13:00:00.000Z', '2026-01-15', '08:00'],
    ]);
    const due = await call(t.app, 'GET', `/api/doses/due?patientId=${patientId}`, {
      token: reader.token,
    });
    expect(due.json.timeZone).toBe('America/New_York');
    expect(
      due.json.patients[0].doses.map((d: any) => [d.localDate, d.localTime, d.status]),
    ).toEqual([
      // The 14th's 08:00 is 24.5 hours ago: out of the list.
      ['2026-01-15', '01:30', 'missed'],
      ['2026-01-15', '08:00', 'due'],
    ]);
    // 22:00 on the 15th in New York is the 16th in UTC.
    await signIn('2026-01-16T03:00:00.000Z');
    const today = await call(t.app, 'GET', `/api/patients/${patientId}/doses`, {
      token: reader.token,
    });
    expect(today.json.date).toBe('2026-01-15');
    const month = await call(t.app, 'GET', `/api/patients/${patientId}/mar`, {
      token: reader.token,
    });
    expect(month.json.month).toBe('2026-01');
    await signIn('2026-02-01T03:00:00.000Z'); // still January in New York
    expect(
      (await call(t.app, 'GET', `/api/patients/${patientId}/mar`, { token: reader.token })).json
        .month,
    ).toBe('2026-01');
  });
});
