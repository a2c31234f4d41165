/** Query keys of notifications: every one starts with `all`, so one invalidation refreshes them. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};
