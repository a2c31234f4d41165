import 'fake-indexeddb/auto';
import { clear, createStore, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, RECORDED_AT_HEADER } from '../../shared/offline.ts';
import { defaultUnits } from '../../shared/units.ts';
import { meWith } from '../test/vital-signs-kit.tsx';
import { clearSessionData, SessionProvider, useSession } from './auth.tsx';
import { resetConnection } from './connection.ts';
import {
  dismissChange,
  flushQueue,
  queueUser,
  reloadQueue,
  resetQueueState,
  sendOrQueue,
  setQueueUser,
  useOfflineQueue,
  type QueuedChange,
} from './offline-queue.ts';
import { act, renderHook, waitFor } from '@testing-library/react';

// The network layer only: fetch answers as the server would, and records each request.
interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: Sent[] = [];
/** How the server answers each POST, by order; past the end: 201. */
let answers: (number | 'network')[] = [];
let online = true;

const store = createStore('eldercare-queue', 'changes');

function snapshot() {
  return renderHook(() => useOfflineQueue()).result;
}

beforeEach(async () => {
  // The queue follows the session; no session read left by another test may change its owner.
  clearSessionData();
  await clear(store);
  sent = [];
  answers = [];
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/health') return json(200, { status: 'ok' });
      const answer = answers.shift() ?? 201;
      if (answer === 'network') throw new TypeError('Failed to fetch');
      sent.push({
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: JSON.parse(String(init.body)),
      });
      if (answer === 409) return json(409, { message: 'Already recorded by Dr Jones at 08:05' });
      if (answer >= 400) return json(answer, { message: `Refused ${answer}` });
      return json(answer, { id: sent.length });
    }),
  );
});

