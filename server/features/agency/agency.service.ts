import type { AgencySettings, AgencySettingsInput } from '../../../shared/schemas/doses.ts';
import type { RequestContext } from '../../auth/context.ts';
import { agencySettings } from '../../db/schema/index.ts';
import { agencySettingsCacheOf, loadAgencySettings } from '../clinical-common/agency-settings.ts';

/** The audit entity of the agency's settings (one row, id 1). */
const entity = 'agency-settings';

/** The agency's settings (the defaults while none are saved): any signed-in user reads them. */
export function getAgencySettings(ctx: RequestContext): Promise<AgencySettings> {
  return loadAgencySettings(ctx.db);
}

/**
 * Saves the agency's settings (administrators): the one row is written or replaced, with who
 * changed it, in one transaction with its audit row. Every instance drops its copy when the
 * change is announced (and this one before writing it), so the new zone, windows, late setting
 * and account settings apply to the next request. A late or account setting left out keeps the
 * one saved (the default on a first save).
 */
export async function setAgencySettings(
  ctx: RequestContext,
  input: AgencySettingsInput,
): Promise<AgencySettings> {
  const { timeZone, doseWindowMinutes, doseMissedAfterMinutes, ...optional } = input;
  // Left out (undefined): kept as saved, or the column's default on a first save.
  const kept = Object.fromEntries(
    Object.entries(optional).filter(([, value]) => value !== undefined),
  ) as Partial<typeof optional>;
  const values = {
    timeZone,
    doseWindowMinutes,
    doseMissedAfterMinutes,
    ...kept,
    updatedBy: ctx.user.id,
    updatedAt: ctx.clock.now(),
  };
  // No read that may see the old row is kept from now until the change is announced.
  agencySettingsCacheOf(ctx.db)?.changing();
  return ctx.audit.change(
    async (tx) => {
      await tx
        .insert(agencySettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: agencySettings.id, set: values });
      return loadAgencySettings(tx);
    },
    () => ({ action: 'update', entity, entityId: 1 }),
  );
}
