import { sql } from 'drizzle-orm';
import {
  addDays,
  givenOutcome,
  isScheduledDose,
  localParts,
  scheduledDoses,
  type FixedSchedule,
} from '../../../shared/dose-schedule.ts';
import { doseTexts, thresholdTexts, type VitalMeasurement } from '../../../shared/messages.ts';
import { vitalRangesInputSchema } from '../../../shared/schemas/chart.ts';
import { doseInputSchema } from '../../../shared/schemas/doses.ts';
import { prescriptionInputSchema } from '../../../shared/schemas/prescriptions.ts';
import { vitalSignInputSchema } from '../../../shared/schemas/vital-signs.ts';
import { outOfRange, rangesWith, type Range } from '../../../shared/vital-thresholds.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findingsText } from '../../features/clinical-common/vital-ranges.ts';
import { openTestDatabase } from '../../test/app.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Database } from '../client.ts';
import { rowsOf } from '../raw-rows.ts';
import { DEMO_PASSWORD, seedDemo, type DemoResult } from './demo.ts';
import { DEMO_TIME_ZONE, demoWindows } from './rounds.ts';

const rows = <T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> =>
  rowsOf<T>(database.db, query);

interface ScriptRow {
  id: number;
  patientId: number;
  doctorId: number;
  date: string;
  medication: string;
  dosage: string;
  duration: string;
  details: string;
  route: string | null;
  instructions: string;
  schedule: 'fixed' | 'prn' | null;
  startDate: string | null;
  endDate: string | null;
  doseTimes: string[] | null;
  weekdays: number[] | null;
  prnMinIntervalMinutes: number | null;
  prnMaxPerDay: number | null;
}

