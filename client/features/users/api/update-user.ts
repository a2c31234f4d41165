import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { accountTexts } from '../../../../shared/messages.ts';
import type { adminUpdateUserSchema, AdminUser } from '../../../../shared/schemas/users.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { userKeys } from './keys.ts';

export type UserChange = z.input<typeof adminUpdateUserSchema>;

/** An admin's change to an account (role, privilege, active); `success` is the notice to show. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UserChange; success: string }) =>
      api<AdminUser>(`/api/users/${id}`, { method: 'PATCH', body: change }),
    onSuccess: async (_user, { success }) => {
      notify('success', success);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error) => {
      notify(
        'error',
        error instanceof ApiError && error.message ? error.message : accountTexts.errorUpdatingUser,
      );
    },
  });
}
