import type { QueryClient } from '@tanstack/react-query';
import type { Notification, UnreadCount } from '../../../../shared/schemas/notifications.ts';
import type { NotificationListData } from './get-notifications.ts';
import { notificationKeys } from './keys.ts';

// Live events change the cached list and count in place rather than refetching them.

/** Puts a new notification at the top of the cached list and counts it, once. */
export function addNotificationToCache(queryClient: QueryClient, notification: Notification) {
  let added = false;
  const listCached =
    queryClient.getQueryData<NotificationListData>(notificationKeys.list) !== undefined;
  queryClient.setQueryData<NotificationListData>(notificationKeys.list, (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.items.some((item) => item.id === notification.id))) {
      return data;
    }
    added = true;
    return {
      ...data,
      pages: data.pages.map((page, index) => ({
        items: index === 0 ? [notification, ...page.items] : page.items,
        total: page.total + 1,
      })),
    };
  });
  if (added || !listCached) {
    queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, (count) =>
      count ? { count: count.count + 1 } : count,
    );
  }
}

/** Takes a dismissed notification out of the cached list and the count, once. */
export function removeNotificationFromCache(queryClient: QueryClient, id: number) {
  let removed = false;
  const listCached =
    queryClient.getQueryData<NotificationListData>(notificationKeys.list) !== undefined;
  queryClient.setQueryData<NotificationListData>(notificationKeys.list, (data) => {
    if (!data) return data;
    if (!data.pages.some((page) => page.items.some((item) => item.id === id))) return data;
    removed = true;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        items: page.items.filter((item) => item.id !== id),
        total: Math.max(0, page.total - 1),
      })),
    };
  });
  if (removed || !listCached) {
    queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, (count) =>
      count ? { count: Math.max(0, count.count - 1) } : count,
    );
  }
}
