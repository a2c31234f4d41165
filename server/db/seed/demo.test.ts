import { sql } from 'drizzle-orm';
import { thresholdTexts, type VitalMeasurement } from '../../../shared/messages.ts';
import { vitalRangesInputSchema } from '../../../shared/schemas/chart.ts';
import { vitalSignInputSchema } from '../../../shared/schemas/vital-signs.ts';
import { outOfRange, rangesWith, type Range } from '../../../shared/vital-thresholds.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findingsText } from '../../features/clinical-common/vital-ranges.ts';
import { openTestDatabase } from '../../test/app.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Database } from '../client.ts';
import { DEMO_PASSWORD, seedDemo, type DemoResult } from './demo.ts';

const rows = async <T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

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
    expect(c.users).toBe(1 + 2 + 3 + c.patientAccounts!);
    expect(c.patients).toBe(6);
    expect(c.patientAccounts).toBeGreaterThanOrEqual(1);
    for (const table of [
      'appointments',
      'medicalRecords',
      'progressReports',
      'prescriptions',
      'medications',
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
    expect(result.logins.map((l) => l.role)).toEqual(['admin', 'doctor', 'caregiver', 'patient']);
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
});
