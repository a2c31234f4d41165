import { del, set, values } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import {
  IDEMPOTENCY_KEY_HEADER,
  RECORDED_AT_HEADER,
  type OfflineWriteKind,
} from '../../shared/offline.ts';
import { api, ApiError } from './api.ts';
import { onSessionChange, signedInUserId } from './auth.tsx';
import { deviceStore } from './offline-cache.ts';
import { isOnline, onReconnected } from './connection.ts';

/**
 * The device's queue of changes recorded while the server could not be reached (a dose, a
 * check-in or check-out, a progress report, a vital signs reading). Each change is kept in
 * IndexedDB with the account that made it, so it survives closing the browser and signing out,
 * and is shown and sent only under that account. Changes are sent one at a time in the order
 * they were made, each with the idempotency key chosen when it was made (a retry never creates
 * a second record) and the time it was made. A change the server refuses stays, with the
 * server's reason, until the person removes it.
 */

export type QueuedChangeState = 'waiting' | 'sending' | 'refused';

/** What the screens need to find a queued change again (a dose's row, a visit's block). */
export interface QueuedChangeRefs {
  patientId?: number;
  visitId?: number;
  prescriptionId?: number;
  /** The dose's scheduled time; null for an as-needed dose. */
  scheduledAt?: string | null;
}

export interface QueuedChange {
  /** Also the change's idempotency key. */
  id: string;
  userId: number;
  kind: OfflineWriteKind;
  method: 'POST';
  path: string;
  body: unknown;
  /** When the person recorded it on the device (ISO). */
  recordedAt: string;
  /** When it was queued (ISO): the order of sending. */
  createdAt: string;
  /** The change in words, for the Unsent changes list. */
  label: string;
  refs: QueuedChangeRefs;
  state: QueuedChangeState;
  /** The server's message when it refused the change. */
  reason?: string;
}

export interface FlushResult {
  sent: number;
  refused: number;
  /** Date.now() when the flush ended. */
  at: number;
}

export interface QueueSnapshot {
  /** The signed-in user's changes, oldest first (none for a guest). */
  entries: readonly QueuedChange[];
  /** The last flush that sent or refused anything, for the banner's "Back online". */
  lastFlush: FlushResult | null;
}

export interface ChangeMeta {
  label: string;
  refs?: QueuedChangeRefs;
}

export type SendOrQueueResult<T> =
  { queued: false; data: T } | { queued: true; change: QueuedChange };

/** A change the server could not take now is tried again this long after, at the latest. */
export const RETRY_MS = 30_000;
const LOCK_NAME = 'eldercare-offline-queue';
const CHANNEL_NAME = 'eldercare-offline-queue';

/** The queue's IndexedDB store; none where the browser has none (nothing can be queued). */
const queueStore = deviceStore('eldercare-queue', 'changes');

let userId: number | null = null;
let snapshot: QueueSnapshot = { entries: [], lastFlush: null };
/** Bumped when the user changes, so a read begun for the previous one is dropped. */
let generation = 0;
let flushing: Promise<FlushResult> | null = null;
let flushingOwner: number | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const sentHandlers = new Set<(changes: QueuedChange[]) => void>();
let channel: BroadcastChannel | null = null;

function emit(next: Partial<QueueSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

const byCreation = (a: QueuedChange, b: QueuedChange) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** Every stored change of one account, oldest first. */
async function readEntries(owner: number): Promise<QueuedChange[]> {
  const store = queueStore();
  if (!store) return [];
  const all = await values<QueuedChange>(store);
  return all.filter((change) => change.userId === owner).sort(byCreation);
}

/** Reads the signed-in user's changes again from IndexedDB (another tab may have changed them). */
export async function reloadQueue(): Promise<void> {
  const owner = userId;
  const started = generation;
  if (owner === null) {
    emit({ entries: [] });
    return;
  }
  const entries = await readEntries(owner);
  if (started === generation) emit({ entries });
}

function announce(): void {
  channel?.postMessage('changed');
}

async function save(change: QueuedChange): Promise<void> {
  const store = queueStore();
  if (!store) return;
  await set(change.id, change, store);
}

/**
 * Who is signed in on this device (null: nobody); set from the session (see the end of this
 * file). Only their changes are listed and sent; at start, and when someone signs in, their
 * waiting changes are sent.
 */
export function setQueueUser(id: number | null): void {
  if (id === userId) return;
  userId = id;
  generation += 1;
  clearTimeout(retryTimer);
  emit({ entries: [], lastFlush: null });
  if (id === null) return;
  void reloadQueue().then(() => {
    if (hasWaiting() && isOnline()) void flushQueue();
  });
}

export function queueUser(): number | null {
  return userId;
}

const hasWaiting = () => snapshot.entries.some((change) => change.state !== 'refused');

/** The server is away right now (no answer, or 503): keep the change and try later. */
const isNetworkFailure = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status === 503);

