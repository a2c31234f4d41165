import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '../../../../shared/schemas/two-factor.ts';
import { api } from '../../../lib/api.ts';

/** Starts turning two-factor on: a new secret with its QR code (not in force until confirmed). */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () => api<TwoFactorSetup>('/api/users/me/two-factor/setup', { method: 'POST' }),
  });
}
