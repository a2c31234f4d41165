import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../server/db/client.ts';
import { openTestDatabase } from '../server/test/app.ts';
import { createPatient, createUser } from '../server/test/factories.ts';
import {
  addDays,
  isoWeekday,
  isScheduledDose,
  localParts,
  scheduledDoses,
  zonedInstant,
  type FixedSchedule,
} from '../shared/dose-schedule.ts';
import { doseInputSchema } from '../shared/schemas/doses.ts';
import { checkInSchema } from '../shared/schemas/visits.ts';
import { checkInOpensAt } from '../shared/visit-rules.ts';
import { medicalRecordInputSchema } from '../shared/schemas/medical-records.ts';
import { prescriptionInputSchema } from '../shared/schemas/prescriptions.ts';
import { progressReportInputSchema } from '../shared/schemas/progress-reports.ts';
import { checkOutSchema } from '../shared/schemas/visits.ts';
import { vitalSignInputSchema } from '../shared/schemas/vital-signs.ts';
import { root } from './build.ts';
import { buildFloor, transactionOf } from './floor.ts';
import { killByCommandLine } from './processes.ts';
import {
  allMet,
  floorGoalRows,
  memoryGoalRows,
  pgliteGoalRows,
  teamGoalRows,
  verdictText,
} from './goals.ts';
import type { LoadResult } from './load.ts';
import { memoryGrowth, sampleMemory, type ScenarioMemory } from './memory.ts';
import { checkOutBody, writeTargets, writtenAppointment } from './targets-writes.ts';
import {
  FIRST_SCREENS,
  loadRegistry,
  measureRoutes,
  routePages,
  SIGNED_IN_FRAME,
} from './client-weight.ts';
import { failedAccessibilityAudits, performanceFigures } from './lighthouse-audits.ts';
import { lighthousePages } from './lighthouse.ts';
import { runLoad } from './load.ts';
import { memoryOf, parseProcStatus } from './memory.ts';
import { agencyExportSection, exportFindings } from './report-export.ts';
import {
  auditScaleSection,
  emptyReliability,
  median,
  planSummary,
  quantile,
  soakSection,
  soakWindows,
  startupSection,
} from './report-reliability.ts';
import type { AgencyExport, Report, Scenario } from './report-types.ts';
import {
  BENCH_TIME_ZONE,
  CHECK_IN_VISITS,
  generateScale,
  type BenchPeople,
  type ScaleResult,
} from './scale.ts';
import { sqlOf } from './sql.ts';
import {
  checkInBody,
  importUpload,
  nextCheckInPath,
  nextFeedPath,
  targets,
  teamTargets,
  writtenDose,
  type Tokens,
} from './targets.ts';

describe('bench harness', () => {
  let database: Database;
  let floor: ReturnType<typeof buildFloor>;
  let base: string;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const sql = sqlOf(database);
    await sql.exec(`insert into patients (first_name, last_name, dob, gender, address, phone_number,
      emergency_contact, emergency_contact_phone)
      select 'Ada', 'Patient' || g, '1940-01-01', 'Female', '1 Elm Street', '555-0100', 'Kin', '555-0101'
      from generate_series(1, 60) g`);
    const doctor = await createUser(database.db, { role: 'doctor', now: new Date() });
    await createPatient(database.db, { careTeam: [doctor] });
    token = doctor.token;
    floor = buildFloor(sql);
    await floor.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(floor.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await floor.close();
    await database.close();
  });

  it('the floor answers the first 50 patients, and its ladder steps need a session', async () => {
    const page = await fetch(`${base}/floor/patients`);
    expect(page.status).toBe(200);
    expect(await page.json()).toHaveLength(50);
    expect((await fetch(`${base}/floor/patients/audit`)).status).toBe(401);
    const scoped = await fetch(`${base}/floor/patients/audit`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scoped.status).toBe(200);
    expect(scoped.headers.get('x-total-count')).toBe('1');
  });

  it('one bench target for one second yields throughput, latency and no errors', async () => {
    const result = await runLoad({ url: `${base}/floor/patients`, connections: 4, seconds: 1 });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.rps).toBeGreaterThan(0);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
    expect(result.errors).toBe(0);
  });

  it('counts non-2xx answers as errors', async () => {
    const result = await runLoad({
      url: `${base}/floor/patients/session`,
      connections: 2,
      seconds: 1,
    });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.errors).toBe(result.requests);
    expect(Object.keys(result.statuses)).toEqual(['401']);
  });
});

