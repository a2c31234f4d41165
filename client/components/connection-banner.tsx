import { Box, Paper } from '@mui/material';
import { useEffect, useState, type ComponentType } from 'react';
import { connectionTexts, offlineNotice } from '../../shared/messages.ts';
import { useSession } from '../lib/auth.tsx';
import { onReconnected, useConnectionState, useOnline } from '../lib/connection.ts';
import { whenIdle } from '../lib/lazy-dialog.tsx';

/** The top bar's height (TOP_BAR_HEIGHT in app/theme.ts, which components do not import). */
const TOP_BAR = 64;

// What the notice says, with the offline queue behind it, is a chunk of its own: a guest on the
// login page, online, has nothing to be told and no queue.
let loaded: ComponentType | null = null;
const loadNotice = () =>
  import('./connection-notice.tsx').then((module) => (loaded = module.ConnectionNotice));

/**
 * The one calm notice about the connection, in a polite status region always in the page, so a
 * screen reader hears it without focus moving. On a phone it sits below the top bar, on a wide
 * screen at the bottom; a notice that stays (offline, changes sent or refused) is wider, and
 * goes above the page but under any dialog.
 *
 * The region is part of the main bundle; what it says (ConnectionNotice) loads as soon as
 * someone is signed in, the device is offline or the server cannot be reached, and otherwise
 * once the browser is idle. Until that code is there (no connection, and no service worker yet
 * to have kept it), the region still says the first line itself: offline, or reconnecting.
 */
export function ConnectionBanner() {
  const state = useConnectionState();
  const online = useOnline();
  const { user, refresh } = useSession();
  const [Notice, setNotice] = useState<ComponentType | null>(() => loaded);
  useEffect(
    () =>
      // A session read that failed during the outage left a signed-in person as a guest.
      onReconnected(() => {
        if (!user) void refresh();
      }),
    [user, refresh],
  );
  const needed = user !== null || !online || state !== 'connected';
  useEffect(() => {
    if (Notice) return undefined;
    let live = true;
    const load = () =>
      void loadNotice().then(
        (component) => live && setNotice(() => component),
        // Tried again at the next change of the connection.
        () => undefined,
      );
    if (needed) load();
    else whenIdle(load);
    return () => {
      live = false;
    };
  }, [Notice, needed, state, online]);

  const firstLine = !online
    ? offlineNotice
    : state === 'reconnecting'
      ? connectionTexts.reconnecting
      : null;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="connection-status"
      sx={(theme) => ({
        position: 'fixed',
        // Above the page; a notice that stays goes below dialogs (a phone's full-screen form
        // keeps its buttons).
        zIndex: theme.zIndex.snackbar,
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'max-content',
        maxWidth: 'calc(100vw - 16px)',
        bottom: 24,
        [theme.breakpoints.down('sm')]: { bottom: 'auto', top: 72 },
        '&:has(> [data-stays])': {
          zIndex: theme.zIndex.appBar + 1,
          width: 'min(40rem, calc(100vw - 16px))',
          bottom: 8,
          [theme.breakpoints.down('sm')]: { bottom: 'auto', top: TOP_BAR + 4 },
        },
      })}
    >
      {Notice ? (
        <Notice />
      ) : (
        firstLine && (
          <Paper
            data-stays={!online || undefined}
            elevation={6}
            sx={{ px: 2, py: 1.25, fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {firstLine}
          </Paper>
        )
      )}
    </Box>
  );
}
