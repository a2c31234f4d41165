import type { QueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../shared/schemas/users.ts';
import { api } from '../../lib/api.ts';
import { updateSessionUser } from '../../lib/auth.tsx';

export const settingsQueryKey = ['settings'] as const;

export const fetchSettings = (signal?: AbortSignal) =>
  api<Settings>('/api/users/me/settings', { signal });

export const saveSettings = (changes: Partial<Settings>) =>
  api<Settings>('/api/users/me/settings', { method: 'PUT', body: changes });

/** Puts the stored settings into the session, so the theme follows them at once. */
export function applySavedSettings(queryClient: QueryClient, settings: Settings): void {
  queryClient.setQueryData(settingsQueryKey, settings);
  updateSessionUser((me) => ({ ...me, settings }));
}