interface DoseRow {
  id: number;
  patientId: number;
  prescriptionId: number;
  scheduledAt: string | null;
  outcome: 'given' | 'given-late' | 'refused' | 'not-given';
  givenAt: string | null;
  reason: string | null;
  prnReason: string;
  note: string;
  doseTime: string;
  recordedBy: number;
  recorderOnTeam: boolean;
  logPatientId: number | null;
  logDate: string | null;
  logDetails: string | null;
  logRecordedBy: number | null;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The demo's prescriptions and doses, as the API would answer their columns. */
async function roundsOf(database: Database) {
  const scripts = await rows<ScriptRow>(
    database,
    sql`select id, patient_id as "patientId", doctor_id as "doctorId", date::text as date,
               medication, dosage, duration, details, route, instructions, schedule,
               start_date::text as "startDate", end_date::text as "endDate",
               dose_times as "doseTimes", weekdays,
               prn_min_interval_minutes as "prnMinIntervalMinutes", prn_max_per_day as "prnMaxPerDay"
        from prescriptions order by id`,
  );
  const doses = await rows<DoseRow>(
    database,
    sql`select d.id, d.patient_id as "patientId", d.prescription_id as "prescriptionId",
               ${iso('d.scheduled_at')} as "scheduledAt", d.outcome, ${iso('d.given_at')} as "givenAt",
               d.reason, d.prn_reason as "prnReason", d.note, ${iso('d.dose_time')} as "doseTime",
               d.recorded_by as "recordedBy",
               exists (select 1 from care_team_members m where m.patient_id = d.patient_id
                       and m.user_id = d.recorded_by) as "recorderOnTeam",
               m.patient_id as "logPatientId", ${iso('m.date')} as "logDate",
               m.details as "logDetails", m.recorded_by as "logRecordedBy"
        from doses d left join medications m on m.id = d.medication_id order by d.id`,
  );
  return { scripts, doses };
}

const scheduleOf = (s: ScriptRow): FixedSchedule => ({
  startDate: s.startDate!,
  endDate: s.endDate,
  doseTimes: s.doseTimes!,
  weekdays: s.weekdays,
});

describe('demo agency seed', () => {
  let database: Database;
  let result: DemoResult;
  const now = new Date('2026-03-10T09:30:00.000Z');

  beforeAll(async () => {
    database = await openTestDatabase();
    result = await seedDemo(database.db, {
      now,
      size: { doctors: 2, caregivers: 3, patients: 6 },
    });
  });
  afterAll(() => database.close());

  it('fills an empty database with every kind of record at the asked size', () => {
    expect(result.created).toBe(true);
    const c = result.counts;
    // The admin, 2 doctors, 3 caregivers, the coordinator and the patients' accounts.
    expect(c.users).toBe(1 + 2 + 3 + 1 + c.patientAccounts!);
    expect(c.patients).toBe(6);
    expect(c.patientAccounts).toBeGreaterThanOrEqual(1);
    for (const table of [
      'appointments',
      'medicalRecords',
      'progressReports',
      'prescriptions',
      'medications',
      'doses',
      'vitalSigns',
      'conditions',
      'reminders',
      'notifications',
      'auditLog',
    ]) {
      expect(c[table], table).toBeGreaterThan(0);
    }
  });

  it('makes the first account the admin and prints one login per role', async () => {
    const [first] = await rows<{ username: string; privileges: string }>(
      database,
      sql`select username, privileges from users order by id limit 1`,
    );
    expect(first).toEqual({ username: 'admin', privileges: 'admin' });
    expect(result.logins.map((l) => l.role)).toEqual([
      'admin',
      'doctor',
      'caregiver',
      'patient',
      'coordinator',
    ]);
    const [hash] = await rows<{ password_hash: string }>(
      database,
      sql`select password_hash from users where username = ${result.logins[1]!.username}`,
    );
    expect(await verifyPassword(hash!.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('gives every patient one doctor and one or two caregivers', async () => {
    const teams = await rows<{ doctors: number; caregivers: number }>(
      database,
      sql`select count(*) filter (where u.role = 'doctor')::int as doctors,
                 count(*) filter (where u.role = 'caregiver')::int as caregivers
          from patients p join care_team_members m on m.patient_id = p.id
          join users u on u.id = m.user_id group by p.id`,
    );
    expect(teams).toHaveLength(6);
    for (const team of teams) {
      expect(team.doctors).toBe(1);
      expect(team.caregivers).toBeGreaterThanOrEqual(1);
      expect(team.caregivers).toBeLessThanOrEqual(2);
    }
  });

  it('books appointments both in the past and in the coming month', async () => {
    const [span] = await rows<{ past: number; future: number; far: number }>(
      database,
      sql`select count(*) filter (where appointment_date < ${now.toISOString()})::int as past,
                 count(*) filter (where appointment_date > ${now.toISOString()})::int as future,
                 count(*) filter (where abs(extract(epoch from appointment_date - ${now.toISOString()}::timestamptz)) > 32 * 86400)::int as far
          from appointments`,
    );
    expect(span!.past).toBeGreaterThan(0);
    expect(span!.future).toBeGreaterThan(0);
    expect(span!.far).toBe(0);
  });

  it('leaves reminders due within minutes so they visibly fire', async () => {
    const [due] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from reminders where fired_at is null
          and date > ${now.toISOString()}
          and date <= ${new Date(now.getTime() + 6 * 60_000).toISOString()}`,
    );
    expect(due!.n).toBeGreaterThanOrEqual(3);
  });

  it('keeps months of vital signs, 2-3 a week, every one within the bounds the API accepts', async () => {
    const readings = await rows<Record<string, unknown> & { patientId: number; takenAt: string }>(
      database,
      sql`select patient_id as "patientId",
                 to_char(taken_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "takenAt",
                 systolic, diastolic, pulse, respiratory_rate as "respiratoryRate",
                 temperature_c::float8 as "temperatureC", spo2,
                 glucose_mmol_l::float8 as "glucoseMmolL", weight_kg::float8 as "weightKg",
                 pain, note
          from vital_signs`,
    );
    const patients = new Set(readings.map((r) => r.patientId));
    expect(patients.size).toBeGreaterThanOrEqual(4);
    for (const patientId of patients) {
      const own = readings.filter((r) => r.patientId === patientId);
      // Thirteen weeks of two or three readings, less the ones still ahead today.
      expect(own.length).toBeGreaterThanOrEqual(24);
      expect(own.length).toBeLessThanOrEqual(39);
      const oldest = Math.min(...own.map((r) => Date.parse(r.takenAt)));
      expect(now.getTime() - oldest).toBeGreaterThan(80 * 86_400_000);
    }
    for (const reading of readings) {
      const body = Object.fromEntries(Object.entries(reading).filter(([, v]) => v !== null));
      const parsed = vitalSignInputSchema.safeParse(body);
      expect(parsed.success, JSON.stringify(reading)).toBe(true);
      expect(Date.parse(reading.takenAt)).toBeLessThan(now.getTime());
    }
  });

  it('keeps a problem list for every patient, kept by their doctor, some of it resolved', async () => {
    const problems = await rows<{ patientId: number; status: string; byTeamDoctor: boolean }>(
      database,
      sql`select c.patient_id as "patientId", c.status,
                 exists (select 1 from care_team_members m join users u on u.id = m.user_id
                         where m.patient_id = c.patient_id and m.user_id = c.recorded_by
                           and u.role = 'doctor') as "byTeamDoctor"
          from conditions c where c.deleted_at is null`,
    );
    const patients = new Set(problems.map((p) => p.patientId));
    expect(patients.size).toBe(6);
    for (const patientId of patients) {
      const own = problems.filter((p) => p.patientId === patientId);
      expect(
        own.some((p) => p.status === 'active'),
        `patient ${patientId}`,
      ).toBe(true);
      expect(own.length).toBeLessThanOrEqual(5);
    }
    expect(problems.every((p) => p.byTeamDoctor)).toBe(true);
    expect(problems.every((p) => p.status === 'active' || p.status === 'resolved')).toBe(true);
  });

  it('records allergies or no known allergies, never both, and no allergy to a prescribed drug', async () => {
    const states = await rows<{ allergies: number; noKnown: boolean }>(
      database,
      sql`select (select count(*)::int from allergies a where a.patient_id = p.id
                  and a.deleted_at is null and a.status = 'active') as allergies,
                 p.no_known_allergies_at is not null
                   and p.no_known_allergies_by is not null as "noKnown"
          from patients p`,
    );
    expect(states).toHaveLength(6);
    for (const state of states) expect(state.allergies > 0 && state.noKnown).toBe(false);
    const clashes = await rows<{ substance: string }>(
      database,
      sql`select a.substance from allergies a join prescriptions s on s.patient_id = a.patient_id
          where lower(s.medication) like '%' || lower(a.substance) || '%'`,
    );
    expect(clashes).toEqual([]);
  });

  it('gives a handful of each patient’s readings an alert, exactly those outside their ranges', async () => {
    const readings = await rows<
      Record<VitalMeasurement, number | null> & {
        id: number;
        patientId: number;
        patientName: string;
        recordedBy: number;
        recorderRole: string;
        takenAt: string;
        alertedAt: string | null;
      }
    >(
      database,
      sql`select v.id, v.patient_id as "patientId", p.first_name || ' ' || p.last_name as "patientName",
                 v.recorded_by as "recordedBy", u.role as "recorderRole",
                 v.taken_at::text as "takenAt", v.alerted_at::text as "alertedAt",
                 systolic, diastolic, pulse, respiratory_rate as "respiratoryRate",
                 temperature_c::float8 as "temperatureC", spo2,
                 glucose_mmol_l::float8 as "glucoseMmolL", weight_kg::float8 as "weightKg", pain
          from vital_signs v join patients p on p.id = v.patient_id
          join users u on u.id = v.recorded_by order by v.id`,
    );
    const thresholds = await rows<{ patientId: number; measurement: VitalMeasurement } & Range>(
      database,
      sql`select patient_id as "patientId", measurement, low::float8 as low, high::float8 as high
          from vital_thresholds`,
    );
    const doctors = await rows<{ patientId: number; userId: number }>(
      database,
      sql`select m.patient_id as "patientId", m.user_id as "userId" from care_team_members m
          join users u on u.id = m.user_id where u.role = 'doctor'`,
    );
    const alerts = await rows<{
      userId: number;
      message: string;
      link: string;
      createdAt: string;
      dismissedAt: string | null;
    }>(
      database,
      sql`select user_id as "userId", message, link, created_at::text as "createdAt",
                 dismissed_at::text as "dismissedAt"
          from notifications where kind = 'vital-sign' order by id`,
    );
    const rangesOf = (patientId: number) =>
      rangesWith(
        Object.fromEntries(
          thresholds
            .filter((t) => t.patientId === patientId)
            .map((t) => [t.measurement, { low: t.low, high: t.high }]),
        ),
      );
    const expected: typeof alerts = [];
    const flaggedPerPatient = new Map<number, number>();
    for (const reading of readings) {
      const findings = outOfRange(reading, rangesOf(reading.patientId));
      expect(reading.alertedAt !== null, `reading ${reading.id}`).toBe(findings.length > 0);
      if (findings.length === 0) continue;
      expect(reading.alertedAt).toBe(reading.takenAt);
      flaggedPerPatient.set(reading.patientId, (flaggedPerPatient.get(reading.patientId) ?? 0) + 1);
      const told = doctors.filter((d) => d.patientId === reading.patientId).map((d) => d.userId);
      if (reading.recorderRole === 'caregiver') told.push(reading.recordedBy);
      for (const userId of told) {
        expected.push({
          userId,
          message: thresholdTexts.alert(reading.patientName, findingsText(findings)),
          link: `/patients/${reading.patientId}`,
          createdAt: reading.takenAt,
          dismissedAt: expect.anything(),
        });
      }
    }
    const withReadings = new Set(readings.map((r) => r.patientId));
    for (const patientId of withReadings) {
      expect(flaggedPerPatient.get(patientId) ?? 0, `patient ${patientId}`).toBeGreaterThanOrEqual(
        2,
      );
      expect(flaggedPerPatient.get(patientId) ?? 0, `patient ${patientId}`).toBeLessThanOrEqual(6);
    }
    const sortKey = (a: { userId: number; createdAt: string; message: string }) =>
      `${a.createdAt}|${a.userId}|${a.message}`;
    expect(
      alerts
        .map((a) => ({ ...a, dismissedAt: a.dismissedAt ?? 'open' }))
        .sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
    ).toEqual(expected.sort((a, b) => sortKey(a).localeCompare(sortKey(b))));
    expect(alerts.some((a) => a.dismissedAt === null)).toBe(true);
    expect(alerts.some((a) => a.dismissedAt !== null)).toBe(true);
    for (const alert of alerts.filter((a) => a.dismissedAt !== null)) {
      expect(Date.parse(alert.dismissedAt!)).toBeGreaterThanOrEqual(Date.parse(alert.createdAt));
      expect(Date.parse(alert.dismissedAt!)).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('keeps doctors’ own ranges that the ranges’ form would accept, set by the patient’s doctor', async () => {
    const set = await rows<{
      patientId: number;
      measurement: string;
      low: number | null;
      high: number | null;
      byTeamDoctor: boolean;
    }>(
      database,
      sql`select t.patient_id as "patientId", t.measurement, t.low::float8 as low,
                 t.high::float8 as high,
                 exists (select 1 from care_team_members m join users u on u.id = m.user_id
                         where m.patient_id = t.patient_id and m.user_id = t.set_by
                           and u.role = 'doctor') as "byTeamDoctor"
          from vital_thresholds t`,
    );
    for (const patientId of new Set(set.map((t) => t.patientId))) {
      const ranges = Object.fromEntries(
        set
          .filter((t) => t.patientId === patientId)
          .map((t) => [t.measurement, { low: t.low, high: t.high }]),
      );
      const parsed = vitalRangesInputSchema.safeParse({ ranges });
      expect(parsed.success, JSON.stringify(ranges)).toBe(true);
    }
    expect(set.every((t) => t.byTeamDoctor)).toBe(true);
  });

  it('keeps the agency in Europe/London, due within 60 minutes, missed after 240', async () => {
    const settings = await rows<Record<string, unknown>>(
      database,
      sql`select id, time_zone as "timeZone", dose_window_minutes as "doseWindowMinutes",
                 dose_missed_after_minutes as "doseMissedAfterMinutes" from agency_settings`,
    );
    expect(settings).toEqual([
      { id: 1, timeZone: 'Europe/London', doseWindowMinutes: 60, doseMissedAfterMinutes: 240 },
    ]);
  });

  it('schedules two to five prescriptions at set times for most patients, each one the form accepts', async () => {
    const { scripts } = await roundsOf(database);
    const scheduled = scripts.filter((s) => s.schedule !== null);
    expect(scheduled.length).toBeGreaterThan(0);
    for (const script of scheduled) {
      const parsed = prescriptionInputSchema.safeParse(script);
      expect(parsed.success, JSON.stringify(script)).toBe(true);
      expect(script.startDate! <= localParts(now, DEMO_TIME_ZONE).date).toBe(true);
    }
    const fixedPerPatient = new Map<number, number>();
    for (const s of scheduled.filter((s) => s.schedule === 'fixed')) {
      fixedPerPatient.set(s.patientId, (fixedPerPatient.get(s.patientId) ?? 0) + 1);
    }
    expect(fixedPerPatient.size).toBeGreaterThanOrEqual(4);
    for (const [patientId, n] of fixedPerPatient) {
      expect(n, `patient ${patientId}`).toBeGreaterThanOrEqual(2);
      // A patient's conditions may bring more than the five drawn.
      expect(n, `patient ${patientId}`).toBeLessThanOrEqual(7);
    }
    expect(scheduled.some((s) => s.weekdays !== null)).toBe(true);
  });

  it('records each dose at a real time of its schedule, by the care team, with its log entry', async () => {
    const { scripts, doses } = await roundsOf(database);
    const byId = new Map(scripts.map((s) => [s.id, s]));
    expect(doses.length).toBeGreaterThan(200);
    const monthAgo = now.getTime() - 31 * 86_400_000;
    for (const dose of doses) {
      const script = byId.get(dose.prescriptionId)!;
      const label = JSON.stringify(dose);
      expect(dose.patientId, label).toBe(script.patientId);
      expect(dose.recorderOnTeam, label).toBe(true);
      const body = doseInputSchema.safeParse({
        ...dose,
        outcome: dose.outcome === 'given-late' ? 'given' : dose.outcome,
      });
      expect(body.success, label).toBe(true);
      const at = Date.parse(dose.doseTime);
      expect(at, label).toBeLessThanOrEqual(now.getTime());
      expect(at, label).toBeGreaterThan(monthAgo);
      if (dose.givenAt) expect(Date.parse(dose.givenAt), label).toBeLessThanOrEqual(now.getTime());
      if (script.schedule === 'fixed') {
        const scheduledAt = new Date(dose.scheduledAt!);
        expect(isScheduledDose(scheduleOf(script), DEMO_TIME_ZONE, scheduledAt), label).toBe(true);
        expect(dose.doseTime).toBe(dose.scheduledAt);
        if (dose.givenAt) {
          expect(dose.outcome).toBe(givenOutcome(scheduledAt, new Date(dose.givenAt), demoWindows));
        } else {
          expect(['refused', 'not-given']).toContain(dose.outcome);
        }
      } else {
        expect(script.schedule, label).toBe('prn');
        expect(dose.scheduledAt).toBeNull();
        expect(dose.outcome).toBe('given');
        expect(dose.prnReason).not.toBe('');
        expect(dose.doseTime).toBe(dose.givenAt);
        const day = localParts(new Date(dose.givenAt!), DEMO_TIME_ZONE).date;
        expect(day >= script.startDate! && (!script.endDate || day <= script.endDate), label).toBe(
          true,
        );
      }
      // The medication log shows the same dose, in the recorder's name.
      expect(dose.logPatientId, label).toBe(dose.patientId);
      expect(dose.logRecordedBy, label).toBe(dose.recordedBy);
      expect(dose.logDate, label).toBe(dose.givenAt ?? dose.scheduledAt);
      // In the words the API writes when it records an outcome.
      expect(dose.logDetails, label).toBe(
        doseTexts.doseLogEntry({
          outcome: doseTexts.outcomeLabels[dose.outcome],
          medication: `${script.medication} ${script.dosage}`.trim(),
          doseTime: dose.scheduledAt
            ? localParts(new Date(dose.scheduledAt), DEMO_TIME_ZONE).time
            : null,
          reason: dose.reason
            ? doseTexts.reasonLabels[dose.reason as keyof typeof doseTexts.reasonLabels]
            : dose.prnReason,
          note: dose.note,
        }),
      );
    }
    // As-needed doses keep their interval and their limit over any 24 hours.
    for (const script of scripts.filter((s) => s.schedule === 'prn')) {
      const times = doses
        .filter((d) => d.prescriptionId === script.id)
        .map((d) => Date.parse(d.givenAt!))
        .sort((a, b) => a - b);
      for (let i = 1; i < times.length; i += 1) {
        expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(
          script.prnMinIntervalMinutes! * 60_000,
        );
      }
      for (const t of times) {
        expect(times.filter((u) => u >= t && u < t + 86_400_000).length).toBeLessThanOrEqual(
          script.prnMaxPerDay!,
        );
      }
    }
  });

  it('leaves about 3% of past doses unrecorded, each with its alerts, and some of this morning open', async () => {
    const { scripts, doses } = await roundsOf(database);
    const recorded = new Set(doses.map((d) => `${d.prescriptionId}|${d.scheduledAt}`));
    const alerts = await rows<{ prescriptionId: number; scheduledAt: string; kind: string }>(
      database,
      sql`select prescription_id as "prescriptionId", ${iso('scheduled_at')} as "scheduledAt", kind
          from dose_alerts`,
    );
    const alerted = new Set(alerts.map((a) => `${a.prescriptionId}|${a.scheduledAt}|${a.kind}`));
    let past = 0;
    let missed = 0;
    let openNow = 0;
    const from = new Date(now.getTime() - 30 * 86_400_000);
    for (const script of scripts.filter((s) => s.schedule === 'fixed')) {
      for (const at of scheduledDoses(scheduleOf(script), DEMO_TIME_ZONE, from, now)) {
        const key = `${script.id}|${at.toISOString()}`;
        const age = now.getTime() - at.getTime();
        if (recorded.has(key)) continue;
        if (age <= 150 * 60_000) {
          openNow += 1;
          continue;
        }
        missed += 1;
        if (age > 86_400_000) {
          expect(alerted.has(`${key}|late`), key).toBe(true);
          expect(alerted.has(`${key}|missed`), key).toBe(true);
        }
      }
      past += scheduledDoses(
        scheduleOf(script),
        DEMO_TIME_ZONE,
        from,
        new Date(now.getTime() - 150 * 60_000),
      ).length;
    }
    expect(missed / past).toBeGreaterThan(0.01);
    expect(missed / past).toBeLessThan(0.06);
    expect(openNow).toBeGreaterThan(0);
    // An alert is sent for a dose no one recorded, or one given late: never for the others.
    const outcomes = new Map(doses.map((d) => [`${d.prescriptionId}|${d.scheduledAt}`, d.outcome]));
    for (const alert of alerts) {
      const outcome = outcomes.get(`${alert.prescriptionId}|${alert.scheduledAt}`);
      if (outcome) expect([outcome, alert.kind]).toEqual(['given-late', 'late']);
    }
    const notices = await rows<{ message: string }>(
      database,
      sql`select message from notifications where kind = 'dose'`,
    );
    expect(notices.length).toBeGreaterThan(0);
  });

  it('keeps a rota: weeks of visits done (a few late, some missed), this week and next planned', async () => {
    const [rota] = await rows<{
      completed: number;
      late: number;
      missed: number;
      cancelled: number;
      inProgress: number;
      planned: number;
      unassigned: number;
      plans: number;
      tasks: number;
    }>(
      database,
      sql`select count(*) filter (where status = 'completed')::int as completed,
                 count(*) filter (where check_in_at > planned_start + interval '15 minutes')::int as late,
                 count(*) filter (where status = 'missed')::int as missed,
                 count(*) filter (where status = 'cancelled')::int as cancelled,
                 count(*) filter (where status = 'in-progress')::int as "inProgress",
                 count(*) filter (where status = 'planned' and planned_start > ${now.toISOString()})::int as planned,
                 count(*) filter (where caregiver_id is null)::int as unassigned,
                 (select count(*) from care_plan_tasks)::int as plans,
                 (select count(*) from visit_tasks)::int as tasks
          from visits`,
    );
    expect(rota!.completed).toBeGreaterThan(50);
    expect(rota!.late).toBeGreaterThanOrEqual(1);
    expect(rota!.missed).toBeGreaterThanOrEqual(2);
    expect(rota!.missed).toBeLessThanOrEqual(4);
    expect(rota!.cancelled).toBeGreaterThanOrEqual(1);
    expect(rota!.planned).toBeGreaterThan(50);
    expect(rota!.unassigned).toBe(2);
    expect(rota!.plans).toBeGreaterThanOrEqual(6 * 2);
    expect(rota!.tasks).toBeGreaterThan(rota!.completed);
  });

  it('reuses a database that already has users instead of seeding twice', async () => {
    const again = await seedDemo(database.db, { now, size: { patients: 6 } });
    expect(again.created).toBe(false);
    expect(again.counts).toEqual(result.counts);
    expect(again.logins).toEqual(result.logins);
  });
});

describe('the demo agency at its usual size', () => {
  let database: Database;
  let result: DemoResult;
  const now = new Date('2026-03-10T09:30:00.000Z');

  beforeAll(async () => {
    database = await openTestDatabase();
    result = await seedDemo(database.db, { now, passwordHash: 'not-a-login' });
  });
  afterAll(() => database.close());

  it('records allergies for about a third, no known allergies for another, nothing for the rest', async () => {
    const [states] = await rows<{ listed: number; none: number; unasked: number }>(
      database,
      sql`select count(*) filter (where listed)::int as listed,
                 count(*) filter (where not listed and no_known_allergies_at is not null)::int as none,
                 count(*) filter (where not listed and no_known_allergies_at is null)::int as unasked
          from (select p.*, exists (select 1 from allergies a where a.patient_id = p.id) as listed
                from patients p) x`,
    );
    for (const share of [states!.listed, states!.none, states!.unasked]) {
      expect(share).toBeGreaterThanOrEqual(12);
      expect(share).toBeLessThanOrEqual(30);
    }
  });

  it('sets own ranges for a few patients only', async () => {
    const [own] = await rows<{ n: number }>(
      database,
      sql`select count(distinct patient_id)::int as n from vital_thresholds`,
    );
    expect(own!.n).toBeGreaterThanOrEqual(3);
    expect(own!.n).toBeLessThanOrEqual(20);
  });

  it('shows the patient login an allergy, an active condition and readings out of range', async () => {
    const login = result.logins.find((l) => l.role === 'patient')!;
    expect(login.username).toBe('helen.gardner');
    const [chart] = await rows<{ allergies: number; active: number; alerted: number }>(
      database,
      sql`select (select count(*)::int from allergies a where a.patient_id = p.id and a.status = 'active') as allergies,
                 (select count(*)::int from conditions c where c.patient_id = p.id and c.status = 'active') as active,
                 (select count(*)::int from vital_signs v where v.patient_id = p.id and v.alerted_at is not null) as alerted
          from patients p join users u on u.id = p.account_user_id
          where u.username = ${login.username}`,
    );
    expect(chart!.allergies).toBeGreaterThanOrEqual(1);
    expect(chart!.active).toBeGreaterThanOrEqual(1);
    expect(chart!.alerted).toBeGreaterThanOrEqual(2);
  });

  it('keeps the care team’s open alerts to a handful per doctor', async () => {
    const open = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from notifications n join users u on u.id = n.user_id
          where n.kind = 'vital-sign' and n.dismissed_at is null and u.role = 'doctor'
          group by n.user_id`,
    );
    expect(open.length).toBeGreaterThan(0);
    for (const doctor of open) expect(doctor.n).toBeLessThanOrEqual(15);
  });
  it('gives most patients a month of rounds: mostly given, with refusals, stays in hospital and as-needed doses', async () => {
    const { scripts, doses } = await roundsOf(database);
    // Some prescriptions ended (a course, or stopped), some end later.
    const scheduled = scripts.filter((s) => s.schedule !== null);
    expect(scheduled.some((s) => s.endDate !== null && s.endDate < '2026-03-10')).toBe(true);
    expect(scheduled.some((s) => s.endDate !== null && s.endDate > '2026-03-10')).toBe(true);
    const patients = new Set(doses.map((d) => d.patientId));
    expect(patients.size).toBeGreaterThanOrEqual(45);
    const share = (f: (d: DoseRow) => boolean) => doses.filter(f).length / doses.length;
    expect(share((d) => d.outcome === 'given' || d.outcome === 'given-late')).toBeGreaterThan(0.85);
    expect(share((d) => d.outcome === 'given-late')).toBeGreaterThan(0.02);
    expect(share((d) => d.outcome === 'refused')).toBeGreaterThan(0.01);
    for (const reason of ['asleep', 'out-of-stock', 'in-hospital']) {
      expect(
        doses.some((d) => d.reason === reason),
        reason,
      ).toBe(true);
    }
    // A stay in hospital is a streak of days, not one dose.
    const hospitalDays = new Map<number, Set<string>>();
    for (const d of doses.filter((d) => d.reason === 'in-hospital')) {
      const days = hospitalDays.get(d.patientId) ?? new Set<string>();
      days.add(localParts(new Date(d.scheduledAt!), DEMO_TIME_ZONE).date);
      hospitalDays.set(d.patientId, days);
    }
    expect(
      [...hospitalDays.values()].some((days) => [...days].some((day) => days.has(addDays(day, 1)))),
    ).toBe(true);
    const prn = doses.filter((d) => d.scheduledAt === null);
    expect(new Set(prn.map((d) => d.patientId)).size).toBeGreaterThanOrEqual(10);
    expect(prn.every((d) => d.prnReason.length > 0)).toBe(true);
  });

  it('leaves the caregiver login doses due or late this morning', async () => {
    const login = result.logins.find((l) => l.role === 'caregiver')!;
    const { scripts, doses } = await roundsOf(database);
    const mine = new Set(
      (
        await rows<{ patientId: number }>(
          database,
          sql`select m.patient_id as "patientId" from care_team_members m
              join users u on u.id = m.user_id where u.username = ${login.username}`,
        )
      ).map((r) => r.patientId),
    );
    const recorded = new Set(doses.map((d) => `${d.prescriptionId}|${d.scheduledAt}`));
    const open = scripts
      .filter((s) => s.schedule === 'fixed' && mine.has(s.patientId))
      .flatMap((s) =>
        scheduledDoses(
          scheduleOf(s),
          DEMO_TIME_ZONE,
          new Date(now.getTime() - 4 * 3600_000),
          now,
        ).filter((at) => !recorded.has(`${s.id}|${at.toISOString()}`)),
      );
    expect(open.length).toBeGreaterThanOrEqual(2);
  });
});
