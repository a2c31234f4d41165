import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { can } from '../../shared/permissions.ts';
import type { Executor } from '../db/client.ts';
import { patients } from '../db/schema/index.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { notFound } from './http-error.ts';

/**
 * The patient scope, as a condition inside the query itself: supervisors see every patient of
 * the agency, doctors and caregivers the patients on whose care team they are, a patient only
 * the record linked to their own account. Deleted patients are out of everyone's scope.
 */
export function patientInScope(user: SessionUser, patientId: AnyPgColumn | SQL): SQL {
  if (user.role === 'guest') return sql`false`;
  if (user.role === 'patient') {
    return sql`${patientId} in (select p.id from patients p where p.account_user_id = ${user.id} and p.deleted_at is null)`;
  }
  if (can(user, 'patients:read-all')) {
    return sql`${patientId} in (select p.id from patients p where p.deleted_at is null)`;
  }
  return sql`${patientId} in (select ctm.patient_id from care_team_members ctm join patients p on p.id = ctm.patient_id where ctm.user_id = ${user.id} and p.deleted_at is null)`;
}

/** Answers 404 (exactly as for a missing id) unless the patient is in the user's scope. */
export async function assertPatientInScope(
  db: Executor,
  user: SessionUser,
  patientId: number,
): Promise<void> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.id, patientId),
        isNull(patients.deletedAt),
        patientInScope(user, patients.id),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
}
