import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { twoFactorKey } from './two-factor-keys.ts';

/** Turns two-factor off after the password. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api<{ message: string }>('/api/users/me/two-factor/disable', {
        method: 'POST',
        body: { password },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
