import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../client.ts';
import { reminders, users } from '../schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { emptyRows, insertAll, insertPatientRows, type Agency } from './agency.ts';
import { addAppointments } from './appointments.ts';
import { addChart, chartSeed, insertChartRows } from './chart.ts';
import { addConditionRecords, addProgressReports } from './clinical.ts';
import { countRows, findDemoLogins } from './logins.ts';
import { registerPatient } from './patients.ts';
import {
  DEMO_PASSWORD,
  defaultDemoSize,
  type DemoLogin,
  type DemoResult,
  type DemoSize,
} from './demo-config.ts';
import { createRandom, type Random } from './random.ts';
import { addCareReminders, insertFiredReminders, refreshDueReminders } from './reminders.ts';
import { addRounds, emptyRoundsRows, insertRounds, roundsSeed } from './rounds.ts';
import { createStaff } from './staff.ts';
import { addCarePlan, emptyVisitsRows, insertVisits, planVisits, visitsSeed } from './visits.ts';
import { towns } from './vocabulary.ts';
import { addVitalSigns, vitalSignsSeed } from './vital-signs.ts';

export { DEMO_PASSWORD, defaultDemoSize, findDemoLogins, countRows, refreshDueReminders };
export type { DemoLogin, DemoResult, DemoSize };

/** Fills an empty database with a demo agency; reuses a database that already has users. */
export async function seedDemo(
  db: Db,
  options: { now: Date; size?: Partial<DemoSize>; passwordHash?: string },
): Promise<DemoResult> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((existing?.n ?? 0) > 0) {
    const logins = await findDemoLogins(db);
    await refreshDueReminders(db, options.now, logins);
    return { created: false, logins, counts: await countRows(db) };
  }
  const size = { ...defaultDemoSize, ...options.size };
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  await db.transaction(async (tx) => {
    await buildAgency(tx, createRandom(size.seed), size, options.now, passwordHash);
  });
  const logins = await findDemoLogins(db);
  await refreshDueReminders(db, options.now, logins);
  return { created: true, logins, counts: await countRows(db) };
}

async function buildAgency(
  tx: Executor,
  random: Random,
  size: DemoSize,
  now: Date,
  passwordHash: string,
): Promise<void> {
  const agency: Agency = {
    tx,
    random,
    now,
    area: towns(random, 5),
    taken: new Set<string>(['admin']),
    passwordHash,
    rows: emptyRows(),
  };
  const { doctors, caregivers } = await createStaff(agency, size);
  const vitalsRandom = createRandom(vitalSignsSeed(size.seed));
  const chartRandom = createRandom(chartSeed(size.seed));
  const roundsRandom = createRandom(roundsSeed(size.seed));
  const rounds = emptyRoundsRows();
  const visitsRandom = createRandom(visitsSeed(size.seed));
  const visits = emptyVisitsRows();
  const rota: ReturnType<typeof addCarePlan>[] = [];

  // Each step draws its random values in turn: the order of these calls is part of the seed.
  for (let i = 0; i < size.patients; i += 1) {
    const patient = await registerPatient(agency, i, {
      doctors,
      caregivers,
      accountShare: size.patientAccountShare,
    });
    const firstScript = agency.rows.scripts.length;
    const conditions = addConditionRecords(patient);
    addAppointments(patient);
    addProgressReports(patient);
    addCareReminders(patient);
    const firstReading = agency.rows.readings.length;
    addVitalSigns(patient, vitalsRandom);
    // The first patient is the demo's patient login: their chart shows an allergy too.
    addChart(patient, chartRandom, {
      conditions,
      readings: agency.rows.readings.slice(firstReading),
      withAllergy: i === 0,
    });
    addRounds(patient, roundsRandom, agency.rows.scripts.slice(firstScript), rounds);
    rota.push(addCarePlan(patient, visitsRandom, visits));
  }
  // The first caregiver is the demo's caregiver login: their day is under way at `now`.
  planVisits(rota, caregivers[0], visitsRandom, now, visits);

  await insertPatientRows(tx, agency.rows);
  await insertFiredReminders(agency, [...caregivers, ...doctors]);
  await insertAll(tx, reminders, agency.rows.staffReminders);
  await insertChartRows(tx, agency.rows.chart);
  await insertRounds(tx, now, rounds, agency.rows.scripts);
  await insertVisits(tx, now, visits);
}
