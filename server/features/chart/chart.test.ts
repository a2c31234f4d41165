import { eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, chartTexts } from '../../../shared/messages.ts';
import { chartSchema, vitalSeriesSchema } from '../../../shared/schemas/chart.ts';
import { SERIES_MAX } from '../../../shared/constants.ts';
import { rangesWith } from '../../../shared/vital-thresholds.ts';
import { createSession } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, patients } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { chartRows, countStatements, insertHistory } from '../../test/chart-history.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { ageOn } from './chart.service.ts';

describe('the chart', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let otherPatientUser: TestUser;
  let outsideDoctor: TestUser;
  let supervisor: TestUser;
  let patientId: number;
  let otherPatientId: number;

  const chart = (user: TestUser, id = patientId) =>
    call(t.app, 'GET', `/api/patients/${id}/chart`, { token: user.token });
  const series = (user: TestUser, days?: string, id = patientId) =>
    call(t.app, 'GET', `/api/patients/${id}/vital-series${days ? `?days=${days}` : ''}`, {
      token: user.token,
    });
  const auditMark = async () => {
    const [row] = await db
      .select({ max: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
      .from(auditLog);
    return row!.max;
  };
  const auditSince = (mark: number) =>
    db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(auditLog.id);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, {
      role: 'doctor',
      privileges: 'editor',
      firstName: 'Meredith',
      secondName: 'Grey',
    });
    caregiver = await createUser(db, {
      role: 'caregiver',
      privileges: 'viewer',
      firstName: 'Cara',
      secondName: 'Giver',
    });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    otherPatientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    outsideDoctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    supervisor = await createUser(db, { role: 'caregiver', privileges: 'supervisor' });
    patientId = (await createPatient(db, { careTeam: [doctor, caregiver], account: patientUser }))
      .id;
    otherPatientId = (await createPatient(db, { account: otherPatientUser })).id;
  });
  afterAll(() => t.close());

  describe('the header (GET /api/patients/{id}/chart)', () => {
    it('answers the patient, age, care team, ranges and an empty history', async () => {
      const res = await chart(doctor);
      expect(res.status).toBe(200);
      expect(chartSchema.safeParse(res.json).success).toBe(true);
      const patient = await call(t.app, 'GET', `/api/patients/${patientId}`, {
        token: doctor.token,
      });
      const team = await call(t.app, 'GET', `/api/patients/${patientId}/care-team`, {
        token: doctor.token,
      });
      expect(res.json).toEqual({
        patient: patient.json,
        // Born 1940-12-10; the server's today is 2026-01-15.
        ageYears: 85,
        allergyStatus: 'not-recorded',
        allergies: [],
        conditions: [],
        careTeam: team.json,
        ranges: rangesWith({}),
        lastVitals: null,
      });
      expect(res.json.careTeam.map((m: { name: string }) => m.name)).toEqual([
        'Cara Giver',
        'Meredith Grey',
      ]);
    });

    it('counts whole years on the server’s today', () => {
      const today = new Date('2026-01-15T09:00:00.000Z');
      expect(ageOn('1940-01-15', today)).toBe(86);
      expect(ageOn('1940-01-16', today)).toBe(85);
      expect(ageOn('1940-02-01', today)).toBe(85);
      expect(ageOn('1939-12-31', today)).toBe(86);
      expect(ageOn('1944-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(81);
      expect(ageOn('1944-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(82);
    });

    it('says whether allergies are recorded, none, or not recorded, from active ones only', async () => {
      const id = (await createPatient(db, { careTeam: [doctor] })).id;
      const status = async () => (await chart(doctor, id)).json.allergyStatus;
      expect(await status()).toBe('not-recorded');
      // Resolved and deleted allergies count for nothing.
      await chartRows.allergy(db, {
        patientId: id,
        at: '2025-01-01T00:00:00Z',
        recordedBy: doctor.id,
        status: 'resolved',
      });
      await chartRows.allergy(db, {
        patientId: id,
        at: '2025-01-02T00:00:00Z',
        recordedBy: doctor.id,
        deletedAt: new Date('2025-02-01T00:00:00Z'),
      });
      expect(await status()).toBe('not-recorded');
      await db
        .update(patients)
        .set({
          noKnownAllergiesAt: new Date('2025-03-01T00:00:00Z'),
          noKnownAllergiesBy: doctor.id,
        })
        .where(eq(patients.id, id));
      expect(await status()).toBe('none');
      const active = await chartRows.allergy(db, {
        patientId: id,
        at: '2025-04-01T00:00:00Z',
        recordedBy: doctor.id,
        substance: 'Latex',
        reaction: 'Hives',
      });
      const res = await chart(doctor, id);
      expect(res.json.allergyStatus).toBe('recorded');
      expect(res.json.allergies).toEqual([
        {
          id: active,
          patientId: id,
          patientName: 'Ada Lovelace',
          substance: 'Latex',
          reaction: 'Hives',
          onset: null,
          status: 'active',
          recordedBy: doctor.id,
          recordedByName: 'Meredith Grey',
          createdAt: '2025-04-01T00:00:00.000Z',
          updatedAt: '2025-04-01T00:00:00.000Z',
        },
      ]);
    });

    it('lists active conditions newest first, without resolved or deleted ones', async () => {
      const id = (await createPatient(db, { careTeam: [doctor] })).id;
      const p = { patientId: id, recordedBy: doctor.id };
      const older = await chartRows.condition(db, {
        ...p,
        at: '2024-01-01T00:00:00Z',
        name: 'Gout',
      });
      const newer = await chartRows.condition(db, { ...p, at: '2025-01-01T00:00:00Z' });
      await chartRows.condition(db, { ...p, at: '2025-02-01T00:00:00Z', status: 'resolved' });
      await chartRows.condition(db, {
        ...p,
        at: '2025-03-01T00:00:00Z',
        deletedAt: new Date('2025-03-02T00:00:00Z'),
      });
      const res = await chart(doctor, id);
      expect(res.json.conditions.map((c: { id: number }) => c.id)).toEqual([newer, older]);
      expect(res.json.conditions[1]).toMatchObject({
        name: 'Gout',
        status: 'active',
        note: '',
        onset: null,
        recordedByName: 'Meredith Grey',
        patientName: 'Ada Lovelace',
      });
    });

    it('answers the default ranges, and the doctor’s own where set', async () => {
      const id = (await createPatient(db, { careTeam: [doctor] })).id;
      await chartRows.threshold(db, {
        patientId: id,
        measurement: 'pulse',
        low: 45,
        high: null,
        setBy: doctor.id,
      });
      const res = await chart(doctor, id);
      expect(res.json.ranges).toEqual(rangesWith({ pulse: { low: 45, high: null } }));
      expect(res.json.ranges.pulse).toEqual({ low: 45, high: null, isDefault: false });
      expect(res.json.ranges.systolic).toEqual({ low: 90, high: 140, isDefault: true });
    });

    it('answers the newest live reading as the vital-signs calls answer it', async () => {
      const id = (await createPatient(db, { careTeam: [doctor] })).id;
      const p = { patientId: id, recordedBy: caregiver.id };
      await chartRows.vitalSign(db, { ...p, at: '2025-12-01T08:00:00Z' });
      const newest = await chartRows.vitalSign(db, {
        ...p,
        at: '2025-12-02T08:00:00Z',
        values: { pulse: 64, temperatureC: 37.2, glucoseMmolL: 6.1, weightKg: 70.5 },
        note: 'After a walk',
      });
      await chartRows.vitalSign(db, {
        ...p,
        at: '2025-12-03T08:00:00Z',
        deletedAt: new Date('2025-12-04T00:00:00Z'),
      });
      const res = await chart(doctor, id);
      const reading = await call(t.app, 'GET', `/api/vital-signs/${newest}`, {
        token: doctor.token,
      });
      expect(reading.status).toBe(200);
      expect(res.json.lastVitals).toEqual(reading.json);
      expect(res.json.lastVitals).toMatchObject({
        id: newest,
        pulse: 64,
        temperatureC: 37.2,
        systolic: null,
        recordedByName: 'Cara Giver',
        recordedByRole: 'caregiver',
      });
    });

    it('the care team, the patient themself and supervisors read it; others get 404', async () => {
      for (const user of [doctor, caregiver, patientUser, supervisor]) {
        expect((await chart(user)).status).toBe(200);
      }
      for (const user of [otherPatientUser, outsideDoctor]) {
        const mark = await auditMark();
        const res = await chart(user);
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ message: apiErrors.notFound });
        expect(await auditSince(mark)).toMatchObject([
          { userId: user.id, action: 'denied', entity: 'patient', patientId, outcome: 'denied' },
        ]);
      }
      expect((await chart(otherPatientUser, otherPatientId)).status).toBe(200);
      const mark = await auditMark();
      expect((await chart(doctor, 2_000_000_000)).status).toBe(404);
      // A missing id leaves no row: there is nothing to protect.
      expect(await auditSince(mark)).toEqual([]);
      expect((await call(t.app, 'GET', `/api/patients/${patientId}/chart`)).status).toBe(401);
      expect(
        (await call(t.app, 'GET', '/api/patients/abc/chart', { token: doctor.token })).status,
      ).toBe(400);
    });

    it('a coordinator reads the patient and care team, but no allergy, condition, range or reading', async () => {
      const coordinator = await createUser(db, { role: 'coordinator', privileges: 'editor' });
      const id = (await createPatient(db, { careTeam: [doctor] })).id;
      await chartRows.allergy(db, {
        patientId: id,
        at: '2025-01-02T00:00:00Z',
        recordedBy: doctor.id,
      });
      await chartRows.condition(db, {
        patientId: id,
        at: '2025-01-03T00:00:00Z',
        recordedBy: doctor.id,
      });
      await chartRows.vitalSign(db, {
        patientId: id,
        at: '2025-01-04T00:00:00Z',
        recordedBy: doctor.id,
      });
      const full = await chart(doctor, id);
      expect(full.json).toMatchObject({ allergyStatus: 'recorded' });
      expect(full.json.allergies).toHaveLength(1);
      expect(full.json.conditions).toHaveLength(1);
      expect(full.json.lastVitals).not.toBeNull();

      const res = await chart(coordinator, id);
      expect(res.status).toBe(200);
      expect(chartSchema.safeParse(res.json).success).toBe(true);
      expect(res.json).toEqual({
        ...full.json,
        allergyStatus: null,
        allergies: [],
        conditions: [],
        ranges: null,
        lastVitals: null,
      });
      // The clinical lists themselves are refused.
      for (const url of [
        `/api/allergies/patient/${id}`,
        `/api/conditions/patient/${id}`,
        `/api/vital-signs/patient/${id}`,
        `/api/medical-records/patient/${id}`,
      ]) {
        expect((await call(t.app, 'GET', url, { token: coordinator.token })).status, url).toBe(403);
      }
    });

    it('a deleted patient answers 404', async () => {
      const id = (await createPatient(db, { careTeam: [doctor] })).id;
      await db.update(patients).set({ deletedAt: new Date() }).where(eq(patients.id, id));
      expect((await chart(doctor, id)).status).toBe(404);
      expect((await chart(supervisor, id)).status).toBe(404);
    });

    it('is audited as one read of the patient', async () => {
      const mark = await auditMark();
      expect((await chart(caregiver)).status).toBe(200);
      const rows = await auditSince(mark);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        userId: caregiver.id,
        role: 'caregiver',
        action: 'read',
        entity: 'patient',
        entityId: String(patientId),
        patientId,
        outcome: 'success',
      });
    });
  });

  describe('a bounded number of statements whatever the history', () => {
    let shortId: number;
    let longId: number;

    beforeAll(async () => {
      shortId = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
      longId = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
      const people = { doctorId: doctor.id, caregiverId: caregiver.id };
      await insertHistory(db, {
        patientId: shortId,
        ...people,
        count: 1,
        until: '2026-01-14T08:00:00Z',
      });
      await insertHistory(db, {
        patientId: longId,
        ...people,
        count: 400,
        until: '2026-01-14T08:00:00Z',
      });
      for (const id of [shortId, longId]) {
        await chartRows.threshold(db, {
          patientId: id,
          measurement: 'pulse',
          low: 50,
          high: 90,
          setBy: doctor.id,
        });
      }
    });

    const statementsFor = async (url: string) => {
      let status = 0;
      const count = await countStatements(t.database, async () => {
        status = (await call(t.app, 'GET', url, { token: doctor.token })).status;
      });
      expect(status).toBe(200);
      return count;
    };

    it.each([
      ['chart', ''],
      ['timeline', ''],
      ['timeline', '?limit=100&types=vital-sign,allergy,condition'],
      ['vital-series', '?days=all'],
    ])('%s%s: as many for 400 records of each type as for 1', async (call, query) => {
      // Warm: the session's first use and prepared statements are not the subject here.
      await statementsFor(`/api/patients/${shortId}/${call}${query}`);
      await statementsFor(`/api/patients/${longId}/${call}${query}`);
      const short = await statementsFor(`/api/patients/${shortId}/${call}${query}`);
      const long = await statementsFor(`/api/patients/${longId}/${call}${query}`);
      expect(short).toBeGreaterThan(0);
      expect(long).toBe(short);
      // Session lookup, the reads and the audit row: a handful, not one per record.
      expect(long).toBeLessThanOrEqual(call === 'chart' ? 10 : 6);
    });

    it('the long history is really there', async () => {
      const res = await call(t.app, 'GET', `/api/patients/${longId}/chart`, {
        token: doctor.token,
      });
      expect(res.json.allergies).toHaveLength(200);
      expect(res.json.conditions).toHaveLength(200);
      const page = await call(t.app, 'GET', `/api/patients/${longId}/timeline?limit=100`, {
        token: doctor.token,
      });
      expect(page.json.entries).toHaveLength(100);
      expect(page.json.nextCursor).not.toBeNull();
    });
  });

  describe('the vital series (GET /api/patients/{id}/vital-series)', () => {
    let id: number;
    /** Reading ids by how many days before the server's now they were taken. */
    const byAge = new Map<number, number>();
    const now = new Date('2026-01-15T09:00:00.000Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000).toISOString();

    beforeAll(async () => {
      id = (await createPatient(db, { careTeam: [doctor] })).id;
      for (const days of [400, 91, 89, 31, 29, 8, 6.9, 1]) {
        byAge.set(
          days,
          await chartRows.vitalSign(db, {
            patientId: id,
            recordedBy: doctor.id,
            at: daysAgo(days),
            values: { pulse: 60 + (Math.round(days) % 40), temperatureC: 36.6 },
          }),
        );
      }
      await chartRows.vitalSign(db, {
        patientId: id,
        recordedBy: doctor.id,
        at: daysAgo(2),
        deletedAt: new Date(),
      });
    });

    const readingIds = (res: { json: { readings: { id: number }[] } }) =>
      res.json.readings.map((r) => r.id);
    const ofAges = (...ages: number[]) => ages.map((a) => byAge.get(a));

    it('answers the readings of the span, oldest first, without deleted ones', async () => {
      const week = await series(doctor, '7', id);
      expect(week.status).toBe(200);
      expect(vitalSeriesSchema.safeParse(week.json).success).toBe(true);
      expect(readingIds(week)).toEqual(ofAges(6.9, 1));
      expect(week.json.truncated).toBe(false);
      expect(week.json.readings[1]).toEqual({
        id: byAge.get(1),
        takenAt: daysAgo(1),
        systolic: null,
        diastolic: null,
        pulse: 61,
        respiratoryRate: null,
        temperatureC: 36.6,
        spo2: null,
        glucoseMmolL: null,
        weightKg: null,
        pain: null,
      });
      expect(readingIds(await series(doctor, '30', id))).toEqual(ofAges(29, 8, 6.9, 1));
      expect(readingIds(await series(doctor, '90', id))).toEqual(ofAges(89, 31, 29, 8, 6.9, 1));
      expect(readingIds(await series(doctor, 'all', id))).toEqual(
        ofAges(400, 91, 89, 31, 29, 8, 6.9, 1),
      );
      // 30 days unless asked.
      expect(readingIds(await series(doctor, undefined, id))).toEqual(ofAges(29, 8, 6.9, 1));
    });

    it('follows the server’s clock', async () => {
      const later = new Date('2026-01-22T09:00:00.000Z');
      t.clock.set(later);
      try {
        // A session of that day: the others would have ended while idle.
        const token = await createSession(db, doctor.id, later);
        const asOf = (days: string) =>
          call(t.app, 'GET', `/api/patients/${id}/vital-series?days=${days}`, { token });
        expect(readingIds(await asOf('7'))).toEqual([]);
        expect(readingIds(await asOf('30'))).toEqual(ofAges(8, 6.9, 1));
      } finally {
        t.clock.set(now);
      }
    });

    it(`answers at most ${SERIES_MAX} of the newest readings, and says so`, async () => {
      const many = (await createPatient(db, { careTeam: [doctor] })).id;
      await db.execute(sql`
        insert into vital_signs (patient_id, taken_at, pulse, recorded_by)
        select ${many}::int, ${now.toISOString()}::timestamptz - g * interval '1 minute', 60 + g % 30, ${doctor.id}::int
        from generate_series(1, ${SERIES_MAX + 5}::int) g`);
      const res = await series(doctor, '7', many);
      expect(res.status).toBe(200);
      expect(res.json.truncated).toBe(true);
      expect(res.json.readings).toHaveLength(SERIES_MAX);
      const times = res.json.readings.map((r: { takenAt: string }) => r.takenAt);
      expect(times[0]).toBe(new Date(now.getTime() - SERIES_MAX * 60_000).toISOString());
      expect(times[times.length - 1]).toBe(new Date(now.getTime() - 60_000).toISOString());
      expect([...times].sort()).toEqual(times);
      // Exactly SERIES_MAX readings are not truncated.
      await db.execute(sql`delete from vital_signs where patient_id = ${many}::int
        and taken_at < ${now.toISOString()}::timestamptz - ${SERIES_MAX} * interval '1 minute'`);
      const exact = await series(doctor, 'all', many);
      expect(exact.json.readings).toHaveLength(SERIES_MAX);
      expect(exact.json.truncated).toBe(false);
    });

    it('a span other than 7, 30, 90 or all answers 400 with the message, writes nothing', async () => {
      for (const days of ['14', 'abc', '7.0', '-7', '']) {
        const mark = await auditMark();
        const res = await call(t.app, 'GET', `/api/patients/${id}/vital-series?days=${days}`, {
          token: doctor.token,
        });
        expect(res.status).toBe(400);
        expect(res.json.message).toBe(chartTexts.daysMustBeOneOf);
        expect(await auditSince(mark)).toEqual([]);
      }
    });

    it('the care team, the patient and supervisors read it; others get 404 (audited)', async () => {
      for (const user of [doctor, caregiver, patientUser, supervisor]) {
        expect((await series(user, '90')).status).toBe(200);
      }
      for (const user of [otherPatientUser, outsideDoctor]) {
        const mark = await auditMark();
        const res = await series(user, '90');
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ message: apiErrors.notFound });
        expect(await auditSince(mark)).toMatchObject([
          { userId: user.id, action: 'denied', entity: 'vital-sign', patientId },
        ]);
      }
      expect((await series(doctor, '90', 2_000_000_000)).status).toBe(404);
      expect((await call(t.app, 'GET', `/api/patients/${patientId}/vital-series`)).status).toBe(
        401,
      );
    });

    it('is audited as one list of the patient’s readings', async () => {
      const mark = await auditMark();
      await series(patientUser, '30');
      const rows = await auditSince(mark);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        userId: patientUser.id,
        action: 'list',
        entity: 'vital-sign',
        patientId,
        outcome: 'success',
      });
    });
  });

  it('the three calls are in the OpenAPI document', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    for (const path of ['chart', 'timeline', 'vital-series']) {
      const op = res.json.paths[`/api/patients/{id}/${path}`]?.get;
      expect(op, path).toBeDefined();
      expect(op.summary).toBeTruthy();
      expect(op.responses['200']).toBeDefined();
      expect(op.responses['404']).toBeDefined();
    }
    const days = res.json.paths['/api/patients/{id}/vital-series'].get.parameters.find(
      (p: { name: string }) => p.name === 'days',
    );
    expect(days.schema.enum).toEqual(['7', '30', '90', 'all']);
  });
});
