import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, localParts } from '../../../shared/dose-schedule.ts';
import { weekOf } from '../../../shared/visit-rules.ts';
import { openTestDatabase } from '../../test/app.ts';
import type { Database } from '../client.ts';
import { rowsOf } from '../raw-rows.ts';
import { seedDemo, type DemoResult } from './demo.ts';
import { DEMO_TIME_ZONE } from './rounds.ts';

const rows = <T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> =>
  rowsOf<T>(database.db, query);

interface VisitRow {
  id: number;
  patientId: number;
  caregiverId: number | null;
  seriesId: number | null;
  plannedStart: Date;
  plannedEnd: Date;
  status: string;
  cancelReason: string | null;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  checkInLocation: string | null;
  checkInLatitude: number | null;
  onTeam: boolean;
  tasks: { title: string; status: string; reason: string }[];
  plan: string[];
  alerts: string[];
}

async function visitsOf(database: Database): Promise<VisitRow[]> {
  const found = await rows<VisitRow>(
    database,
    sql`select v.id, v.patient_id as "patientId", v.caregiver_id as "caregiverId",
               v.series_id as "seriesId", v.planned_start as "plannedStart",
               v.planned_end as "plannedEnd", v.status, v.cancel_reason as "cancelReason",
               v.check_in_at as "checkInAt", v.check_out_at as "checkOutAt",
               v.check_in_location as "checkInLocation", v.check_in_latitude as "checkInLatitude",
               exists (select 1 from care_team_members m where m.patient_id = v.patient_id
                       and m.user_id = v.caregiver_id) as "onTeam",
               coalesce((select json_agg(json_build_object('title', t.title, 'status', t.status,
                                 'reason', t.reason) order by t.position)
                         from visit_tasks t where t.visit_id = v.id), '[]') as tasks,
               coalesce((select json_agg(c.title order by c.position) from care_plan_tasks c
                         where c.patient_id = v.patient_id), '[]') as plan,
               coalesce((select json_agg(a.kind order by a.kind) from visit_alerts a
                         where a.visit_id = v.id), '[]') as alerts
        from visits v order by v.id`,
  );
  // PGlite and node-postgres both answer timestamptz columns as Date.
  return found.map((v) => ({
    ...v,
    plannedStart: new Date(v.plannedStart),
    plannedEnd: new Date(v.plannedEnd),
    checkInAt: v.checkInAt && new Date(v.checkInAt),
    checkOutAt: v.checkOutAt && new Date(v.checkOutAt),
  }));
}

