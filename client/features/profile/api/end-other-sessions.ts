import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndedSessions } from '../../../../shared/schemas/sessions.ts';
import { api } from '../../../lib/api.ts';
import { sessionKeys } from './keys.ts';

/** Ends every session of the user but this one; answers how many ended. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<EndedSessions>('/api/users/me/sessions/end-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
  });
}
