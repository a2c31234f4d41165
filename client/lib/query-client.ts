import { onlineManager, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { isUnreachable } from './api.ts';
import { onSessionCleared } from './auth.tsx';
import { onReconnected } from './connection.ts';
import {
  READ_CACHE_MAX_AGE_MS,
  readCacheBuster,
  readCachePersister,
  type ReadCachePersister,
} from './offline-cache.ts';

/** Tries of a read while the server cannot be reached (about two minutes with the pauses). */
const UNREACHABLE_RETRIES = 10;

/**
 * A read that found the server unreachable (503, no answer) is tried again with growing pauses,
 * up to 15 s; any other failure once, as before. Changes (mutations) are never repeated by
 * themselves: the person saves again once the app has reconnected.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < (isUnreachable(error) ? UNREACHABLE_RETRIES : 1);
}

export function queryRetryDelay(failureCount: number, error: unknown): number {
  return Math.min(1000 * 2 ** failureCount, isUnreachable(error) ? 15_000 : 30_000);
}

/**
 * The server-state cache of the signed-in screens. Only their chunks import it, so the login
 * screen never downloads the query library. Signing out forgets everything it held.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetryQuery,
      retryDelay: queryRetryDelay,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
      // A screen read this morning stays in memory, and so on the device, to be read offline
      // in the afternoon: as long as the kept cache itself.
      gcTime: READ_CACHE_MAX_AGE_MS,
    },
  },
});

onSessionCleared(() => queryClient.removeQueries());

// Back online: the screens' reads that failed or are waiting to try again load at once.
onReconnected(() => {
  void queryClient.refetchQueries({
    type: 'active',
    predicate: (query) => query.state.status === 'error' || query.state.fetchFailureCount > 0,
  });
});

/**
 * The query library assumes a connection until the browser fires 'offline': a page opened with
 * none (a reload offline) tells it when the signed-in frame mounts, before the screens read
 * (they wait for the kept cache first), so their reads wait instead of failing.
 */
export function followDeviceNetwork(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    onlineManager.setOnline(false);
  }
}

/**
 * What was read back from the device may be older than the staleness window allows (a change
 * made just before a reload, saved after the cache was last written): every restored answer is
 * marked stale, so each screen shows it at once and reads afresh as it opens, when online.
 */
export function markRestoredStale(): void {
  void queryClient.invalidateQueries({ refetchType: 'none' });
}

/**
 * How one account's read cache is kept on the device: under its own user id, discarded after a
 * week or by a new build, and only the queries that hold data (a read that failed offline keeps
 * the data it had, written as the success it was).
 */
export type ReadCacheOptions = Omit<PersistQueryClientOptions, 'queryClient'> & {
  persister: ReadCachePersister;
};

export function readCacheOptions(userId: number): ReadCacheOptions {
  return {
    persister: readCachePersister(userId),
    maxAge: READ_CACHE_MAX_AGE_MS,
    buster: readCacheBuster(),
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.data !== undefined,
    },
  };
}
