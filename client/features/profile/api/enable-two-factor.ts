import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes } from '../../../../shared/schemas/two-factor.ts';
import { api } from '../../../lib/api.ts';
import { twoFactorKey } from './two-factor-keys.ts';

/** Turns two-factor on with a first code from the app; answers the recovery codes, once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<RecoveryCodes>('/api/users/me/two-factor/enable', { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