describe('bench medication rounds', () => {
  let database: Database;
  let generated: ScaleResult;
  const now = new Date();

  beforeAll(async () => {
    database = await openTestDatabase();
    generated = await generateScale(
      sqlOf(database),
      { label: 'test', patients: 200, doctors: 10, caregivers: 20, rows: 2_000 },
      { passwordHash: 'not-a-login', now },
    );
  });
  afterAll(() => database.close());

  const schedules = async () => {
    const rows = await sqlOf(database).query<FixedSchedule & { id: number; patientId: number }>(
      `select id, patient_id as "patientId", start_date::text as "startDate",
              end_date::text as "endDate", dose_times as "doseTimes", weekdays
       from prescriptions where schedule = 'fixed'`,
    );
    return new Map(rows.map((r) => [r.id, r]));
  };

  it('gives the bench caregiver 30 patients with 8 medicines three times a day', async () => {
    const rows = await sqlOf(database).query<{ patientId: number; n: number; times: number }>(
      `select s.patient_id as "patientId", count(*)::int as n,
              min(cardinality(s.dose_times))::int as times
       from care_team_members m join prescriptions s on s.patient_id = m.patient_id
       where m.user_id = (select id from users where username = 'bench_caregiver_0')
         and s.schedule = 'fixed' group by 1`,
    );
    expect(rows).toHaveLength(30);
    for (const row of rows) expect([row.n, row.times]).toEqual([8, 3]);
    expect(rows.map((r) => r.patientId)).toContain(generated.people.marPatientId);
  });

  it('records history doses only at real times of their schedule, in the past', async () => {
    const byId = await schedules();
    const doses = await sqlOf(database).query<{
      prescriptionId: number;
      patientId: number;
      scheduledAt: Date;
    }>(
      `select prescription_id as "prescriptionId", patient_id as "patientId",
              scheduled_at as "scheduledAt" from doses`,
    );
    // About as many as the scale's rows, plus the caregiver's month.
    expect(doses.length).toBeGreaterThan(2_000);
    // One pass of the schedule engine per prescription, over its whole span.
    const slots = new Map<number, Set<number>>();
    const from = new Date(now.getTime() - 400 * 86_400_000);
    for (const dose of doses) {
      const schedule = byId.get(dose.prescriptionId)!;
      expect(dose.patientId).toBe(schedule.patientId);
      if (!slots.has(schedule.id)) {
        const all = scheduledDoses(schedule, BENCH_TIME_ZONE, from, now);
        slots.set(schedule.id, new Set(all.map((d) => d.getTime())));
      }
      const at = new Date(dose.scheduledAt).getTime();
      expect(slots.get(schedule.id)!.has(at), new Date(at).toISOString()).toBe(true);
    }
    expect(generated.counts.doses).toBe(doses.length);
  });

  it('writes a distinct real dose of a writer prescription with every request', async () => {
    const byId = await schedules();
    const seen = new Set<string>();
    for (let n = 0; n < 600; n += 1) {
      const body = writtenDose(generated.people, n);
      expect(doseInputSchema.safeParse(body).success).toBe(true);
      const schedule = byId.get(body.prescriptionId)!;
      expect(body.patientId).toBe(schedule.patientId);
      const at = new Date(body.scheduledAt);
      expect(isScheduledDose(schedule, BENCH_TIME_ZONE, at), body.scheduledAt).toBe(true);
      expect(at.getTime()).toBeLessThan(now.getTime() - 86_400_000);
      seen.add(`${body.prescriptionId}|${body.scheduledAt}`);
    }
    expect(seen.size).toBe(600);
  });
});

