import { QueryClient } from '@tanstack/react-query';
import { isUnreachable } from './api.ts';
import { onSessionCleared } from './auth.tsx';
import { onReconnected } from './connection.ts';

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
