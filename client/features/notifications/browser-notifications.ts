import type { Notification as AppNotification } from '../../../shared/schemas/notifications.ts';
import { notificationTexts } from '../../../shared/messages.ts';

export type BrowserPermission = NotificationPermission | 'unsupported';

/** Whether this browser can show system notifications, and what the user has allowed. */
export function browserPermission(): BrowserPermission {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return window.Notification.permission;
}

/** Asks for permission; browsers only allow this from a click or key press. */
export async function requestBrowserPermission(): Promise<BrowserPermission> {
  if (browserPermission() === 'unsupported') return 'unsupported';
  try {
    return await window.Notification.requestPermission();
  } catch {
    return browserPermission();
  }
}

/**
 * Shows a system notification when the user allowed it. The tag makes the browser show one
 * per notification even if several tabs try.
 */
export function showBrowserNotification(notification: AppNotification, onOpen: () => void): void {
  if (browserPermission() !== 'granted') return;
  try {
    const shown = new window.Notification(notificationTexts.systemTitle, {
      body: notification.message,
      tag: `eldercare-notification-${notification.id}`,
    });
    shown.onclick = () => {
      window.focus();
      onOpen();
      shown.close();
    };
  } catch {
    // Some browsers (Android Chrome) only allow notifications from a service worker.
  }
}
