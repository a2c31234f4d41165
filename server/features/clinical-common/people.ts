import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import { clinicalTexts } from '../../../shared/messages.ts';
import { can } from '../../../shared/permissions.ts';
import type { CareTeamMember } from '../../../shared/schemas/patients.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Executor } from '../../db/client.ts';
import { careTeamMembers, patients, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { ClinicalEntity } from './record-kind.ts';

type ClinicianRole = 'doctor' | 'caregiver';

const namedTexts: Record<ClinicianRole, { notActive: string; notOnCareTeam: string }> = {
  doctor: {
    notActive: clinicalTexts.doctorNotActive,
    notOnCareTeam: clinicalTexts.doctorNotOnCareTeam,
  },
  caregiver: {
    notActive: clinicalTexts.caregiverNotActive,
    notOnCareTeam: clinicalTexts.caregiverNotOnCareTeam,
  },
};

/** Lists by a person (`/doctor/{id}`, `/caregiver/{id}`): one's own, or anyone's for a supervisor. */
export async function assertSelfOrSupervisor(
  ctx: RequestContext,
  entity: ClinicalEntity,
  userId: number,
): Promise<void> {
  if (ctx.user.id === userId || can(ctx.user, 'patients:read-all')) return;
  await ctx.forbidden({ entity });
}

/** A named doctor or caregiver must be an active account of that role (else 400 on the field). */
export async function assertActiveClinician(
  db: Executor,
  userId: number,
  role: ClinicianRole,
  field: string,
): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, role), eq(users.isActive, true)))
    .limit(1);
  const message = namedTexts[role].notActive;
  if (!row) throw badRequest({ [field]: message }, message);
}

/**
 * A record is in the caller's name, or in the name of a clinician on the patient's care team
 * (else 400 on the field): nobody, supervisors and admins included, puts a record in the name
 * of someone outside the team (shared/permissions.ts).
 */
export async function assertOnCareTeam(
  db: Executor,
  patientId: number,
  userId: number,
  role: ClinicianRole,
  field: string,
): Promise<void> {
  const [row] = await db
    .select({ id: careTeamMembers.userId })
    .from(careTeamMembers)
    .where(and(eq(careTeamMembers.patientId, patientId), eq(careTeamMembers.userId, userId)))
    .limit(1);
  const message = namedTexts[role].notOnCareTeam;
  if (!row) throw badRequest({ [field]: message }, message);
}

/** Whom a change to a patient's records tells, and how the notice names the patient. */
export interface CareTeamNotice {
  /** The patient's display name (`#id` for a patient no longer there). */
  patientName: string;
  /** The active members of the care team with the role, but the one who made the change. */
  userIds: number[];
}

/**
 * The active members of a patient's care team with the given role, except one user, and the
 * patient's display name for their notices: one statement inside the change's transaction.
 */
export async function careTeamNotice(
  db: Executor,
  patientId: number,
  role: ClinicianRole,
  exceptUserId: number,
): Promise<CareTeamNotice> {
  const [row] = await rowsOf<{ name: string | null; ids: number[] }>(
    db,
    sql`select (select ${patients.firstName} || ' ' || ${patients.lastName} from ${patients}
        where ${patients.id} = ${patientId}) as name,
      -- Each member's account by its key: joined, the plan hashed every account of the agency.
      array(select c.user_id from ${careTeamMembers} c
        where c.patient_id = ${patientId} and c.user_id <> ${exceptUserId}
          and (select u.role = ${role} and u.is_active from ${users} u where u.id = c.user_id)
        order by c.user_id) as ids`,
  );
  return { patientName: row?.name ?? `#${patientId}`, userIds: row?.ids ?? [] };
}

/** A patient's display name, for notification texts. */
export async function patientDisplayName(db: Executor, patientId: number): Promise<string> {
  const [row] = await db
    .select({ firstName: patients.firstName, lastName: patients.lastName })
    .from(patients)
    .where(eq(patients.id, patientId))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}` : `#${patientId}`;
}

/** The columns of a patient as the patient calls and the chart answer it (join `users` on the
 * account for `accountUsername`). */
export const patientColumns = {
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

/** A care team member's name as lists show it. */
export const memberName = (row: { firstName: string; secondName: string }) =>
  `${row.firstName} ${row.secondName}`;

/** The care team of a patient, by role, then name (the caller checks the scope and pages). */
export const careTeamQuery = (db: Executor, patientId: number | Placeholder) =>
  db
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
    .where(eq(careTeamMembers.patientId, patientId))
    .orderBy(asc(users.role), asc(users.firstName), asc(users.secondName), asc(users.id));

/** A row of careTeamQuery as the care-team call and the chart answer it. */
export const toCareTeamMember = (row: {
  userId: number;
  username: string;
  firstName: string;
  secondName: string;
  role: string;
  addedAt: Date;
}): CareTeamMember => ({
  userId: row.userId,
  username: row.username,
  name: memberName(row),
  role: row.role,
  addedAt: row.addedAt.toISOString(),
});
