import { eq } from 'drizzle-orm';
import type { AgencySettings } from '../../../shared/schemas/doses.ts';
import type { Executor } from '../../db/client.ts';
import { agencySettings } from '../../db/schema/index.ts';

/** The zone of an agency that has not chosen one: the server's own. */
export const serverTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The defaults until an administrator saves the agency's settings. */
export const defaultAgencySettings = (): AgencySettings => ({
  timeZone: serverTimeZone(),
  doseWindowMinutes: 60,
  doseMissedAfterMinutes: 240,
  visitLateAfterMinutes: 15,
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
    })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1));
  return row ?? defaultAgencySettings();
}
