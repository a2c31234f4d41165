import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../../shared/schemas/notifications.ts';
import { notificationKeys } from './keys.ts';
import { addNotificationToCache, removeNotificationFromCache } from './notification-cache.ts';

const notificationListKey = notificationKeys.list;
const unreadCountKey = notificationKeys.unreadCount;

type ListData = InfiniteData<{ items: Notification[]; total: number }, number>;

const note = (id: number): Notification => ({
  id,
  message: `Note ${id}`,
  kind: 'reminder',
  link: '/notifications',
  createdAt: '2026-01-15T09:00:00.000Z',
});

function clientWith(items: Notification[], count: number) {
  const client = new QueryClient();
  client.setQueryData<ListData>(notificationListKey, {
    pages: [{ items, total: items.length }],
    pageParams: [0],
  });
  client.setQueryData(unreadCountKey, { count });
  return client;
}

const ids = (client: QueryClient) =>
  client.getQueryData<ListData>(notificationListKey)!.pages[0]!.items.map((item) => item.id);
const count = (client: QueryClient) =>
  client.getQueryData<{ count: number }>(unreadCountKey)!.count;

describe('live notification cache updates', () => {
  it('a new notification goes on top and counts once, however often it is heard', () => {
    const client = clientWith([note(1)], 1);
    addNotificationToCache(client, note(2));
    addNotificationToCache(client, note(2));
    expect(ids(client)).toEqual([2, 1]);
    expect(count(client)).toBe(2);
  });

  it('a dismissal removes it and uncounts it once (the clicking tab also hears the event)', () => {
    const client = clientWith([note(2), note(1)], 2);
    removeNotificationFromCache(client, 2);
    removeNotificationFromCache(client, 2);
    expect(ids(client)).toEqual([1]);
    expect(count(client)).toBe(1);
  });

  it('without a loaded list only the count changes, and never below zero', () => {
    const client = new QueryClient();
    client.setQueryData(unreadCountKey, { count: 0 });
    addNotificationToCache(client, note(5));
    expect(count(client)).toBe(1);
    removeNotificationFromCache(client, 5);
    removeNotificationFromCache(client, 5);
    expect(count(client)).toBe(0);
  });
});
