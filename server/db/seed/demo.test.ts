import { sql } from 'drizzle-orm';
import { vitalSignInputSchema } from '../../../shared/schemas/vital-signs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('reuses a database that already has users instead of seeding twice', async () => {
    const again = await seedDemo(database.db, { now, size: { patients: 6 } });
    expect(again.created).toBe(false);
    expect(again.counts).toEqual(result.counts);
    expect(again.logins).toEqual(result.logins);
  });
});
