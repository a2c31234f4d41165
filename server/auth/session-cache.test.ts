import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetSessionsHere,
  forgetUsersHere,
  SESSION_CACHE_TTL_MS,
  SessionCache,
  type CachedSession,
} from './session-cache.ts';
import type { SessionUser } from './sessions.ts';

const IDLE_MS = 30 * 60 * 1000;
const T0 = Date.parse('2026-01-15T09:00:00.000Z');

const entry = (
  overrides: Partial<CachedSession<SessionUser>> = {},
): CachedSession<SessionUser> => ({
  sessionId: 7,
  user: { id: 3, username: 'dr.a', role: 'doctor', storedRole: 'doctor', privileges: 'editor' },
  lastSeenAt: T0,
  expiresAt: T0 + 12 * 60 * 60 * 1000,
  readAt: T0,
  ...overrides,
});

describe('the session cache', () => {
  const made: SessionCache<SessionUser>[] = [];
  const liveCache = (options?: { hearsThisProcess?: boolean }, wall?: () => number) => {
    const cache = new SessionCache<SessionUser>(options, wall);
    made.push(cache);
    cache.setLive(true);
    return cache;
  };
  afterEach(() => {
    for (const cache of made.splice(0)) cache.dispose();
  });

  it('serves nothing until its announcements are heard, and nothing once they are lost', () => {
    const cache = new SessionCache<SessionUser>();
    made.push(cache);
    cache.store('h', entry(), cache.generation);
    expect(cache.get('h', T0, IDLE_MS)).toBeUndefined();
    cache.setLive(true);
    cache.store('h', entry(), cache.generation);
    expect(cache.get('h', T0 + 1000, IDLE_MS)?.sessionId).toBe(7);
    cache.setLive(false);
    expect(cache.get('h', T0 + 1000, IDLE_MS)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps an entry for its TTL only, and never past the idle or absolute limit', () => {
    const cache = liveCache();
    cache.store('h', entry(), cache.generation);
    expect(cache.get('h', T0 + SESSION_CACHE_TTL_MS - 1, IDLE_MS)).toBeDefined();
    expect(cache.get('h', T0 + SESSION_CACHE_TTL_MS, IDLE_MS)).toBeUndefined();

    cache.store('idle', entry({ lastSeenAt: T0 - IDLE_MS }), cache.generation);
    expect(cache.get('idle', T0 + 1, IDLE_MS)).toBeUndefined();
    cache.store('past', entry({ expiresAt: T0 + 10 }), cache.generation);
    expect(cache.get('past', T0 + 10, IDLE_MS)).toBeUndefined();
    // A clock that went back before the read does not make an entry fresh.
    cache.store('h', entry(), cache.generation);
    expect(cache.get('h', T0 - 1, IDLE_MS)).toBeUndefined();
  });

  it('drops a read that was in flight while an end was announced', () => {
    const cache = liveCache();
    const before = cache.generation;
    cache.endSessions([99]);
    cache.store('h', entry(), before);
    expect(cache.get('h', T0, IDLE_MS)).toBeUndefined();
    cache.store('h', entry(), cache.generation);
    expect(cache.get('h', T0, IDLE_MS)).toBeDefined();
  });

  it('forgets the ended sessions and the changed users, and no other', () => {
    const cache = liveCache();
    cache.store('a', entry({ sessionId: 1 }), cache.generation);
    cache.store('b', entry({ sessionId: 2 }), cache.generation);
    cache.store('c', entry({ sessionId: 3, user: { ...entry().user, id: 4 } }), cache.generation);
    cache.endSessions([1]);
    expect(cache.get('a', T0, IDLE_MS)).toBeUndefined();
    expect(cache.get('b', T0, IDLE_MS)).toBeDefined();
    cache.changeUsers([3]);
    expect(cache.get('b', T0, IDLE_MS)).toBeUndefined();
    expect(cache.get('c', T0, IDLE_MS)?.sessionId).toBe(3);
  });

  it('an end started in this process blocks caching that session or user for a while', () => {
    let wall = 1_000_000;
    const cache = liveCache({}, () => wall);
    forgetSessionsHere([7]);
    // A read that began after the forgetting but saw the row before the commit is not kept.
    cache.store('h', entry(), cache.generation);
    expect(cache.get('h', T0, IDLE_MS)).toBeUndefined();
    forgetUsersHere([5]);
    cache.store('u', entry({ sessionId: 8, user: { ...entry().user, id: 5 } }), cache.generation);
    expect(cache.get('u', T0, IDLE_MS)).toBeUndefined();
    wall += 60_001;
    cache.store('h', entry(), cache.generation);
    expect(cache.get('h', T0, IDLE_MS)).toBeDefined();
  });

  it('ending a user’s other sessions keeps the one that goes on cacheable, and only it', () => {
    let wall = 1_000_000;
    const cache = liveCache({}, () => wall);
    const user = { ...entry().user, id: 5 };
    cache.store('kept', entry({ sessionId: 8, user }), cache.generation);
    cache.store('other', entry({ sessionId: 9, user }), cache.generation);
    forgetUsersHere([5], 8);
    // The kept session stays, and is cached again after a read; the others are not.
    expect(cache.get('kept', T0, IDLE_MS)?.sessionId).toBe(8);
    expect(cache.get('other', T0, IDLE_MS)).toBeUndefined();
    cache.store('other', entry({ sessionId: 9, user }), cache.generation);
    expect(cache.get('other', T0, IDLE_MS)).toBeUndefined();
    cache.store('kept', entry({ sessionId: 8, user }), cache.generation);
    expect(cache.get('kept', T0, IDLE_MS)?.sessionId).toBe(8);
    // An end of all the user's sessions close behind blocks the kept one too (both must keep it).
    forgetUsersHere([5]);
    forgetUsersHere([5], 8);
    cache.store('kept', entry({ sessionId: 8, user }), cache.generation);
    expect(cache.get('kept', T0, IDLE_MS)).toBeUndefined();
    wall += 60_001;
    cache.store('kept', entry({ sessionId: 8, user }), cache.generation);
    expect(cache.get('kept', T0, IDLE_MS)?.sessionId).toBe(8);
  });

  it('a cache playing another machine hears only announcements', () => {
    const remote = liveCache({ hearsThisProcess: false });
    remote.store('h', entry(), remote.generation);
    forgetSessionsHere([7]);
    expect(remote.get('h', T0, IDLE_MS)).toBeDefined();
    remote.endSessions([7]);
    expect(remote.get('h', T0, IDLE_MS)).toBeUndefined();
  });

  it('holds at most 10,000 entries, dropping the oldest read first', () => {
    const cache = liveCache();
    for (let i = 0; i <= 10_000; i += 1) {
      cache.store(`h${i}`, entry({ sessionId: i }), cache.generation);
    }
    expect(cache.size).toBe(10_000);
    expect(cache.get('h0', T0, IDLE_MS)).toBeUndefined();
    expect(cache.get('h10000', T0, IDLE_MS)?.sessionId).toBe(10_000);
  });

  it('hands out a frozen user, so no request can change what the next one sees', () => {
    const cache = liveCache();
    cache.store('h', entry(), cache.generation);
    const user = cache.get('h', T0, IDLE_MS)!.user;
    expect(Object.isFrozen(user)).toBe(true);
  });
});