afterEach(() => {
  resetQueueState();
  resetConnection();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function signIn(id: number) {
  setQueueUser(id);
  await reloadQueue();
}

const dose = (n: number) => ({ patientId: 1, prescriptionId: n, outcome: 'given' });

describe('the offline queue', () => {
  it('queues while offline and sends in the order recorded, each once with its key and time', async () => {
    await signIn(7);
    online = false;
    const results = [];
    for (const n of [1, 2, 3]) {
      results.push(await sendOrQueue('dose', '/api/doses', dose(n), { label: `dose ${n}` }));
    }
    expect(results.every((r) => r.queued)).toBe(true);
    expect(sent).toHaveLength(0);
    const queued = results.map((r) => (r.queued ? r.change : null)) as QueuedChange[];

    online = true;
    const result = await flushQueue();
    expect(result).toMatchObject({ sent: 3, refused: 0 });
    expect(sent.map((s) => (s.body as { prescriptionId: number }).prescriptionId)).toEqual([
      1, 2, 3,
    ]);
    sent.forEach((request, i) => {
      expect(request.url).toBe('/api/doses');
      expect(request.method).toBe('POST');
      expect(request.headers[IDEMPOTENCY_KEY_HEADER]).toBe(queued[i]!.id);
      expect(request.headers[RECORDED_AT_HEADER]).toBe(queued[i]!.recordedAt);
    });
    expect(snapshot().current.entries).toHaveLength(0);
    expect(snapshot().current.lastFlush).toMatchObject({ sent: 3, refused: 0 });
    // Nothing is left to send again.
    await flushQueue();
    expect(sent).toHaveLength(3);
  });

  it('marks a refused change with the server reason and goes on to the next', async () => {
    await signIn(7);
    online = false;
    await sendOrQueue('dose', '/api/doses', dose(1), { label: 'first' });
    await sendOrQueue('dose', '/api/doses', dose(2), { label: 'second' });
    online = true;
    answers = [409, 201];
    const result = await flushQueue();
    expect(result).toMatchObject({ sent: 1, refused: 1 });
    expect(sent).toHaveLength(2);
    const entries = snapshot().current.entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      label: 'first',
      state: 'refused',
      reason: 'Already recorded by Dr Jones at 08:05',
    });
    // A refused change is never sent again by itself, and stays until removed.
    await flushQueue();
    expect(sent).toHaveLength(2);
    await dismissChange(entries[0]!.id);
    expect(snapshot().current.entries).toHaveLength(0);
  });

  it('stops at a network failure or 503, keeps everything, and retries with the same key', async () => {
    await signIn(7);
    online = false;
    const first = await sendOrQueue('dose', '/api/doses', dose(1), { label: 'first' });
    await sendOrQueue('dose', '/api/doses', dose(2), { label: 'second' });
    online = true;

    answers = ['network'];
    expect(await flushQueue()).toMatchObject({ sent: 0, refused: 0 });
    expect(sent).toHaveLength(0);
    expect(snapshot().current.entries.map((e) => e.state)).toEqual(['waiting', 'waiting']);

    answers = [503];
    expect(await flushQueue()).toMatchObject({ sent: 0 });
    expect(sent).toHaveLength(1);
    expect(snapshot().current.entries).toHaveLength(2);

    answers = [];
    expect(await flushQueue()).toMatchObject({ sent: 2 });
    const key = first.queued ? first.change.id : '';
    expect(sent.map((s) => s.headers[IDEMPOTENCY_KEY_HEADER])).toEqual([
      key,
      key,
      expect.any(String),
    ]);
  });

  it('keeps everything when the session has ended (401)', async () => {
    await signIn(7);
    online = false;
    await sendOrQueue('dose', '/api/doses', dose(1), { label: 'first' });
    await sendOrQueue('dose', '/api/doses', dose(2), { label: 'second' });
    online = true;
    answers = [401];
    expect(await flushQueue()).toMatchObject({ sent: 0, refused: 0 });
    expect(sent).toHaveLength(1);
    expect(snapshot().current.entries.map((e) => e.state)).toEqual(['waiting', 'waiting']);
  });

  it('queues a change whose online send found no network, under the key it was sent with', async () => {
    await signIn(7);
    answers = ['network'];
    const result = await sendOrQueue(
      'checkIn',
      '/api/visits/check-in/5',
      { location: {} },
      {
        label: 'check-in',
        refs: { visitId: 5 },
      },
    );
    expect(result.queued).toBe(true);
    answers = [];
    await flushQueue();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toBe(result.queued ? result.change.id : '');
  });

  it('sends at once when online, with a key, and throws a refusal to the screen', async () => {
    await signIn(7);
    const result = await sendOrQueue<{ id: number }>('dose', '/api/doses', dose(1), {
      label: 'x',
    });
    expect(result).toEqual({ queued: false, data: { id: 1 } });
    expect(sent[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.headers[RECORDED_AT_HEADER]).toBeUndefined();
    answers = [409];
    await expect(sendOrQueue('dose', '/api/doses', dose(2), { label: 'y' })).rejects.toMatchObject({
      status: 409,
    });
    expect(snapshot().current.entries).toHaveLength(0);
  });

  it('a new change waits behind earlier waiting ones, so order is kept', async () => {
    await signIn(7);
    online = false;
    await sendOrQueue('checkIn', '/api/visits/check-in/5', {}, { label: 'in' });
    online = true;
    // The device is online again but the check-in has not been sent yet: the check-out queues.
    const out = await sendOrQueue('checkOut', '/api/visits/check-out/5', {}, { label: 'out' });
    expect(out.queued).toBe(true);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => s.url)).toEqual(['/api/visits/check-in/5', '/api/visits/check-out/5']);
  });

  it("shows and sends only the signed-in account's changes", async () => {
    await signIn(7);
    online = false;
    await sendOrQueue('dose', '/api/doses', dose(1), { label: 'of seven' });
    setQueueUser(null);
    await signIn(8);
    expect(snapshot().current.entries).toHaveLength(0);
    online = true;
    await flushQueue();
    expect(sent).toHaveLength(0);

    // Back under the account that made it, it is listed and sent.
    setQueueUser(null);
    setQueueUser(7);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual(dose(1));
  });

  it('follows the session: whoever signs in owns the changes made next, and nobody after sign-out', async () => {
    const user = meWith(defaultUnits, 'caregiver');
    const network = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) =>
        url === '/api/session' ? json(200, { user }) : network(url, init),
      ),
    );
    expect(queueUser()).toBeNull();
    const session = renderHook(() => useSession(), { wrapper: SessionProvider }).result;
    await act(() => session.current.refresh());
    expect(queueUser()).toBe(user.id);

    online = false;
    const result = await sendOrQueue('dose', '/api/doses', dose(1), { label: 'dose 1' });
    expect(result.queued && result.change.userId).toBe(user.id);

    act(() => clearSessionData());
    expect(queueUser()).toBeNull();
  });

  it('survives a fresh start of the app (kept in IndexedDB)', async () => {
    const stored: QueuedChange = {
      id: '11111111-1111-4111-8111-111111111111',
      userId: 9,
      kind: 'progressReport',
      method: 'POST',
      path: '/api/progress-reports',
      body: { summary: 'Well' },
      recordedAt: '2026-01-01T08:00:00.000Z',
      createdAt: '2026-01-01T08:00:01.000Z',
      label: 'Progress report, Helen Gardner',
      refs: {},
      state: 'waiting',
    };
    await set(stored.id, stored, store);
    online = false;
    await signIn(9);
    expect(snapshot().current.entries).toEqual([stored]);
  });

  it('runs one flush at a time', async () => {
    await signIn(7);
    online = false;
    await sendOrQueue('dose', '/api/doses', dose(1), { label: 'a' });
    await sendOrQueue('dose', '/api/doses', dose(2), { label: 'b' });
    online = true;
    const [a, b] = await Promise.all([flushQueue(), flushQueue()]);
    expect(a).toBe(b);
    expect(sent).toHaveLength(2);
  });
});
