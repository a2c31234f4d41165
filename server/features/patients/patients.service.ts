import { and, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { patientTexts } from '../../../shared/messages.ts';
import type { ListSort } from '../../../shared/schemas/common.ts';
import type { Patient, PatientInput, PATIENT_SORTS } from '../../../shared/schemas/patients.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { careTeamMembers, patients, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import {
  COUNT_AHEAD,
  likePattern,
  oneColumn,
  orderFor,
  pageTotal,
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

/**
 * How many patients the order's index walk reads (with a membership probe each) in the time one
 * team member's patient is looked up by primary key and sorted: 100,000 patients, a team of
 * 1,000, measured 2 to 3.5 microseconds a row walked against 10 to 20 a team row.
 */
const TEAM_ROW_COST = 8;

/** PostgreSQL's estimate of the patients table's rows (0 before its first analyze). */
const agencyEstimate = sql`greatest((select reltuples from pg_class where oid = 'patients'::regclass), 0)::float8`;

/**
 * A care-team caller's list without a search: three statements, of which each request runs two.
 * `team` counts the caller's live patients from `care_team_members` (index entries, less the
 * team's deleted patients found through their partial index), up to the total's bound or to
 * sqrt(rows to reach * agency / TEAM_ROW_COST), whichever is more, so it also tells which page
 * is cheaper: `fromTeam` reads the team's patients and sorts them (reads the team), `byName`
 * walks the order's index and checks each patient's membership (reads about rows to reach *
 * agency / team patients, each about TEAM_ROW_COST times cheaper). Each page's SQL allows only
 * its own plan, so no cached plan made for one team size serves another (the single statement's
 * generic plan, from the team first, took 43 ms for a team of 10,000 among 100,000 patients; its
 * bounded count, by primary key, 3.4 ms where `team` takes 0.5 to 0.8).
 */
function buildCareTeamStatements(db: Executor, sort: PatientSort, key: string) {
  const userId = sql.placeholder('userId');
  const order = orderFor(sort, patientOrder, patients.id);
  const reach = sql`(${sql.placeholder('offset')}::float8 + ${sql.placeholder('limit')}::float8)`;
  const cap = sql`greatest(${sql.placeholder('bound')}::int, sqrt(${reach} * ${agencyEstimate} / ${TEAM_ROW_COST})::int + 1)`;
  const live = db
    .select(oneColumn)
    .from(careTeamMembers)
    .where(
      and(
        eq(careTeamMembers.userId, userId),
        sql`not exists (select 1 from ${patients} p where p.id = ${careTeamMembers.patientId} and p.deleted_at is not null)`,
      ),
    )
    // Drizzle takes an SQL expression here as it takes a placeholder.
    .limit(cap as unknown as number)
    .as('live');
  return {
    team: db
      .select({ members: count(), agency: sql<number>`${agencyEstimate}`.mapWith(Number) })
      .from(live)
      .prepare(`patients_team_${key}`),
    fromTeam: db
      .select(patientColumns)
      .from(careTeamMembers)
      .innerJoin(patients, eq(patients.id, careTeamMembers.patientId))
      .leftJoin(users, eq(users.id, patients.accountUserId))
      .where(and(eq(careTeamMembers.userId, userId), isNull(patients.deletedAt)))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`patients_page_${key}_from_team`),
    // The membership check is fenced with `offset 0`, so it stays a probe on each row walked.
    byName: db
      .select(patientColumns)
      .from(patients)
      .leftJoin(users, eq(users.id, patients.accountUserId))
      .where(
        and(
          isNull(patients.deletedAt),
          sql`exists (select 1 from care_team_members ctm where ctm.patient_id = ${patients.id} and ctm.user_id = ${userId} offset 0)`,
        ),
      )
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`patients_page_${key}_by_order`),
  };
}

/** One page of a care-team caller's patients (no search) and its total, as `listPatients`. */
async function careTeamPage(
  db: Executor,
  user: SessionUser,
  sort: PatientSort,
  query: { limit: number; offset: number; count?: 'bounded' | 'none' },
) {
  const order = `${sort.descending ? 'desc' : 'asc'}_${sort.column}`;
  const statements = preparedFor(db, `patients_team_${order}`, () =>
    buildCareTeamStatements(db, sort, order),
  );
  const values = { userId: user.id, limit: query.limit, offset: query.offset };
  // The bound `pageTotal` counts up to (see server/lib/list.ts).
  const bound = query.offset + query.limit + COUNT_AHEAD + 1;
  const [team] = await statements.team.execute({ ...values, bound });
  const members = team?.members ?? 0;
  const reach = query.offset + query.limit;
  const byOrder = TEAM_ROW_COST * members * members > reach * Math.max(team?.agency ?? 0, members);
  const rows = await (byOrder ? statements.byName : statements.fromTeam).execute(values);
  // `members` is exact up to `bound` at least, all `pageTotal` asks for.
  const total = await pageTotal(
    { offset: query.offset, limit: query.limit, rows: rows.length, count: query.count },
    async (upTo) => Math.min(members, upTo),
  );
  return { rows, ...total };
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
  const values = {
    userId: user.id,
    pattern: query.q ? likePattern(query.q) : '',
    limit: query.limit,
    offset: query.offset,
  };
  if (scopeKind(user) === 'care-team' && !query.q) {
    const { rows, total, capped } = await careTeamPage(db, user, sort, query);
    await ctx.audit.read({ action: 'list', entity: 'patient' });
    return { items: rows.map(toPatient), total, capped };
  }
  const statements = patientListStatements(db, user, Boolean(query.q), sort);
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
