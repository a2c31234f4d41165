import { useQuery } from '@tanstack/react-query';
import type { Settings } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';
import { settingsKeys } from './keys.ts';

/** The stored settings, read afresh each time the screen opens. */
export function useSettings() {
  return useQuery({
    queryKey: settingsKeys.stored,
    queryFn: ({ signal }) => api<Settings>('/api/users/me/settings', { signal }),
    staleTime: 0,
  });
}
