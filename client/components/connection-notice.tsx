import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import {
  Box,
  Button,
  CircularProgress,
  Paper,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { connectionTexts, offlineTexts } from '../../shared/messages.ts';
import { useSession } from '../lib/auth.tsx';
import { useConnectionState, useOnline } from '../lib/connection.ts';
import { useOfflineQueue } from '../lib/offline-queue.ts';

// The list of unsent changes is its own chunk, fetched as soon as someone signs in: it must open
// once the connection has gone.
const loadUnsentChanges = () => import('./unsent-changes-dialog.tsx');
const UnsentChangesDialog = lazy(loadUnsentChanges);

/** How long "Back online. 3 changes sent." stays after the queue was sent. */
export const BACK_ONLINE_SHOWN_MS = 15_000;

/** True for a while after each flush that sent or refused something. */
function useRecentFlush(at: number | null): boolean {
  const [shownFor, setShownFor] = useState<number | null>(null);
  useEffect(() => {
    if (at === null || Date.now() - at >= BACK_ONLINE_SHOWN_MS) return undefined;
    setShownFor(at);
    const timer = setTimeout(() => setShownFor(null), BACK_ONLINE_SHOWN_MS - (Date.now() - at));
    return () => clearTimeout(timer);
  }, [at]);
  return at !== null && shownFor === at;
}

/**
 * Keeps the page clear of a notice that stays (offline, or changes the server refused): the
 * body gets the notice's height as padding on the notice's side, so nothing of the page, its
 * heading or its last buttons, lies under it.
 */
function useReservedSpace(active: boolean, side: 'top' | 'bottom') {
  const ref = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof ResizeObserver === 'undefined') return undefined;
    const property = side === 'top' ? 'paddingTop' : 'paddingBottom';
    const observer = new ResizeObserver(() => {
      document.body.style[property] = `${element.offsetHeight + 16}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.body.style[property] = '';
    };
  }, [active, side]);
  return ref;
}

const bigButton = { minHeight: 48, px: 2, alignSelf: 'flex-start' } as const;

/**
 * What the connection notice says (ConnectionBanner in connection-banner.tsx holds it in its
 * status region): while the server cannot be reached ("Reconnecting…", then "Connected
 * again."), it stands in for an error per failed call. While the device is offline it says that
 * what is recorded is kept on the phone, and how many changes wait; back online, how many were
 * sent; while changes the server refused remain, that they could not be sent, with the list a
 * tap away. Those notices stay (marked `data-stays`, which the region places below the top bar
 * on a phone, where the page's notices take the bottom, and at the bottom on a wide screen),
 * under any dialog, with room kept for the page beside them.
 */
export function ConnectionNotice() {
  const state = useConnectionState();
  const { user } = useSession();
  const online = useOnline();
  const { entries, lastFlush } = useOfflineQueue();
  const recentFlush = useRecentFlush(lastFlush?.at ?? null);
  const [listOpen, setListOpen] = useState(false);
  const [listWanted, setListWanted] = useState(false);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId !== null) loadUnsentChanges().catch(() => undefined);
  }, [userId]);

  const waiting = entries.filter((change) => change.state !== 'refused').length;
  const refused = entries.length - waiting;
  const mode = !online
    ? 'offline'
    : recentFlush && lastFlush
      ? 'sent'
      : state === 'reconnecting'
        ? 'reconnecting'
        : state === 'reconnected'
          ? 'reconnected'
          : refused > 0
            ? 'refused'
            : null;
  const stays = mode === 'offline' || mode === 'sent' || mode === 'refused';
  // On a phone the notices of the page (toasts) take the bottom: a notice that stays goes on top.
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const reserved = useReservedSpace(stays, phone ? 'top' : 'bottom');
  const openList = () => {
    setListWanted(true);
    setListOpen(true);
  };

  const waitingLine = waiting > 0 && (
    <Typography component="p" sx={{ fontWeight: 600 }}>
      {offlineTexts.waitingCount(waiting)}
    </Typography>
  );
  const refusedLine = refused > 0 && (
    <Typography component="p" color="error" sx={{ fontWeight: 600 }}>
      {offlineTexts.refusedCount(refused)}
    </Typography>
  );
  const listButton = entries.length > 0 && (
    <Button variant="outlined" onClick={openList} sx={bigButton}>
      {offlineTexts.openUnsent}
    </Button>
  );

  return (
    <>
      {mode !== null && (
        <Paper
          ref={reserved}
          data-stays={stays || undefined}
          elevation={6}
          sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, px: 2, py: 1.25 }}
        >
          {mode === 'reconnecting' ? (
            <CircularProgress size={20} aria-hidden sx={{ mt: 0.5, flexShrink: 0 }} />
          ) : mode === 'offline' ? (
            <CloudOffIcon aria-hidden sx={{ mt: 0.25 }} />
          ) : mode === 'refused' ? (
            <ErrorOutlineIcon color="error" aria-hidden sx={{ mt: 0.25 }} />
          ) : (
            <CheckCircleOutlineIcon color="success" aria-hidden sx={{ mt: 0.25 }} />
          )}
          <Box sx={{ display: 'grid', gap: 0.75, minWidth: 0, overflowWrap: 'anywhere' }}>
            {mode === 'reconnecting' && (
              <>
                <Typography component="p" sx={{ fontWeight: 600 }}>
                  {connectionTexts.reconnecting}
                </Typography>
                <Typography component="p" variant="body2">
                  {connectionTexts.workKept}
                </Typography>
                {waitingLine}
              </>
            )}
            {mode === 'reconnected' && (
              <Typography component="p">{connectionTexts.reconnected}</Typography>
            )}
            {mode === 'offline' && (
              <>
                <Typography component="p" sx={{ fontWeight: 600 }}>
                  {offlineTexts.offline}
                </Typography>
                {waitingLine}
                {refusedLine}
                {listButton}
              </>
            )}
            {mode === 'sent' && lastFlush && (
              <>
                {lastFlush.sent > 0 && (
                  <Typography component="p" sx={{ fontWeight: 600 }}>
                    {offlineTexts.backOnline(lastFlush.sent)}
                  </Typography>
                )}
                {waitingLine}
                {refusedLine}
                {(refused > 0 || waiting > 0) && listButton}
              </>
            )}
            {mode === 'refused' && (
              <>
                {refusedLine}
                {listButton}
              </>
            )}
          </Box>
        </Paper>
      )}
      {listWanted && (
        <Suspense fallback={null}>
          <UnsentChangesDialog open={listOpen} onClose={() => setListOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
