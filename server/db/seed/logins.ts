import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import {
  allergies,
  appointments,
  auditLog,
  careTeamMembers,
  conditions,
  doses,
  medicalRecords,
  medications,
  notifications,
  patients,
  prescriptions,
  progressReports,
  reminders,
  users,
  vitalSigns,
  vitalThresholds,
} from '../schema/index.ts';
import { DEMO_PASSWORD, type DemoLogin } from './demo-config.ts';

/** The first active user (lowest id) matching `where`, optionally only among patients' accounts. */
async function firstUser(db: Executor, where: SQL | undefined, patientAccount = false) {
  const query = db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      secondName: users.secondName,
    })
    .from(users)
    .$dynamic();
  const [row] = await (
    patientAccount ? query.innerJoin(patients, eq(patients.accountUserId, users.id)) : query
  )
    .where(where)
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

/** One login per role: the admin, then the first doctor, caregiver, patient and coordinator. */
export async function findDemoLogins(db: Executor): Promise<DemoLogin[]> {
  const admin = await firstUser(db, and(eq(users.privileges, 'admin'), eq(users.isActive, true)));
  const doctor = await firstUser(
    db,
    and(eq(users.role, 'doctor'), eq(users.privileges, 'editor'), eq(users.isActive, true)),
  );
  const caregiver = await firstUser(db, and(eq(users.role, 'caregiver'), eq(users.isActive, true)));
  const patient = await firstUser(
    db,
    and(eq(users.role, 'patient'), eq(users.isActive, true), isNull(patients.deletedAt)),
    true,
  );
  const coordinator = await firstUser(
    db,
    and(eq(users.role, 'coordinator'), eq(users.isActive, true)),
  );
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
  add('coordinator', coordinator, '/coordinator-dashboard');
  return logins;
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
  doses,
  vitalSigns,
  vitalThresholds,
  conditions,
  allergies,
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
