import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { offlineReadTexts } from '../../shared/messages.ts';
import { useSessionOffline } from '../lib/auth.tsx';

function subscribeNetwork(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Whether the screens read offline: the device has no network, or the session is the one kept
 * on the device (not yet confirmed by the server). A read with nothing saved then waits for
 * the connection, and says so instead of spinning or failing.
 */
export function useReadsOffline(): boolean {
  const online = useSyncExternalStore(
    subscribeNetwork,
    () => navigator.onLine,
    () => true,
  );
  const sessionOffline = useSessionOffline();
  return !online || sessionOffline;
}

/** What a read that was never saved on this device shows offline. */
export function NotAvailableOffline() {
  return (
    <Typography role="status" color="text.secondary" sx={{ p: 2, overflowWrap: 'anywhere' }}>
      {offlineReadTexts.notAvailable}
    </Typography>
  );
}

export function LoadingState({ label = 'Loading' }: { label?: string }) {
  // Offline, a read still loading has nothing saved: it waits for the connection.
  if (useReadsOffline()) return <NotAvailableOffline />;
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {text}
    </Typography>
  );
}

export function ErrorState({ text, onRetry }: { text: string; onRetry?: () => void }) {
  // Offline, a read that failed had nothing saved: that is what the person needs to know.
  if (useReadsOffline()) return <NotAvailableOffline />;
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" onClick={onRetry} sx={{ minHeight: 44, whiteSpace: 'nowrap' }}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}
