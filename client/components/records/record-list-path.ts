import { ownPatientIdOf, seesOwnRecordOnly, staffIdAs } from '../../../shared/permissions.ts';
import { apiPathOf, type RecordType } from '../../../shared/record-types.ts';
import type { Me } from '../../../shared/schemas/users.ts';

/**
 * The list of a record type a user reads: a patient their own record's (null while none is
 * linked), a doctor or caregiver named in `own` the records they wrote, anyone else the whole
 * scope.
 */
export function recordListPath(
  type: RecordType,
  user: Me | null,
  own?: 'doctor' | 'caregiver',
): string | null {
  const base = apiPathOf(type);
  if (seesOwnRecordOnly(user)) {
    const patientId = ownPatientIdOf(user);
    return patientId === null ? null : `${base}/patient/${patientId}`;
  }
  const staffId = own ? staffIdAs(user, own) : null;
  return staffId === null ? base : `${base}/${own}/${staffId}`;
}

/** A patient account with no patient record linked yet: its screens say so. */
export const isUnlinkedPatient = (user: Me | null): boolean =>
  seesOwnRecordOnly(user) && ownPatientIdOf(user) === null;
