import { count, or } from 'drizzle-orm';
import type { RegisterInput, RegisterResponse } from '../../../shared/schemas/users.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  accountAudit,
  emailTaken,
  lockAccounts,
  sameEmail,
  sameUsername,
  usernameTaken,
  type PublicContext,
} from './accounts.ts';
import { checkSignUpPolicy } from './invitations.service.ts';
import { privilegesOnSignUp } from './privilege-requests.ts';

/**
 * Creates an account and its 'register' audit row (in the new account's name) in one
 * transaction. The first account becomes admin; see privilegesOnSignUp for later requests.
 * The agency's sign-up policy may refuse it (403, nothing written; never the first account).
 */
export async function registerUser(
  ctx: PublicContext,
  input: RegisterInput,
): Promise<Omit<RegisterResponse, 'message'>> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockAccounts(tx);
    // Before anything else, so a refused sign-up tells nothing about taken names.
    await checkSignUpPolicy(tx, input);
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
    const { privileges, requested } = privilegesOnSignUp(n === 0, input.privileges);
    const [row] = await tx
      .insert(users)
      .values({
        username: input.username,
        firstName: input.firstName,
        secondName: input.secondName,
        email: input.email,
        primaryLocation: input.primaryLocation,
        role: input.role,
        privileges,
        requestedPrivileges: requested,
        passwordHash: await hashPassword(input.password),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id, username: users.username, role: users.role });
    await accountAudit(ctx, row!).within(tx, {
      action: 'register',
      entity: 'user',
      entityId: row!.id,
    });
    return { ...row!, privileges, requestedPrivileges: requested };
  });
}
