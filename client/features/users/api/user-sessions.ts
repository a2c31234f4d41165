import { useQuery } from '@tanstack/react-query';
import type { AccountSession } from '../../../../shared/schemas/sessions.ts';
import { api } from '../../../lib/api.ts';
import { userSessionKeys } from './keys.ts';

/** A user's live sessions, read when the admin opens "End sessions" (not before). */
export function useUserSessions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: userSessionKeys.of(id),
    queryFn: ({ signal }) => api<AccountSession[]>(`/api/users/sessions/${id}`, { signal }),
    enabled,
    staleTime: 0,
  });
}
