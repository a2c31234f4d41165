import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../client.ts';
import {
  appointments,
  auditLog,
  careTeamMembers,
  medicalRecords,
  medications,
  notifications,
  patients,
  prescriptions,
  progressReports,
  reminders,
  users,
} from '../schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createRandom, type Random } from './random.ts';
import {
  conditions,
  elderName,
  emergencyContact,
  locations,
  ownReminderTexts,
  phoneNumber,
  progressReport,
  reminderTexts,
  staffName,
  streetAddress,
  towns,
  visitNote,
  type Condition,
} from './vocabulary.ts';

/** The one password of every demo account (long enough and not a common one). */
export const DEMO_PASSWORD = 'eldercare-demo';

export interface DemoSize {
  doctors: number;
  caregivers: number;
  patients: number;
  /** Share of patients who have their own account. */
  patientAccountShare: number;
  /** PRNG seed: the same seed builds the same agency. */
  seed: number;
}

export const defaultDemoSize: DemoSize = {
  doctors: 3,
  caregivers: 8,
  patients: 60,
  patientAccountShare: 0.85,
  seed: 20_241_201,
};

export interface DemoLogin {
  role: 'admin' | 'doctor' | 'caregiver' | 'patient';
  username: string;
  password: string;
  name: string;
  /** Where this login lands after signing in. */
  landing: string;
}

export interface DemoResult {
  /** False when the database already had users and was reused as it is. */
  created: boolean;
  logins: DemoLogin[];
  counts: Record<string, number>;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Inserts rows in chunks (PGlite and PostgreSQL cap the parameters of one statement). */
async function insertAll<T extends PgTable>(
  db: Executor,
  table: T,
  rows: T['$inferInsert'][],
  chunk = 400,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await db.insert(table).values(rows.slice(i, i + chunk) as never);
  }
}

/** A local-time slot on the day `offsetDays` from `now`, on a quarter hour in working hours. */
function slot(random: Random, now: Date, offsetDays: number, from = 9, to = 16): Date {
  const day = new Date(now.getTime() + offsetDays * DAY);
  day.setHours(random.int(from, to), random.pick([0, 15, 30, 45]), 0, 0);
  return day;
}

const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

function uniqueUsername(taken: Set<string>, base: string): string {
  const clean = base
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9.]/g, '');
  let name = clean;
  for (let n = 2; taken.has(name); n += 1) name = `${clean}${n}`;
  taken.add(name);
  return name;
}

