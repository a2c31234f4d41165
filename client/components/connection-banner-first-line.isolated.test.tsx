import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrors, connectionTexts, offlineTexts } from '../../shared/messages.ts';
import { api } from '../lib/api.ts';
import { SessionProvider } from '../lib/auth.tsx';
import { resetConnection } from '../lib/connection.ts';
import { ConnectionBanner } from './connection-banner.tsx';

// The notice's own code never arrives: no connection, and no service worker that kept it.
vi.mock('./connection-notice.tsx', () => new Promise(() => {}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('the connection notice before its code has come', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/session') return json(200, { user: null });
        return json(503, { message: apiErrors.unavailable });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    resetConnection();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('still says the device is offline, or that the server is being reached again', async () => {
    render(
      <SessionProvider>
        <ConnectionBanner />
      </SessionProvider>,
    );
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    act(() => setOnline(false));
    expect(region).toHaveTextContent(offlineTexts.offline);

    act(() => setOnline(true));
    expect(region).toBeEmptyDOMElement();

    await act(async () => {
      await expect(api('/api/patients')).rejects.toMatchObject({ status: 503 });
    });
    expect(region).toHaveTextContent(connectionTexts.reconnecting);
    expect(region).not.toHaveTextContent(connectionTexts.workKept);
  });

  it('schedules the idle fetch of its code once, however often the connection changes', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    render(
      <SessionProvider>
        <ConnectionBanner />
      </SessionProvider>,
    );
    for (const online of [false, true, false, true]) act(() => setOnline(online));
    expect(idle).toHaveBeenCalledTimes(1);
  });
});