let lastCreatedMs = 0;
/** Strictly increasing, so two changes made in the same millisecond keep their order. */
function nextCreatedAt(): string {
  const newest = snapshot.entries.reduce((max, c) => Math.max(max, Date.parse(c.createdAt)), 0);
  lastCreatedMs = Math.max(Date.now(), lastCreatedMs + 1, newest + 1);
  return new Date(lastCreatedMs).toISOString();
}

async function enqueue(
  id: string,
  owner: number,
  kind: OfflineWriteKind,
  path: string,
  body: unknown,
  recordedAt: string,
  meta: ChangeMeta,
): Promise<QueuedChange> {
  const change: QueuedChange = {
    id,
    userId: owner,
    kind,
    method: 'POST',
    path,
    body,
    recordedAt,
    createdAt: nextCreatedAt(),
    label: meta.label,
    refs: meta.refs ?? {},
    state: 'waiting',
  };
  await save(change);
  if (owner === userId) emit({ entries: [...snapshot.entries, change].sort(byCreation) });
  announce();
  scheduleRetry();
  return change;
}

/**
 * Sends a change at once when the server can be reached, else keeps it on the device to send
 * when the connection returns ({queued: true}: the screen says "Saved on this device"). Sent
 * with its idempotency key either way, so a send whose answer was lost and is queued and sent
 * again is applied once. While earlier changes wait, a new one waits behind them: a check-out
 * never reaches the server before its check-in. A refusal of the server (4xx) is thrown as
 * today, for the screen to show.
 */
export async function sendOrQueue<T>(
  kind: OfflineWriteKind,
  path: string,
  body: unknown,
  meta: ChangeMeta,
): Promise<SendOrQueueResult<T>> {
  const id = crypto.randomUUID();
  const recordedAt = new Date().toISOString();
  const owner = userId;
  const canQueue = owner !== null && queueStore() !== undefined;
  if (canQueue && (!isOnline() || hasWaiting())) {
    const change = await enqueue(id, owner, kind, path, body, recordedAt, meta);
    if (isOnline()) void flushQueue();
    return { queued: true, change };
  }
  try {
    const data = await api<T>(path, {
      method: 'POST',
      body,
      headers: { [IDEMPOTENCY_KEY_HEADER]: id },
    });
    return { queued: false, data };
  } catch (error) {
    if (!canQueue || !isNetworkFailure(error)) throw error;
    const change = await enqueue(id, owner, kind, path, body, recordedAt, meta);
    return { queued: true, change };
  }
}

/** What a failed send means for the change and for the rest of the queue. */
function verdictOf(error: unknown): 'refused' | 'stop' {
  if (!(error instanceof ApiError)) return 'stop';
  const { status } = error;
  // 401: the session ended (kept for the next sign-in); 408, 429: try later.
  if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) {
    return 'refused';
  }
  return 'stop';
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (hasWaiting() && isOnline()) void flushQueue();
    else if (hasWaiting()) scheduleRetry();
  }, RETRY_MS);
}

/** Runs `work` holding the queue's lock across this browser's tabs, where locks exist. */
function withTabLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return work();
  return locks.request(LOCK_NAME, work) as Promise<T>;
}

/** Sends one change with its key and recorded time: what it means for the rest of the queue. */
async function sendChange(change: QueuedChange): Promise<'sent' | 'refused' | 'stop'> {
  await save({ ...change, state: 'sending' });
  await reloadQueue();
  try {
    await api(change.path, {
      method: change.method,
      body: change.body,
      headers: {
        [IDEMPOTENCY_KEY_HEADER]: change.id,
        [RECORDED_AT_HEADER]: change.recordedAt,
      },
    });
    const store = queueStore();
    if (store) await del(change.id, store);
    return 'sent';
  } catch (error) {
    if (verdictOf(error) === 'refused') {
      await save({ ...change, state: 'refused', reason: (error as ApiError).message });
      return 'refused';
    }
    await save({ ...change, state: 'waiting' });
    return 'stop';
  } finally {
    announce();
  }
}