describe('bench caregiver visits', () => {
  let database: Database;
  let generated: ScaleResult;
  const now = new Date();
  const size = { label: 'test', patients: 200, doctors: 10, caregivers: 20, rows: 2_000 };

  beforeAll(async () => {
    database = await openTestDatabase();
    generated = await generateScale(sqlOf(database), size, { passwordHash: 'not-a-login', now });
  });
  afterAll(() => database.close());

  const one = async <T>(text: string, params: unknown[] = []) =>
    (await sqlOf(database).query<T>(text, params))[0]!;

  it('gives the bench caregiver eight visits today, and a month of them for the timesheet', async () => {
    const today = localParts(now, BENCH_TIME_ZONE).date;
    const { caregiverId, visits } = generated.people;
    const mine = await one<{ today: number; month: number }>(
      `select count(*) filter (where (planned_start at time zone $2)::date = $3::date)::int as today,
              count(*) filter (where (planned_start at time zone $2)::date between $4::date and $3::date)::int as month
       from visits where caregiver_id = $1`,
      [caregiverId, BENCH_TIME_ZONE, today, visits.timesheetFrom],
    );
    expect(mine.today).toBe(8);
    expect(mine.month).toBe(8 * 31);
    expect(visits.timesheetTo).toBe(today);
  });

  it('books every caregiver in the rota’s week, on the care team, never twice at once', async () => {
    const { visits } = generated.people;
    const start = zonedInstant(visits.rotaWeek, '00:00', BENCH_TIME_ZONE);
    const end = zonedInstant(addDays(visits.rotaWeek, 7), '00:00', BENCH_TIME_ZONE);
    const week = await one<{ caregivers: number; visits: number; fresh: number }>(
      `select count(distinct caregiver_id)::int as caregivers, count(*)::int as visits,
              count(*) filter (where caregiver_id = $3 and planned_end - planned_start > interval '2 hours')::int as fresh
       from visits where planned_start < $2 and planned_end > $1`,
      [start.toISOString(), end.toISOString(), visits.checkerId],
    );
    expect(isoWeekday(visits.rotaWeek)).toBe(1);
    expect(week.caregivers).toBe(size.caregivers);
    // Three a week for each patient but the bench caregiver's own, and their eight a day.
    expect(week.visits).toBeGreaterThan(2 * size.patients);
    // The fresh check-in visits (23 hours long) are outside it.
    expect(week.fresh).toBe(0);
    const wrong = await one<{
      overlaps: number;
      offTeam: number;
      openPast: number;
      noTasks: number;
    }>(
      `select (select count(*) from visits a join visits b on b.caregiver_id = a.caregiver_id
                and b.id > a.id and b.planned_start < a.planned_end and b.planned_end > a.planned_start
              where a.caregiver_id <> $1)::int as overlaps,
              (select count(*) from visits v where not exists (select 1 from care_team_members m
                where m.patient_id = v.patient_id and m.user_id = v.caregiver_id))::int as "offTeam",
              (select count(*) from visits where status = 'planned' and planned_start <= $2)::int as "openPast",
              (select count(*) from visits v where not exists (select 1 from visit_tasks t
                where t.visit_id = v.id))::int as "noTasks"`,
      [visits.checkerId, now.toISOString()],
    );
    expect(wrong).toEqual({ overlaps: 0, offTeam: 0, openPast: 0, noTasks: 0 });
    const states = await sqlOf(database).query<{ status: string }>(
      `select distinct status from visits order by status`,
    );
    // In progress too when the bench runs between 07:00 and 18:30.
    expect(states.map((s) => s.status).filter((s) => s !== 'in-progress')).toEqual([
      'completed',
      'missed',
      'planned',
    ]);
  });

  it('fills the dashboards Lighthouse scores: the doctor’s day, reminders, upcoming visits', async () => {
    const today = localParts(now, BENCH_TIME_ZONE).date;
    const { doctorId, caregiverId, patientId } = generated.people;
    const filled = await one<{ doctorToday: number; reminders: number; upcoming: number }>(
      `select (select count(*) from appointments where doctor_id = $1
                 and (appointment_date at time zone $4)::date = $5::date)::int as "doctorToday",
              (select count(*) from reminders where user_id = $2
                 and (date at time zone $4)::date = $5::date)::int as reminders,
              (select count(*) from appointments where patient_id = $3
                 and appointment_date > $6)::int as upcoming`,
      [doctorId, caregiverId, patientId, BENCH_TIME_ZONE, today, now.toISOString()],
    );
    expect(filled.doctorToday).toBeGreaterThanOrEqual(4);
    expect(filled.reminders).toBeGreaterThan(0);
    expect(filled.upcoming).toBeGreaterThan(0);
  });

  it('gives the team doctors care teams of 10, 1,000 and 10,000 patients, capped at the agency, as their labels say', async () => {
    const { teams } = generated.people;
    expect(teams.map((t) => [t.requested, t.size])).toEqual([
      [10, 10],
      [1_000, size.patients],
      [10_000, size.patients],
    ]);
    for (const team of teams) {
      const held = await one<{
        members: number;
        distinct: number;
        appointments: number;
        letters: number;
      }>(
        `select (select count(*) from care_team_members where user_id = $1)::int as members,
                (select count(distinct patient_id) from care_team_members where user_id = $1)::int as distinct,
                (select count(*) from appointments a where a.doctor_id = $1
                   and exists (select 1 from care_team_members m where m.user_id = $1
                               and m.patient_id = a.patient_id))::int as appointments,
                (select count(distinct left(p.last_name, 1)) from care_team_members m
                   join patients p on p.id = m.patient_id where m.user_id = $1)::int as letters`,
        [team.doctorId],
      );
      expect([held.members, held.distinct, held.appointments]).toEqual([
        team.size,
        team.size,
        2 * team.size,
      ]);
      // Spread over the alphabet, not the first few surnames by id.
      expect(held.letters).toBeGreaterThan(3);
    }
    const labels = teamTargets.filter(
      (t) => t.id.startsWith('patients-team-') && !t.id.endsWith('desc'),
    );
    expect(labels.map((t) => t.label)).toEqual([
      'GET /api/patients?limit=50 (doctor: care team of 10)',
      'GET /api/patients?limit=50 (doctor: care team of 1,000)',
      'GET /api/patients?limit=50 (doctor: care team of 10,000; 1,000 at 10k, all it has)',
    ]);
    expect(
      teamTargets
        .find((t) => t.id === 'appointments-team-10')!
        .path(generated.people, {} as Tokens),
    ).toBe(`/api/appointments/doctor/${teams[0]!.doctorId}`);
  });

  it('opens a distinct fresh visit of the checker for every check-in', async () => {
    const { visits } = generated.people;
    expect(new Set(visits.checkInVisitIds).size).toBe(CHECK_IN_VISITS);
    const rows = await sqlOf(database).query<{
      id: number;
      caregiverId: number;
      status: string;
      start: Date;
      end: Date;
      onTeam: boolean;
    }>(
      `select v.id, v.caregiver_id as "caregiverId", v.status, v.planned_start as start,
              v.planned_end as end,
              exists (select 1 from care_team_members m where m.patient_id = v.patient_id
                      and m.user_id = v.caregiver_id) as "onTeam"
       from visits v where v.id = any($1::int[])`,
      [visits.checkInVisitIds],
    );
    expect(rows).toHaveLength(CHECK_IN_VISITS);
    for (const row of rows.slice(0, 50)) {
      expect([row.caregiverId, row.status, row.onTeam]).toEqual([
        visits.checkerId,
        'planned',
        true,
      ]);
      expect(checkInOpensAt(new Date(row.start)).getTime()).toBeLessThanOrEqual(Date.now());
      expect(new Date(row.end).getTime() - Date.now()).toBeGreaterThan(20 * 3600_000);
    }
    expect(checkInSchema.safeParse(checkInBody()).success).toBe(true);
    const paths = [nextCheckInPath(generated.people), nextCheckInPath(generated.people)];
    expect(paths[0]).toMatch(/^\/api\/visits\/check-in\/\d+$/);
    expect(paths[0]).not.toBe(paths[1]);
  });
});

