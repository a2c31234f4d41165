import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Notification } from '../../../../shared/schemas/notifications.ts';
import { apiList } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

interface Page {
  items: Notification[];
  total: number;
}
/** The cached list: the pages loaded so far. */
export type NotificationListData = InfiniteData<Page, number>;

/** The own notifications, newest first, a page at a time ("Show more"). */
export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam, signal }) => {
      const { items, total } = await apiList<Notification>('/api/notifications', {
        query: { limit: NOTIFICATIONS_PAGE_SIZE, offset: pageParam },
        signal,
      });
      return { items, total };
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
}
