import { eq } from 'drizzle-orm';
import {
  signUpPolicies,
  type AgencySettings,
  type SignUpPolicy,
} from '../../../shared/schemas/doses.ts';
import type { Executor } from '../../db/client.ts';
import type { DatabaseListener } from '../../db/listener.ts';
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

/** Where every committed change to the settings is announced (migration 0016's trigger). */
export const AGENCY_CHANNEL = 'eldercare_agency';
/** A change made here blocks caching until its announcement is heard, or for at most this long. */
const UNHEARD_CHANGE_MS = 60_000;

/**
 * An instance's copy of the settings, for its own database handle: kept only while the
 * database listener hears every change (a trigger announces each committed one, however it is
 * made), dropped at each announcement. A read in flight while one arrived is not kept (a
 * generation counter); a change made here blocks caching from before it is written until its
 * announcement is heard, so a read that saw the old row just before the commit is never kept.
 */
export class AgencySettingsCache {
  #value: AgencySettings | null = null;
  #live = false;
  #generation = 0;
  #blockedUntil = 0;
  #heard = 0;

  constructor(private readonly wallClock: () => number = Date.now) {}

  get live(): boolean {
    return this.#live;
  }

  get generation(): number {
    return this.#generation;
  }

  /** How many announcements it has heard (a test waits for one after a change of its own). */
  get heardCount(): number {
    return this.#heard;
  }

  setLive(live: boolean): void {
    this.#live = live;
    this.#forget();
  }

  get(): AgencySettings | null {
    return this.#live ? this.#value : null;
  }

  store(value: AgencySettings, generation: number): void {
    if (!this.#live || generation !== this.#generation) return;
    if (this.#blockedUntil > this.wallClock()) return;
    this.#value = Object.freeze({ ...value });
  }

  /** A change was announced: whatever was read before it is stale. */
  heard(): void {
    this.#heard += 1;
    this.#blockedUntil = 0;
    this.#forget();
  }

  /** A change is about to be written here. */
  changing(): void {
    this.#blockedUntil = this.wallClock() + UNHEARD_CHANGE_MS;
    this.#forget();
  }

  #forget(): void {
    this.#generation += 1;
    this.#value = null;
  }
}

/** The cache of each database handle whose app listens (see `listenForAgencySettings`). */
const caches = new WeakMap<object, AgencySettingsCache>();

/** The cache of a database handle, if its app keeps one. */
export const agencySettingsCacheOf = (db: Executor): AgencySettingsCache | undefined =>
  caches.get(db);

/**
 * Keeps a cache of the settings for an app's database handle, told by its database listener
 * (subscribe before it starts). Reads through a transaction are never cached: they read the row.
 */
export function listenForAgencySettings(
  listener: DatabaseListener,
  db: Executor,
  cache = new AgencySettingsCache(),
): AgencySettingsCache {
  caches.set(db, cache);
  listener.on(AGENCY_CHANNEL, () => cache.heard());
  listener.watch({ listening: () => cache.setLive(true), deaf: () => cache.setLive(false) });
  return cache;
}

/**
 * The agency's settings (one row, id 1), or the defaults while none are saved. Through an app's
 * own handle they come from its cache while it hears every change (see AgencySettingsCache),
 * so a change applies to the next request on every instance; otherwise (a transaction, a job
 * on a handle of its own) one short read.
 */
export async function loadAgencySettings(db: Executor): Promise<AgencySettings> {
  const cache = caches.get(db);
  const cached = cache?.get();
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
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
  const value = row
    ? { ...row, signUpPolicy: signUpPolicyOf(row.signUpPolicy) }
    : defaultAgencySettings();
  cache?.store(value, generation);
  return value;
}
