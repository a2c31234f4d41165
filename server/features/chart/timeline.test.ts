import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, chartTexts } from '../../../shared/messages.ts';
import { privileges, roles, can } from '../../../shared/permissions.ts';
import { recordType } from '../../../shared/record-types.ts';
import {
  timelinePageSchema,
  timelineQuerySchema,
  type TimelineEntry,
} from '../../../shared/schemas/chart.ts';
import { timelineTypes, type TimelineType } from '../../../shared/constants.ts';
import { createRequestContext } from '../../auth/context.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { chartRows } from '../../test/chart-history.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { insertCarePlanTasks, insertVisit } from '../../test/visit-factories.ts';
import { decodeCursor, encodeCursor, loadTimeline, readableTimelineTypes } from './timeline.ts';

describe('the timeline (GET /api/patients/{id}/timeline)', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let otherPatientUser: TestUser;
  let outsideDoctor: TestUser;
  let supervisor: TestUser;
  /** A patient with one record of each type, and some deleted ones. */
  let patientId: number;
  let otherPatientId: number;
  /** What the patient's timeline must hold, in order. */
  let expected: { type: TimelineType; id: number }[];
  const ids: Partial<Record<TimelineType, number>> = {};

  const get = (user: TestUser, query = '', id = patientId) =>
    call(t.app, 'GET', `/api/patients/${id}/timeline${query ? `?${query}` : ''}`, {
      token: user.token,
    });
  const keys = (entries: TimelineEntry[]) => entries.map((e) => ({ type: e.type, id: e.id }));

  /** Every entry of a patient's timeline, page by page. */
  async function pageThrough(user: TestUser, id: number, limit: number, extra = '') {
    const seen: TimelineEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `limit=${limit}${extra}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await get(user, query, id);
      expect(res.status).toBe(200);
      expect(res.json.entries.length).toBeLessThanOrEqual(limit);
      seen.push(...res.json.entries);
      cursor = res.json.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(500);
    } while (cursor);
    return seen;
  }

  const auditCount = async (where = sql`true`) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where);
    return row!.n;
  };

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
      privileges: 'editor',
      firstName: 'Cara',
      secondName: 'Giver',
    });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    otherPatientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    outsideDoctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    patientId = (await createPatient(db, { careTeam: [doctor, caregiver], account: patientUser }))
      .id;
    otherPatientId = (await createPatient(db, { account: otherPatientUser })).id;

    const p = { patientId };
    ids.appointment = await chartRows.appointment(db, {
      ...p,
      doctorId: doctor.id,
      at: '2025-12-08T10:00:00.000Z',
      location: 'Clinic room 4',
    });
    ids['medical-record'] = await chartRows.medicalRecord(db, {
      ...p,
      doctorId: doctor.id,
      at: '2025-12-07T10:00:00.000Z',
      diagnosis: 'Hypertension',
    });
    ids['progress-report'] = (
      await chartRows.progressReport(db, {
        ...p,
        caregiverId: caregiver.id,
        at: '2025-12-06T10:00:00.000Z',
        summary: 'A'.repeat(130),
      })
    ).id;
    ids.prescription = await chartRows.prescription(db, {
      ...p,
      doctorId: doctor.id,
      at: '2025-12-05',
      medication: 'Lisinopril',
      dosage: '10 mg once a day',
    });
    ids.medication = await chartRows.medication(db, {
      ...p,
      recordedBy: caregiver.id,
      at: '2025-12-04T10:00:00.000Z',
      details: 'Lisinopril 10 mg given with breakfast',
    });
    ids['vital-sign'] = await chartRows.vitalSign(db, {
      ...p,
      recordedBy: caregiver.id,
      at: '2025-12-03T10:00:00.000Z',
      values: { systolic: 128, diastolic: 82, pulse: 72, temperatureC: 36.8 },
      note: 'Seated',
    });
    ids.allergy = await chartRows.allergy(db, {
      ...p,
      recordedBy: doctor.id,
      at: '2025-12-02T10:00:00.000Z',
      substance: 'Penicillin',
      reaction: 'Rash',
    });
    ids.condition = await chartRows.condition(db, {
      ...p,
      recordedBy: doctor.id,
      at: '2025-12-01T10:00:00.000Z',
      name: 'Type 2 diabetes',
      status: 'resolved',
    });
    // Deleted records of every type: never on the timeline.
    const deletedAt = new Date('2025-12-10T00:00:00Z');
    const d = { ...p, deletedAt, at: '2025-12-09T10:00:00.000Z' };
    await chartRows.appointment(db, { ...d, doctorId: doctor.id });
    await chartRows.medicalRecord(db, { ...d, doctorId: doctor.id });
    await chartRows.progressReport(db, { ...d, caregiverId: caregiver.id });
    await chartRows.prescription(db, { ...d, at: '2025-12-09', doctorId: doctor.id });
    await chartRows.medication(db, { ...d, recordedBy: caregiver.id });
    await chartRows.vitalSign(db, { ...d, recordedBy: caregiver.id });
    await chartRows.allergy(db, { ...d, recordedBy: doctor.id });
    await chartRows.condition(db, { ...d, recordedBy: doctor.id });
    // Another patient's records never show.
    await chartRows.vitalSign(db, {
      patientId: otherPatientId,
      recordedBy: caregiver.id,
      at: '2025-12-03T11:00:00.000Z',
    });
    expected = [
      { type: 'appointment', id: ids.appointment },
      { type: 'medical-record', id: ids['medical-record'] },
      { type: 'progress-report', id: ids['progress-report'] },
      { type: 'prescription', id: ids.prescription },
      { type: 'medication', id: ids.medication },
      { type: 'vital-sign', id: ids['vital-sign'] },
      { type: 'allergy', id: ids.allergy },
      { type: 'condition', id: ids.condition },
    ];
  });
  afterAll(() => t.close());

  it('holds every type about the patient, newest first, without deleted records', async () => {
    const res = await get(doctor);
    expect(res.status).toBe(200);
    expect(timelinePageSchema.safeParse(res.json).success).toBe(true);
    expect(keys(res.json.entries)).toEqual(expected);
    expect(res.json.nextCursor).toBeNull();
  });

  it('writes each type as a title, a second line and who, in plain words', async () => {
    const res = await get(doctor);
    const byType = Object.fromEntries(
      res.json.entries.map((e: TimelineEntry) => [e.type, e]),
    ) as Record<TimelineType, TimelineEntry>;
    expect(byType.appointment).toMatchObject({
      title: chartTexts.appointmentTitle,
      detail: 'Clinic room 4',
      by: 'Meredith Grey',
      at: '2025-12-08T10:00:00.000Z',
      flagged: false,
    });
    expect(byType['medical-record']).toMatchObject({
      title: 'Hypertension',
      detail: 'Springfield Clinic',
      by: 'Meredith Grey',
    });
    expect(byType['progress-report'].title).toMatch(/^PR-CHART-.* · Good$/);
    expect(byType['progress-report'].detail).toBe(`${'A'.repeat(120)}…`);
    expect(byType['progress-report'].by).toBe('Cara Giver');
    expect(byType.prescription).toMatchObject({
      title: 'Lisinopril 10 mg once a day',
      detail: 'Take in the morning with water',
      by: 'Meredith Grey',
      // A calendar date is 00:00 UTC of its day.
      at: '2025-12-05T00:00:00.000Z',
    });
    expect(byType.medication).toMatchObject({
      title: 'Lisinopril 10 mg given with breakfast',
      by: 'Cara Giver',
    });
    expect(byType['vital-sign']).toMatchObject({
      title: 'BP 128/82, pulse 72, 36.8 °C',
      detail: 'Seated',
      by: 'Cara Giver',
      flagged: false,
    });
    expect(byType.allergy).toMatchObject({
      title: 'Allergy: Penicillin',
      detail: 'Rash',
      by: 'Meredith Grey',
    });
    expect(byType.condition).toMatchObject({
      title: 'Type 2 diabetes',
      detail: 'Resolved',
      by: 'Meredith Grey',
    });
  });

  it('says when an allergy is resolved, and copes with older or sparser records', async () => {
    const id = (await createPatient(db, { careTeam: [doctor] })).id;
    const p = { patientId: id };
    await chartRows.allergy(db, {
      ...p,
      at: '2025-10-04T00:00:00Z',
      recordedBy: doctor.id,
      substance: 'Latex',
      reaction: 'Hives',
      status: 'resolved',
    });
    await chartRows.allergy(db, {
      ...p,
      at: '2025-10-03T00:00:00Z',
      recordedBy: doctor.id,
      reaction: '',
    });
    const report = await chartRows.progressReport(db, {
      ...p,
      at: '2025-10-02T00:00:00Z',
      caregiverId: caregiver.id,
      overallHealth: null,
    });
    await chartRows.prescription(db, {
      ...p,
      at: '2025-10-01',
      doctorId: doctor.id,
      medication: '',
      dosage: '',
      details: 'Aspirin 75 mg daily',
    });
    await chartRows.vitalSign(db, {
      ...p,
      at: '2025-09-30T00:00:00Z',
      recordedBy: doctor.id,
      values: { weightKg: 70 },
    });
    const res = await get(doctor, '', id);
    expect(res.json.entries.map((e: TimelineEntry) => [e.title, e.detail])).toEqual([
      ['Allergy: Latex', 'Hives · Resolved'],
      ['Allergy: Penicillin', ''],
      [report.reportId, 'Ate well, walked twice'],
      ['Aspirin 75 mg daily', ''],
      ['70.0 kg', ''],
    ]);
  });

  it('shows a visit at its planned start with its service and status; care plan tasks are no entries', async () => {
    const id = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
    const done = await insertVisit(db, {
      patientId: id,
      caregiverId: caregiver.id,
      recordedBy: doctor.id,
      plannedStart: new Date('2025-11-02T09:00:00.000Z'),
      status: 'completed',
      checkInAt: new Date('2025-11-02T09:00:00.000Z'),
      checkOutAt: new Date('2025-11-02T10:00:00.000Z'),
    });
    const cancelled = await insertVisit(db, {
      patientId: id,
      caregiverId: null,
      recordedBy: doctor.id,
      plannedStart: new Date('2025-11-03T09:00:00.000Z'),
      serviceType: 'meal-preparation',
      status: 'cancelled',
      cancelReason: 'In hospital',
    });
    await insertVisit(db, {
      patientId: id,
      caregiverId: caregiver.id,
      recordedBy: doctor.id,
      plannedStart: new Date('2025-11-04T09:00:00.000Z'),
      deletedAt: new Date('2025-11-01T00:00:00.000Z'),
    });
    await insertCarePlanTasks(db, id, doctor.id, ['Help with shower']);
    const res = await get(doctor, '', id);
    expect(res.json.entries).toEqual([
      {
        type: 'visit',
        id: cancelled,
        at: '2025-11-03T09:00:00.000Z',
        title: 'Meal preparation visit: Cancelled',
        detail: 'In hospital',
        by: null,
        flagged: false,
      },
      {
        type: 'visit',
        id: done,
        at: '2025-11-02T09:00:00.000Z',
        title: 'Personal care visit: Completed',
        detail: '',
        by: 'Cara Giver',
        flagged: false,
      },
    ]);
    const tasksOnly = await get(doctor, 'types=care-plan-task', id);
    expect(tasksOnly.status).toBe(200);
    expect(tasksOnly.json).toEqual({ entries: [], nextCursor: null });
    // Filtered to visits and days like every type.
    const visitsOnly = await get(doctor, 'types=visit&from=2025-11-03', id);
    expect(visitsOnly.json.entries.map((e: TimelineEntry) => e.id)).toEqual([cancelled]);
  });

  it("writes readings in the reader's units", async () => {
    const reader = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    await db
      .update(users)
      .set({ temperatureUnit: 'F', glucoseUnit: 'mg/dL' })
      .where(eq(users.id, reader.id));
    const id = (await createPatient(db)).id;
    await chartRows.vitalSign(db, {
      patientId: id,
      recordedBy: caregiver.id,
      at: '2025-12-03T10:00:00.000Z',
      values: { temperatureC: 37, glucoseMmolL: 5.5, weightKg: 70, spo2: 97, pain: 2 },
    });
    const res = await get(reader, '', id);
    expect(res.json.entries[0].title).toBe(
      '98.6 °F, SpO2 97%, glucose 99 mg/dL, 70.0 kg, pain 2/10',
    );
  });

  it('flags readings outside the patient’s ranges, the defaults or the doctor’s own', async () => {
    const id = (await createPatient(db, { careTeam: [doctor] })).id;
    const high = await chartRows.vitalSign(db, {
      patientId: id,
      recordedBy: doctor.id,
      at: '2025-11-03T10:00:00.000Z',
      values: { pulse: 130 },
    });
    const normal = await chartRows.vitalSign(db, {
      patientId: id,
      recordedBy: doctor.id,
      at: '2025-11-02T10:00:00.000Z',
      values: { pulse: 80 },
    });
    const flags = async () =>
      Object.fromEntries(
        (await get(doctor, '', id)).json.entries.map((e: TimelineEntry) => [e.id, e.flagged]),
      );
    expect(await flags()).toEqual({ [high]: true, [normal]: false });
    // The doctor's own range for this patient: 130 is now in range, 80 below it.
    await chartRows.threshold(db, {
      patientId: id,
      measurement: 'pulse',
      low: 90,
      high: 140,
      setBy: doctor.id,
    });
    expect(await flags()).toEqual({ [high]: false, [normal]: true });
  });

  describe('paging by cursor', () => {
    let tiedPatient: number;
    let all: TimelineEntry[];

    beforeAll(async () => {
      tiedPatient = (await createPatient(db, { careTeam: [doctor] })).id;
      const p = { patientId: tiedPatient };
      // Three of every type at the same midnight (a prescription's day ties with them), three
      // of every type on other days, and readings a microsecond apart.
      for (const at of ['2025-06-01T00:00:00.000Z', '2025-05-01T08:00:00.000Z']) {
        for (let i = 0; i < 3; i += 1) {
          await chartRows.appointment(db, { ...p, at, doctorId: doctor.id });
          await chartRows.medicalRecord(db, { ...p, at, doctorId: doctor.id });
          await chartRows.progressReport(db, { ...p, at, caregiverId: caregiver.id });
          await chartRows.prescription(db, { ...p, at: at.slice(0, 10), doctorId: doctor.id });
          await chartRows.medication(db, { ...p, at, recordedBy: caregiver.id });
          await chartRows.vitalSign(db, { ...p, at, recordedBy: caregiver.id });
          await chartRows.allergy(db, { ...p, at, recordedBy: doctor.id });
          await chartRows.condition(db, { ...p, at, recordedBy: doctor.id });
        }
      }
      for (const micro of ['123456', '123457', '123457', '123458']) {
        await db.execute(sql`insert into vital_signs (patient_id, taken_at, pulse, recorded_by)
          values (${tiedPatient}::int, ${`2025-05-20T10:00:00.${micro}Z`}::timestamptz, 70, ${doctor.id}::int)`);
      }
      const res = await get(doctor, 'limit=100', tiedPatient);
      all = res.json.entries;
    });

    it('orders by moment, then the type’s place in the registry, then newest id', () => {
      expect(all).toHaveLength(52);
      const rank = (type: TimelineType) => timelineTypes.indexOf(type);
      for (let i = 1; i < all.length; i += 1) {
        const [a, b] = [all[i - 1]!, all[i]!];
        const order =
          a.at > b.at ||
          (a.at === b.at && rank(a.type) < rank(b.type)) ||
          (a.at === b.at && a.type === b.type && a.id > b.id) ||
          // Entries a microsecond apart share their millisecond in `at`.
          (a.at === b.at && a.type === 'vital-sign' && b.type === 'vital-sign');
        expect(order, `${JSON.stringify(a)} before ${JSON.stringify(b)}`).toBe(true);
      }
    });

    it.each([1, 2, 3, 5, 7, 30])(
      'pages of %i hold every entry once, in the same order, ties included',
      async (limit) => {
        const paged = await pageThrough(doctor, tiedPatient, limit);
        expect(keys(paged)).toEqual(keys(all));
      },
    );

    it('a page with filters pages through the filtered entries only', async () => {
      const extra = '&types=prescription,vital-sign&from=2025-05-20&to=2025-06-01';
      const paged = await pageThrough(doctor, tiedPatient, 2, extra);
      const want = all.filter(
        (e) =>
          (e.type === 'prescription' || e.type === 'vital-sign') &&
          e.at >= '2025-05-20' &&
          e.at < '2025-06-02',
      );
      expect(want.length).toBe(10);
      expect(keys(paged)).toEqual(keys(want));
    });

    it('the cursor is opaque text that round-trips, and the last page has none', async () => {
      const first = await get(doctor, 'limit=51', tiedPatient);
      expect(first.json.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      const cursor = decodeCursor(first.json.nextCursor)!;
      expect(cursor).toMatchObject({ type: all[50]!.type, id: all[50]!.id });
      expect(encodeCursor(cursor)).toBe(first.json.nextCursor);
      const last = await get(doctor, `limit=51&cursor=${first.json.nextCursor}`, tiedPatient);
      expect(keys(last.json.entries)).toEqual(keys(all.slice(51)));
      expect(last.json.nextCursor).toBeNull();
    });
  });

  it('filters by types and by days (UTC, both ends included)', async () => {
    const only = await get(doctor, 'types=allergy,condition');
    expect(keys(only.json.entries)).toEqual(expected.slice(6));
    const spaced = await get(doctor, 'types=%20vital-sign%20,%20medication');
    expect(keys(spaced.json.entries)).toEqual(expected.slice(4, 6));
    const days = await get(doctor, 'from=2025-12-03&to=2025-12-05');
    expect(keys(days.json.entries)).toEqual(expected.slice(3, 6));
    const oneDay = await get(doctor, 'from=2025-12-05&to=2025-12-05');
    expect(keys(oneDay.json.entries)).toEqual([expected[3]]);
    const fromOnly = await get(doctor, 'from=2025-12-07');
    expect(keys(fromOnly.json.entries)).toEqual(expected.slice(0, 2));
    const toOnly = await get(doctor, 'to=2025-12-01');
    expect(keys(toOnly.json.entries)).toEqual(expected.slice(7));
    const none = await get(doctor, 'from=2030-01-01');
    expect(none.json).toEqual({ entries: [], nextCursor: null });
  });

  describe('bad input answers 400 with a message, writes nothing, never 500', () => {
    const garbage = [
      'not-a-cursor!',
      'abc',
      Buffer.from('{"a":"2025-01-01T00:00:00.000000Z","t":"patient","i":1}').toString('base64url'),
      Buffer.from('{"a":"2025-02-30T00:00:00.000000Z","t":"allergy","i":1}').toString('base64url'),
      Buffer.from('{"a":"2025-01-01T00:00:00Z","t":"allergy","i":1}').toString('base64url'),
      Buffer.from('{"a":"2025-01-01T00:00:00.000000Z","t":"allergy","i":0}').toString('base64url'),
      Buffer.from('{"a":"2025-01-01T00:00:00.000000Z","t":"allergy","i":1,"x":1}').toString(
        'base64url',
      ),
      Buffer.from('[1,2,3]').toString('base64url'),
      Buffer.from('"\'; drop table patients; --"').toString('base64url'),
      'x'.repeat(201),
    ];
    it.each(garbage)('cursor %s', async (cursor) => {
      const before = await auditCount();
      const res = await get(doctor, `cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(400);
      expect(typeof res.json.message).toBe('string');
      if (cursor.length <= 200) {
        expect(res.json).toEqual({
          message: chartTexts.invalidCursor,
          errors: { cursor: chartTexts.invalidCursor },
        });
      }
      expect(await auditCount()).toBe(before);
    });

    it.each([
      ['types=appointment,patient', chartTexts.typesMustBeOneOf(timelineTypes)],
      ['types=nope', chartTexts.typesMustBeOneOf(timelineTypes)],
      ['from=2025-13-01', chartTexts.invalidDay],
      ['to=2025-02-30', chartTexts.invalidDay],
      ['from=yesterday', chartTexts.invalidDay],
      ['from=1850-01-01', chartTexts.invalidDay],
      ['from=2025-12-05&to=2025-12-04', chartTexts.fromAfterTo],
    ])('%s', async (query, message) => {
      const before = await auditCount();
      const res = await get(doctor, query);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
      expect(await auditCount()).toBe(before);
    });

    it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=1.5'])('%s', async (query) => {
      const res = await get(doctor, query);
      expect(res.status).toBe(400);
      expect(typeof res.json.message).toBe('string');
    });

    it('a bad id answers 400', async () => {
      for (const id of ['abc', '0', '-1', '99999999999']) {
        const res = await call(t.app, 'GET', `/api/patients/${id}/timeline`, {
          token: doctor.token,
        });
        expect(res.status).toBe(400);
      }
    });
  });

  describe('who may read it', () => {
    it('the care team, the patient themself and supervisors read it', async () => {
      for (const user of [doctor, caregiver, patientUser, supervisor]) {
        const res = await get(user);
        expect(res.status).toBe(200);
        expect(keys(res.json.entries)).toEqual(expected);
      }
    });

    it('another patient, a doctor off the team and a missing id answer 404 as elsewhere', async () => {
      for (const user of [otherPatientUser, outsideDoctor]) {
        const before = await auditCount(
          and(eq(auditLog.userId, user.id), eq(auditLog.action, 'denied')),
        );
        const res = await get(user);
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ message: apiErrors.notFound });
        expect(
          await auditCount(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'denied'))),
        ).toBe(before + 1);
        const [denied] = await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'denied')))
          .orderBy(sql`${auditLog.id} desc`)
          .limit(1);
        expect(denied).toMatchObject({ entity: 'timeline', patientId, outcome: 'denied' });
      }
      const missing = await get(doctor, '', 2_000_000_000);
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ message: apiErrors.notFound });
      // A filter that leaves nothing out of scope still answers 404, not an empty page.
      expect((await get(outsideDoctor, 'from=2030-01-01')).status).toBe(404);
      expect((await get(outsideDoctor, 'types=condition')).status).toBe(404);
    });

    it('a deleted patient answers 404, even to a supervisor', async () => {
      const id = (await createPatient(db, { careTeam: [doctor] })).id;
      await chartRows.allergy(db, {
        patientId: id,
        at: '2025-01-01T00:00:00Z',
        recordedBy: doctor.id,
      });
      await db.execute(sql`update patients set deleted_at = now() where id = ${id}::int`);
      expect((await get(doctor, '', id)).status).toBe(404);
      expect((await get(supervisor, '', id)).status).toBe(404);
    });

    it('answers 401 without a session', async () => {
      const res = await call(t.app, 'GET', `/api/patients/${patientId}/timeline`);
      expect(res.status).toBe(401);
    });

    it('leaves out, without a word, the types the caller may not read', async () => {
      const ctx = createRequestContext({
        db,
        clock: t.clock,
        ip: '127.0.0.1',
        requestId: randomUUID(),
        sessionId: null,
        user: {
          id: doctor.id,
          username: doctor.username,
          role: 'doctor',
          storedRole: 'doctor',
          privileges: 'editor',
        },
      });
      const readable = timelineTypes.filter(
        (type) => type !== 'prescription' && type !== 'allergy',
      );
      const page = await loadTimeline(ctx, patientId, timelineQuerySchema.parse({}), readable);
      expect(keys(page.entries)).toEqual(
        expected.filter((e) => e.type !== 'prescription' && e.type !== 'allergy'),
      );
      // Asking for only unreadable types is an empty page, not a refusal.
      const asked = timelineQuerySchema.parse({ types: 'prescription,allergy' });
      expect(await loadTimeline(ctx, patientId, asked, readable)).toEqual({
        entries: [],
        nextCursor: null,
      });
      // ... and still 404 for a patient out of scope.
      await expect(loadTimeline(ctx, otherPatientId, asked, readable)).rejects.toMatchObject({
        statusCode: 404,
      });
    });

    it('the readable types are those whose registry read permission the caller holds', () => {
      for (const role of [...roles, 'guest'] as const) {
        for (const privilege of privileges) {
          const user = { id: 1, username: 'u', role, storedRole: role, privileges: privilege };
          expect(readableTimelineTypes(user)).toEqual(
            timelineTypes.filter((type) => can(user, recordType(type).access.read)),
          );
        }
      }
      const guest = {
        id: 1,
        username: 'g',
        role: 'guest' as const,
        storedRole: 'x',
        privileges: 'admin' as const,
      };
      expect(readableTimelineTypes(guest)).toEqual([]);
    });
  });

  it('each page is audited as one list of the patient’s timeline', async () => {
    const mark = await auditCount();
    const [{ max }] = (await db
      .select({ max: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
      .from(auditLog)) as [{ max: number }];
    expect(mark).toBeGreaterThanOrEqual(0);
    const res = await get(caregiver, 'limit=3');
    expect(res.status).toBe(200);
    await get(caregiver, `limit=3&cursor=${res.json.nextCursor}`);
    const rows = await db.select().from(auditLog).where(gt(auditLog.id, max));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        userId: caregiver.id,
        role: 'caregiver',
        action: 'list',
        entity: 'timeline',
        patientId,
        outcome: 'success',
      });
    }
  });

  it('is described in the OpenAPI document', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    const path = res.json.paths['/api/patients/{id}/timeline'];
    expect(path.get.summary).toBeTruthy();
    const names = path.get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['id', 'types', 'from', 'to', 'cursor', 'limit']));
    expect(path.get.responses['200']).toBeDefined();
  });
});
