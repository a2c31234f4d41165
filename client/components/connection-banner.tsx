import { Box, Paper } from '@mui/material';
import { useEffect, useState, type ComponentType, type Dispatch, type SetStateAction } from 'react';
import { connectionTexts, offlineNotice } from '../../shared/messages.ts';
import { useSession } from '../lib/auth.tsx';
import { onReconnected, useConnectionState, useOnline } from '../lib/connection.ts';
import { loadingOnce, whenIdle } from '../lib/lazy-dialog.tsx';
import { SIDEBAR_WIDTH_VARIABLE } from '../lib/theme-tokens.ts';

/** The top bar's height (TOP_BAR_HEIGHT in app/theme.ts, which components do not import). */
const TOP_BAR = 64;
/** The sidebar's width beside the page, 0 without one. */
const sidebar = `var(${SIDEBAR_WIDTH_VARIABLE}, 0px)`;

// What the notice says, with the offline queue behind it, is a chunk of its own: a guest on the
// login page, online, has nothing to be told and no queue. One load at a time, shared by the
// idle fetch and the one a need starts; a failed one is forgotten, to be tried again.
let loaded: ComponentType | null = null;
const loadNotice = loadingOnce(() =>
  import('./connection-notice.tsx').then((module) => (loaded = module.ConnectionNotice)),
);
/** Loads the notice and sets it, unless the asker has gone (`live` false by then). */
const whenLoaded = (live: () => boolean, set: Dispatch<SetStateAction<ComponentType | null>>) =>
  void loadNotice().then(
    (notice) => live() && set(() => notice),
    () => undefined,
  );

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
  // Once, when the browser is first idle: the guest online on the login page.
  useEffect(() => {
    let live = !loaded;
    if (live) whenIdle(() => whenLoaded(() => live, setNotice));
    return () => {
      live = false;
    };
  }, []);
  // At once when needed, and again at each change of the connection until it has come.
  useEffect(() => {
    if (Notice || !needed) return undefined;
    let live = true;
    whenLoaded(() => live, setNotice);
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
        // Centred on the page beside the sidebar, if there is one.
        left: `calc(50% + ${sidebar} / 2)`,
        transform: 'translateX(-50%)',
        width: 'max-content',
        maxWidth: `calc(100vw - ${sidebar} - 16px)`,
        bottom: 24,
        [theme.breakpoints.down('sm')]: { bottom: 'auto', top: 72 },
        '&:has(> [data-stays])': {
          zIndex: theme.zIndex.appBar + 1,
          width: `min(40rem, calc(100vw - ${sidebar} - 16px))`,
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
