import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastOptions } from 'react-toastify';
import { isReconnecting } from './connection.ts';

/**
 * The toast container is mounted once a notice is wanted or someone signs in, and then stays
 * (a notice shown at logout or at the end of a session must not vanish with the screen).
 */
let toastsWanted = false;
const listeners = new Set<() => void>();

export function requestToasts(): void {
  if (toastsWanted) return;
  toastsWanted = true;
  for (const listener of listeners) listener();
}

export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toastsWanted,
  );
}

/**
 * Shows a notice from a screen that a guest sees (login, sign-up, session ended). The toast
 * library is loaded on first use so the login screen does not download it up front;
 * react-toastify keeps a notice in its queue until the container has mounted.
 */
export function notify(
  type: 'success' | 'error' | 'info',
  content: ReactNode,
  options?: ToastOptions,
): void {
  // While the server cannot be reached, its failures are the connection notice's to tell, once
  // and calmly, not a red notice per call (the call that found it so marked it first).
  if (type === 'error' && isReconnecting()) return;
  requestToasts();
  void import('react-toastify').then(({ toast }) => {
    toast[type](content, options);
  });
}

/** Takes a notice off the screen (a notification dismissed in another tab, say). */
export function dismissNotice(toastId: string): void {
  void import('react-toastify').then(({ toast }) => {
    toast.dismiss(toastId);
  });
}
