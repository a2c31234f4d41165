import { aliasedTable, and, count, desc, eq, isNull, or } from 'drizzle-orm';
import { invitationTexts } from '../../../shared/messages.ts';
import type {
  AcceptInvitationInput,
  CreateInvitation,
  CreatedInvitation,
  Invitation,
  InvitationStatus,
  InvitationView,
  SignUpStatus,
} from '../../../shared/schemas/invitations.ts';
import type { RegisterInput } from '../../../shared/schemas/users.ts';
import type { RequestContext } from '../../auth/context.ts';
import { createSession, revokeSession } from '../../auth/sessions.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { accountTokens, patients, users } from '../../db/schema/index.ts';
import { HttpError, badRequest, conflict } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { loadAgencySettings } from '../clinical-common/agency-settings.ts';
import { findLiveAccountToken, issueAccountToken, spendAccountToken } from './account-tokens.ts';
import { isTwoFactorSetupRequired } from './login.service.ts';
import {
  accountAudit,
  emailTaken,
  lockAccounts,
  sameEmail,
  sameUsername,
  usernameTaken,
  type PublicContext,
} from './accounts.ts';

const DAY_MS = 24 * 60 * 60_000;
const entity = 'invitation';

/** Forged, spent, revoked and expired links all answer this one 404. */
const invalidLink = () => new HttpError(404, invitationTexts.invalidLink);
const noSuchInvitation = () => new HttpError(404, invitationTexts.notFound);

/** Whether any account exists yet. */
async function hasAccounts(db: Executor): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  return n > 0;
}

/** Whether this is the first run (no account yet) and who may sign up without an invitation. */
export async function getSignUpStatus(ctx: PublicContext): Promise<SignUpStatus> {
  if (!(await hasAccounts(ctx.db))) return { firstRun: true, signUp: 'open' };
  const { signUpPolicy } = await loadAgencySettings(ctx.db);
  return { firstRun: false, signUp: signUpPolicy };
}

/**
 * Refuses a sign-up the agency's policy does not allow (403): 'closed' refuses all, 'patients'
 * any role but patient. The first account is always allowed, so the first admin can be made.
 * Called inside sign-up's transaction, under the accounts lock.
 */
export async function checkSignUpPolicy(tx: Tx, input: Pick<RegisterInput, 'role'>) {
  if (!(await hasAccounts(tx))) return;
  const { signUpPolicy } = await loadAgencySettings(tx);
  if (signUpPolicy === 'closed') throw new HttpError(403, invitationTexts.signUpClosed);
  if (signUpPolicy === 'patients' && input.role !== 'patient') {
    throw new HttpError(403, invitationTexts.signUpPatientsOnly);
  }
}

const fullName = (first: string | null, second: string | null) =>
  [first, second].filter(Boolean).join(' ') || null;

/** The patient an invitation may link: live and not linked to an account; 400/409 otherwise. */
async function linkablePatient(db: Executor, patientId: number, forUpdate = false) {
  const query = db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      accountUserId: patients.accountUserId,
    })
    .from(patients)
    .where(and(eq(patients.id, patientId), isNull(patients.deletedAt)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) {
    throw badRequest(
      { patientId: invitationTexts.patientNotFound },
      invitationTexts.patientNotFound,
    );
  }
  if (row.accountUserId !== null) {
    throw conflict(invitationTexts.patientAlreadyLinked, {
      patientId: invitationTexts.patientAlreadyLinked,
    });
  }
  return row;
}

const formatExpiry = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Invites someone (admins): a single-use link valid for the agency's invitationDays, carrying the
 * role and privileges the account will have, with its 'invite' audit row in one transaction.
 * With a mailer and an email, the link is emailed (APP_URL/join?token=…) once committed.
 */
