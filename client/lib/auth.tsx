import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Me } from '../../shared/schemas/users.ts';
import { can as canDo, type Permission } from '../../shared/permissions.ts';
import { api, ApiError } from './api.ts';
import { setPreviewSettings } from './preview-settings.ts';

export const meQueryKey = ['me'] as const;

interface SessionValue {
  /** The signed-in user as the server reports it, or null for a guest. */
  user: Me | null;
  isLoading: boolean;
  can(permission: Permission): boolean;
  /** Re-reads the session from the server (after login, settings changes). */
  refresh(): Promise<Me | null>;
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>('/api/users/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Forgets everything the signed-in user had loaded. The session query is set to null rather
 * than removed, so the screens watching it see the guest at once and the guards send them to
 * /login (Back after logout shows no private screen).
 */
export function clearSessionData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  queryClient.setQueryData(meQueryKey, null);
  setPreviewSettings({});
}

/** Holds who is signed in. Role and privileges come from the server session only. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: meQueryKey,
    queryFn: fetchMe,
    staleTime: 60_000,
    retry: false,
  });
  const user = query.data ?? null;

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    return queryClient.getQueryData<Me | null>(meQueryKey) ?? null;
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await api('/api/users/logout', { method: 'POST' });
    } catch {
      // the session may already be gone; the local state is cleared either way
    }
    clearSessionData(queryClient);
  }, [queryClient]);

  const value = useMemo<SessionValue>(
    () => ({
      user,
      isLoading: query.isLoading,
      can: (permission) => canDo(user, permission),
      refresh,
      logout,
    }),
    [user, query.isLoading, refresh, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
