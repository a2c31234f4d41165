import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { clear, createStore, del, get, set, update, type UseStore } from 'idb-keyval';
import type { Me } from '../../shared/schemas/users.ts';

/**
 * What the device keeps so a caregiver can read offline (issue 22): the last signed-in user
 * (`Me`, so a reload with no connection does not turn them into a guest) and that user's read
 * cache (the React Query cache, persisted). Both live in IndexedDB, in a database of their own
 * (the offline write queue keeps its own), and are deleted together when the session is cleared:
 * logout, or the server saying the session ended. Only one account's data is ever kept: keeping
 * a new user deletes whatever another user left.
 *
 * Nothing here imports the query library, so the login screen's chunk stays small.
 */

const DB_NAME = 'eldercare-offline-read';
const STORE_NAME = 'kv';
const SESSION_KEY = 'session';
const cacheKey = (userId: number) => `queries:${userId}`;

/** How long a kept read cache is used: a week offline at most. */
export const READ_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The most queries written to the device (the most recently read first). */
const MAX_PERSISTED_QUERIES = 300;
/** Saves come at most this often: the whole cache is one record. */
const SAVE_DELAY_MS = 500;
/** A device store that does not answer (some private modes) is treated as empty. */
const READ_TIMEOUT_MS = 2000;

/**
 * One IndexedDB store of the device: a function giving the store, or none where the browser
 * has no IndexedDB. It is opened on first use and again if IndexedDB itself was replaced (a
 * test's fake), never remembered as missing.
 */
export function deviceStore(database: string, name: string): () => UseStore | undefined {
  let factory: IDBFactory | undefined;
  let opened: UseStore | undefined;
  return () => {
    const current = typeof indexedDB === 'undefined' ? undefined : indexedDB;
    if (!current) return undefined;
    if (current !== factory || !opened) {
      factory = current;
      opened = createStore(database, name);
    }
    return opened;
  };
}

const store = deviceStore(DB_NAME, STORE_NAME);

function withTimeout<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), READ_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

const ignore = () => undefined;

/** Bumped per account when its kept data is deleted: a save still pending is then dropped. */
const generations = new Map<number, number>();
const generationOf = (userId: number) => generations.get(userId) ?? 0;

interface KeptSession {
  user: Me;
  savedAt: number;
}

/**
 * Keeps the signed-in user on the device (read back only when the session cannot be read for
 * want of a network). Another account's kept cache is deleted in the same step.
 */
export async function keepSession(user: Me): Promise<void> {
  const kv = store();
  if (!kv) return;
  let previous: number | undefined;
  try {
    await update<KeptSession>(
      SESSION_KEY,
      (old) => {
        previous = old?.user.id;
        return { user, savedAt: Date.now() };
      },
      kv,
    );
    if (previous !== undefined && previous !== user.id) await forgetReadCache(previous);
  } catch {
    // storage refused (full, private mode): the app works online as before
  }
}

/** The user kept on this device, or null. */
export async function readKeptSession(): Promise<Me | null> {
  const kv = store();
  if (!kv) return null;
  const kept = await withTimeout(get<KeptSession>(SESSION_KEY, kv), undefined);
  return kept?.user ?? null;
}

/**
 * Deletes everything kept for reading offline: the kept user and every read cache. Pending
 * saves of the known accounts are dropped.
 */
export async function forgetOfflineData(): Promise<void> {
  for (const userId of [...generations.keys()]) generations.set(userId, generationOf(userId) + 1);
  for (const cancel of pendingSaves.values()) cancel();
  pendingSaves.clear();
  const kv = store();
  if (!kv) return;
  await clear(kv).catch(ignore);
}

async function forgetReadCache(userId: number): Promise<void> {
  generations.set(userId, generationOf(userId) + 1);
  pendingSaves.get(userId)?.();
  pendingSaves.delete(userId);
  const kv = store();
  if (kv) await del(cacheKey(userId), kv).catch(ignore);
}

/** Per account, what drops its pending save. */
const pendingSaves = new Map<number, () => void>();
/** Per account, what writes its pending save at once. */
const flushes = new Map<number, () => void>();

if (typeof document !== 'undefined') {
  // A page hidden (app switched, tab closed) writes what it has not yet saved.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') for (const flush of flushes.values()) flush();
  });
}

interface StoredCache {
  userId: number;
  /** The persisted client as JSON: API answers are JSON, and a `Headers` object cannot be stored. */
  client: string;
}

/**
 * The queries worth keeping: those holding data, each as the success it was (a refresh that
 * failed offline is not kept as an error), the most recently read MAX_PERSISTED_QUERIES.
 */
function kept(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries
    .filter((query) => query.state.data !== undefined && query.state.dataUpdatedAt > 0)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_PERSISTED_QUERIES)
    .map(({ promise: _promise, ...query }) => ({
      ...query,
      state: {
        ...query.state,
        status: 'success' as const,
        error: null,
        errorUpdateCount: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchStatus: 'idle' as const,
      },
    }));
  // Changes waiting to be sent are the offline queue's, not the read cache's.
  return { ...client, clientState: { mutations: [], queries } };
}

/** A persister that can also be told the cache changed, and take the cache itself only when it saves. */
export interface ReadCachePersister extends Persister {
  /**
   * The cache changed: `read` gives it as it then is, and is called once, when the save is due
   * (a burst of changes costs one read of the whole cache, not one per change).
   */
  persistLater(read: () => PersistedClient): void;
}

/**
 * The persister of one account's read cache: a record of its own per user id, read back only
 * for that same id, saved at most every SAVE_DELAY_MS, and never again once the account's kept
 * data has been deleted (a sign-out while a save was pending).
 */
export function readCachePersister(userId: number): ReadCachePersister {
  const generation = generationOf(userId);
  generations.set(userId, generation);
  const current = () => generationOf(userId) === generation;
  let latest: (() => PersistedClient) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const write = async () => {
    clearTimeout(timer);
    timer = undefined;
    pendingSaves.delete(userId);
    flushes.delete(userId);
    const kv = store();
    if (!kv || !latest || !current()) return;
    const value: StoredCache = { userId, client: JSON.stringify(kept(latest())) };
    latest = undefined;
    await set(cacheKey(userId), value, kv).catch(ignore);
  };

  const persistLater = (read: () => PersistedClient) => {
    if (!current()) return;
    latest = read;
    if (timer) return;
    timer = setTimeout(() => void write(), SAVE_DELAY_MS);
    pendingSaves.set(userId, () => {
      clearTimeout(timer);
      timer = undefined;
      latest = undefined;
      flushes.delete(userId);
    });
    flushes.set(userId, () => void write());
  };

  return {
    persistLater,
    persistClient(client) {
      persistLater(() => client);
    },
    async restoreClient() {
      const kv = store();
      if (!kv || !current()) return undefined;
      const stored = await withTimeout(get<StoredCache>(cacheKey(userId), kv), undefined);
      // The record is this account's by its key; the id inside is checked too.
      if (!stored || stored.userId !== userId) return undefined;
      return JSON.parse(stored.client) as PersistedClient;
    },
    async removeClient() {
      clearTimeout(timer);
      timer = undefined;
      latest = undefined;
      const kv = store();
      if (kv) await del(cacheKey(userId), kv).catch(ignore);
    },
  };
}

/**
 * The build the cache was written by: the address of the app's entry script, which carries a
 * content hash in a production build, so a new version never reads the old one's answers.
 */
export function readCacheBuster(): string {
  const entry =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return `read-cache-1|${entry?.getAttribute('src') ?? 'dev'}`;
}
