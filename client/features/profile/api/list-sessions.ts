import { useQuery } from '@tanstack/react-query';
import type { AccountSession } from '../../../../shared/schemas/sessions.ts';
import { api } from '../../../lib/api.ts';
import { sessionKeys } from './keys.ts';

/** The signed-in user's live sessions, most recently used first, read afresh on each visit. */
export function useMySessions() {
  return useQuery({
    queryKey: sessionKeys.mine,
    queryFn: ({ signal }) => api<AccountSession[]>('/api/users/me/sessions', { signal }),
    staleTime: 0,
  });
}
