import { formatDateTime } from '../../../shared/format.ts';
import { offlineWriteTexts } from '../../../shared/messages.ts';
import { recordTypes } from '../../../shared/record-types.ts';
import { auditDetailsText, type AuditDetailsValue } from '../../../shared/schemas/audit.ts';

/** Plain words for the audit log's actions and record kinds, for people rather than machines. */
const actionLabels: Record<string, string> = {
  read: 'Opened',
  list: 'Listed',
  create: 'Added',
  update: 'Changed',
  delete: 'Deleted',
  restore: 'Restored',
  denied: 'Refused',
  login: 'Logged in',
  'login-failed': 'Login failed',
  logout: 'Logged out',
  register: 'Signed up',
  'password-change': 'Changed password',
  'user-update': 'Changed user',
  'password-reset-request': 'Asked for a password reset',
  'password-reset': 'Reset password',
  'password-reset-link': 'Made a password reset link',
  'two-factor-on': 'Turned on two-factor sign-in',
  'two-factor-off': 'Turned off two-factor sign-in',
  'recovery-codes': 'Made new recovery codes',
  invite: 'Invited',
  'revoke-invitation': 'Revoked an invitation',
  'accept-invitation': 'Joined by invitation',
  'end-session': 'Ended a session',
  'end-other-sessions': 'Ended other sessions',
  'end-user-sessions': "Ended a user's sessions",
  export: 'Exported',
  import: 'Imported',
  'calendar-feed-create': 'Made a calendar feed',
  'calendar-feed-revoke': 'Revoked a calendar feed',
  'calendar-feed-read': 'Calendar feed read',
  archive: 'Archived (past retention)',
};

const entityLabels: Record<string, string> = {
  ...Object.fromEntries(recordTypes.map((type) => [type.type, type.labels.audit])),
  'allergy-override': 'Prescribed despite allergy',
  'vital-ranges': 'Vital signs ranges',
  timeline: 'Timeline',
  'care-team': 'Care team',
  'care-team-member': 'Care team member',
  'patient-account': 'Account link',
  'access-log': 'Access log',
  'patient-directory': 'Patient names',
  'audit-log': 'Audit log',
  'deleted-record': 'Deleted records',
  reminder: 'Reminder',
  notification: 'Notification',
  directory: 'Directory',
  user: 'User account',
  session: 'Session',
  'fhir-export': 'FHIR agency export',
  'calendar-feed': 'Calendar feed',
  mar: 'Medication chart (MAR)',
};

export const actionLabel = (action: string): string => actionLabels[action] ?? action;
export const entityLabel = (entity: string): string => entityLabels[entity] ?? entity;
export const roleLabel = (role: string | null): string =>
  role ? `${role[0]!.toUpperCase()}${role.slice(1)}` : '';

/** Details as a person reads them; a change sent from a phone's offline queue says so first. */
export function detailsText(details: AuditDetailsValue | null | undefined): string {
  if (details?.recordedOffline !== true) return auditDetailsText(details);
  const { recordedOffline: _offline, recordedAt, ...rest } = details;
  const when = typeof recordedAt === 'string' ? formatDateTime(recordedAt) : '';
  return [offlineWriteTexts.recordedOfflineAt(when), auditDetailsText(rest)]
    .filter(Boolean)
    .join('; ');
}
