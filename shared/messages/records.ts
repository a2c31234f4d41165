/** The appointment, patient and audit texts. */
import { auditAdminOnly } from './core.ts';

/** Texts of the appointment calls and screens that the seed does not name. */
export const appointmentTexts = {
  invalidDate: 'Appointment date must be a valid date and time',
  doctorNotFound: 'Doctor username must name an active doctor',
  doctorNotOnCareTeam: 'Choose a doctor from your care team',
  mustBeFuture: 'Appointment date must be in the future',
  onlyOwnFuture: 'You can cancel only your own upcoming appointments',
  notAllowed: 'You are not allowed to change appointments',
  noLinkedPatient: 'Your account is not linked to a patient record yet.',
  noUpcoming: 'No upcoming appointments.',
  noAppointments: 'No appointments yet.',
  noCareTeamDoctor: 'No doctor is on your care team yet.',
  noAppointmentsOnDay: 'No appointments on this day.',
  deleteTitle: 'Delete appointment',
  deleteQuestion: 'Delete this appointment? It leaves every list and can be restored by an admin.',
  cancelTitle: 'Cancel appointment',
  cancelQuestion: 'Cancel this appointment? Your doctor is told at once.',
  cancelled: 'Appointment cancelled successfully',
  requested: 'Appointment requested successfully',
} as const;

/** Texts of the patient registry, care team and account link that the seed does not name. */
export const patientTexts = {
  dobInvalid: 'Date of birth must be a valid date',
  dobInFuture: 'Date of birth cannot be in the future',
  dobTooEarly: 'Date of birth cannot be before 1850',
  noPatients: 'No patients found.',
  searchLabel: 'Search by name',
  editPatient: 'Edit Patient',
  deleteTitle: 'Delete patient?',
  deleteMessage: 'The patient leaves every list. An administrator can restore the record.',
  patientNotFound: 'This patient does not exist or is not on your care team.',
  careTeam: 'Care team',
  noCareTeam: 'No one is on this care team yet.',
  careTeamMemberInvalid: 'Choose an active doctor or caregiver',
  careTeamDuplicate: 'This person is already on the care team',
  careTeamAdded: 'Care team member added',
  careTeamRemoved: 'Care team member removed',
  errorUpdatingCareTeam: 'Error updating care team',
  removeMemberTitle: 'Remove from care team?',
  removeMemberMessage: 'This person will no longer see this patient.',
  accountUsernameUnknown: 'No patient account has this username',
  accountNotPatient: 'Only a patient account can be linked',
  accountTaken: 'This account is already linked to another patient',
  accountLinked: 'Patient account linked',
  accountUnlinked: 'Patient account unlinked',
  errorLinkingAccount: 'Error linking patient account',
  notLinked: 'No account linked',
} as const;

/** Texts of the audit screens (admin audit log, a patient's own access log). */
export const auditTexts = {
  auditTitle: 'Audit Log',
  noAuditEntries: 'No audit entries found.',
  errorFetchingAudit: 'Error fetching audit log',
  adminOnly: auditAdminOnly,
  accessLogTitle: 'Who viewed my record',
  noAccess: 'No one has opened your record yet.',
  notLinked: 'Your account is not linked to a patient record yet.',
  errorFetchingAccessLog: 'Error fetching access log',
} as const;