async function runFlush(owner: number): Promise<FlushResult> {
  const started = generation;
  let sent = 0;
  let refused = 0;
  const sentChanges: QueuedChange[] = [];
  let stopped = false;
  // Read afresh under the lock (another tab may have sent some meanwhile), and again after each
  // round for changes made while it ran. A change left 'sending' by a closed tab is sent again
  // with its key, which the server applies once.
  while (!stopped && started === generation) {
    const pending = (await readEntries(owner)).filter((change) => change.state !== 'refused');
    if (pending.length === 0) break;
    for (const change of pending) {
      if (started !== generation) break;
      const outcome = await sendChange(change);
      if (outcome === 'sent') {
        sent += 1;
        sentChanges.push(change);
      } else if (outcome === 'refused') {
        refused += 1;
        // Refused: what the screens show is stale too (someone else recorded the dose).
        sentChanges.push(change);
      } else {
        stopped = true;
        scheduleRetry();
        break;
      }
    }
  }
  await reloadQueue();
  const result = { sent, refused, at: Date.now() };
  if (started === generation && (sent > 0 || refused > 0)) emit({ lastFlush: result });
  if (sentChanges.length > 0) for (const handler of sentHandlers) handler(sentChanges);
  return result;
}

/**
 * Sends the signed-in user's waiting changes, oldest first, one at a time. Sent: removed.
 * Refused (400, 403, 404, 409, 422…): kept with the server's reason, and the next one is sent.
 * The server away (no answer, 5xx) or the session ended (401): stop, keep everything, try later.
 * One flush at a time, in this tab and (with Web Locks) across tabs.
 */
export function flushQueue(): Promise<FlushResult> {
  const owner = userId;
  if (owner === null || !queueStore()) return Promise.resolve({ sent: 0, refused: 0, at: 0 });
  if (flushing) {
    // Another account's flush (signed out meanwhile) ends first; this account's follows.
    return flushingOwner === owner ? flushing : flushing.then(() => flushQueue());
  }
  const run = withTabLock(() => runFlush(owner))
    // IndexedDB failed (storage full, private mode): everything stays; the next trigger tries.
    .catch((): FlushResult => ({ sent: 0, refused: 0, at: Date.now() }))
    .finally(() => {
      flushing = null;
      flushingOwner = null;
    });
  flushing = run;
  flushingOwner = owner;
  return run;
}

/** Removes a refused change (after the person confirmed it): it was never saved on the server. */
export async function dismissChange(id: string): Promise<void> {
  const change = snapshot.entries.find((entry) => entry.id === id);
  const store = queueStore();
  if (!change || change.state !== 'refused' || !store) return;
  await del(id, store);
  announce();
  await reloadQueue();
}

/**
 * Runs `handler` with the changes each flush sent or saw refused (the screens' lists are read
 * again).
 */
export function onChangesSent(handler: (changes: QueuedChange[]) => void): () => void {
  sentHandlers.add(handler);
  return () => sentHandlers.delete(handler);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's queued changes and the last flush's result. */
export function useOfflineQueue(): QueueSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}

if (typeof window !== 'undefined') {
  // The queue follows the session from the moment this module is loaded: a change recorded
  // right after signing in is queued under its author, behind the author's earlier ones.
  let followed = signedInUserId();
  setQueueUser(followed);
  onSessionChange(() => {
    if (signedInUserId() === followed) return;
    followed = signedInUserId();
    setQueueUser(followed);
  });
  window.addEventListener('online', () => {
    if (hasWaiting()) void flushQueue();
  });
  onReconnected(() => {
    if (hasWaiting()) void flushQueue();
  });
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = () => void reloadQueue();
  }
}

/** Forgets the in-memory state (tests); the stored changes stay. */
export function resetQueueState(): void {
  clearTimeout(retryTimer);
  userId = null;
  generation += 1;
  flushing = null;
  flushingOwner = null;
  snapshot = { entries: [], lastFlush: null };
  for (const listener of listeners) listener();
}
