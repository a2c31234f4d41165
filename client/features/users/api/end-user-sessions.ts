import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndedSessions } from '../../../../shared/schemas/sessions.ts';
import { api } from '../../../lib/api.ts';
import { userSessionKeys } from './keys.ts';

/** An admin ends every session of a user at once; answers how many ended. */
export function useEndUserSessions(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<EndedSessions>(`/api/users/sessions/${id}/end`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSessionKeys.of(id) }),
  });
}
