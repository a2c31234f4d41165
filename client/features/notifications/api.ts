import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Notification, UnreadCount } from '../../../shared/schemas/notifications.ts';
import { api, apiList } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';

/** Every notification query starts with this key, so one invalidation refreshes them all. */
export const notificationsKey = ['notifications'] as const;
export const notificationListKey = [...notificationsKey, 'list'] as const;
export const unreadCountKey = [...notificationsKey, 'unread-count'] as const;

export const NOTIFICATIONS_PAGE_SIZE = 20;

interface Page {
  items: Notification[];
  total: number;
}
type ListData = InfiniteData<Page, number>;

/** The own notifications, newest first, a page at a time ("Show more"). */
export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: notificationListKey,
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

/** The bell's number: notifications that are not dismissed. */
export function useUnreadCount() {
  const { user } = useSession();
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: ({ signal }) => api<UnreadCount>('/api/notifications/unread-count', { signal }),
    enabled: Boolean(user),
    staleTime: 60_000,
  });
}

/** Puts a new notification at the top of the cached list and counts it, once. */
export function addNotificationToCache(queryClient: QueryClient, notification: Notification) {
  let added = false;
  const listCached = queryClient.getQueryData<ListData>(notificationListKey) !== undefined;
  queryClient.setQueryData<ListData>(notificationListKey, (data) => {
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
    queryClient.setQueryData<UnreadCount>(unreadCountKey, (count) =>
      count ? { count: count.count + 1 } : count,
    );
  }
}

/** Takes a dismissed notification out of the cached list and the count, once. */
export function removeNotificationFromCache(queryClient: QueryClient, id: number) {
  let removed = false;
  const listCached = queryClient.getQueryData<ListData>(notificationListKey) !== undefined;
  queryClient.setQueryData<ListData>(notificationListKey, (data) => {
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
    queryClient.setQueryData<UnreadCount>(unreadCountKey, (count) =>
      count ? { count: Math.max(0, count.count - 1) } : count,
    );
  }
}

/** Dismisses an own notification; the other tabs hear of it through the live stream. */
export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/notifications/${id}/dismiss`, { method: 'POST' }),
    onSuccess: (_result, id) => removeNotificationFromCache(queryClient, id),
  });
}
