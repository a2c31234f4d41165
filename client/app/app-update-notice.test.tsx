import { ThemeProvider } from '@mui/material';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appUpdateTexts } from '../../shared/messages.ts';
import { AppUpdateNotice, checkForUpdates, UPDATE_CHECK_MS } from './app-update-notice.tsx';
import { buildTheme } from './theme.ts';

// The service worker's registration (virtual:pwa-register/react, see app-update.tsx) exists
// only in a Vite build; here its two answers stand in: whether a new worker waits, and the
// request that it take over.
const renderNotice = (needRefresh: boolean, mode: 'light' | 'dark' = 'light', fontSize = 16) => {
  const onReload = vi.fn();
  render(
    <ThemeProvider theme={buildTheme(mode, fontSize)}>
      <AppUpdateNotice needRefresh={needRefresh} onReload={onReload} />
    </ThemeProvider>,
  );
  return onReload;
};

describe('the new version notice', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says nothing while no new version waits, in a status region that is always there', () => {
    renderNotice(false);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: appUpdateTexts.reload })).toBeNull();
  });

  it('says a new version is ready; Reload, reached by keyboard, asks for it once', async () => {
    const onReload = renderNotice(true, 'dark', 24);
    expect(screen.getByRole('status')).toHaveTextContent(appUpdateTexts.ready);
    const reload = screen.getByRole('button', { name: appUpdateTexts.reload });
    const user = userEvent.setup();
    await user.tab();
    expect(reload).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('looks for a new version every hour, only while online', () => {
    vi.useFakeTimers();
    const update = vi.fn(async () => undefined);
    checkForUpdates({ update } as unknown as ServiceWorkerRegistration);
    vi.advanceTimersByTime(UPDATE_CHECK_MS - 1);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledTimes(1);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(update).toHaveBeenCalledTimes(1);
    onLine.mockRestore();
    vi.clearAllTimers();
  });
});
