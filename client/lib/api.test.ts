import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';
import { fetchMe } from './auth.tsx';

// The network layer only: fetch answers as the server would, and records each request's headers.
let sent: { url: string; headers: Record<string, string> }[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, headers: { ...(init.headers as Record<string, string>) } });
      const body = url.startsWith('/api/session')
        ? { user: null }
        : url.startsWith('/api/users/sign-up-status')
          ? { firstRun: false, signUp: 'open' }
          : { ok: true };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the browser’s zone on API calls', () => {
  it('is sent on calls whose answers write times, and not on the session read', async () => {
    await fetchMe();
    await api('/api/users/sign-up-status', { withoutZone: true });
    await api('/api/notifications');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(sent.map((s) => [s.url, s.headers['X-Time-Zone']])).toEqual([
      ['/api/session', undefined],
      ['/api/users/sign-up-status', undefined],
      ['/api/notifications', zone],
    ]);
    // Every call still says it is the app's own.
    expect(sent.every((s) => s.headers['X-Requested-With'] === 'ElderCare')).toBe(true);
  });

  it('is read from the browser at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T10:00:00Z'));
    await api('/api/a'); // whatever an earlier test left, a minute on it is read again
    const reads = vi.spyOn(Intl, 'DateTimeFormat');
    vi.setSystemTime(new Date('2026-06-01T10:01:00Z'));
    await api('/api/b');
    await api('/api/c');
    vi.setSystemTime(new Date('2026-06-01T10:01:59Z'));
    await api('/api/d');
    expect(reads).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-06-01T10:02:01Z'));
    await api('/api/e');
    expect(reads).toHaveBeenCalledTimes(2);
    expect(sent.every((s) => typeof s.headers['X-Time-Zone'] === 'string')).toBe(true);
  });
});
