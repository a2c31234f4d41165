import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';

/** Changes the own password; the answer's message is the notice to show. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (values: z.infer<typeof changePasswordSchema>) =>
      api<{ message?: string }>('/api/users/me/password', { method: 'PUT', body: values }),
  });
}
