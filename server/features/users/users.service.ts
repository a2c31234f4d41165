import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { accountMessages, apiErrors, notices } from '../../../shared/messages.ts';
import {
  can,
  normalizePrivilege,
  normalizeRole,
  type Privilege,
} from '../../../shared/permissions.ts';
import {
  defaultFontSize,
  type AdminUpdateUserInput,
  type AdminUser,
  type AdminUserListQuery,
  type Me,
  type Profile,
  type RegisterInput,
  type RegisterResponse,
  type Settings,
  type UpdateProfileInput,
} from '../../../shared/schemas/users.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { patients, users } from '../../db/schema/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { likePattern } from '../../lib/list.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { revokeUserSessions, type SessionUser } from '../../auth/sessions.ts';

/**
 * Serialises the changes that must see every account at once (the first sign-up becoming admin,
 * username and email uniqueness checks, keeping at least one admin): a transaction-scoped
 * advisory lock, so it holds across app instances sharing one PostgreSQL server.
 */
const ACCOUNTS_LOCK_KEY = 730_451_001;
export async function lockAccounts(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNTS_LOCK_KEY})`);
}

/** Privileges a new account may take on its own; higher ones wait for an admin. */
const selfServicePrivileges: readonly Privilege[] = ['viewer', 'editor'];

const sameUsername = (username: string): SQL =>
  sql`lower(${users.username}) = ${username.trim().toLowerCase()}`;
const sameEmail = (email: string): SQL =>
  sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

/** Which unique index a database error hit, if it is a unique violation on users. */
export function uniqueViolationField(error: unknown): 'username' | 'email' | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') {
      if (e.constraint?.includes('username')) return 'username';
      if (e.constraint?.includes('email')) return 'email';
    }
    e = e.cause as typeof e;
  }
  return null;
}

const usernameTaken = () =>
  conflict(apiErrors.usernameTaken, { username: apiErrors.usernameTaken });
const emailTaken = () => conflict(apiErrors.emailTaken, { email: apiErrors.emailTaken });

/**
 * Creates an account. The first account on an empty database becomes admin; later requests
 * for supervisor or admin start as editor with the request kept for an admin to decide.
 */
export async function registerUser(
  tx: Tx,
  input: RegisterInput,
  now: Date,
): Promise<Omit<RegisterResponse, 'message'>> {
  await lockAccounts(tx);
  const [existing] = await tx
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sameUsername(input.username), sameEmail(input.email)))
    .limit(2);
  if (existing) {
    throw existing.username.toLowerCase() === input.username.toLowerCase()
      ? usernameTaken()
      : emailTaken();
  }
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(users);
  let granted: Privilege;
  let requested: Privilege | null = null;
  if (n === 0) granted = 'admin';
  else if (selfServicePrivileges.includes(input.privileges)) granted = input.privileges;
  else {
    granted = 'editor';
    requested = input.privileges;
  }
  const [row] = await tx
    .insert(users)
    .values({
      username: input.username,
      firstName: input.firstName,
      secondName: input.secondName,
      email: input.email,
      primaryLocation: input.primaryLocation,
      role: input.role,
      privileges: granted,
      requestedPrivileges: requested,
      passwordHash: await hashPassword(input.password),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id, username: users.username, role: users.role });
  return { ...row!, privileges: granted, requestedPrivileges: requested };
}

/** The account a login names, found case-insensitively; null when there is none. */
export async function findLoginAccount(db: Executor, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
    })
    .from(users)
    .where(sameUsername(username))
    .limit(1);
  return row ?? null;
}

const settingsColumns = {
  role: users.role,
  darkMode: users.darkMode,
  fontSize: users.fontSize,
  notificationsEnabled: users.notificationsEnabled,
};

function toSettings(row: {
  role: string;
  darkMode: boolean;
  fontSize: number | null;
  notificationsEnabled: boolean;
}): Settings {
  return {
    darkMode: row.darkMode,
    fontSize: row.fontSize ?? defaultFontSize(normalizeRole(row.role)),
    notificationsEnabled: row.notificationsEnabled,
  };
}

const normalizeRequest = (value: string | null): Privilege | null =>
  value === null ? null : normalizePrivilege(value);

/** The signed-in user as GET /api/users/me describes them (effective role, settings, patient). */
export async function getMe(db: Executor, userId: number): Promise<Me> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      secondName: users.secondName,
      privileges: users.privileges,
      requestedPrivileges: users.requestedPrivileges,
      ...settingsColumns,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  const [patient] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.accountUserId, userId), isNull(patients.deletedAt)))
    .orderBy(asc(patients.id))
    .limit(1);
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    secondName: row.secondName,
    role: normalizeRole(row.role),
    privileges: normalizePrivilege(row.privileges),
    requestedPrivileges: normalizeRequest(row.requestedPrivileges),
    patientId: patient?.id ?? null,
    settings: toSettings(row),
  };
}

const profileColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  secondName: users.secondName,
  email: users.email,
  primaryLocation: users.primaryLocation,
  secondaryLocation: users.secondaryLocation,
  phoneNumber: users.phoneNumber,
  role: users.role,
  privileges: users.privileges,
  createdAt: users.createdAt,
};

type ProfileRow = Omit<Profile, 'createdAt'> & { createdAt: Date };

const toProfile = (row: ProfileRow): Profile => ({
  ...row,
  privileges: normalizePrivilege(row.privileges),
  createdAt: row.createdAt.toISOString(),
});

/**
 * The profile behind /users/username/{username}: one's own, or anyone's for an admin. Anything
 * else answers 404, exactly like an unknown username.
 */
export async function findVisibleProfile(
  db: Executor,
  actor: SessionUser,
  username: string,
): Promise<Profile> {
  const [row] = await db.select(profileColumns).from(users).where(sameUsername(username)).limit(1);
  if (!row || (row.id !== actor.id && !can(actor, 'users:manage'))) throw notFound();
  return toProfile(row);
}

/** Saves the editable profile fields only; role, privileges, id, username, createdAt stay. */
export async function updateProfile(
  tx: Tx,
  userId: number,
  input: UpdateProfileInput,
  now: Date,
): Promise<Profile> {
  const [clash] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sameEmail(input.email), ne(users.id, userId)))
    .limit(1);
  if (clash) throw emailTaken();
  try {
    const [row] = await tx
      .update(users)
      .set({ ...input, updatedAt: now })
      .where(eq(users.id, userId))
      .returning(profileColumns);
    if (!row) throw notFound();
    return toProfile(row);
  } catch (error) {
    if (uniqueViolationField(error) === 'email') throw emailTaken();
    throw error;
  }
}

/** The stored password hash of a user, for the password change check. */
export async function passwordHashOf(db: Executor, userId: number): Promise<string> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  return row.passwordHash;
}

/** Stores a new password and ends every other session of the user; returns how many ended. */
export async function setPassword(
  tx: Tx,
  userId: number,
  newPassword: string,
  now: Date,
  keepSessionId: number | undefined,
): Promise<number> {
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: now })
    .where(eq(users.id, userId));
  return revokeUserSessions(tx, userId, now, keepSessionId);
}

/** The user's stored settings, with the role's default font size when none is stored. */
export async function getSettings(db: Executor, userId: number): Promise<Settings> {
  const [row] = await db.select(settingsColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound();
  return toSettings(row);
}

/** Changes the given settings only. */
export async function updateSettings(
  db: Executor,
  userId: number,
  input: Partial<Settings>,
  now: Date,
): Promise<Settings> {
  const [row] = await db
    .update(users)
    .set({
      ...(input.darkMode === undefined ? {} : { darkMode: input.darkMode }),
      ...(input.fontSize === undefined ? {} : { fontSize: input.fontSize }),
      ...(input.notificationsEnabled === undefined
        ? {}
        : { notificationsEnabled: input.notificationsEnabled }),
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning(settingsColumns);
  if (!row) throw notFound();
  return toSettings(row);
}

const adminUserColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  secondName: users.secondName,
  email: users.email,
  role: users.role,
  privileges: users.privileges,
  requestedPrivileges: users.requestedPrivileges,
  isActive: users.isActive,
  createdAt: users.createdAt,
};
type AdminUserRow = Omit<AdminUser, 'privileges' | 'requestedPrivileges' | 'createdAt'> & {
  privileges: string;
  requestedPrivileges: string | null;
  createdAt: Date;
};

const toAdminUser = (row: AdminUserRow): AdminUser => ({
  ...row,
  privileges: normalizePrivilege(row.privileges),
  requestedPrivileges: normalizeRequest(row.requestedPrivileges),
  createdAt: row.createdAt.toISOString(),
});

/** The admin's Users list: pending privilege requests first, then oldest account first. */
export async function listUsers(
  db: Executor,
  query: AdminUserListQuery,
): Promise<{ items: AdminUser[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.role) {
    // The legacy stored role `user` is a patient.
    conditions.push(
      query.role === 'patient'
        ? inArray(users.role, ['patient', 'user'])
        : eq(users.role, query.role),
    );
  }
  if (query.requested === 'true') conditions.push(isNotNull(users.requestedPrivileges));
  if (query.requested === 'false') conditions.push(isNull(users.requestedPrivileges));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      sql`(lower(${users.username}) like ${pattern} or lower(${users.firstName} || ' ' || ${users.secondName}) like ${pattern} or lower(${users.email}) like ${pattern})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(sql`${users.requestedPrivileges} is null`, asc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toAdminUser), total: total?.n ?? 0 };
}

