/** The least a cached session's user has: the cache forgets sessions by user id. */
interface CachedUser {
  id: number;
}

/**
 * A live session as last read from the database, kept so the next requests need no lookup; `U`
 * is the signed-in user as sessions.ts gives it (SessionUser).
 */
export interface CachedSession<U extends CachedUser = CachedUser> {
  sessionId: number;
  user: Readonly<U>;
  /** The session's last_seen_at as this instance knows it (it moves when this instance touches). */
  lastSeenAt: number;
  expiresAt: number;
  /** When it was read from the database (the request clock's time). */
  readAt: number;
}

/** How long an entry is trusted after its read, even with no announcement that it changed. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Entries kept at most; past it the oldest read goes first. */
const MAX_ENTRIES = 10_000;
/**
 * How long a session or user ended on this instance stays uncacheable: from just before the
 * ending statement, through its commit, until its announcement has surely come back (it bounds
 * a transaction that ends a session, which is short).
 */
const TOMBSTONE_MS = 60_000;

/** An end applied here: cached again only after `until` (wall clock), but for `keep`. */
interface Tombstone {
  until: number;
  keep: number | null;
}

/**
 * The sessions this app instance resolved lately, by token hash. It serves an entry only while
 * the instance hears the database's announcements of ended sessions and changed accounts
 * (`live`: set by the notification hub's listener, cleared when that connection is lost), so
 * a logout, revocation, deactivation or role change on any instance reaches it as soon as the
 * announcement does. Ends started on this instance are also applied at once, before their
 * statement, and the session or user stays uncacheable until well after the commit.
 *
 * A read from the database is stored only if no announcement arrived while it was in flight
 * (the generation), so a read that saw a session just before it ended cannot bring it back.
 * Anything the cache is unsure of goes to the database: an entry past its TTL, a session that
 * looks idle (another instance may have seen it since), or one past its absolute limit.
 */
export class SessionCache<U extends CachedUser = CachedUser> {
  readonly #entries = new Map<string, CachedSession<U>>();
  readonly #endedSessions = new Map<number, Tombstone>();
  readonly #changedUsers = new Map<number, Tombstone>();
  #live = false;
  #generation = 0;

  /**
   * `hearsThisProcess` (default true): also told at once of ends started by any app in this
   * process. A test that plays two machines in one process turns it off for the second app, so
   * that app learns of ends only from the database's announcements, as another machine would.
   */
  constructor(
    options: { hearsThisProcess?: boolean } = {},
    private readonly wallClock: () => number = Date.now,
  ) {
    if (options.hearsThisProcess ?? true) caches.add(this);
  }

  /** Whether announcements are heard; off empties the cache and stops serving from it. */
  setLive(live: boolean): void {
    this.#live = live;
    this.clear();
  }

  get live(): boolean {
    return this.#live;
  }

  /** Taken before a database read; pass it to `store`. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entry for a token hash, if it can be trusted at `now` with an idle limit of `idleMs`. */
  get(tokenHash: string, now: number, idleMs: number): CachedSession<U> | undefined {
    if (!this.#live) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    const fresh =
      now - entry.readAt < SESSION_CACHE_TTL_MS &&
      now >= entry.readAt &&
      now - entry.lastSeenAt <= idleMs &&
      now < entry.expiresAt &&
      !this.#blocked(entry);
    if (fresh) return entry;
    this.#entries.delete(tokenHash);
    return undefined;
  }

  /** Keeps a session read at `generation`, unless something ended or changed since. */
  store(tokenHash: string, entry: CachedSession<U>, generation: number): void {
    if (!this.#live || generation !== this.#generation || this.#blocked(entry)) return;
    this.#entries.delete(tokenHash);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(tokenHash, { ...entry, user: Object.freeze({ ...entry.user }) });
  }

  /** Sessions ended (announced, or about to be ended here when `local`). */
  endSessions(sessionIds: readonly number[], local = false): void {
    this.#generation += 1;
    const ids = new Set(sessionIds);
    if (local) this.#tombstone(this.#endedSessions, ids);
    for (const [hash, entry] of this.#entries) {
      if (ids.has(entry.sessionId)) this.#entries.delete(hash);
    }
  }

  /**
   * Accounts whose sessions ended or whose role, privileges or active flag changed. `keep`: the
   * one session of theirs that goes on as it was (the caller's own, when they end the others or
   * change their password), which stays cacheable.
   */
  changeUsers(userIds: readonly number[], local = false, keep: number | null = null): void {
    this.#generation += 1;
    const ids = new Set(userIds);
    if (local) this.#tombstone(this.#changedUsers, ids, keep);
    for (const [hash, entry] of this.#entries) {
      if (ids.has(entry.user.id) && entry.sessionId !== keep) this.#entries.delete(hash);
    }
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** Stops this cache from being told of ends started in this process (an app that closed). */
  dispose(): void {
    this.setLive(false);
    caches.delete(this);
  }

  #tombstone(map: Map<number, Tombstone>, ids: Set<number>, keep: number | null = null): void {
    const now = this.wallClock();
    if (map.size > MAX_ENTRIES) {
      for (const [id, { until }] of map) if (until <= now) map.delete(id);
    }
    for (const id of ids) {
      // Two ends close together keep a session only if both keep it.
      const earlier = map.get(id);
      const kept = earlier && earlier.until > now && earlier.keep !== keep ? null : keep;
      map.set(id, { until: now + TOMBSTONE_MS, keep: kept });
    }
  }

  #blocked(entry: CachedSession<U>): boolean {
    return (
      this.#tombstoned(this.#endedSessions, entry.sessionId, entry.sessionId) ||
      this.#tombstoned(this.#changedUsers, entry.user.id, entry.sessionId)
    );
  }

  /** Whether `id` is blocked for the session `sessionId` (a kept session is not). */
  #tombstoned(map: Map<number, Tombstone>, id: number, sessionId: number): boolean {
    const tombstone = map.get(id);
    if (tombstone === undefined) return false;
    if (tombstone.until > this.wallClock()) return tombstone.keep !== sessionId;
    map.delete(id);
    return false;
  }
}

/**
 * Every session cache of this process. Ending a session takes only a database handle, not the
 * app, so ends started here are applied to all of them: an app that does not hold the session
 * just forgets nothing.
 */
const caches = new Set<SessionCache<CachedUser>>();

/** Called just before sessions are ended in the database (see sessions.ts). */
export function forgetSessionsHere(sessionIds: readonly number[]): void {
  for (const cache of caches) cache.endSessions(sessionIds, true);
}

/**
 * Called just before a user's sessions end or their account changes (see sessions.ts); `keep`:
 * the session of theirs that goes on.
 */
export function forgetUsersHere(userIds: readonly number[], keep: number | null = null): void {
  for (const cache of caches) cache.changeUsers(userIds, true, keep);
}
