import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';
import { updateSessionUser } from '../../../lib/auth.tsx';
import { settingsKeys } from './keys.ts';

/**
 * Saves some settings. The stored answer goes into the session at once, so the theme follows
 * it; then the caller's own reaction runs.
 */
export function useSaveSettings(reactions: {
  onSuccess(settings: Settings): void;
  onError(error: Error, changes: Partial<Settings>): void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<Settings>) =>
      api<Settings>('/api/users/me/settings', { method: 'PUT', body: changes }),
    onSuccess: (settings, changes) => {
      queryClient.setQueryData(settingsKeys.stored, settings);
      updateSessionUser((me) => ({ ...me, settings }));
      // Another zone: every time on screen, and the notification texts, are written anew.
      if (changes.timeZone !== undefined) void queryClient.invalidateQueries();
      reactions.onSuccess(settings);
    },
    onError: reactions.onError,
  });
}
