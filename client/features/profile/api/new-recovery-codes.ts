import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes } from '../../../../shared/schemas/two-factor.ts';
import { api } from '../../../lib/api.ts';
import { twoFactorKey } from './two-factor-keys.ts';

/** A fresh set of recovery codes after the password; the old set stops working. */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api<RecoveryCodes>('/api/users/me/two-factor/recovery-codes', {
        method: 'POST',
        body: { password },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
