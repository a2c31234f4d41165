import type { Executor } from '../db/client.ts';
import { agencySettingsCacheOf } from '../features/clinical-common/agency-settings.ts';

/**
 * Runs a test's own write to the agency's settings, straight into the database, and waits until
 * the app's cache has heard a change announced since (on PostgreSQL the announcement reaches the
 * listener a few milliseconds after the commit), so the next request reads the new row.
 */
export async function writeAgencySettings(
  db: Executor,
  write: () => Promise<unknown>,
): Promise<void> {
  const cache = agencySettingsCacheOf(db);
  const before = cache?.heardCount ?? 0;
  await write();
  if (!cache?.live) return;
  const until = Date.now() + 5000;
  while (cache.heardCount === before) {
    if (Date.now() > until) throw new Error('The change to the agency settings was not announced');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
