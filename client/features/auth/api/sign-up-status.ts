import { useEffect, useState } from 'react';
import type { SignUpStatus } from '../../../../shared/schemas/invitations.ts';
import { api } from '../../../lib/api.ts';

/** Whether no account exists yet (first run) and who may sign up without an invitation. */
export const fetchSignUpStatus = (): Promise<SignUpStatus> =>
  api<SignUpStatus>('/api/users/sign-up-status', { withoutZone: true });

/**
 * The sign-up status for /login and /signup: null until it arrives, or when it cannot be read
 * (the screens then show what they showed before the policy existed). Guest screens have no
 * query cache, so this is a plain fetch.
 */
export function useSignUpStatus(): { data: SignUpStatus | null } {
  const [data, setData] = useState<SignUpStatus | null>(null);
  useEffect(() => {
    let live = true;
    fetchSignUpStatus()
      .then((status) => live && setData(status))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return { data };
}
