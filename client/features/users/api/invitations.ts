import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedInvitation,
  CreateInvitationInput,
  Invitation,
} from '../../../../shared/schemas/invitations.ts';
import { api } from '../../../lib/api.ts';

/** Query keys of the invitations list (its own: the users list need not refresh with it). */
export const invitationKeys = {
  all: ['invitations'] as const,
};

/** The agency's invitations, newest first (admins). */
export function useInvitations() {
  return useQuery({
    queryKey: invitationKeys.all,
    queryFn: () => api<Invitation[]>('/api/invitations'),
  });
}

/** Creates an invitation; the answer carries its token, for the link the admin copies. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) =>
      api<CreatedInvitation>('/api/invitations', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

/** Revokes a pending invitation: its link stops working. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`/api/invitations/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

/** The link's address, on the origin the admin is using (never a server-side Host header). */
export const invitationLinkAddress = (token: string): string =>
  `${window.location.origin}/join?token=${encodeURIComponent(token)}`;