/**
 * An admin's change to an account: role, privileges, active flag, or a decision on a privilege
 * request. An admin cannot deactivate or demote themself, and the agency always keeps at least
 * one active admin. Deactivation ends the account's sessions at once.
 */
export async function adminUpdateUser(
  tx: Tx,
  actor: SessionUser,
  targetId: number,
  input: AdminUpdateUserInput,
  now: Date,
): Promise<AdminUser> {
  await lockAccounts(tx);
  const [target] = await tx
    .select(adminUserColumns)
    .from(users)
    .where(eq(users.id, targetId))
    .limit(1);
  if (!target) throw notFound();

  let privileges = normalizePrivilege(target.privileges);
  let requested = normalizeRequest(target.requestedPrivileges);
  if (input.request === 'grant' && requested) privileges = requested;
  if (input.request) requested = null;
  if (input.privileges) {
    privileges = input.privileges;
    // The admin has decided: an explicit privilege level answers any pending request.
    requested = null;
  }
  const isActive = input.isActive ?? target.isActive;
  const role = input.role ?? target.role;

  if (target.id === actor.id) {
    if (!isActive) throw badRequest(undefined, accountMessages.cannotDeactivateSelf);
    if (privileges !== 'admin') throw badRequest(undefined, accountMessages.cannotDemoteSelf);
  }
  const wasActiveAdmin = target.isActive && normalizePrivilege(target.privileges) === 'admin';
  if (wasActiveAdmin && (!isActive || privileges !== 'admin')) {
    const [others] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.privileges, 'admin'), eq(users.isActive, true), ne(users.id, target.id)));
    if (!others?.n) throw badRequest(undefined, accountMessages.lastAdmin);
  }

  const [row] = await tx
    .update(users)
    .set({ role, privileges, requestedPrivileges: requested, isActive, updatedAt: now })
    .where(eq(users.id, target.id))
    .returning(adminUserColumns);
  if (!isActive) await revokeUserSessions(tx, target.id, now);
  return toAdminUser(row!);
}

/** Thrown for every login failure: unknown user, wrong password, deactivated account alike. */
export const loginFailed = () => new HttpError(401, notices.loginFailed);
