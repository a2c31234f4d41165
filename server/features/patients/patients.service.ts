import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { patientTexts } from '../../../shared/messages.ts';
import type { ListSort } from '../../../shared/schemas/common.ts';
import type { Patient, PatientInput, PATIENT_SORTS } from '../../../shared/schemas/patients.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { careTeamMembers, patients, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import {
  likePattern,
  oneColumn,
  orderFor,
  preparedBoundedCount,
  preparedPageTotal,
  type Page,
} from '../../lib/list.ts';
import { preparedFor } from '../../lib/prepared.ts';
import { patientInRestoreScope, patientInScope, scopeKind } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { patientColumns } from '../clinical-common/people.ts';

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
type PatientSort = ListSort<(typeof PATIENT_SORTS)[number]>;

/** Each order of the patients list and its columns (the primary key ends every order). */
const patientOrder = {
  name: [patients.lastName, patients.firstName],
  dateOfBirth: [patients.dob],
} as const;

function buildPatientListStatements(
  db: Executor,
  user: SessionUser,
  search: boolean,
  sort: PatientSort,
  key: string,
) {
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
      .orderBy(...orderFor(sort, patientOrder, patients.id))
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

function patientListStatements(
  db: Executor,
  user: SessionUser,
  search: boolean,
  sort: PatientSort,
) {
  const order = `${sort.descending ? 'desc' : 'asc'}_${sort.column}`;
  const key = `${scopeKind(user)}_${search ? 'search' : 'all'}_${order}`;
  return preparedFor(db, `patients_${key}`, () =>
    buildPatientListStatements(db, user, search, sort, key),
  );
}

/**
 * One page of the patients in the caller's scope in the asked order (by default last name,
 * first name, id), audited as a list. The most requested list: its statements are prepared once (per scope kind and search)
 * and only the values travel with each request.
 */
export async function listPatients(
  ctx: RequestContext,
  query: {
    limit: number;
    offset: number;
    q?: string;
    count?: 'bounded' | 'none';
    sort?: PatientSort;
  },
): Promise<Page<Patient>> {
  const { db, user } = ctx;
  const sort = query.sort ?? { column: 'name', descending: false };
  const statements = patientListStatements(db, user, Boolean(query.q), sort);
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
  await ctx.audit.read({ action: 'list', entity: 'patient' });
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

const inScope = (user: SessionUser) => patientInScope(user, patients.id);
const patientEvent = (action: 'update' | 'delete' | 'restore', id: number) =>
  ({ action, entity: 'patient', entityId: id, patientId: id }) as const;

/** A live patient in the caller's scope, audited as a read; 404 (audited) otherwise. */
export async function getPatient(ctx: RequestContext, id: number): Promise<Patient> {
  const [row] = await ctx.db
    .select(patientColumns)
    .from(patients)
    .leftJoin(users, eq(users.id, patients.accountUserId))
    .where(and(eq(patients.id, id), isNull(patients.deletedAt), inScope(ctx.user)))
    .limit(1);
  if (!row) return ctx.notFound({ entity: 'patient', entityId: id, patientId: id });
  await ctx.audit.read({ action: 'read', entity: 'patient', entityId: id, patientId: id });
  return toPatient(row);
}

/** Adds a patient; the doctor who adds it joins its care team in the same transaction. */
export async function createPatient(ctx: RequestContext, input: PatientInput): Promise<Patient> {
  const { user } = ctx;
  const now = ctx.clock.now();
  return ctx.audit.change(
    async (tx) => {
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
    },
    (created) => ({
      action: 'create',
      entity: 'patient',
      entityId: created.id,
      patientId: created.id,
    }),
  );
}

/** Replaces the seed's fields of a live patient in the caller's scope (404 otherwise). */
export async function updatePatient(
  ctx: RequestContext,
  id: number,
  input: PatientInput,
): Promise<Patient> {
  await ctx.scope.require(id);
  const now = ctx.clock.now();
  return ctx.audit.change(
    async (tx) => {
      const [row] = await tx
        .update(patients)
        .set({ ...input, updatedAt: now })
        .where(and(eq(patients.id, id), isNull(patients.deletedAt), inScope(ctx.user)))
        .returning({ id: patients.id });
      const updated = row && (await findPatient(tx, row.id));
      // Only a concurrent delete gets here: the scope was checked just before.
      if (!updated) throw notFound();
      return updated;
    },
    () => patientEvent('update', id),
  );
}

/**
 * Soft delete: the record leaves every list and stays in the database, untouched otherwise
 * (care team and account link included), so a restore brings it back as it was.
 */
export async function deletePatient(ctx: RequestContext, id: number): Promise<void> {
  await ctx.scope.require(id);
  const now = ctx.clock.now();
  await ctx.audit.change(
    async (tx) => {
      const rows = await tx
        .update(patients)
        .set({ deletedAt: now })
        .where(and(eq(patients.id, id), isNull(patients.deletedAt), inScope(ctx.user)))
        .returning({ id: patients.id });
      if (rows.length === 0) throw notFound();
    },
    () => patientEvent('delete', id),
  );
}

/**
 * Brings a soft-deleted patient back (admins, whose scope is the agency; a patient account only
 * its own record): 404 when no deleted patient in that scope has this id.
 */
export async function restorePatient(ctx: RequestContext, id: number): Promise<Patient> {
  // A patient account holding admin reaches only its own record, here as everywhere.
  const inRestoreScope = patientInRestoreScope(ctx.user, patients.id);
  const [visible] = await ctx.db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, id), inRestoreScope))
    .limit(1);
  if (!visible) return ctx.notFound({ entity: 'patient', entityId: id, patientId: id });
  return ctx.audit.change(
    async (tx) => {
      const rows = await tx
        .update(patients)
        .set({ deletedAt: null })
        .where(and(eq(patients.id, id), isNotNull(patients.deletedAt), inRestoreScope))
        .returning({ id: patients.id });
      const restored = rows.length > 0 && (await findPatient(tx, id));
      if (!restored) throw notFound();
      return restored;
    },
    () => patientEvent('restore', id),
  );
}

/**
 * Links the patient's own user account (a patient, or a legacy `user`) to a patient in the
 * caller's scope, or unlinks it when `username` is null. One account belongs to at most one
 * live patient (409 otherwise).
 */
export async function linkPatientAccount(
  ctx: RequestContext,
  patientId: number,
  username: string | null,
): Promise<Patient> {
  await ctx.scope.require(patientId, { entity: 'patient-account', entityId: patientId });
  const now = ctx.clock.now();
  return ctx.audit.change(
    (tx) => writeAccountLink(tx, patientId, username, now),
    () => ({ action: 'update', entity: 'patient-account', entityId: patientId, patientId }),
  );
}

async function writeAccountLink(
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
