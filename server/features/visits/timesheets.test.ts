import { eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitTexts } from '../../../shared/messages.ts';
import {
  timesheetCsvColumns,
  timesheetSchema,
  timesheetSummarySchema,
} from '../../../shared/schemas/visits.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, visits } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { countStatements } from '../../test/chart-history.ts';
import { setAgencySettings } from '../../test/dose-read-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { csvGrid } from '../../test/csv.ts';
import { insertVisit, insertVisitCorrection } from '../../test/visit-factories.ts';
import { csvField } from './timesheets.ts';

const at = (iso: string) => new Date(iso);

describe('timesheets', () => {
  let t: TestApp;
  let db: Db;
  let supervisor: TestUser;
  let doctorSupervisor: TestUser;
  let doctor: TestUser;
  let cara: TestUser;
  let carl: TestUser;
  let patientUser: TestUser;
  let ada: number;
  let tricky: number;
  const v = {} as Record<
    'onTime' | 'late' | 'early' | 'open' | 'missed' | 'cancelled' | 'corrected' | 'tricky' | 'carl',
    number
  >;

  const get = (user: TestUser, url: string) => call(t.app, 'GET', url, { token: user.token });
  const january = 'from=2026-01-01&to=2026-01-31';
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
    await setAgencySettings(db, { timeZone: 'Europe/London', visitLateAfterMinutes: 15 });
    supervisor = await createUser(db, {
      role: 'caregiver',
      privileges: 'supervisor',
      firstName: 'Sue',
      secondName: 'Pervisor',
    });
    doctorSupervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    doctor = await createUser(db, { role: 'doctor' });
    cara = await createUser(db, { role: 'caregiver', firstName: 'Cara', secondName: 'Giver' });
    carl = await createUser(db, { role: 'caregiver', firstName: 'Carl', secondName: 'Helper' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    ada = (
      await createPatient(db, {
        careTeam: [cara, carl],
        account: patientUser,
        overrides: { firstName: 'Ada', lastName: 'Lovelace' },
      })
    ).id;
    tricky = (
      await createPatient(db, {
        careTeam: [cara],
        overrides: { firstName: '=HYPERLINK("http://x")', lastName: 'Smith, "Nan"' },
      })
    ).id;
    const r = { recordedBy: supervisor.id, caregiverId: cara.id, patientId: ada };
    // 5 January: on time, 60 planned, 58 actual.
    v.onTime = await insertVisit(db, {
      ...r,
      plannedStart: at('2026-01-05T09:00:00Z'),
      status: 'completed',
      checkInAt: at('2026-01-05T09:01:00Z'),
      checkOutAt: at('2026-01-05T09:59:00Z'),
    });
    // 6 January: checked in 20 minutes late (more than 15): late.
    v.late = await insertVisit(db, {
      ...r,
      plannedStart: at('2026-01-06T09:00:00Z'),
      status: 'completed',
      checkInAt: at('2026-01-06T09:20:00Z'),
      checkOutAt: at('2026-01-06T10:00:00Z'),
    });
    // 7 January: left 30 minutes early.
    v.early = await insertVisit(db, {
      ...r,
      plannedStart: at('2026-01-07T09:00:00Z'),
      plannedEnd: at('2026-01-07T11:00:00Z'),
      status: 'completed',
      checkInAt: at('2026-01-07T09:00:00Z'),
      checkOutAt: at('2026-01-07T10:30:00Z'),
    });
    // 8 January: checked in, never out.
    v.open = await insertVisit(db, {
      ...r,
      plannedStart: at('2026-01-08T09:00:00Z'),
      status: 'in-progress',
      checkInAt: at('2026-01-08T09:05:00Z'),
    });
    // 9 January: missed.
    v.missed = await insertVisit(db, {
      ...r,
      plannedStart: at('2026-01-09T09:00:00Z'),
      status: 'missed',
    });
    // 10 January: cancelled, listed without minutes.
    v.cancelled = await insertVisit(db, {
      ...r,
      plannedStart: at('2026-01-10T09:00:00Z'),
      status: 'cancelled',
      cancelReason: 'In hospital',
    });
    // 12 January: corrected by a supervisor (forgot to check out).
    v.corrected = await insertVisit(db, {
      ...r,
      plannedStart: at('2026-01-12T09:00:00Z'),
      plannedEnd: at('2026-01-12T09:30:00Z'),
      status: 'completed',
      checkInAt: at('2026-01-12T09:00:00Z'),
      checkOutAt: at('2026-01-12T09:30:00Z'),
    });
    await insertVisitCorrection(db, {
      visitId: v.corrected,
      correctedBy: supervisor.id,
      previousStatus: 'in-progress',
      checkOutAt: at('2026-01-12T09:30:00Z'),
      reason: 'Forgot to check out',
      correctedAt: at('2026-01-13T08:00:00Z'),
    });
    // 14 January, a tricky patient; the position was shared, south of the equator.
    v.tricky = await insertVisit(db, {
      ...r,
      patientId: tricky,
      plannedStart: at('2026-01-14T09:00:00Z'),
      status: 'completed',
      checkInAt: at('2026-01-14T09:00:00Z'),
      checkOutAt: at('2026-01-14T10:00:00Z'),
    });
    await db
      .update(visits)
      .set({
        checkInLocation: 'shared',
        checkInLatitude: -33.8688,
        checkInLongitude: 151.2093,
        checkInAccuracy: 12.4,
      })
      .where(eq(visits.id, v.tricky));
    // Outside the period, deleted, another caregiver's.
    await insertVisit(db, { ...r, plannedStart: at('2026-02-01T09:00:00Z') });
    await insertVisit(db, {
      ...r,
      plannedStart: at('2026-01-15T09:00:00Z'),
      deletedAt: at('2026-01-14T00:00:00Z'),
    });
    v.carl = await insertVisit(db, {
      ...r,
      caregiverId: carl.id,
      plannedStart: at('2026-01-05T14:00:00Z'),
      status: 'completed',
      checkInAt: at('2026-01-05T14:00:00Z'),
      checkOutAt: at('2026-01-05T15:00:00Z'),
    });
  });
  afterAll(() => t.close());

  it('a caregiver’s own month: every visit with its figures and exceptions, and the totals', async () => {
    const mark = await auditMark();
    const res = await get(cara, `/api/timesheets?${january}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(timesheetSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({
      caregiver: { id: cara.id, name: 'Cara Giver' },
      from: '2026-01-01',
      to: '2026-01-31',
      timeZone: 'Europe/London',
    });
    const lines = res.json.rows.map(
      (row: {
        visitId: number;
        status: string;
        plannedMinutes: number;
        actualMinutes: number | null;
        exceptions: string[];
      }) => [row.visitId, row.status, row.plannedMinutes, row.actualMinutes, row.exceptions],
    );
    expect(lines).toEqual([
      [v.onTime, 'completed', 60, 58, []],
      [v.late, 'completed', 60, 40, ['late']],
      [v.early, 'completed', 120, 90, ['early-leave']],
      [v.open, 'in-progress', 60, null, ['missing-check-out']],
      [v.missed, 'missed', 60, null, ['missed']],
      [v.cancelled, 'cancelled', 0, null, []],
      [v.corrected, 'completed', 30, 30, ['corrected']],
      [v.tricky, 'completed', 60, 60, []],
    ]);
    expect(res.json.totals).toEqual({
      visits: 8,
      completed: 5,
      missed: 1,
      plannedMinutes: 60 + 60 + 120 + 60 + 60 + 30 + 60,
      actualMinutes: 58 + 40 + 90 + 30 + 60,
      exceptions: 5,
    });
    const corrected = res.json.rows.find((row: { visitId: number }) => row.visitId === v.corrected);
    expect(corrected.corrections).toEqual([
      expect.objectContaining({
        previousStatus: 'in-progress',
        checkOutAt: '2026-01-12T09:30:00.000Z',
        reason: 'Forgot to check out',
        correctedByName: 'Sue Pervisor',
      }),
    ]);
    const trickyRow = res.json.rows.find((row: { visitId: number }) => row.visitId === v.tricky);
    expect(trickyRow).toMatchObject({
      localDate: '2026-01-14',
      checkInLocation: 'shared',
      checkInLatitude: -33.8688,
      checkInLongitude: 151.2093,
      checkInAccuracy: 12.4,
    });
    // Audited as a list naming each patient read.
    expect((await auditSince(mark)).map((r) => [r.action, r.entity, r.patientId])).toEqual([
      ['list', 'visit', ada],
      ['list', 'visit', tricky],
    ]);
  });

  it('a supervisor reads anyone’s; a caregiver another’s is refused (403, audited)', async () => {
    const res = await get(supervisor, `/api/timesheets?caregiverId=${carl.id}&${january}`);
    expect(res.status).toBe(200);
    expect(res.json.rows.map((row: { visitId: number }) => row.visitId)).toEqual([v.carl]);
    const byDoctor = await get(
      doctorSupervisor,
      `/api/timesheets?caregiverId=${cara.id}&${january}`,
    );
    expect(byDoctor.json.rows).toHaveLength(8);

    const mark = await auditMark();
    const refused = await get(cara, `/api/timesheets?caregiverId=${carl.id}&${january}`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(visitTexts.timesheetForbidden);
    expect(
      (await auditSince(mark)).map((r) => [r.action, r.entity, r.entityId, r.outcome]),
    ).toEqual([['denied', 'timesheet', String(carl.id), 'denied']]);
    // Reading one's own by id is fine.
    expect((await get(cara, `/api/timesheets?caregiverId=${cara.id}&${january}`)).status).toBe(200);
  });

  it('without a caregiver only a caregiver has a timesheet; the id must be a caregiver’s (400)', async () => {
    const own = await get(doctorSupervisor, `/api/timesheets?${january}`);
    expect(own.status).toBe(400);
    expect(own.json.errors).toEqual({ caregiverId: visitTexts.caregiverInvalid });
    for (const id of [doctor.id, patientUser.id, 99_999_999]) {
      const res = await get(supervisor, `/api/timesheets?caregiverId=${id}&${january}`);
      expect(res.status, String(id)).toBe(400);
      expect(res.json.errors).toEqual({ caregiverId: visitTexts.caregiverInvalid });
    }
    for (const bad of ['abc', '-1', '1.5']) {
      const res = await get(supervisor, `/api/timesheets?caregiverId=${bad}&${january}`);
      expect(res.status, bad).toBe(400);
    }
    // Doctors below supervisor and patients hold no timesheet permission at all.
    expect((await get(doctor, `/api/timesheets?${january}`)).status).toBe(403);
    expect((await get(patientUser, `/api/timesheets?${january}`)).status).toBe(403);
  });

  it.each([
    'from=2026-01-31&to=2026-01-01',
    'from=2026-01-01&to=2026-03-04',
    'from=2026-01-01&to=2026-02-30',
    'from=january&to=2026-01-31',
    'to=2026-01-31',
    '',
  ])('period %s answers 400 with the period message, never 500', async (query) => {
    for (const url of ['/api/timesheets', '/api/timesheets/summary', '/api/timesheets/export']) {
      const res = await get(supervisor, `${url}?caregiverId=${cara.id}&${query}`);
      expect(res.status, `${url} ${query}`).toBe(400);
      expect(res.json.message).toEqual(expect.any(String));
    }
    const mine = await get(cara, `/api/timesheets?${query}`);
    expect(mine.status).toBe(400);
    expect(JSON.stringify(mine.json)).toContain(visitTexts.periodInvalid);
  });

  it('the summary: every active caregiver’s totals, for supervisors only', async () => {
    const res = await get(supervisor, `/api/timesheets/summary?${january}`);
    expect(res.status).toBe(200);
    expect(timesheetSummarySchema.safeParse(res.json).success).toBe(true);
    const byId = Object.fromEntries(
      res.json.caregivers.map((c: { caregiverId: number }) => [c.caregiverId, c]),
    );
    expect(byId[cara.id]).toEqual({
      caregiverId: cara.id,
      caregiverName: 'Cara Giver',
      visits: 8,
      completed: 5,
      missed: 1,
      plannedMinutes: 450,
      actualMinutes: 278,
      exceptions: 5,
    });
    expect(byId[carl.id]).toMatchObject({ visits: 1, plannedMinutes: 60, actualMinutes: 60 });
    expect(byId[supervisor.id]).toMatchObject({ visits: 0, plannedMinutes: 0 });
    expect(byId[doctor.id]).toBeUndefined();
    const mark = await auditMark();
    const refused = await get(cara, `/api/timesheets/summary?${january}`);
    expect(refused.status).toBe(403);
    expect((await auditSince(mark)).map((r) => [r.action, r.entity])).toEqual([
      ['denied', 'timesheet'],
    ]);
  });

  it('exports CSV with the six visit-verification facts, quoted and safe from formulas', async () => {
    const mark = await auditMark();
    const res = await get(cara, `/api/timesheets/export?${january}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="timesheet-2026-01-01-2026-01-31.csv"',
    );
    const body = res.response.body;
    expect(body.endsWith('\r\n')).toBe(true);
    const rows = csvGrid(body);
    expect(rows[0]).toEqual([...timesheetCsvColumns]);
    expect(rows).toHaveLength(1 + 8);
    for (const row of rows) expect(row).toHaveLength(timesheetCsvColumns.length);
    const byId = Object.fromEntries(rows.slice(1).map((row) => [row[0], row]));
    const record = (id: number) =>
      Object.fromEntries(timesheetCsvColumns.map((c, i) => [c, byId[String(id)]![i]]));
    expect(record(v.late)).toEqual({
      'Visit ID': String(v.late),
      'Type of service': 'Personal care',
      Patient: 'Ada Lovelace',
      'Patient ID': String(ada),
      Caregiver: 'Cara Giver',
      'Caregiver ID': String(cara.id),
      Date: '2026-01-06',
      'Location (check-in)': visitTexts.locationLabels.refused,
      'Location (check-out)': visitTexts.locationLabels.refused,
      Start: '2026-01-06 09:20',
      End: '2026-01-06 10:00',
      'Planned start': '2026-01-06 09:00',
      'Planned end': '2026-01-06 10:00',
      'Planned minutes': '60',
      'Actual minutes': '40',
      Status: 'Completed',
      Exceptions: 'Late check-in',
    });
    expect(record(v.missed)).toMatchObject({
      Start: '',
      End: '',
      'Location (check-in)': '',
      'Actual minutes': '',
      Status: 'Missed',
      Exceptions: 'Missed',
    });
    expect(record(v.cancelled)).toMatchObject({ 'Planned minutes': '0', Status: 'Cancelled' });
    // A formula in a name starts with an apostrophe; commas and quotes survive the round trip;
    // a southern latitude is not read as a formula either.
    expect(record(v.tricky)).toMatchObject({
      Patient: `'=HYPERLINK("http://x") Smith, "Nan"`,
      'Location (check-in)': `'-33.8688,151.2093 (±12 m)`,
    });
    expect(body).toContain(`"'=HYPERLINK(""http://x"") Smith, ""Nan"""`);
    expect((await auditSince(mark)).map((r) => [r.action, r.entity, r.patientId])).toEqual([
      ['list', 'visit', ada],
      ['list', 'visit', tricky],
      ['export', 'timesheet', null],
    ]);
  });

  it('a supervisor exports every caregiver without an id, or one caregiver; a caregiver only their own', async () => {
    const all = csvGrid((await get(supervisor, `/api/timesheets/export?${january}`)).response.body);
    expect(all.slice(1).map((row) => Number(row[0]))).toEqual([
      v.onTime,
      v.carl,
      v.late,
      v.early,
      v.open,
      v.missed,
      v.cancelled,
      v.corrected,
      v.tricky,
    ]);
    const one = csvGrid(
      (await get(supervisor, `/api/timesheets/export?caregiverId=${carl.id}&${january}`)).response
        .body,
    );
    expect(one.slice(1).map((row) => Number(row[0]))).toEqual([v.carl]);
    expect(
      (await get(cara, `/api/timesheets/export?caregiverId=${carl.id}&${january}`)).status,
    ).toBe(403);
    const own = csvGrid((await get(cara, `/api/timesheets/export?${january}`)).response.body);
    expect(own).toHaveLength(9);
  });

  it('a period is of local dates: across the change to summer time (London, 29 March 2026)', async () => {
    const dst = await createUser(db, { role: 'caregiver' });
    const r = { recordedBy: supervisor.id, caregiverId: dst.id, patientId: ada };
    // Saturday 23:30 GMT, Sunday 23:30 UTC = Monday 00:30 BST, Sunday 22:30 UTC = 23:30 BST.
    await insertVisit(db, { ...r, plannedStart: at('2026-03-28T23:30:00Z') });
    const sundayLate = await insertVisit(db, { ...r, plannedStart: at('2026-03-29T22:30:00Z') });
    const monday = await insertVisit(db, { ...r, plannedStart: at('2026-03-29T23:30:00Z') });
    const sunday = await get(
      supervisor,
      `/api/timesheets?caregiverId=${dst.id}&from=2026-03-29&to=2026-03-29`,
    );
    expect(sunday.json.rows.map((row: { visitId: number }) => row.visitId)).toEqual([sundayLate]);
    expect(sunday.json.rows[0].localDate).toBe('2026-03-29');
    const next = await get(
      supervisor,
      `/api/timesheets/export?caregiverId=${dst.id}&from=2026-03-30&to=2026-03-30`,
    );
    const rows = csvGrid(next.response.body);
    expect(rows.slice(1).map((row) => [Number(row[0]), row[6], row[11]])).toEqual([
      [monday, '2026-03-30', '2026-03-30 00:30'],
    ]);
  });

  it('csvField quotes what needs quoting and neutralises formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvField(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    }
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
  });

  it('a month costs the same few statements for 1 visit as for 60', async () => {
    const few = await createUser(db, { role: 'caregiver' });
    const many = await createUser(db, { role: 'caregiver' });
    const patients = await Promise.all(
      Array.from({ length: 6 }, () => createPatient(db, { careTeam: [few, many] })),
    );
    await insertVisit(db, {
      recordedBy: supervisor.id,
      patientId: patients[0]!.id,
      caregiverId: few.id,
      plannedStart: at('2026-03-02T09:00:00Z'),
      status: 'completed',
      checkInAt: at('2026-03-02T09:00:00Z'),
      checkOutAt: at('2026-03-02T10:00:00Z'),
    });
    for (let i = 0; i < 60; i += 1) {
      const id = await insertVisit(db, {
        recordedBy: supervisor.id,
        patientId: patients[i % 6]!.id,
        caregiverId: many.id,
        plannedStart: at(
          `2026-03-${String(1 + (i % 28)).padStart(2, '0')}T${String(6 + Math.floor(i / 28) * 3).padStart(2, '0')}:00:00Z`,
        ),
        status: 'completed',
        checkInAt: at('2026-03-01T06:00:00Z'),
        checkOutAt: at('2026-03-01T07:00:00Z'),
        tasks: ['Help with shower'],
      });
      if (i % 10 === 0)
        await insertVisitCorrection(db, { visitId: id, correctedBy: supervisor.id });
    }
    const count = async (user: TestUser, url: string) => {
      let status = 0;
      const n = await countStatements(t.database, async () => {
        status = (await get(user, url)).status;
      });
      expect(status).toBe(200);
      return n;
    };
    const march = 'from=2026-03-01&to=2026-03-31';
    for (const url of ['/api/timesheets', '/api/timesheets/export']) {
      await count(supervisor, `${url}?caregiverId=${few.id}&${march}`);
      const small = await count(supervisor, `${url}?caregiverId=${few.id}&${march}`);
      const large = await count(supervisor, `${url}?caregiverId=${many.id}&${march}`);
      expect(large, url).toBe(small);
      // The session, the settings, the caregiver, the visits, the audit rows.
      expect(large, url).toBeLessThanOrEqual(5);
    }
    await count(supervisor, `/api/timesheets/summary?${march}`);
    const summary = await count(supervisor, `/api/timesheets/summary?${march}`);
    expect(summary).toBeLessThanOrEqual(5);
  });
});
