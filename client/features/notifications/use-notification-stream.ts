import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/auth.tsx';
import { remindersKey } from '../../lib/query-keys.ts';
import { notificationKeys } from './api/keys.ts';
import { addNotificationToCache, removeNotificationFromCache } from './api/notification-cache.ts';
import { showBrowserNotification } from './browser-notifications.ts';
import { connectLiveNotifications, type LiveEvent } from './live-stream.ts';
import { dismissNotice, notify } from '../../lib/notify.ts';

/** After live changes, the lists are checked against the server once things are quiet. */
const RECONCILE_MS = 3000;

/** One connection per tab even if the hook is mounted twice (e.g. two bells on screen). */
let activeOwner: symbol | null = null;

export const notificationToastId = (id: number) => `notification-${id}`;

/**
 * Keeps the signed-in user's notifications live in this tab: a new one goes into the list and
 * the bell's count at once and, with notifications enabled in Settings, shows a toast (and a
 * system notification where the browser allows it); a dismissal anywhere removes it here.
 */
export function useNotificationStream(): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const enabled = user?.settings.notificationsEnabled ?? false;
  const latest = useRef({ enabled, navigate });
  useEffect(() => {
    latest.current = { enabled, navigate };
  });
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined || activeOwner) return;
    const owner = Symbol('notification-stream');
    activeOwner = owner;
    let reconcile: ReturnType<typeof setTimeout> | undefined;
    const reconcileSoon = () => {
      clearTimeout(reconcile);
      reconcile = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        RECONCILE_MS,
      );
    };

    const handle = (event: LiveEvent, isLeader: boolean) => {
      switch (event.type) {
        case 'notification': {
          const { notification } = event;
          addNotificationToCache(queryClient, notification);
          if (notification.kind === 'reminder') {
            void queryClient.invalidateQueries({ queryKey: remindersKey });
          }
          reconcileSoon();
          if (!latest.current.enabled) return;
          const open = () => void latest.current.navigate(notification.link ?? '/notifications');
          notify('info', notification.message, {
            toastId: notificationToastId(notification.id),
            onClick: open,
          });
          if (isLeader) showBrowserNotification(notification, open);
          return;
        }
        case 'dismissed':
          removeNotificationFromCache(queryClient, event.id);
          dismissNotice(notificationToastId(event.id));
          reconcileSoon();
          return;
        case 'resync':
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
          return;
      }
    };
    // A refused stream may mean the session ended: the count's 401 lets the app handle that.
    const onRefused = () =>
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
    const disconnect = connectLiveNotifications(userId, handle, onRefused);
    return () => {
      clearTimeout(reconcile);
      disconnect();
      if (activeOwner === owner) activeOwner = null;
    };
  }, [userId, queryClient]);
}