export async function createInvitation(
  ctx: RequestContext,
  input: CreateInvitation,
  mailer: Mailer | null,
  onEmailError: (error: unknown) => void,
): Promise<CreatedInvitation> {
  const now = ctx.clock.now();
  const { token, row } = await ctx.audit.change(
    async (tx) => {
      const { invitationDays } = await loadAgencySettings(tx);
      if (input.patientId != null) await linkablePatient(tx, input.patientId);
      return issueAccountToken(tx, 'invitation', now, invitationDays * DAY_MS, {
        email: input.email ?? null,
        firstName: input.firstName,
        secondName: input.secondName,
        role: input.role,
        privileges: input.privileges,
        patientId: input.patientId ?? null,
        createdBy: ctx.user.id,
      });
    },
    ({ row }) => ({
      action: 'invite',
      entity,
      entityId: row.id,
      patientId: row.patientId ?? null,
    }),
  );
  let emailed = false;
  if (mailer && input.email) {
    const [inviter] = await ctx.db
      .select({ firstName: users.firstName, secondName: users.secondName })
      .from(users)
      .where(eq(users.id, ctx.user.id));
    const link = `${mailer.appUrl}/join?token=${token}`;
    try {
      await mailer.send({
        to: input.email,
        subject: invitationTexts.emailSubject,
        text: invitationTexts.emailBody(
          fullName(inviter?.firstName ?? null, inviter?.secondName ?? null) ?? ctx.user.username,
          input.role,
          link,
          formatExpiry(row.expiresAt),
        ),
      });
      emailed = true;
    } catch (error) {
      // The invitation stands: the admin copies the link instead.
      onEmailError(error);
    }
  }
  return { id: row.id, token, expiresAt: row.expiresAt.toISOString(), emailed };
}

function statusOf(
  row: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationStatus {
  if (row.revokedAt) return 'revoked';
  if (row.usedAt) return 'accepted';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

/** The most invitations the list answers, newest first. */
export const INVITATION_LIST_LIMIT = 200;

/** The agency's invitations, newest first, with their status and who sent them (admins). */
export async function listInvitations(ctx: RequestContext): Promise<Invitation[]> {
  const now = ctx.clock.now();
  const inviter = aliasedTable(users, 'inviter');
  const rows = await ctx.db
    .select({
      id: accountTokens.id,
      role: accountTokens.role,
      privileges: accountTokens.privileges,
      firstName: accountTokens.firstName,
      secondName: accountTokens.secondName,
      email: accountTokens.email,
      patientId: accountTokens.patientId,
      patientFirst: patients.firstName,
      patientLast: patients.lastName,
      inviterFirst: inviter.firstName,
      inviterSecond: inviter.secondName,
      createdAt: accountTokens.createdAt,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
      revokedAt: accountTokens.revokedAt,
    })
    .from(accountTokens)
    .leftJoin(inviter, eq(inviter.id, accountTokens.createdBy))
    .leftJoin(patients, eq(patients.id, accountTokens.patientId))
    .where(eq(accountTokens.kind, 'invitation'))
    .orderBy(desc(accountTokens.createdAt), desc(accountTokens.id))
    .limit(INVITATION_LIST_LIMIT);
  await ctx.audit.read({ action: 'list', entity });
  return rows.map((r) => ({
    id: r.id,
    status: statusOf(r, now),
    role: r.role ?? '',
    privileges: r.privileges ?? '',
    firstName: r.firstName ?? '',
    secondName: r.secondName ?? '',
    email: r.email ?? '',
    patientId: r.patientId,
    patientName: fullName(r.patientFirst, r.patientLast),
    invitedBy: fullName(r.inviterFirst, r.inviterSecond),
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    usedAt: r.usedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  }));
}

/** Revokes a pending invitation (admins): its link stops working. 409 for any other status. */
export async function revokeInvitation(ctx: RequestContext, id: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.audit.change(
    async (tx) => {
      const [row] = await tx
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.id, id), eq(accountTokens.kind, 'invitation')))
        .for('update');
      if (!row) throw noSuchInvitation();
      if (statusOf(row, now) !== 'pending') throw conflict(invitationTexts.notPending);
      await tx.update(accountTokens).set({ revokedAt: now }).where(eq(accountTokens.id, id));
      return row;
    },
    (row) => ({
      action: 'revoke-invitation',
      entity,
      entityId: id,
      patientId: row.patientId ?? null,
    }),
  );
}