describe('bench Lighthouse reports', () => {
  it('kills a detached grandchild left behind, found by a marker in its command line', async () => {
    const marker = `--bench-marker-${process.pid}-${Date.now()}`;
    // After `--`, so that Node takes the marker as an argument of the script, not an option.
    const spare = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)', '--', marker], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    spare.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      spare.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise((resolve) => spare.once('spawn', resolve));
    expect(killByCommandLine(marker), errors).toBe(1);
    expect(await exited).toBe('SIGKILL');
    expect(killByCommandLine(marker)).toBe(0);
  });

  it('lists the accessibility audits below 1 with their element counts, weight 0 included', () => {
    const report = {
      categories: {
        accessibility: {
          score: 0.96,
          auditRefs: [
            { id: 'color-contrast' },
            { id: 'label-content-name-mismatch' },
            { id: 'html-has-lang' },
            { id: 'video-caption' },
          ],
        },
        performance: { score: 0.5, auditRefs: [{ id: 'largest-contentful-paint' }] },
      },
      audits: {
        'color-contrast': { score: 0, details: { items: [{}, {}] } },
        'label-content-name-mismatch': { score: 0, details: { items: [{}] } },
        'html-has-lang': { score: 1 },
        'video-caption': { score: null },
        'largest-contentful-paint': { score: 0.2 },
      },
    };
    expect(failedAccessibilityAudits(report)).toEqual([
      'color-contrast (2)',
      'label-content-name-mismatch (1)',
    ]);
  });

  it('reads CLS, LCP, FCP, TBT and the LCP element of a Lighthouse 12 report', () => {
    const report = {
      categories: { performance: { score: 0.91 } },
      audits: {
        'cumulative-layout-shift': { score: 1, numericValue: 0.012 },
        'largest-contentful-paint': { score: 0.9, numericValue: 2100.4 },
        'first-contentful-paint': { score: 0.95, numericValue: 1500 },
        'total-blocking-time': { score: 1, numericValue: 40 },
        'largest-contentful-paint-element': {
          score: 0,
          details: { items: [{ items: [{ node: { snippet: '<h1 class="title">' } }] }] },
        },
      },
    };
    expect(performanceFigures(report)).toEqual({
      cls: 0.012,
      lcp: 2100.4,
      fcp: 1500,
      tbt: 40,
      lcpElement: '<h1 class="title">',
    });
    expect(performanceFigures({ categories: {}, audits: {} })).toEqual({});
  });

  it('opens /login, every role’s dashboard and the patient chart, each as its role', () => {
    expect(
      lighthousePages({ historyPatientId: 42 }).map((p) => [p.route, p.path, p.as ?? 'guest']),
    ).toEqual([
      ['/login', '/login', 'guest'],
      ['/dashboard', '/dashboard', 'doctor'],
      ['/caregiver-dashboard', '/caregiver-dashboard', 'caregiver'],
      ['/patient-dashboard', '/patient-dashboard', 'patient'],
      ['/coordinator-dashboard', '/coordinator-dashboard', 'coordinator'],
      ['/patients/:id', '/patients/42', 'doctor'],
    ]);
  });
});

