import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Me } from '../../shared/schemas/users.ts';
import { can as canDo, type Permission } from '../../shared/permissions.ts';
import { api, ApiError } from './api.ts';

export const meQueryKey = ['me'] as const;

interface SessionValue {
  /** The signed-in user as the server reports it, or null for a guest. */
  user: Me | null;
  isLoading: boolean;
  can(permission: Permission): boolean;
  /** Re-reads the session from the server (after login, settings changes). */
  refresh(): Promise<void>;
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>('/api/users/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
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
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await api('/api/users/logout', { method: 'POST' });
    } catch {
      // the session may already be gone; the local state is cleared either way
    }
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, null);
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
