import { eq } from 'drizzle-orm';
import {
  signUpPolicies,
  type AgencySettings,
  type SignUpPolicy,
} from '../../../shared/schemas/doses.ts';
import type { Executor } from '../../db/client.ts';
import { agencySettings } from '../../db/schema/index.ts';

/** The zone of an agency that has not chosen one: the server's own. */
export const serverTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The stored text as a policy; anything unknown is read as 'open', the column's default. */
const signUpPolicyOf = (value: string): SignUpPolicy =>
  (signUpPolicies as readonly string[]).includes(value) ? (value as SignUpPolicy) : 'open';

/** The defaults until an administrator saves the agency's settings. */
export const defaultAgencySettings = (): AgencySettings => ({
  timeZone: serverTimeZone(),
  doseWindowMinutes: 60,
  doseMissedAfterMinutes: 240,
  visitLateAfterMinutes: 15,
  signUpPolicy: 'open',
  invitationDays: 7,
  requireTwoFactorForStaff: false,
  auditRetentionYears: 6,
});

/**
 * The agency's settings (one row, id 1), or the defaults while none are saved. One short read:
 * every caller that schedules doses reads it afresh, so a change applies at once on every
 * instance.
 */
export async function loadAgencySettings(db: Executor): Promise<AgencySettings> {
  const [row] = await db
    .select({
      timeZone: agencySettings.timeZone,
      doseWindowMinutes: agencySettings.doseWindowMinutes,
      doseMissedAfterMinutes: agencySettings.doseMissedAfterMinutes,
      visitLateAfterMinutes: agencySettings.visitLateAfterMinutes,
      signUpPolicy: agencySettings.signUpPolicy,
      invitationDays: agencySettings.invitationDays,
      requireTwoFactorForStaff: agencySettings.requireTwoFactorForStaff,
      auditRetentionYears: agencySettings.auditRetentionYears,
    })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1));
  if (!row) return defaultAgencySettings();
  return { ...row, signUpPolicy: signUpPolicyOf(row.signUpPolicy) };
}
