import { afterEach, expect, it, vi } from 'vitest';
import { fetchSignUpStatus } from './sign-up-status.ts';

afterEach(() => vi.unstubAllGlobals());

it('the login screen’s sign-up status is read without the browser’s zone (its answer holds no time)', async () => {
  const headers: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      headers.push({ ...(init.headers as Record<string, string>) });
      return new Response(JSON.stringify({ firstRun: false, signUp: 'open' }), { status: 200 });
    }),
  );
  expect(await fetchSignUpStatus()).toEqual({ firstRun: false, signUp: 'open' });
  expect(headers).toHaveLength(1);
  expect(headers[0]!['X-Time-Zone']).toBeUndefined();
  expect(headers[0]!['X-Requested-With']).toBe('ElderCare');
});
