import { useMutation } from '@tanstack/react-query';
import type { AdminResetLink } from '../../../../shared/schemas/password-reset.ts';
import { api } from '../../../lib/api.ts';

/** An admin makes a single-use password reset link for a user (the answer carries its token). */
export function useMakeResetLink(id: number) {
  return useMutation({
    mutationFn: () =>
      api<AdminResetLink>(`/api/users/password-reset-link/${id}`, { method: 'POST' }),
  });
}

/** The link's address, on the origin the admin is using (never a server-side Host header). */
export const resetLinkAddress = (token: string): string =>
  `${window.location.origin}/reset-password?token=${encodeURIComponent(token)}`;
