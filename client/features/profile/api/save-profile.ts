import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';
import { profileKeys, profilePath } from './keys.ts';

/**
 * Saves the profile's editable fields and caches the stored profile; then the caller's own
 * reaction runs with it.
 */
export function useSaveProfile<TValues extends object>(
  profile: Profile,
  reactions: { onSuccess(saved: Profile): Promise<void>; onError(error: Error): void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    // The seed's client sends the whole profile; the server ignores what may not change.
    mutationFn: (values: TValues) =>
      api<Profile>(profilePath(profile.username), {
        method: 'PUT',
        body: { ...profile, ...values },
      }),
    onSuccess: async (saved) => {
      const next = { ...profile, ...saved };
      queryClient.setQueryData(profileKeys.detail(profile.username), next);
      await reactions.onSuccess(next);
    },
    onError: reactions.onError,
  });
}
