import { ownPatientIdOf, seesOwnRecordOnly, staffIdAs } from '../../../shared/permissions.ts';
import { apiPathOf, type RecordType } from '../../../shared/record-types.ts';
import type { Me } from '../../../shared/schemas/users.ts';
import type { ListFilterField } from '../list-filters.tsx';

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

/**
 * The filters of a screen's record list: a range of days for everyone; staff also pick a
 * patient, and, where the list is not already their own, the clinician the records name.
 */
export function recordListFilters(
  user: Me | null,
  own?: 'doctor' | 'caregiver',
): ListFilterField[] {
  const days: ListFilterField[] = [
    { kind: 'date', name: 'from', label: 'From' },
    { kind: 'date', name: 'to', label: 'To' },
  ];
  if (seesOwnRecordOnly(user)) return days;
  const people: ListFilterField[] = [
    { kind: 'person', name: 'patientId', role: 'patient', label: 'Patient' },
  ];
  if (own && staffIdAs(user, own) === null) {
    people.push({
      kind: 'person',
      name: `${own}Id`,
      role: own,
      label: own === 'doctor' ? 'Doctor' : 'Caregiver',
    });
  }
  return [...people, ...days];
}
