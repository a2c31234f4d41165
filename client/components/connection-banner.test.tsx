import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrors, connectionTexts } from '../../shared/messages.ts';
import { api, ApiError } from '../lib/api.ts';
import { SessionProvider } from '../lib/auth.tsx';
import { resetConnection } from '../lib/connection.ts';
import { notify } from '../lib/notify.ts';
import { queryRetryDelay, shouldRetryQuery } from '../lib/query-client.ts';
import { ConnectionBanner } from './connection-banner.tsx';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('react-toastify', () => ({ toast: { error: toastError, info: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the connection notice', () => {
  let healthUp = false;
  // What the notice says is a chunk of its own, loaded once it is needed: loaded here first, so
  // that under fake timers it arrives within the test's own steps.
  beforeAll(() => import('./connection-notice.tsx'));
  beforeEach(() => {
    vi.useFakeTimers();
    healthUp = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/session') return json(200, { user: null });
        if (url === '/api/health') {
          return healthUp
            ? json(200, { status: 'ok' })
            : json(503, { status: 'unavailable', message: apiErrors.unavailable });
        }
        return json(503, { message: apiErrors.unavailable });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    resetConnection();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    toastError.mockClear();
  });

  it('a 503 shows one calm status instead of error notices, until health answers ok again', async () => {
    render(
      <SessionProvider>
        <ConnectionBanner />
      </SessionProvider>,
    );
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    await act(async () => {
      await expect(api('/api/patients')).rejects.toMatchObject({ status: 503 });
      await expect(api('/api/appointments')).rejects.toMatchObject({ status: 503 });
      notify('error', 'Failed to fetch patients');
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(region).toHaveTextContent(connectionTexts.reconnecting);
    expect(region).toHaveTextContent(connectionTexts.workKept);
    expect(toastError).not.toHaveBeenCalled();

    // Health still down at the first check: the notice stays.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(region).toHaveTextContent(connectionTexts.reconnecting);

    healthUp = true;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(region).toHaveTextContent(connectionTexts.reconnected);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(region).toBeEmptyDOMElement();

    // Connected: errors are shown as before.
    await act(async () => {
      notify('error', 'Error saving patient');
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(toastError).toHaveBeenCalledWith('Error saving patient', undefined);
  });

  it('no answer at all is the same as a 503', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(
      <SessionProvider>
        <ConnectionBanner />
      </SessionProvider>,
    );
    await act(async () => {
      await expect(api('/api/patients')).rejects.toMatchObject({ status: 0 });
    });
    expect(screen.getByRole('status')).toHaveTextContent(connectionTexts.reconnecting);
  });
});

describe('reads retry while the server is unreachable', () => {
  it('a 503 or no answer is tried again with growing pauses; other failures once', () => {
    const unavailable = new ApiError(503, apiErrors.unavailable);
    const offline = new ApiError(0, 'Network error');
    const broken = new ApiError(500, apiErrors.internal);
    expect(shouldRetryQuery(0, unavailable)).toBe(true);
    expect(shouldRetryQuery(9, offline)).toBe(true);
    expect(shouldRetryQuery(10, unavailable)).toBe(false);
    expect(shouldRetryQuery(0, broken)).toBe(true);
    expect(shouldRetryQuery(1, broken)).toBe(false);
    expect(queryRetryDelay(1, unavailable)).toBe(2000);
    expect(queryRetryDelay(8, unavailable)).toBe(15_000);
  });
});
