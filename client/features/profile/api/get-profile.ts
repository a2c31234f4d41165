import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';
import { profileKeys, profilePath } from './keys.ts';

/** The signed-in user's profile, read afresh each time the screen opens. */
export function useProfile(username: string) {
  return useQuery({
    queryKey: profileKeys.detail(username),
    queryFn: ({ signal }) => api<Profile>(profilePath(username), { signal }),
    enabled: Boolean(username),
    staleTime: 0,
  });
}
