import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import { Box, Typography } from '@mui/material';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { offlineReadTexts } from '../../shared/messages.ts';
import { dateFormatter, formatDateTime, getDisplayTimeZone } from '../../shared/format.ts';
import { useConnectionState } from '../lib/connection.ts';
import { useReadsOffline } from './list-states.tsx';

/** How often "25 min ago" is brought up to date. */
const TICK_MS = 30_000;

/**
 * What the screen's reads hold now: the oldest time one of its active queries was saved, and
 * whether a refresh of one that holds data has failed. One primitive text, so an unchanged
 * cache renders nothing again.
 */
function snapshotOf(queryClient: QueryClient): string {
  let oldest = Infinity;
  let failed = false;
  for (const query of queryClient.getQueryCache().findAll({ type: 'active' })) {
    const { data, dataUpdatedAt, status, fetchFailureCount } = query.state;
    if (data === undefined || dataUpdatedAt === 0) continue;
    oldest = Math.min(oldest, dataUpdatedAt);
    if (status === 'error' || fetchFailureCount > 0) failed = true;
  }
  return oldest === Infinity ? '' : `${oldest}|${failed ? 'failed' : 'ok'}`;
}

/** The time of day in the display zone; with the date when it was not today. */
export function savedAtText(savedAt: number, now: number): string {
  const timeZone = getDisplayTimeZone();
  const day = dateFormatter('en-CA', { timeZone });
  if (day.format(savedAt) !== day.format(now)) return formatDateTime(new Date(savedAt));
  return dateFormatter('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).format(savedAt);
}

/** The notice's words: offline, or a refresh failed, with when the oldest data was saved. */
export function dataAgeText(savedAt: number, now: number, offline: boolean): string {
  const minutes = Math.max(0, Math.floor((now - savedAt) / 60_000));
  const time = savedAtText(savedAt, now);
  const ago = offlineReadTexts.ago(minutes);
  return offline
    ? offlineReadTexts.offlineSavedAt(time, ago)
    : offlineReadTexts.refreshFailedSavedAt(time, ago);
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * How old the data on the screen is, said while it cannot be refreshed: offline, or a refresh
 * failed and the saved data is still shown ("Offline — showing what was saved at 10:42 AM
 * (25 min ago)."). Placed once, above every signed-in screen; it reads the oldest save of the
 * screen's active queries. A polite status region, always in the page, so a screen reader
 * hears it come and go without focus moving.
 */
export function DataAge() {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  const snapshot = useSyncExternalStore(subscribe, () => snapshotOf(queryClient));
  const offline = useReadsOffline();
  const reconnecting = useConnectionState() === 'reconnecting';
  const [oldest, state] = snapshot.split('|');
  const shown = snapshot !== '' && (offline || reconnecting || state === 'failed');
  const now = useNow(shown);
  return (
    <Box role="status" aria-live="polite" data-testid="data-age">
      {shown && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            mb: 2,
            px: 2,
            py: 1.5,
            border: 2,
            borderColor: 'warning.main',
            borderRadius: 2,
            bgcolor: 'background.paper',
            color: 'text.primary',
          }}
        >
          <CloudOffIcon aria-hidden sx={{ color: 'warning.main', flexShrink: 0 }} />
          <Typography component="p" sx={{ fontWeight: 500, overflowWrap: 'anywhere', minWidth: 0 }}>
            {dataAgeText(Number(oldest), now, offline || reconnecting)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
