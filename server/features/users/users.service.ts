import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { can, normalizePrivilege, normalizeRole } from '../../../shared/permissions.ts';
import {
  defaultFontSize,
  type ChangePasswordInput,
  type Me,
  type Profile,
  type Settings,
  type UpdateProfileInput,
} from '../../../shared/schemas/users.ts';
import type { RequestContext } from '../../auth/context.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { patients, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';
import { isTimeZone } from '../../../shared/format.ts';
import { readGlucoseUnit, readTemperatureUnit } from '../../../shared/units.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { emailTaken, sameEmail, sameUsername, uniqueViolationField } from './accounts.ts';
import { checkCurrentPassword } from './login.service.ts';
import { normalizeRequest } from './privilege-requests.ts';

const settingsColumns = {
  role: users.role,
  darkMode: users.darkMode,
  fontSize: users.fontSize,
  notificationsEnabled: users.notificationsEnabled,
  temperatureUnit: users.temperatureUnit,
  glucoseUnit: users.glucoseUnit,
  timeZone: users.timeZone,
};

function toSettings(row: {
  role: string;
  darkMode: boolean;
  fontSize: number | null;
  notificationsEnabled: boolean;
  temperatureUnit: string;
  glucoseUnit: string;
  timeZone: string | null;
}): Settings {
  return {
    darkMode: row.darkMode,
    fontSize: row.fontSize ?? defaultFontSize(normalizeRole(row.role)),
    notificationsEnabled: row.notificationsEnabled,
    temperatureUnit: readTemperatureUnit(row.temperatureUnit),
    glucoseUnit: readGlucoseUnit(row.glucoseUnit),
    // A zone this runtime no longer knows reads as "the browser's".
    timeZone: isTimeZone(row.timeZone) ? row.timeZone : null,
  };
}

/** The signed-in user as GET /api/users/me describes them (effective role, settings, patient). */
export async function getMe(ctx: RequestContext): Promise<Me> {
  const userId = ctx.user.id;
  const [row] = await ctx.db
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
  const [patient] = await ctx.db
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

/** The signed-in user's stored settings, with the role's default font size when none is stored. */
export async function getSettings(ctx: RequestContext): Promise<Settings> {
  const [row] = await ctx.db
    .select(settingsColumns)
    .from(users)
    .where(eq(users.id, ctx.user.id))
    .limit(1);
  if (!row) throw notFound();
  return toSettings(row);
}

/** Changes the given settings of the signed-in user only. */
export async function updateSettings(
  ctx: RequestContext,
  input: Partial<Settings>,
): Promise<Settings> {
  const [row] = await ctx.db
    .update(users)
    .set({
      ...(input.darkMode === undefined ? {} : { darkMode: input.darkMode }),
      ...(input.fontSize === undefined ? {} : { fontSize: input.fontSize }),
      ...(input.notificationsEnabled === undefined
        ? {}
        : { notificationsEnabled: input.notificationsEnabled }),
      ...(input.temperatureUnit === undefined ? {} : { temperatureUnit: input.temperatureUnit }),
      ...(input.glucoseUnit === undefined ? {} : { glucoseUnit: input.glucoseUnit }),
      ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(users.id, ctx.user.id))
    .returning(settingsColumns);
  if (!row) throw notFound();
  return toSettings(row);
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
async function findVisibleProfile(ctx: RequestContext, username: string): Promise<Profile> {
  const [row] = await ctx.db
    .select(profileColumns)
    .from(users)
    .where(sameUsername(username))
    .limit(1);
  if (!row || (row.id !== ctx.user.id && !can(ctx.user, 'users:manage'))) throw notFound();
  return toProfile(row);
}

/** A profile the caller may see (their own, or any for an admin); another's read is audited. */
export async function getProfile(ctx: RequestContext, username: string): Promise<Profile> {
  const profile = await findVisibleProfile(ctx, username);
  if (profile.id !== ctx.user.id) {
    await ctx.audit.read({ action: 'read', entity: 'user', entityId: profile.id });
  }
  return profile;
}

/** Saves the editable profile fields only; role, privileges, id, username, createdAt stay. */
export async function updateProfile(
  ctx: RequestContext,
  username: string,
  input: UpdateProfileInput,
): Promise<Profile> {
  const target = await findVisibleProfile(ctx, username);
  return ctx.audit.change(
    async (tx) => {
      const [clash] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sameEmail(input.email), ne(users.id, target.id)))
        .limit(1);
      if (clash) throw emailTaken();
      try {
        const [row] = await tx
          .update(users)
          .set({ ...input, updatedAt: ctx.clock.now() })
          .where(eq(users.id, target.id))
          .returning(profileColumns);
        if (!row) throw notFound();
        return toProfile(row);
      } catch (error) {
        if (uniqueViolationField(error) === 'email') throw emailTaken();
        throw error;
      }
    },
    (profile) => ({ action: 'update', entity: 'user', entityId: profile.id }),
  );
}

/**
 * Changes the signed-in user's password once the current one is confirmed (see
 * checkCurrentPassword), and ends every other session of theirs in the same transaction.
 */
export async function changePassword(
  ctx: RequestContext,
  input: ChangePasswordInput,
): Promise<void> {
  const userId = ctx.user.id;
  const now = ctx.clock.now();
  await checkCurrentPassword(ctx, input.currentPassword);
  await ctx.audit.change(
    async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now })
        .where(eq(users.id, userId));
      await revokeUserSessions(tx, userId, now, ctx.sessionId ?? undefined);
    },
    () => ({ action: 'password-change', entity: 'user', entityId: userId }),
  );
}