describe('bench client weight', () => {
  it('finds the page module of every first screen in the screen registry', async () => {
    const pages = routePages(await loadRegistry());
    expect(FIRST_SCREENS.map((route) => [route, pages.get(route)])).toEqual([
      ['/login', { page: 'features/auth/login-page.tsx', signedIn: false }],
      ['/dashboard', { page: 'features/appointments/doctor-dashboard-page.tsx', signedIn: true }],
      [
        '/caregiver-dashboard',
        { page: 'features/reminders/caregiver-dashboard-page.tsx', signedIn: true },
      ],
      [
        '/patient-dashboard',
        { page: 'features/dashboards/patient-dashboard-page.tsx', signedIn: true },
      ],
      [
        '/coordinator-dashboard',
        { page: 'features/dashboards/coordinator-dashboard-page.tsx', signedIn: true },
      ],
      ['/patients/:id', { page: 'features/patients/patient-detail-page.tsx', signedIn: true }],
    ]);
    // The router loads the signed-in frame beside every signed-in page.
    const router = readFileSync(path.join(root, 'client/app/router.tsx'), 'utf8');
    expect(router).toContain(`import('./${path.posix.basename(SIGNED_IN_FRAME)}')`);
  });

  it('adds up the entry, the page and, signed in, the frame with their static imports', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'client-weight-'));
    const file = (name: string, bytes: number) => {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), 'x'.repeat(bytes));
    };
    const manifest = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_react.js'],
        css: ['assets/index.css'],
      },
      '_react.js': { file: 'assets/react.js' },
      '_mui.js': { file: 'assets/mui.js', imports: ['_react.js'] },
      'features/auth/login-page.tsx': {
        file: 'assets/login.js',
        isDynamicEntry: true,
        imports: ['_mui.js'],
      },
      'features/a/dash.tsx': { file: 'assets/dash.js', isDynamicEntry: true, imports: ['_mui.js'] },
      [SIGNED_IN_FRAME]: { file: 'assets/layout.js', isDynamicEntry: true, imports: ['_mui.js'] },
      'features/a/dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true },
    };
    file('.vite/manifest.json', 0);
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    for (const name of ['index', 'react', 'mui', 'login', 'dash', 'layout', 'dialog']) {
      file(`assets/${name}.js`, 1000);
    }
    file('assets/index.css', 500);
    const pages = new Map([
      ['/login', { page: 'features/auth/login-page.tsx', signedIn: false }],
      ['/dash', { page: 'features/a/dash.tsx', signedIn: true }],
    ]);
    const [login, dash, missing] = measureRoutes(dir, pages, ['/login', '/dash', '/nowhere']);
    expect([login!.page, login!.jsFiles, login!.jsRaw, login!.cssRaw]).toEqual([
      'features/auth/login-page.tsx',
      4,
      4000,
      500,
    ]);
    // The frame comes with a signed-in page; a lazily loaded dialog does not.
    expect([dash!.jsFiles, dash!.jsRaw]).toEqual([5, 5000]);
    expect(dash!.largest.map((l) => l.file)).not.toContain('assets/dialog.js');
    expect([missing!.page, missing!.jsFiles]).toEqual([null, 2]);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('bench agency export', () => {
  it('reads resident memory and its high-water mark from /proc/<pid>/status', () => {
    const status = 'Name:\tnode\nVmPeak:\t 1200000 kB\nVmHWM:\t  250000 kB\nVmRSS:\t  180000 kB\n';
    expect(parseProcStatus(status)).toEqual({ rss: 180000 * 1024, peak: 250000 * 1024 });
    expect(parseProcStatus('Name:\tnode\n')).toBeNull();
    expect(memoryOf(process.pid)?.peak).toBeGreaterThan(0);
  });

  const exported = (peakRss: number, listed = 2_000): AgencyExport => ({
    patients: 100_000,
    rows: 1_000_000,
    visitPatients: 20_000,
    counts: {},
    generationSeconds: 120,
    manifestSeconds: 1.5,
    files: [
      { type: 'Patient', resources: 2_000, listed, bytes: 2e6, seconds: 0.5, peakAfter: 150e6 },
      {
        type: 'Observation',
        resources: 6_000,
        listed: 6_000,
        bytes: 8e6,
        seconds: 1.5,
        peakAfter: peakRss,
      },
    ],
    seconds: 2,
    rssBefore: 120e6,
    peakRss,
    rssAfter: 140e6,
  });

  it('writes a row per file and one for all files, and a finding only when memory grows', () => {
    const lines: string[] = [];
    const report = { agencyExport: exported(160e6), agencyExportNote: '' } as Report;
    agencyExportSection(report, (...more) => lines.push(...more));
    expect(lines).toContain('| Patient.ndjson | 2,000 | 0.5 | 4,000 | 2.0 | 150 |');
    expect(lines).toContain('| Observation.ndjson | 6,000 | 1.5 | 4,000 | 8.0 | 160 |');
    expect(lines).toContain(
      '**All files:** 8,000 resources, 10 MB in 2.0 s = 4,000 resources/s; server RSS before 120 MB, peak 160 MB (140 MB after the last file).',
    );
    expect(exportFindings(report.agencyExport)).toEqual([]);
    expect(exportFindings(exported(500e6, 1_999))).toEqual([
      expect.stringContaining('peaked at 500 MB while streaming 100,000 patients, 380 MB over'),
      expect.stringContaining(
        'Patient.ndjson carried 2,000 resources where the manifest listed 1,999',
      ),
    ]);
    const skipped: string[] = [];
    agencyExportSection({ agencyExport: null, agencyExportNote: 'skipped' } as Report, (...more) =>
      skipped.push(...more),
    );
    expect(skipped).toContain('Not measured: skipped.');
  });

  it("fetches the doctors' calendar feeds in turn", () => {
    const tokens = { calendarFeeds: ['a'.repeat(43), 'b'.repeat(43)] } as Tokens;
    const paths = [nextFeedPath(tokens), nextFeedPath(tokens), nextFeedPath(tokens)];
    expect(new Set(paths).size).toBe(2);
    expect(paths[0]).toMatch(/^\/api\/calendar-feed\/[ab]{43}\.ics$/);
    expect(paths[2]).toBe(paths[0]);
  });

  it("uploads the import's dry run as one multipart CSV of new patients", () => {
    const upload = importUpload(3);
    const boundary = /boundary=(.+)$/.exec(upload.contentType)![1]!;
    expect(upload.body.startsWith(`--${boundary}\r\n`)).toBe(true);
    expect(upload.body.endsWith(`\r\n--${boundary}--\r\n`)).toBe(true);
    const file = upload.body.split('\r\n\r\n')[1]!;
    const rows = parse(file, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({
      firstName: 'Imogen',
      lastName: 'Importer2',
      dob: '1938-04-03',
    });
  });
});

describe('bench reliability figures', () => {
  it('takes medians and nearest-rank quantiles of unsorted samples', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(Number.isNaN(median([]))).toBe(true);
    const samples = Array.from({ length: 50 }, (_, i) => 50 - i);
    expect(quantile(samples, 0.99)).toBe(50);
    expect(quantile(samples, 0.5)).toBe(25);
    expect(quantile([7], 0.99)).toBe(7);
  });

  it('cuts the soak into minutes, or fifths of a run shorter than five minutes', () => {
    expect(soakWindows(300)).toEqual([60, 60, 60, 60, 60]);
    expect(soakWindows(330)).toEqual([60, 60, 60, 60, 60, 30]);
    expect(soakWindows(20)).toEqual([4, 4, 4, 4, 4]);
    expect(soakWindows(3).reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('summarises a plan by its scans, sorts, buffers and time', () => {
    const summary = planSummary({
      Plan: {
        'Node Type': 'Limit',
        'Shared Hit Blocks': 120,
        'Shared Read Blocks': 3,
        Plans: [
          {
            'Node Type': 'Incremental Sort',
            'Sort Method': 'quicksort',
            Plans: [
              {
                'Node Type': 'Index Scan',
                'Index Name': 'audit_patient_idx',
                'Relation Name': 'audit_log',
                'Actual Rows': 51,
                'Actual Loops': 1,
              },
              {
                'Node Type': 'Seq Scan',
                'Relation Name': 'users',
                'Actual Rows': 10,
                'Actual Loops': 2,
                'Rows Removed by Filter': 4000,
              },
              {
                'Node Type': 'Bitmap Index Scan',
                'Index Name': 'audit_user_idx',
                'Actual Rows': 7,
              },
            ],
          },
        ],
      },
      'Execution Time': 1.234,
    });
    expect(summary).toBe(
      'Incremental Sort (quicksort); Index Scan using audit_patient_idx on audit_log: 51 rows; ' +
        'Seq Scan on users: 20 rows, 4,000 removed by filter; Bitmap Index Scan using audit_user_idx: 7 rows; ' +
        'buffers 120 hit, 3 read; 1.2 ms',
    );
  });

  it('writes each stage as a table, or why it was not measured', () => {
    const r = emptyReliability();
    r.soakNote = 'skipped (BENCH_SOAK=0 or another BENCH_ONLY)';
    r.startup = [
      {
        id: 'pglite-empty',
        label: 'PGlite, empty data directory',
        firstAnswer: [900, 950, 1000],
        ready: [910, 960, 1200],
      },
      {
        id: 'postgres-empty',
        label: 'PostgreSQL, empty database',
        firstAnswer: [],
        ready: [],
        error: 'exited (1)',
      },
    ];
    r.audit = {
      rows: 1_000_000,
      users: 2000,
      patients: 100_000,
      years: 6,
      fillSeconds: 4,
      indexSeconds: 2,
      analyzeSeconds: 0.3,
      tableBytes: 130e6,
      indexBytes: 110e6,
      indexes: [{ name: 'audit_at_idx', bytes: 22e6 }],
      queries: [
        {
          id: 'patient',
          label: 'patientId',
          requests: 50,
          errors: 0,
          median: 3.51,
          p99: 10,
          plan: 'P',
          countPlan: 'C',
        },
      ],
    };
    const lines: string[] = [];
    const push = (...more: string[]) => void lines.push(...more);
    startupSection(r, push);
    soakSection(r, push);
    auditScaleSection(r, push);
    const text = lines.join('\n');
    expect(text).toContain('| PGlite, empty data directory | 3 | 950 (1,000) | 960 (1,200) |');
    expect(text).toContain('| PostgreSQL, empty database | 0 | — | failed: exited (1) |');
    expect(text).toContain('Not measured: skipped (BENCH_SOAK=0 or another BENCH_ONLY).');
    expect(text).toContain('Fill 4 s (250,000 rows/s)');
    expect(text).toContain('| patientId | 50 | 0 | 3.5 | 10 | P | C |');

    r.soak = {
      seconds: 8,
      connections: 20,
      mix: ['19 × reads', '1 × write'],
      rssStart: 150e6,
      windows: [
        { endSeconds: 4, requests: 2000, errors: 0, p50: 30, p99: 300, rss: 200e6 },
        { endSeconds: 8, requests: 2400, errors: 3, p50: 28, p99: 80, rss: 220e6 },
      ],
      peakRss: 280e6,
      statuses: { '200': 4200, '201': 197, '500': 3 },
    };
    lines.length = 0;
    soakSection(r, push);
    expect(lines).toContain('| 8 | 2,400 | 600 | **3** | 28 | 80 | 220 |');
    expect(lines.join('\n')).toContain(
      '**In all:** 4,400 requests, **3 errors** (answers 200: 4,200, 201: 197, 500: 3); server RSS 150 MB before the first request, 220 MB at the end, peak 280 MB.',
    );
  });
});

describe('bench write floor and goals', () => {
  let database: Database;
  let floor: ReturnType<typeof buildFloor>;
  let base: string;
  let doctor: { id: number; username: string };
  let patientUser: { id: number };
  let patient: { id: number };

  beforeAll(async () => {
    database = await openTestDatabase();
    const sql = sqlOf(database);
    doctor = await createUser(database.db, { role: 'doctor', now: new Date() });
    patientUser = await createUser(database.db, { role: 'patient', now: new Date() });
    patient = await createPatient(database.db, { careTeam: [doctor], account: patientUser });
    floor = buildFloor(sql, undefined, transactionOf(database));
    await floor.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(floor.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await floor.close();
    await database.close();
  });

  const people = () =>
    ({ writerUsername: doctor.username, writerPatientIds: [patient.id] }) as BenchPeople;

  it('the write floor writes the appointment, its notice and its audit row in one transaction', async () => {
    const body = writtenAppointment(people(), 7);
    const res = await fetch(`${base}/floor/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(created).toMatchObject({
      doctorId: doctor.id,
      patientId: patient.id,
      location: 'Clinic room 2',
      durationMinutes: 30,
      status: 'scheduled',
      requestedBy: doctor.id,
    });
    expect(new Date(created.appointmentDate as string).toISOString()).toBe(body.appointmentDate);
    const sql = sqlOf(database);
    const audit = await sql.query(
      `select user_id as "userId", action, entity, entity_id as "entityId", patient_id as "patientId", outcome
       from audit_log where entity = 'appointment'`,
    );
    expect(audit).toEqual([
      {
        userId: doctor.id,
        action: 'create',
        entity: 'appointment',
        entityId: String(created.id),
        patientId: patient.id,
        outcome: 'success',
      },
    ]);
    const notices = await sql.query(
      `select user_id as "userId", message, kind, link from notifications`,
    );
    expect(notices).toEqual([
      {
        userId: patientUser.id,
        message: 'New appointment on {at} at Clinic room 2',
        kind: 'appointment',
        link: '/patient-appointments',
      },
    ]);
    // A doctor unknown to the database: nothing is written.
    const missing = await fetch(`${base}/floor/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, doctorUsername: 'nobody' }),
    });
    expect(missing.status).toBe(404);
    expect(await sql.query('select id from appointments')).toHaveLength(1);
  });

  it('sends write bodies the app accepts, each a different record', () => {
    const p = {
      writerId: 3,
      writerUsername: 'bench_doctor_1',
      writerPatientIds: [11, 12],
      patientId: 20,
      caregiverId: 30,
    } as BenchPeople;
    const list = writeTargets(() => '/api/visits/check-in/1');
    const bodyOf = (id: string, n: number) => list.find((t) => t.id === id)!.body!(p, n);
    expect(medicalRecordInputSchema.safeParse(bodyOf('post-medical-record', 1)).success).toBe(true);
    expect(progressReportInputSchema.safeParse(bodyOf('post-progress-report', 1)).success).toBe(
      true,
    );
    expect(prescriptionInputSchema.safeParse(bodyOf('post-prescription', 1)).success).toBe(true);
    expect(vitalSignInputSchema.safeParse(bodyOf('post-vital-sign', 1)).success).toBe(true);
    expect(bodyOf('post-medical-record', 1)).not.toEqual(bodyOf('post-medical-record', 2));
    expect(checkOutSchema.safeParse(checkOutBody({ id: 5, tasks: [8, 9] })).success).toBe(true);
    expect(checkOutBody({ id: 5, tasks: [8, 9] }).tasks).toEqual([
      { id: 8, status: 'done' },
      { id: 9, status: 'done' },
    ]);
    // Every write of a record is compared with the write floor.
    expect(list.every((t) => t.kind === 'write' && t.floor === 'write')).toBe(true);
    expect(targets.filter((t) => t.floor === 'write').map((t) => t.id)).toEqual([
      'post-appointment',
      'dose-record',
      'visit-check-in',
      'post-medical-record',
      'post-progress-report',
      'post-prescription',
      'post-vital-sign',
      'visit-check-out',
    ]);
  });

  const load = (rps: number, extra: Partial<LoadResult> = {}): LoadResult => ({
    rps,
    p50: 5,
    p99: 40,
    requests: rps * 10,
    errors: 0,
    timeouts: 0,
    statuses: { '200': rps * 10 },
    seconds: 10,
    ...extra,
  });
  const scenario = (
    label: string,
    driver: 'postgres' | 'pglite',
    floorRps: number,
    writeFloorRps: number,
    results: Record<string, LoadResult>,
    memory: Scenario['memory'] = null,
  ): Scenario => ({
    id: `${driver}-${label}`,
    driver,
    size: { label, patients: 1, doctors: 1, caregivers: 1, rows: 1 },
    counts: {},
    generationSeconds: 1,
    generationSteps: {},
    floor: load(floorRps),
    writeFloor: load(writeFloorRps),
    memory,
    ladder: [],
    targets: [
      { id: 'list', label: 'GET list', kind: 'list', floor: 'read', result: results.list },
      { id: 'write', label: 'POST write', kind: 'write', floor: 'write', result: results.write },
      { id: 'p-team-10', label: 'GET team (10)', kind: 'list', result: results.small },
      { id: 'p-team-10000', label: 'GET team (10,000)', kind: 'list', result: results.large },
    ],
  });

  it('sets reads against the read floor and writes against the write floor, with verdicts', () => {
    const small = scenario('10k', 'postgres', 1000, 500, {
      list: load(800),
      write: load(400),
      small: load(900),
      large: load(850),
    });
    const large = scenario('1M', 'postgres', 1000, 500, {
      list: load(600, { p99: 120 }),
      write: load(350),
      small: load(900),
      large: load(500),
    });
    const reads = floorGoalRows([small, large], 'read');
    const list = reads.find((r) => r.id === 'list')!;
    expect(list.ratios).toEqual([0.8, 0.6]);
    expect(list.flat).toBeCloseTo(0.75);
    expect(list.p99).toBe(120);
    expect(list.verdict).toBe(false);
    const writes = floorGoalRows([small, large], 'write');
    expect(writes.map((w) => w.id)).toEqual(['write']);
    expect(writes[0]!.ratios).toEqual([0.8, 0.7]);
    expect(writes[0]!.flat).toBeCloseTo(0.875);
    expect(writes[0]!.verdict).toBe(true);
    // With one size, flatness is not measured: not "met".
    expect(floorGoalRows([small], 'write')[0]!.verdict).toBe(null);
    const teams = teamGoalRows([small, large]);
    expect(teams).toHaveLength(1);
    expect(teams[0]!.flat[0]).toBeCloseTo(850 / 900);
    expect(teams[0]!.flat[1]).toBeCloseTo(500 / 900);
    expect(teams[0]!.verdict).toBe(false);
    expect(allMet([true, null])).toBe(null);
    expect(allMet([true, true])).toBe(true);
    expect(allMet([null, false])).toBe(false);
    expect(verdictText(false)).toBe('**not met**');
  });

  it('counts PGlite time-outs per endpoint and reads memory growth from the warm start', () => {
    const mb = 1024 * 1024;
    const pglite = scenario(
      '10k',
      'pglite',
      400,
      200,
      {
        list: load(180, { timeouts: 3, errors: 3, rss: 150 * mb }),
        write: load(100, { rss: 160 * mb }),
      },
      { start: 90 * mb, end: 170 * mb, peak: 200 * mb },
    );
    const rows = pgliteGoalRows(pglite);
    expect(rows[0]).toMatchObject({ ratio: 0.45, timeouts: 3, floor: 'read', verdict: false });
    expect(rows[1]).toMatchObject({ ratio: 0.5, timeouts: 0, floor: 'write', verdict: true });
    expect(rows[2]).toMatchObject({ ratio: null, verdict: null });
    const report = { scenarios: [pglite] } as Report;
    const [memory] = memoryGoalRows(report);
    expect(memory).toMatchObject({ boot: 90 * mb, warm: 150 * mb, end: 170 * mb, peak: 200 * mb });
    expect(memory!.growth).toBeCloseTo(20 / 150);
    expect(memory!.verdict).toBe(false);
    expect(memoryGrowth({ start: 100, end: 105, peak: 120 })).toBeCloseTo(0.05);
    expect(memoryOfScenario(sampleMemory(process.pid).end())).toBe(true);
  });

  it('takes memory growth between the readings at rest when both were made', () => {
    const mb = 1024 * 1024;
    const rested = scenario(
      '10k',
      'postgres',
      400,
      200,
      { list: load(180, { rss: 300 * mb }) },
      { start: 90 * mb, end: 450 * mb, peak: 600 * mb, warmRest: 200 * mb, endRest: 210 * mb },
    );
    const [memory] = memoryGoalRows({ scenarios: [rested] } as Report);
    expect(memory).toMatchObject({ warm: 300 * mb, end: 450 * mb, warmRest: 200 * mb });
    expect(memory!.growth).toBeCloseTo(10 / 200);
    expect(memory!.verdict).toBe(true);
    // One reading at rest missing: the readings right after the loads decide (50% here).
    const halfRested = { ...rested, memory: { ...rested.memory!, endRest: null } };
    const [fallback] = memoryGoalRows({ scenarios: [halfRested] } as Report);
    expect(fallback!.growth).toBeCloseTo(150 / 300);
    expect(fallback!.verdict).toBe(false);
  });
});

/** A memory reading of a live process has its start, end and a peak at least as high. */
function memoryOfScenario(m: ScenarioMemory | null): boolean {
  if (process.platform !== 'linux') return true;
  return m !== null && m.start > 0 && m.end > 0 && m.peak >= m.end;
}
