import { and, asc, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { patientTexts } from '../../../shared/messages.ts';
import type { CareTeamMember, Patient, PatientInput } from '../../../shared/schemas/patients.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { careTeamMembers, patients, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import {
  likePattern,
  oneColumn,
  preparedBoundedCount,
  preparedPageTotal,
  type Page,
} from '../../lib/list.ts';
import { preparedFor } from '../../lib/prepared.ts';
import { patientInScope, scopeKind } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';

const patientColumns = {
  id: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  dob: patients.dob,
  gender: patients.gender,
  address: patients.address,
  phoneNumber: patients.phoneNumber,
  emergencyContact: patients.emergencyContact,
  emergencyContactPhone: patients.emergencyContactPhone,
  accountUserId: patients.accountUserId,
  accountUsername: users.username,
  createdAt: patients.createdAt,
  updatedAt: patients.updatedAt,
};

type PatientRow = Omit<Patient, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

function toPatient(row: PatientRow): Patient {
  return {
    ...row,
    accountUsername: row.accountUsername ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The patients list's two statements for one kind of scope, with or without a search on
 * "First Last" (case-insensitive, so "ada", "lovelace" and "ada love" all match).
 */
function buildPatientListStatements(db: Executor, user: SessionUser, search: boolean, key: string) {
  // The scope condition on the patients table includes `deleted_at is null`.
  const where = and(
    patientInScope(user, patients.id, sql.placeholder('userId')),
    search
      ? sql`lower(${patients.firstName} || ' ' || ${patients.lastName}) like ${sql.placeholder('pattern')}`
      : undefined,
  );
  return {
    page: db
      .select(patientColumns)
      .from(patients)
      .leftJoin(users, eq(users.id, patients.accountUserId))
      .where(where)
      .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`patients_page_${key}`),
    count: preparedBoundedCount(
      db,
      db.select(oneColumn).from(patients).where(where).$dynamic(),
      `patients_count_${key}`,
    ),
  };
}

function patientListStatements(db: Executor, user: SessionUser, search: boolean) {
  const key = `${scopeKind(user)}_${search ? 'search' : 'all'}`;
  return preparedFor(db, `patients_${key}`, () =>
    buildPatientListStatements(db, user, search, key),
  );
}

/**
 * One page of the patients in the user's scope, ordered by last name, first name, id. The most
 * requested list: its statements are prepared once (per scope kind and search) and only the
 * values travel with each request.
 */
export async function listPatients(
  db: Executor,
  user: SessionUser,
  query: { limit: number; offset: number; q?: string; count?: 'bounded' | 'none' },
): Promise<Page<Patient>> {
  const statements = patientListStatements(db, user, Boolean(query.q));
  const values = {
    userId: user.id,
    pattern: query.q ? likePattern(query.q) : '',
    limit: query.limit,
    offset: query.offset,
  };
  const rows = await statements.page.execute(values);
  const { total, capped } = await preparedPageTotal(
    statements.count,
    values,
    rows.length,
    query.count,
  );
  return { items: rows.map(toPatient), total, capped };
}

/** A patient by id, with no scope check (callers check scope or are admins). */
async function findPatient(
  db: Executor,
  id: number,
  options: { deleted?: boolean } = {},
): Promise<Patient | null> {
  const [row] = await db
    .select(patientColumns)
    .from(patients)
    .leftJoin(users, eq(users.id, patients.accountUserId))
    .where(
      and(
        eq(patients.id, id),
        options.deleted ? isNotNull(patients.deletedAt) : isNull(patients.deletedAt),
      ),
    )
    .limit(1);
  return row ? toPatient(row) : null;
}

/** A live patient in the user's scope, or null (missing and out of scope look the same). */
export async function getPatient(
  db: Executor,
  user: SessionUser,
  id: number,
): Promise<Patient | null> {
  const [row] = await db
    .select(patientColumns)
    .from(patients)
    .leftJoin(users, eq(users.id, patients.accountUserId))
    .where(and(eq(patients.id, id), isNull(patients.deletedAt), patientInScope(user, patients.id)))
    .limit(1);
  return row ? toPatient(row) : null;
}

/** Adds a patient; the doctor who adds it joins its care team in the same transaction. */
export async function createPatient(
  tx: Tx,
  user: SessionUser,
  input: PatientInput,
  now: Date,
): Promise<Patient> {
  const [row] = await tx
    .insert(patients)
    .values({ ...input, createdBy: user.id, createdAt: now, updatedAt: now })
    .returning({ id: patients.id });
  const id = row!.id;
  if (user.role === 'doctor') {
    await tx
      .insert(careTeamMembers)
      .values({ patientId: id, userId: user.id, addedBy: user.id, addedAt: now });
  }
  return (await findPatient(tx, id))!;
}

/** Replaces the seed's fields of a live patient in scope; null when there is none. */
export async function updatePatient(
  tx: Tx,
  user: SessionUser,
  id: number,
  input: PatientInput,
  now: Date,
): Promise<Patient | null> {
  const [row] = await tx
    .update(patients)
    .set({ ...input, updatedAt: now })
    .where(and(eq(patients.id, id), isNull(patients.deletedAt), patientInScope(user, patients.id)))
    .returning({ id: patients.id });
  return row ? findPatient(tx, row.id) : null;
}

/**
 * Soft delete: the record leaves every list and stays in the database, untouched otherwise
 * (care team and account link included), so a restore brings it back as it was.
 */
export async function softDeletePatient(
  tx: Tx,
  user: SessionUser,
  id: number,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(patients)
    .set({ deletedAt: now })
    .where(and(eq(patients.id, id), isNull(patients.deletedAt), patientInScope(user, patients.id)))
    .returning({ id: patients.id });
  return rows.length > 0;
}

/** Brings a soft-deleted patient back (admins); null when no deleted patient has this id. */
export async function restorePatient(tx: Tx, id: number): Promise<Patient | null> {
  const rows = await tx
    .update(patients)
    .set({ deletedAt: null })
    .where(and(eq(patients.id, id), isNotNull(patients.deletedAt)))
    .returning({ id: patients.id });
  return rows.length > 0 ? findPatient(tx, id) : null;
}

/** The doctors and caregivers on a patient's care team, by name. */
export async function listCareTeam(
  db: Executor,
  patientId: number,
  page: { limit: number; offset: number },
): Promise<{ items: CareTeamMember[]; total: number }> {
  const where = eq(careTeamMembers.patientId, patientId);
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      secondName: users.secondName,
      role: users.role,
      addedAt: careTeamMembers.addedAt,
    })
    .from(careTeamMembers)
    .innerJoin(users, eq(users.id, careTeamMembers.userId))
    .where(where)
    .orderBy(asc(users.role), asc(users.firstName), asc(users.secondName), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(careTeamMembers).where(where);
  return {
    items: rows.map((row) => ({
      userId: row.userId,
      username: row.username,
      name: `${row.firstName} ${row.secondName}`,
      role: row.role,
      addedAt: row.addedAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}

/** Puts an active doctor or caregiver on the care team (400 otherwise, 409 when already on it). */
export async function addCareTeamMember(
  tx: Tx,
  patientId: number,
  userId: number,
  addedBy: SessionUser,
  now: Date,
): Promise<CareTeamMember> {
  const [member] = await tx
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      secondName: users.secondName,
      role: users.role,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!member || !member.isActive || (member.role !== 'doctor' && member.role !== 'caregiver')) {
    throw badRequest(
      { userId: patientTexts.careTeamMemberInvalid },
      patientTexts.careTeamMemberInvalid,
    );
  }
  const inserted = await tx
    .insert(careTeamMembers)
    .values({ patientId, userId, addedBy: addedBy.id, addedAt: now })
    .onConflictDoNothing()
    .returning({ addedAt: careTeamMembers.addedAt });
  if (inserted.length === 0) {
    throw conflict(patientTexts.careTeamDuplicate, { userId: patientTexts.careTeamDuplicate });
  }
  return {
    userId: member.id,
    username: member.username,
    name: `${member.firstName} ${member.secondName}`,
    role: member.role,
    addedAt: inserted[0]!.addedAt.toISOString(),
  };
}

/** Takes someone off the care team; 404 when they are not on it. */
export async function removeCareTeamMember(
  tx: Tx,
  patientId: number,
  userId: number,
): Promise<void> {
  const rows = await tx
    .delete(careTeamMembers)
    .where(and(eq(careTeamMembers.patientId, patientId), eq(careTeamMembers.userId, userId)))
    .returning({ userId: careTeamMembers.userId });
  if (rows.length === 0) throw notFound();
}

/**
 * Links the patient's own user account (a patient, or a legacy `user`), or unlinks it when
 * `username` is null. One account belongs to at most one live patient (409 otherwise).
 */
export async function linkPatientAccount(
  tx: Tx,
  patientId: number,
  username: string | null,
  now: Date,
): Promise<Patient> {
  let accountUserId: number | null = null;
  if (username !== null) {
    const [account] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .limit(1);
    if (!account) {
      throw badRequest(
        { username: patientTexts.accountUsernameUnknown },
        patientTexts.accountUsernameUnknown,
      );
    }
    if (account.role !== 'patient' && account.role !== 'user') {
      throw badRequest(
        { username: patientTexts.accountNotPatient },
        patientTexts.accountNotPatient,
      );
    }
    const [other] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(
        and(
          eq(patients.accountUserId, account.id),
          isNull(patients.deletedAt),
          ne(patients.id, patientId),
        ),
      )
      .limit(1);
    if (other) {
      throw conflict(patientTexts.accountTaken, { username: patientTexts.accountTaken });
    }
    accountUserId = account.id;
  }
  await tx
    .update(patients)
    .set({ accountUserId, updatedAt: now })
    .where(and(eq(patients.id, patientId), isNull(patients.deletedAt)));
  const patient = await findPatient(tx, patientId);
  if (!patient) throw notFound();
  return patient;
}
