import { useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '../../../../shared/schemas/notifications.ts';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/auth.tsx';
import { notificationKeys } from './keys.ts';

/** The bell's number: notifications that are not dismissed. */
export function useUnreadCount() {
  const { user } = useSession();
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => api<UnreadCount>('/api/notifications/unread-count', { signal }),
    enabled: Boolean(user),
    staleTime: 60_000,
  });
}
