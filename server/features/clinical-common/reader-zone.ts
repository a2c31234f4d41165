import { eq } from 'drizzle-orm';
import { isTimeZone } from '../../../shared/format.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { loadAgencySettings } from './agency-settings.ts';

/** The header the browser names its own zone in (an IANA zone; anything else is ignored). */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** The browser's zone from a request's headers, when it is a valid IANA zone. */
export function headerTimeZone(headers: Record<string, unknown>): string | undefined {
  const value = headers[TIME_ZONE_HEADER];
  return isTimeZone(value) ? value : undefined;
}

/**
 * The zone a user reads times in: their saved zone, else the browser's (from the request),
 * else the agency's.
 */
export async function readerTimeZone(
  db: Executor,
  userId: number,
  browserZone: string | undefined,
): Promise<string> {
  const [row] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (isTimeZone(row?.timeZone)) return row.timeZone;
  if (browserZone) return browserZone;
  return (await loadAgencySettings(db)).timeZone;
}
