import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { can } from '../../../shared/permissions.ts';
import type { z } from 'zod';
import type { DirectoryEntry, directoryQuerySchema } from '../../../shared/schemas/directory.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Executor } from '../../db/client.ts';
import { patients, users } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/list.ts';
import { patientInRestoreScope, patientInScope } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';

type DirectoryQuery = z.output<typeof directoryQuerySchema>;

interface NameQuery {
  q?: string;
  id?: number;
  limit: number;
}

/**
 * Names and ids for pickers: active doctors or caregivers, or the patients in the caller's
 * scope (patient names are patient data: that lookup is audited like any other list), deleted
 * ones too when asked by those who read the audit log or restore records.
 */
export async function listDirectory(
  ctx: RequestContext,
  query: DirectoryQuery,
): Promise<DirectoryEntry[]> {
  const { role, includeDeleted, ...names } = query;
  if (role === 'account') {
    if (!can(ctx.user, 'audit:read') && !can(ctx.user, 'users:manage')) {
      return ctx.forbidden({ entity: 'directory' });
    }
    return listAccounts(ctx.db, names);
  }
  if (role !== 'patient') return listStaff(ctx.db, role, names);
  if (includeDeleted && !can(ctx.user, 'audit:read') && !can(ctx.user, 'records:restore')) {
    return ctx.forbidden({ entity: 'patient-directory' });
  }
  const entries = includeDeleted
    ? await listPatientNamesWithDeleted(ctx.db, ctx.user, names)
    : await listPatientNames(ctx.db, ctx.user, names);
  await ctx.audit.read({ action: 'list', entity: 'patient-directory' });
  return entries;
}

/** Active doctors or caregivers by "First Second". */
async function listStaff(
  db: Executor,
  role: 'doctor' | 'caregiver',
  query: NameQuery,
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

/**
 * Every account, active or not (the audit log names former staff too), by name or username:
 * "First Second (username)".
 */
async function listAccounts(db: Executor, query: NameQuery): Promise<DirectoryEntry[]> {
  const fullName = sql<string>`${users.firstName} || ' ' || ${users.secondName}`;
  const conditions: (SQL | undefined)[] = [
    query.id ? eq(users.id, query.id) : undefined,
    query.q
      ? or(
          sql`lower(${fullName}) like ${likePattern(query.q)}`,
          sql`lower(${users.username}) like ${likePattern(query.q)}`,
        )
      : undefined,
  ];
  return db
    .select({ id: users.id, name: sql<string>`${fullName} || ' (' || ${users.username} || ')'` })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.firstName), asc(users.secondName), asc(users.id))
    .limit(query.limit);
}

/** Patients in the user's scope by "First Last". */
async function listPatientNames(
  db: Executor,
  user: SessionUser,
  query: NameQuery,
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

/**
 * Patients in the user's restore scope, live or deleted, by "First Last"; deleted ones are
 * marked (the audit log and the deleted records name them).
 */
async function listPatientNamesWithDeleted(
  db: Executor,
  user: SessionUser,
  query: NameQuery,
): Promise<DirectoryEntry[]> {
  const name = sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`;
  const conditions: (SQL | undefined)[] = [
    patientInRestoreScope(user, patients.id),
    query.id ? eq(patients.id, query.id) : undefined,
    query.q ? sql`lower(${name}) like ${likePattern(query.q)}` : undefined,
  ];
  return db
    .select({ id: patients.id, name, deleted: sql<boolean>`${patients.deletedAt} is not null` })
    .from(patients)
    .where(and(...conditions))
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(query.limit);
}
