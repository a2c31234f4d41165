import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { accountMessages } from '../../../shared/messages.ts';
import { normalizePrivilege } from '../../../shared/permissions.ts';
import type {
  AdminUpdateUserInput,
  AdminUser,
  AdminUserListQuery,
} from '../../../shared/schemas/users.ts';
import type { RequestContext } from '../../auth/context.ts';
import { announceUserChanged, revokeUserSessions } from '../../auth/sessions.ts';
import { users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { likePattern, orderFor } from '../../lib/list.ts';
import { lockAccounts } from './accounts.ts';
import { decidePrivileges, normalizeRequest } from './privilege-requests.ts';

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
  twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
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

/** Each order of the admin's Users list (the id ends every order). */
const adminUserOrder = {
  name: [users.secondName, users.firstName],
  username: [users.username],
  role: [users.role],
} as const;

/**
 * The admin's Users list (audited): in the asked order, or by default pending privilege
 * requests first, then oldest first.
 */
export async function listUsers(
  ctx: RequestContext,
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
    ctx.db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(
        ...(query.sort
          ? orderFor(query.sort, adminUserOrder, users.id)
          : [sql`${users.requestedPrivileges} is null`, asc(users.id)]),
      )
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  await ctx.audit.read({ action: 'list', entity: 'user' });
  return { items: rows.map(toAdminUser), total: total?.n ?? 0 };
}

/**
 * An admin's change to an account (audited in the same transaction): role, privileges, active
 * flag, or a decision on a privilege request. An admin cannot deactivate or demote themself,
 * and the agency always keeps at least one active admin. Deactivation ends the account's
 * sessions at once; a new role or privileges apply to them at once.
 */
export async function updateUser(
  ctx: RequestContext,
  targetId: number,
  input: AdminUpdateUserInput,
): Promise<AdminUser> {
  const now = ctx.clock.now();
  return ctx.audit.change(
    async (tx) => {
      await lockAccounts(tx);
      const [target] = await tx
        .select(adminUserColumns)
        .from(users)
        .where(eq(users.id, targetId))
        .limit(1);
      if (!target) throw notFound();

      const { privileges, requested } = decidePrivileges(
        {
          privileges: normalizePrivilege(target.privileges),
          requested: normalizeRequest(target.requestedPrivileges),
        },
        input,
      );
      const isActive = input.isActive ?? target.isActive;
      const role = input.role ?? target.role;

      if (target.id === ctx.user.id) {
        if (!isActive) throw badRequest(undefined, accountMessages.cannotDeactivateSelf);
        if (privileges !== 'admin') throw badRequest(undefined, accountMessages.cannotDemoteSelf);
      }
      const wasActiveAdmin = target.isActive && normalizePrivilege(target.privileges) === 'admin';
      if (wasActiveAdmin && (!isActive || privileges !== 'admin')) {
        const [others] = await tx
          .select({ n: count() })
          .from(users)
          .where(
            and(eq(users.privileges, 'admin'), eq(users.isActive, true), ne(users.id, target.id)),
          );
        if (!others?.n) throw badRequest(undefined, accountMessages.lastAdmin);
      }

      const [row] = await tx
        .update(users)
        .set({ role, privileges, requestedPrivileges: requested, isActive, updatedAt: now })
        .where(eq(users.id, target.id))
        .returning(adminUserColumns);
      if (!isActive) await revokeUserSessions(tx, target.id, now);
      else if (role !== target.role || privileges !== target.privileges) {
        // Signed-in sessions act with the new role at once, on every instance.
        await announceUserChanged(tx, target.id);
      }
      return toAdminUser(row!);
    },
    (updated) => ({ action: 'user-update', entity: 'user', entityId: updated.id }),
  );
}
