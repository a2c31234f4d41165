import type { Notification } from '../../../shared/schemas/notifications.ts';
import { browserTimeZone } from '../../lib/api.ts';

/** What the live stream tells a tab. */
export type LiveEvent =
  | { type: 'notification'; notification: Notification }
  | { type: 'dismissed'; id: number }
  /** Events may have been missed (the stream was (re)opened): reload from the server. */
  | { type: 'resync' };

export const STREAM_URL = '/api/notifications/stream';
/** After the server refused the stream (session gone, server error), try again this late. */
const REFUSED_RETRY_MS = 15_000;

/**
 * Holds one EventSource until `signal` aborts. The browser reconnects a dropped stream on its
 * own; a refused one is retried here after a pause, after telling `onRefused` (which checks
 * whether the session has ended).
 */
function holdEventSource(
  signal: AbortSignal,
  emit: (event: LiveEvent) => void,
  onRefused: () => void,
): Promise<void> {
  return new Promise((resolve) => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The last notification id seen. The browser sends it (Last-Event-ID) when it reconnects
    // by itself; a new EventSource after a refusal does not, so it goes in the address. With
    // none yet, the reopened stream's 'open' reloads the lists instead.
    let lastEventId = '';
    const connect = () => {
      // An EventSource sends no headers: the browser's zone goes in the address.
      const query = new URLSearchParams();
      const zone = browserTimeZone();
      if (zone) query.set('timeZone', zone);
      if (lastEventId) query.set('lastEventId', lastEventId);
      const text = query.toString();
      source = new EventSource(text ? `${STREAM_URL}?${text}` : STREAM_URL);
      // Also on the first open: whatever happened between loading the lists and connecting.
      source.addEventListener('open', () => emit({ type: 'resync' }));
      source.addEventListener('notification', (event) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        emit({ type: 'notification', notification: JSON.parse(event.data) as Notification });
      });
      source.addEventListener('dismissed', (event) => {
        emit({ type: 'dismissed', id: (JSON.parse(event.data) as { id: number }).id });
      });
      source.addEventListener('resync', () => emit({ type: 'resync' }));
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return; // reconnecting by itself
        source.close();
        onRefused();
        retry = setTimeout(connect, REFUSED_RETRY_MS);
      });
    };
    connect();
    signal.addEventListener('abort', () => {
      clearTimeout(retry);
      source?.close();
      resolve();
    });
  });
}

/**
 * Connects this tab to the user's live notifications and calls `onEvent` for each, with
 * `isLeader` true in exactly one tab. Where the browser has Web Locks and BroadcastChannel,
 * only one tab (the lock holder) keeps a stream open and relays its events to the others:
 * over HTTP/1.1 a browser allows six connections per server, and a stream per tab would use
 * them up. When that tab closes, the next one takes over. Returns the function that
 * disconnects.
 */
export function connectLiveNotifications(
  userId: number,
  onEvent: (event: LiveEvent, isLeader: boolean) => void,
  onRefused: () => void,
): () => void {
  const controller = new AbortController();
  const canShare =
    typeof BroadcastChannel !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'locks' in navigator &&
    Boolean(navigator.locks);
  if (!canShare) {
    void holdEventSource(controller.signal, (event) => onEvent(event, true), onRefused);
    return () => controller.abort();
  }
  const channel = new BroadcastChannel(`eldercare-notifications-${userId}`);
  channel.onmessage = (message: MessageEvent<LiveEvent>) => onEvent(message.data, false);
  navigator.locks
    .request(`eldercare-notification-stream-${userId}`, { signal: controller.signal }, () =>
      holdEventSource(
        controller.signal,
        (event) => {
          onEvent(event, true);
          channel.postMessage(event);
        },
        onRefused,
      ),
    )
    .catch(() => {
      // aborted while waiting for the lock: this tab was closed or signed out
    });
  return () => {
    controller.abort();
    channel.close();
  };
}
