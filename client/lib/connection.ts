import { useSyncExternalStore } from 'react';

/**
 * Whether the server and its database can be reached. An API call answered 503 (the database
 * is briefly away, the server is restarting behind its proxy) or not answered at all puts the
 * app in `reconnecting`: the app shows one calm notice instead of error toasts, and checks
 * `/api/health` with growing pauses until it answers ok, then says so and clears the notice.
 */
export type ConnectionState = 'connected' | 'reconnecting' | 'reconnected';

export const HEALTH_URL = '/api/health';
/** The first health check comes this soon; each next one waits twice as long, up to the cap. */
const FIRST_CHECK_MS = 1000;
const MAX_CHECK_MS = 15_000;
/** How long "Connected again." stays before the notice goes. */
const RECONNECTED_SHOWN_MS = 2500;

let state: ConnectionState = 'connected';
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let checking = false;
const listeners = new Set<() => void>();
const reconnectedHandlers = new Set<() => void>();

function setState(next: ConnectionState): void {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
}

export function connectionState(): ConnectionState {
  return state;
}

/** True while the server cannot be reached: error notices are then held back. */
export function isReconnecting(): boolean {
  return state === 'reconnecting';
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** Runs `handler` each time the server answers again after being unreachable. */
export function onReconnected(handler: () => void): () => void {
  reconnectedHandlers.add(handler);
  return () => reconnectedHandlers.delete(handler);
}

function schedule(delay = Math.min(FIRST_CHECK_MS * 2 ** attempt, MAX_CHECK_MS)): void {
  clearTimeout(timer);
  attempt += 1;
  timer = setTimeout(() => void check(), delay);
}

async function check(): Promise<void> {
  if (checking || state !== 'reconnecting') return;
  checking = true;
  let ok = false;
  try {
    // No session needed (and none read): health answers for the server and its database.
    const response = await fetch(HEALTH_URL, { credentials: 'omit', cache: 'no-store' });
    ok = response.ok;
  } catch {
    // still unreachable
  } finally {
    checking = false;
  }
  if (state !== 'reconnecting') return;
  if (!ok) {
    schedule();
    return;
  }
  setState('reconnected');
  for (const handler of reconnectedHandlers) handler();
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (state === 'reconnected') setState('connected');
  }, RECONNECTED_SHOWN_MS);
}

/** An API call found the server unreachable (503, or no answer): reconnect quietly. */
export function reportUnreachable(): void {
  if (state === 'reconnecting') return;
  attempt = 0;
  setState('reconnecting');
  schedule();
}

/** Whether the device says it has a network (a phone in a basement says no). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

const onlineListeners = new Set<() => void>();

/** Whether the device says it is online, following the browser's online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore((listener) => {
    onlineListeners.add(listener);
    return () => onlineListeners.delete(listener);
  }, isOnline);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    for (const listener of onlineListeners) listener();
    // The device's network is back: check at once rather than at the next pause's end.
    if (state === 'reconnecting') schedule(0);
  });
  window.addEventListener('offline', () => {
    for (const listener of onlineListeners) listener();
  });
}

/** Back to connected with no check pending (tests). */
export function resetConnection(): void {
  clearTimeout(timer);
  attempt = 0;
  checking = false;
  setState('connected');
}
