import { QueryClient } from '@tanstack/react-query';
import { onSessionCleared } from './auth.tsx';

/**
 * The server-state cache of the signed-in screens. Only their chunks import it, so the login
 * screen never downloads the query library. Signing out forgets everything it held.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
  },
});

onSessionCleared(() => queryClient.removeQueries());
