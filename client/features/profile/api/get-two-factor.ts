import { useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '../../../../shared/schemas/two-factor.ts';
import { api } from '../../../lib/api.ts';
import { twoFactorKey } from './two-factor-keys.ts';

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => api<TwoFactorStatus>('/api/users/me/two-factor', { signal }),
    staleTime: 0,
  });
}
