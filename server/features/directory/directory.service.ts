import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DirectoryEntry } from '../../../shared/schemas/directory.ts';
import type { Executor } from '../../db/client.ts';
import { patients, users } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/list.ts';
import { patientInScope } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';

interface DirectoryQuery {
  q?: string;
  id?: number;
  limit: number;
}

/** Active doctors or caregivers by "First Second": names and ids only, for pickers. */
export async function listStaff(
  db: Executor,
  role: 'doctor' | 'caregiver',
  query: DirectoryQuery,
): Promise<DirectoryEntry[]> {
  const name = sql<string>`${users.firstName} || ' ' || ${users.secondName}`;
  const conditions: (SQL | undefined)[] = [
    eq(users.role, role),
    eq(users.isActive, true),
    query.id ? eq(users.id, query.id) : undefined,
    query.q ? sql`lower(${name}) like ${likePattern(query.q)}` : undefined,
  ];
  return db
    .select({ id: users.id, name })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.firstName), asc(users.secondName), asc(users.id))
    .limit(query.limit);
}

/** Patients in the caller's scope by "First Last": names and ids only, for pickers. */
export async function listPatientNames(
  db: Executor,
  user: SessionUser,
  query: DirectoryQuery,
): Promise<DirectoryEntry[]> {
  const name = sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`;
  const conditions: (SQL | undefined)[] = [
    isNull(patients.deletedAt),
    patientInScope(user, patients.id),
    query.id ? eq(patients.id, query.id) : undefined,
    query.q ? sql`lower(${name}) like ${likePattern(query.q)}` : undefined,
  ];
  return db
    .select({ id: patients.id, name })
    .from(patients)
    .where(and(...conditions))
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(query.limit);
}