interface Staff {
  id: number;
  username: string;
  firstName: string;
  secondName: string;
}

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
  const area = towns(random, 5);
  const taken = new Set<string>(['admin']);
  const since = (days: number) => new Date(now.getTime() - days * DAY);

  const insertUser = async (values: {
    username: string;
    firstName: string;
    secondName: string;
    role: string;
    privileges: string;
    createdAt: Date;
  }): Promise<Staff> => {
    const [row] = await tx
      .insert(users)
      .values({
        ...values,
        email: `${values.username}@example.com`,
        primaryLocation: random.pick(area),
        phoneNumber: phoneNumber(random),
        passwordHash,
        updatedAt: values.createdAt,
      })
      .returning({ id: users.id });
    return { id: row!.id, ...values };
  };

  // The first account of the agency is its admin, as on a real empty database.
  const adminName = staffName(random);
  await insertUser({
    username: 'admin',
    firstName: adminName.firstName,
    secondName: adminName.lastName,
    role: 'doctor',
    privileges: 'admin',
    createdAt: since(120),
  });

  const doctors: Staff[] = [];
  for (let i = 0; i < size.doctors; i += 1) {
    const name = staffName(random);
    doctors.push(
      await insertUser({
        username: uniqueUsername(taken, `dr.${name.lastName}`),
        firstName: name.firstName,
        secondName: name.lastName,
        role: 'doctor',
        privileges: 'editor',
        createdAt: since(110 - i),
      }),
    );
  }
  const caregivers: Staff[] = [];
  for (let i = 0; i < size.caregivers; i += 1) {
    const name = staffName(random);
    caregivers.push(
      await insertUser({
        username: uniqueUsername(taken, `${name.firstName}.${name.lastName}`),
        firstName: name.firstName,
        secondName: name.lastName,
        role: 'caregiver',
        privileges: 'editor',
        createdAt: since(100 - i),
      }),
    );
  }

  const careTeams: { patientId: number; userId: number; addedBy: number; addedAt: Date }[] = [];
  const visits: (typeof medicalRecords.$inferInsert)[] = [];
  const bookings: (typeof appointments.$inferInsert)[] = [];
  const reports: (typeof progressReports.$inferInsert)[] = [];
  const scripts: (typeof prescriptions.$inferInsert)[] = [];
  const doses: (typeof medications.$inferInsert)[] = [];
  const notices: (typeof notifications.$inferInsert)[] = [];
  const audits: (typeof auditLog.$inferInsert)[] = [];
  const staffReminders: (typeof reminders.$inferInsert)[] = [];
  let reportNumber = 0;

  for (let i = 0; i < size.patients; i += 1) {
    const person = elderName(random);
    const doctor = doctors[i % doctors.length]!;
    const team = random.sample(caregivers, random.chance(0.5) ? 2 : 1);
    const registered = since(random.int(40, 90));
    const birthYear = now.getFullYear() - random.int(68, 97);
    const dob = `${birthYear}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;

    // Most patients have their own account, created when the agency registered them.
    let account: Staff | null = null;
    if (i === 0 || random.chance(size.patientAccountShare)) {
      account = await insertUser({
        username: uniqueUsername(taken, `${person.firstName}.${person.lastName}`),
        firstName: person.firstName,
        secondName: person.lastName,
        role: 'patient',
        privileges: 'viewer',
        createdAt: registered,
      });
    }
    const [patient] = await tx
      .insert(patients)
      .values({
        firstName: person.firstName,
        lastName: person.lastName,
        dob,
        gender: person.gender,
        address: streetAddress(random, random.pick(area)),
        phoneNumber: phoneNumber(random),
        emergencyContact: emergencyContact(random, person.lastName),
        emergencyContactPhone: phoneNumber(random),
        accountUserId: account?.id ?? null,
        createdBy: doctor.id,
        createdAt: registered,
        updatedAt: registered,
      })
      .returning({ id: patients.id });
    const patientId = patient!.id;
    audits.push({
      at: registered,
      userId: doctor.id,
      role: 'doctor',
      action: 'create',
      entity: 'patient',
      entityId: String(patientId),
      patientId,
      outcome: 'success',
      ip: '127.0.0.1',
    });
    for (const member of [doctor, ...team]) {
      careTeams.push({ patientId, userId: member.id, addedBy: doctor.id, addedAt: registered });
    }

    // Conditions drive the records, prescriptions and medication logs of this patient.
    const own: Condition[] = random.sample(conditions, random.int(1, 3));
    const visitCount = random.int(2, 4);
    for (let v = 0; v < visitCount; v += 1) {
      const condition = own[v % own.length]!;
      const at = slot(random, now, -random.int(3 + v * 20, 20 + v * 20));
      visits.push({
        patientId,
        doctorId: doctor.id,
        dateOfVisit: at,
        location: v === 0 ? 'Home visit' : random.pick(locations),
        diagnosis: condition.diagnosis,
        treatmentPlan: condition.treatmentPlan,
        notes: random.chance(0.85) ? visitNote(random, person.firstName) : '',
        createdBy: doctor.id,
        createdAt: at,
        updatedAt: at,
      });
      audits.push({
        at,
        userId: doctor.id,
        role: 'doctor',
        action: 'create',
        entity: 'medical-record',
        patientId,
        outcome: 'success',
        ip: '127.0.0.1',
      });
    }
    for (const condition of own) {
      if (!condition.medication) continue;
      const written = since(random.int(5, 45));
      scripts.push({
        patientId,
        doctorId: doctor.id,
        date: isoDate(written),
        medication: condition.medication.name,
        dosage: condition.medication.dosage,
        duration: condition.medication.duration,
        details: condition.medication.details,
        createdAt: written,
        updatedAt: written,
      });
      if (account) {
        notices.push({
          userId: account.id,
          message: `New prescription: ${condition.medication.name} ${condition.medication.dosage}`,
          kind: 'prescription',
          link: '/patient-dashboard',
          createdAt: written,
          dismissedAt: random.chance(0.5) ? new Date(written.getTime() + DAY) : null,
        });
      }
      const logs = random.int(2, 5);
      for (let d = 0; d < logs; d += 1) {
        const given = slot(random, now, -(d * 2 + random.int(0, 1)), 8, 19);
        const recordedBy = random.pick(team).id;
        // Random values are drawn before any skip, so the time of day never changes the agency.
        if (given.getTime() >= now.getTime()) continue;
        doses.push({
          patientId,
          date: given,
          details: condition.dose ?? `${condition.medication.name} given`,
          recordedBy,
          createdAt: given,
          updatedAt: given,
        });
      }
    }

    // Appointments over the past and the next month.
    const past = random.int(1, 2);
    const upcoming = random.int(1, 2);
    for (let a = 0; a < past + upcoming; a += 1) {
      const future = a >= past;
      const at = future
        ? slot(random, now, random.int(1, 30))
        : slot(random, now, -random.int(1, 30));
      const requested = future && account && random.chance(0.25);
      bookings.push({
        doctorId: doctor.id,
        patientId,
        appointmentDate: at,
        location: random.pick(locations),
        requestedBy: requested ? account!.id : doctor.id,
        createdAt: since(random.int(1, 35)),
        updatedAt: since(random.int(0, 1)),
      });
      if (future && account && a === past) {
        notices.push({
          userId: account.id,
          message: `Appointment with Dr. ${doctor.secondName} on ${at.toLocaleString('en-US', {
            month: 'short',
            day: '2-digit',
            year: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
          })}`,
          kind: 'appointment',
          link: '/patient-appointments',
          createdAt: since(random.int(0, 3)),
        });
      }
    }

    // Progress reports from the caregivers over the last three weeks.
    const reportCount = random.int(2, 5);
    for (let r = 0; r < reportCount; r += 1) {
      const caregiver = random.pick(team);
      const at = slot(random, now, -(r * 4 + random.int(0, 3)), 10, 18);
      const text = progressReport(random, person.firstName);
      if (at.getTime() >= now.getTime()) continue;
      reportNumber += 1;
      const reportId = `PR-${at.getFullYear()}-${String(reportNumber).padStart(6, '0')}`;
      reports.push({
        reportId,
        patientId,
        caregiverId: caregiver.id,
        date: at,
        ...text,
        createdBy: caregiver.id,
        createdAt: at,
        updatedAt: at,
      });
      if (r === 0) {
        notices.push({
          userId: doctor.id,
          message: `New progress report ${reportId} for ${person.firstName} ${person.lastName}`,
          kind: 'progress-report',
          link: '/progress-report',
          createdAt: at,
        });
      }
    }

    // Caregivers keep reminders about their patients over the coming days.
    for (const caregiver of team) {
      if (!random.chance(0.4)) continue;
      staffReminders.push({
        userId: caregiver.id,
        message: random.pick(reminderTexts).replace('{name}', person.firstName),
        date: slot(random, now, random.int(1, 7), 8, 18),
      });
    }
  }

  await insertAll(tx, careTeamMembers, careTeams);
  await insertAll(tx, medicalRecords, visits);
  await insertAll(tx, appointments, bookings);
  await insertAll(tx, progressReports, reports);
  await insertAll(tx, prescriptions, scripts);
  await insertAll(tx, medications, doses);
  await insertAll(tx, notifications, notices);
  await insertAll(tx, auditLog, audits);

  // Reminders already fired yesterday, each with the notification it became.
  for (const owner of [...caregivers, ...doctors]) {
    const at = slot(random, now, -1, 8, 18);
    const [fired] = await tx
      .insert(reminders)
      .values({
        userId: owner.id,
        message: random.pick(ownReminderTexts),
        date: at,
        firedAt: at,
        createdAt: since(3),
        updatedAt: at,
      })
      .returning({ id: reminders.id, message: reminders.message });
    await tx.insert(notifications).values({
      userId: owner.id,
      message: fired!.message,
      kind: 'reminder',
      link: '/notifications',
      reminderId: fired!.id,
      createdAt: at,
    });
  }
  await insertAll(tx, reminders, staffReminders);
}

/** One login per role: the admin, then the first doctor, caregiver and patient. */
export async function findDemoLogins(db: Executor): Promise<DemoLogin[]> {
  const first = async (where: ReturnType<typeof and>) => {
    const [row] = await db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        secondName: users.secondName,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(1);
    return row;
  };
  const admin = await first(and(eq(users.privileges, 'admin'), eq(users.isActive, true)));
  const doctor = await first(
    and(eq(users.role, 'doctor'), eq(users.privileges, 'editor'), eq(users.isActive, true)),
  );
  const caregiver = await first(and(eq(users.role, 'caregiver'), eq(users.isActive, true)));
  const [patient] = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      secondName: users.secondName,
    })
    .from(users)
    .innerJoin(patients, eq(patients.accountUserId, users.id))
    .where(and(eq(users.role, 'patient'), eq(users.isActive, true), isNull(patients.deletedAt)))
    .orderBy(asc(users.id))
    .limit(1);
  const logins: DemoLogin[] = [];
  const add = (role: DemoLogin['role'], row: typeof admin, landing: string, title = ''): void => {
    if (row) {
      logins.push({
        role,
        username: row.username,
        password: DEMO_PASSWORD,
        name: `${title}${row.firstName} ${row.secondName}`,
        landing,
      });
    }
  };
  add('admin', admin, '/dashboard');
  add('doctor', doctor, '/dashboard', 'Dr. ');
  add('caregiver', caregiver, '/caregiver-dashboard');
  add('patient', patient, '/patient-dashboard');
  return logins;
}

/**
 * Gives each demo login reminders due in the next few minutes, so they visibly fire while the
 * demo is being looked at, also when an existing demo database is reused.
 */
export async function refreshDueReminders(
  db: Executor,
  now: Date,
  logins: DemoLogin[],
): Promise<void> {
  const soon: (typeof reminders.$inferInsert)[] = [];
  const texts: Record<DemoLogin['role'], string[]> = {
    admin: ['Review pending privilege requests'],
    doctor: ['Sign the repeat prescriptions', 'Call the hospital about a discharge letter'],
    caregiver: ['Administer medication', 'Blood pressure check'],
    patient: ['Take the afternoon tablets'],
  };
  for (const login of logins) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, login.username.toLowerCase()))
      .limit(1);
    if (!user) continue;
    // Skip when the user still has a reminder waiting to fire in the next ten minutes.
    const [waiting] = await db
      .select({ id: reminders.id })
      .from(reminders)
      .where(
        and(
          eq(reminders.userId, user.id),
          isNull(reminders.firedAt),
          isNull(reminders.deletedAt),
          gt(reminders.date, now),
          lt(reminders.date, new Date(now.getTime() + 10 * MINUTE)),
        ),
      )
      .limit(1);
    if (waiting) continue;
    texts[login.role].forEach((message, index) => {
      soon.push({
        userId: user.id,
        message,
        date: new Date(
          now.getTime() + (2 + index * 2 + (login.role === 'doctor' ? 1 : 0)) * MINUTE,
        ),
        createdAt: now,
        updatedAt: now,
      });
    });
  }
  if (soon.length > 0) await db.insert(reminders).values(soon);
}

const counted = {
  users,
  patients,
  careTeamMembers,
  appointments,
  medicalRecords,
  progressReports,
  prescriptions,
  medications,
  reminders,
  notifications,
  auditLog,
} as const;

/** Row counts of the demo's tables (for the banner and the test). */
export async function countRows(db: Executor): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(counted)) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    result[name] = row?.n ?? 0;
  }
  const [linked] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(patients)
    .where(isNotNull(patients.accountUserId));
  result.patientAccounts = linked?.n ?? 0;
  return result;
}
