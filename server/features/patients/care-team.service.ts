import { and, count, eq } from 'drizzle-orm';
import { patientTexts } from '../../../shared/messages.ts';
import type { CareTeamMember } from '../../../shared/schemas/patients.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Tx } from '../../db/client.ts';
import { careTeamMembers, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { careTeamQuery, memberName, toCareTeamMember } from '../clinical-common/people.ts';

/** The doctors and caregivers on the care team of a patient in scope, by name (audited). */
export async function listCareTeam(
  ctx: RequestContext,
  patientId: number,
  page: { limit: number; offset: number },
): Promise<{ items: CareTeamMember[]; total: number }> {
  await ctx.scope.require(patientId, { entity: 'care-team', entityId: patientId });
  const where = eq(careTeamMembers.patientId, patientId);
  const rows = await careTeamQuery(ctx.db, patientId).limit(page.limit).offset(page.offset);
  const [counted] = await ctx.db.select({ total: count() }).from(careTeamMembers).where(where);
  await ctx.audit.read({ action: 'list', entity: 'care-team', patientId });
  return {
    items: rows.map(toCareTeamMember),
    total: counted?.total ?? 0,
  };
}

async function insertMember(
  tx: Tx,
  patientId: number,
  userId: number,
  addedBy: number,
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
    .values({ patientId, userId, addedBy, addedAt: now })
    .onConflictDoNothing()
    .returning({ addedAt: careTeamMembers.addedAt });
  if (inserted.length === 0) {
    throw conflict(patientTexts.careTeamDuplicate, { userId: patientTexts.careTeamDuplicate });
  }
  return {
    userId: member.id,
    username: member.username,
    name: memberName(member),
    role: member.role,
    addedAt: inserted[0]!.addedAt.toISOString(),
  };
}

/**
 * Puts an active doctor or caregiver on the care team of a patient in scope (400 for anyone
 * else, 409 when already on it).
 */
export async function addCareTeamMember(
  ctx: RequestContext,
  patientId: number,
  userId: number,
): Promise<CareTeamMember> {
  await ctx.scope.require(patientId, { entity: 'care-team-member', entityId: patientId });
  const now = ctx.clock.now();
  return ctx.audit.change(
    (tx) => insertMember(tx, patientId, userId, ctx.user.id, now),
    (added) => ({
      action: 'create',
      entity: 'care-team-member',
      entityId: added.userId,
      patientId,
    }),
  );
}

/** Takes someone off the care team of a patient in scope; 404 when they are not on it. */
export async function removeCareTeamMember(
  ctx: RequestContext,
  patientId: number,
  userId: number,
): Promise<void> {
  await ctx.scope.require(patientId, { entity: 'care-team-member', entityId: patientId });
  await ctx.audit.change(
    async (tx) => {
      const rows = await tx
        .delete(careTeamMembers)
        .where(and(eq(careTeamMembers.patientId, patientId), eq(careTeamMembers.userId, userId)))
        .returning({ userId: careTeamMembers.userId });
      if (rows.length === 0) throw notFound();
    },
    () => ({ action: 'delete', entity: 'care-team-member', entityId: userId, patientId }),
  );
}