/** The rules every demo rota keeps, whatever the size and the moment it was made. */
function checkRota(visits: VisitRow[], now: Date): void {
  const t = now.getTime();
  const today = localParts(now, DEMO_TIME_ZONE).date;
  const first = addDays(today, -28);
  const last = addDays(weekOf(today).weekStart, 20);
  for (const v of visits) {
    const label = `visit ${v.id} ${v.status} ${v.plannedStart.toISOString()}`;
    const date = localParts(v.plannedStart, DEMO_TIME_ZONE).date;
    expect(date >= first && date <= last, label).toBe(true);
    expect(v.plannedEnd.getTime() - v.plannedStart.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
    expect(v.plannedEnd.getTime() - v.plannedStart.getTime()).toBeLessThanOrEqual(90 * 60_000);
    // A caregiver of the patient's care team, or nobody yet.
    if (v.caregiverId !== null) expect(v.onTeam, label).toBe(true);
    // The visit copied the patient's care plan, in order.
    expect(
      v.tasks.map((task) => task.title),
      label,
    ).toEqual(v.plan);
    const marked = v.tasks.every((task) => task.status !== 'pending');
    if (v.status === 'completed') {
      expect(v.plannedEnd.getTime(), label).toBeLessThanOrEqual(t);
      expect(v.checkInAt!.getTime()).toBeLessThan(v.checkOutAt!.getTime());
      expect(v.checkOutAt!.getTime()).toBeLessThanOrEqual(t);
      expect(marked, label).toBe(true);
      for (const task of v.tasks)
        expect(task.status === 'not-done', label).toBe(task.reason !== '');
    } else {
      expect(
        v.tasks.every((task) => task.status === 'pending'),
        label,
      ).toBe(true);
    }
    if (v.status === 'in-progress') {
      expect(v.plannedStart.getTime()).toBeLessThanOrEqual(t);
      // Under way: its end is ahead, or a few minutes behind while the caregiver finishes.
      expect(v.plannedEnd.getTime()).toBeGreaterThan(t - 6 * 60_000);
      expect(v.checkInAt!.getTime()).toBeLessThanOrEqual(t);
      expect(v.checkOutAt).toBeNull();
    }
    if (v.status === 'planned') {
      // Nothing under way or past is left open: the alert job has nothing to catch up on.
      expect(v.plannedStart.getTime(), label).toBeGreaterThan(t);
      expect([v.checkInAt, v.checkOutAt]).toEqual([null, null]);
    }
    if (v.status === 'missed') {
      expect(v.plannedEnd.getTime()).toBeLessThan(t);
      expect([v.checkInAt, v.checkOutAt]).toEqual([null, null]);
      expect(v.alerts).toEqual(['late', 'missed']);
    }
    if (v.status === 'cancelled') expect(v.cancelReason, label).toBeTruthy();
    else expect(v.cancelReason).toBeNull();
    // A late check-in alerted once; an on-time one never.
    const late = v.checkInAt && v.checkInAt.getTime() > v.plannedStart.getTime() + 15 * 60_000;
    if (v.status !== 'missed') expect(v.alerts, label).toEqual(late ? ['late'] : []);
    if (v.checkInLocation === 'shared') expect(v.checkInLatitude).not.toBeNull();
    else expect(v.checkInLatitude).toBeNull();
  }
  // Never two visits at once for a caregiver (cancelled ones included), nor for a patient.
  for (const key of ['caregiverId', 'patientId'] as const) {
    const by = new Map<number, VisitRow[]>();
    for (const v of visits) {
      if (v[key] === null) continue;
      by.set(v[key]!, [...(by.get(v[key]!) ?? []), v]);
    }
    for (const own of by.values()) {
      own.sort((a, b) => a.plannedStart.getTime() - b.plannedStart.getTime());
      for (let i = 1; i < own.length; i += 1) {
        expect(
          own[i]!.plannedStart.getTime(),
          `${key} ${own[i]![key]} at ${own[i]!.plannedStart.toISOString()}`,
        ).toBeGreaterThanOrEqual(own[i - 1]!.plannedEnd.getTime());
      }
    }
  }
}

/** The visits of each series: on its weekdays, at one local time, up to its last date. */
async function checkSeries(database: Database, visits: VisitRow[]): Promise<void> {
  const series = await rows<{ id: number; patientId: number; weekdays: number[]; until: string }>(
    database,
    sql`select id, patient_id as "patientId", weekdays, until_date as until from visit_series`,
  );
  expect(series.length).toBeGreaterThan(0);
  for (const s of series) {
    const own = visits.filter((v) => v.seriesId === s.id);
    expect(own.length, `series ${s.id}`).toBeGreaterThan(0);
    const times = new Set(own.map((v) => localParts(v.plannedStart, DEMO_TIME_ZONE).time));
    expect(times.size).toBe(1);
    for (const v of own) {
      const date = localParts(v.plannedStart, DEMO_TIME_ZONE).date;
      expect(v.patientId).toBe(s.patientId);
      expect(s.weekdays).toContain(isoWeekday(date));
      expect(date <= s.until).toBe(true);
    }
  }
}

describe('the demo agency’s rota at its usual size', () => {
  let database: Database;
  let result: DemoResult;
  let visits: VisitRow[];
  // A Tuesday, 09:30 in London.
  const now = new Date('2026-03-10T09:30:00.000Z');

  beforeAll(async () => {
    database = await openTestDatabase();
    result = await seedDemo(database.db, { now, passwordHash: 'not-a-login' });
    visits = await visitsOf(database);
  });
  afterAll(() => database.close());

  it('gives every patient two to five care plan tasks, in order', async () => {
    const plans = await rows<{ n: number; positions: number[] }>(
      database,
      sql`select count(c.id)::int as n,
                 coalesce(array_agg(c.position order by c.position), '{}') as positions
          from patients p left join care_plan_tasks c on c.patient_id = p.id group by p.id`,
    );
    expect(plans).toHaveLength(60);
    for (const plan of plans) {
      expect(plan.n).toBeGreaterThanOrEqual(2);
      expect(plan.n).toBeLessThanOrEqual(5);
      expect(plan.positions).toEqual(Array.from({ length: plan.n }, (_, i) => i));
    }
  });

  it('keeps the rota’s rules: care team only, no overlaps, the past done, the future planned', async () => {
    checkRota(visits, now);
    await checkSeries(database, visits);
    // Most patients have visits, planned as weekly series.
    expect(new Set(visits.map((v) => v.patientId)).size).toBeGreaterThanOrEqual(55);
    expect(visits.filter((v) => v.seriesId !== null).length / visits.length).toBeGreaterThan(0.95);
  });

  it('has four weeks done with a few late and missed, cancellations, and two weeks planned', () => {
    const count = (f: (v: VisitRow) => boolean) => visits.filter(f).length;
    const completed = count((v) => v.status === 'completed');
    const late = count(
      (v) => v.checkInAt !== null && v.checkInAt.getTime() > v.plannedStart.getTime() + 15 * 60_000,
    );
    expect(completed).toBeGreaterThan(500);
    expect(late).toBeGreaterThanOrEqual(5);
    expect(late / completed).toBeLessThan(0.06);
    const missed = count((v) => v.status === 'missed');
    expect(missed).toBeGreaterThanOrEqual(2);
    expect(missed).toBeLessThanOrEqual(4);
    const cancelled = count((v) => v.status === 'cancelled');
    expect(cancelled).toBeGreaterThanOrEqual(1);
    expect(cancelled).toBeLessThanOrEqual(2);
    const { weekStart } = weekOf(localParts(now, DEMO_TIME_ZONE).date);
    const nextWeek = addDays(weekStart, 7);
    const plannedIn = (from: string, to: string) =>
      count((v) => {
        const date = localParts(v.plannedStart, DEMO_TIME_ZONE).date;
        return v.status === 'planned' && date >= from && date <= to;
      });
    expect(plannedIn(weekStart, addDays(weekStart, 6))).toBeGreaterThan(100);
    expect(plannedIn(nextWeek, addDays(nextWeek, 6))).toBeGreaterThan(150);
    // Two this week that nobody is assigned to yet.
    const unassigned = visits.filter((v) => v.caregiverId === null);
    expect(unassigned).toHaveLength(2);
    for (const v of unassigned) {
      expect(v.status).toBe('planned');
      expect(localParts(v.plannedStart, DEMO_TIME_ZONE).date < nextWeek).toBe(true);
    }
    // Most check-ins shared a position; some caregivers' phones do not.
    const located = visits.filter((v) => v.checkInLocation !== null);
    const shared = located.filter((v) => v.checkInLocation === 'shared').length;
    expect(shared / located.length).toBeGreaterThan(0.5);
    expect(located.some((v) => v.checkInLocation === 'refused')).toBe(true);
    // Tasks: mostly done, a few not done with their reason.
    const tasks = visits.filter((v) => v.status === 'completed').flatMap((v) => v.tasks);
    const notDone = tasks.filter((task) => task.status === 'not-done').length;
    expect(notDone).toBeGreaterThan(10);
    expect(notDone / tasks.length).toBeLessThan(0.1);
  });

  it('keeps the alerts of late and missed visits, each once, told as the alert job tells them', async () => {
    const alerts = await rows<{ kind: string; n: number }>(
      database,
      sql`select kind, count(*)::int as n from visit_alerts group by kind order by kind`,
    );
    const missed = visits.filter((v) => v.status === 'missed').length;
    expect(alerts.find((a) => a.kind === 'missed')?.n).toBe(missed);
    expect(alerts.find((a) => a.kind === 'late')!.n).toBeGreaterThan(missed);
    // The last week's are in the bells of the patient's doctor (and a missed visit's caregiver).
    const notices = await rows<{ message: string; link: string; role: string; onTeam: boolean }>(
      database,
      sql`select n.message, n.link, u.role,
                 exists (select 1 from care_team_members m join patients p on p.id = m.patient_id
                         where m.user_id = u.id
                           and n.message like '%' || p.first_name || ' ' || p.last_name || '%')
                   as "onTeam"
          from notifications n join users u on u.id = n.user_id where n.kind = 'visit'`,
    );
    expect(notices.length).toBeGreaterThan(0);
    for (const notice of notices) {
      expect(notice.onTeam, notice.message).toBe(true);
      if (notice.role === 'doctor') {
        expect(notice.message).toMatch(/has not checked in to the visit|^Missed visit/);
        expect(notice.link).toMatch(/^\/rota\?view=day&date=\d{4}-\d{2}-\d{2}$/);
      } else {
        expect([notice.role, notice.link]).toEqual(['caregiver', '/caregiver-dashboard']);
        expect(notice.message).toMatch(/^Missed visit/);
      }
    }
  });

  it('keeps one check-out a supervisor corrected, with the reason and the value it replaced', async () => {
    const corrections = await rows<{
      status: string;
      previousStatus: string;
      previousCheckOutAt: string | null;
      same: boolean;
      reason: string;
      privileges: string;
    }>(
      database,
      sql`select v.status, c.previous_status as "previousStatus",
                 c.previous_check_out_at as "previousCheckOutAt",
                 c.check_out_at = v.check_out_at and c.check_in_at = v.check_in_at as same,
                 c.reason, u.privileges
          from visit_corrections c join visits v on v.id = c.visit_id
          join users u on u.id = c.corrected_by`,
    );
    expect(corrections).toEqual([
      {
        status: 'completed',
        previousStatus: 'in-progress',
        previousCheckOutAt: null,
        same: true,
        reason: expect.stringContaining('Forgot to check out'),
        privileges: 'admin',
      },
    ]);
  });

  it('gives the caregiver login a day under way: visits done, one now or soon, more later', async () => {
    const login = result.logins.find((l) => l.role === 'caregiver')!;
    const [me] = await rows<{ id: number }>(
      database,
      sql`select id from users where username = ${login.username}`,
    );
    const today = localParts(now, DEMO_TIME_ZONE).date;
    const mine = visits.filter(
      (v) => v.caregiverId === me!.id && localParts(v.plannedStart, DEMO_TIME_ZONE).date === today,
    );
    const t = now.getTime();
    expect(mine.filter((v) => v.status === 'completed').length).toBeGreaterThanOrEqual(2);
    expect(
      mine.some(
        (v) =>
          v.status === 'in-progress' ||
          (v.status === 'planned' && v.plannedStart.getTime() - t <= 60 * 60_000),
      ),
    ).toBe(true);
    expect(
      mine.filter((v) => v.status === 'planned' && v.plannedStart.getTime() - t > 60 * 60_000)
        .length,
    ).toBeGreaterThanOrEqual(2);
    expect(mine.length).toBeLessThanOrEqual(10);
  });
});

describe('the demo agency’s rota made on a Sunday evening in summer', () => {
  let database: Database;
  let visits: VisitRow[];
  // Sunday 22:40 in London (British Summer Time): no time left this week.
  const now = new Date('2026-07-05T21:40:00.000Z');

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemo(database.db, {
      now,
      size: { doctors: 2, caregivers: 3, patients: 8 },
      passwordHash: 'not-a-login',
    });
    visits = await visitsOf(database);
  });
  afterAll(() => database.close());

  it('keeps the same rules, and plans the unassigned visits early next week', async () => {
    checkRota(visits, now);
    await checkSeries(database, visits);
    const unassigned = visits.filter((v) => v.caregiverId === null);
    expect(unassigned).toHaveLength(2);
    for (const v of unassigned) {
      expect(localParts(v.plannedStart, DEMO_TIME_ZONE).date > '2026-07-05').toBe(true);
    }
  });
});