/** What /join shows of a live invitation; one 404 for any link that does not work. */
export async function viewInvitation(ctx: PublicContext, token: string): Promise<InvitationView> {
  const row = await findLiveAccountToken(ctx.db, 'invitation', token, ctx.clock.now());
  if (!row) throw invalidLink();
  const [inviter] = row.createdBy
    ? await ctx.db
        .select({ firstName: users.firstName, secondName: users.secondName })
        .from(users)
        .where(eq(users.id, row.createdBy))
    : [];
  const [patient] = row.patientId
    ? await ctx.db
        .select({ firstName: patients.firstName, lastName: patients.lastName })
        .from(patients)
        .where(eq(patients.id, row.patientId))
    : [];
  return {
    role: row.role ?? '',
    privileges: row.privileges ?? '',
    firstName: row.firstName ?? '',
    secondName: row.secondName ?? '',
    email: row.email ?? '',
    invitedBy: inviter ? fullName(inviter.firstName, inviter.secondName) : null,
    patientName: patient ? fullName(patient.firstName, patient.lastName) : null,
  };
}

/**
 * Accepts an invitation: in one transaction under the accounts lock, the account is made with
 * the invitation's role and privileges (no approval waits), a patient invitation's record is
 * linked, the link is spent, a session starts and 'accept-invitation' is audited in the new
 * account's name. Works whatever the sign-up policy.
 */
export async function acceptInvitation(
  ctx: PublicContext,
  input: AcceptInvitationInput,
  userAgent: string | undefined,
): Promise<{ token: string; role: string; twoFactorSetupRequired?: true }> {
  const now = ctx.clock.now();
  // Cheap refusal of a dead link before paying for the hash; checked again under the lock.
  if (!(await findLiveAccountToken(ctx.db, 'invitation', input.token, now))) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  const joined = await ctx.db.transaction(async (tx) => {
    await lockAccounts(tx);
    const invitation = await findLiveAccountToken(tx, 'invitation', input.token, now, {
      forUpdate: true,
    });
    if (!invitation || !invitation.role || !invitation.privileges) throw invalidLink();
    const [existing] = await tx
      .select({ username: users.username })
      .from(users)
      .where(or(sameUsername(input.username), sameEmail(input.email)))
      .limit(2);
    if (existing) {
      throw existing.username.toLowerCase() === input.username.toLowerCase()
        ? usernameTaken()
        : emailTaken();
    }
    const patient = invitation.patientId
      ? await linkablePatient(tx, invitation.patientId, true)
      : null;
    const [row] = await tx
      .insert(users)
      .values({
        username: input.username,
        firstName: input.firstName,
        secondName: input.secondName,
        email: input.email,
        primaryLocation: input.primaryLocation,
        role: invitation.role,
        privileges: invitation.privileges,
        requestedPrivileges: null,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id, role: users.role });
    const account = row!;
    if (patient) {
      await tx
        .update(patients)
        .set({ accountUserId: account.id, updatedAt: now })
        .where(eq(patients.id, patient.id));
    }
    await spendAccountToken(tx, invitation.id, now);
    if (ctx.sessionId) await revokeSession(tx, ctx.sessionId, now);
    const token = await createSession(tx, account.id, now, { ip: ctx.ip, userAgent });
    await accountAudit(ctx, account).within(tx, [
      {
        action: 'accept-invitation',
        entity,
        entityId: invitation.id,
        patientId: patient?.id ?? null,
      },
      { action: 'login', entity: 'session', entityId: account.id },
    ]);
    return { token, role: account.role, privileges: invitation.privileges };
  });
  // An admin or supervisor joins as a login would: told to turn two-factor on if the agency
  // asks it of them.
  return (await isTwoFactorSetupRequired(ctx, joined.privileges))
    ? { token: joined.token, role: joined.role, twoFactorSetupRequired: true }
    : { token: joined.token, role: joined.role };
}
