import { useEffect, useState } from 'react';
import type {
  AcceptInvitationInput,
  InvitationView,
} from '../../../../shared/schemas/invitations.ts';
import { api } from '../../../lib/api.ts';

/** What a live invitation offers (/join); an invalid link answers 404 with one message. */
export const fetchInvitation = (token: string): Promise<InvitationView> =>
  api<InvitationView>(`/api/invitations/accept/${encodeURIComponent(token)}`);

/** The invitation of /join (guest screens have no query cache, so a plain fetch). */
export function useInvitation(token: string): { data: InvitationView | null; error: unknown } {
  const [state, setState] = useState<{ data: InvitationView | null; error: unknown }>({
    data: null,
    error: null,
  });
  useEffect(() => {
    if (token === '') return;
    let live = true;
    fetchInvitation(token)
      .then((data) => live && setState({ data, error: null }))
      .catch((error: unknown) => live && setState({ data: null, error }));
    return () => {
      live = false;
    };
  }, [token]);
  return state;
}

/** Accepts the invitation: the account is made and signed in (the answer is login's). */
export const acceptInvitation = (input: AcceptInvitationInput) =>
  api<{ role: string; message: string; token: string; twoFactorSetupRequired?: true }>(
    '/api/invitations/accept',
    {
      method: 'POST',
      body: input,
    },
  );
