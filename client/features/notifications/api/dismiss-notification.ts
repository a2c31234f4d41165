import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { removeNotificationFromCache } from './notification-cache.ts';

/** Dismisses an own notification; the other tabs hear of it through the live stream. */
export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/notifications/${id}/dismiss`, { method: 'POST' }),
    onSuccess: (_result, id) => removeNotificationFromCache(queryClient, id),
  });
}
