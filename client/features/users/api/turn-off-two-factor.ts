import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userKeys } from './keys.ts';

/** An admin turns off a user's two-factor sign-in (a lost phone and lost recovery codes). */
export function useTurnOffTwoFactor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>(`/api/users/${id}/two-factor/disable`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
