import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { connectionTexts } from '../../shared/messages.ts';
import { useSession } from '../lib/auth.tsx';
import { onReconnected, useConnectionState } from '../lib/connection.ts';

/**
 * The one calm notice shown while the server cannot be reached ("Reconnecting…"), in place of
 * an error per failed call, then "Connected again." for a moment. A polite status region,
 * always in the page, so a screen reader hears both without focus moving. On a phone it sits
 * below the top bar (notices take the bottom there); on a wide screen at the bottom, away from
 * the notices at the top right. Part of the main bundle: it must show when no chunk can load.
 */
export function ConnectionBanner() {
  const state = useConnectionState();
  const { user, refresh } = useSession();
  useEffect(
    () =>
      // A session read that failed during the outage left a signed-in person as a guest.
      onReconnected(() => {
        if (!user) void refresh();
      }),
    [user, refresh],
  );
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="connection-status"
      sx={(theme) => ({
        position: 'fixed',
        zIndex: theme.zIndex.snackbar,
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'max-content',
        maxWidth: 'calc(100vw - 32px)',
        bottom: 24,
        [theme.breakpoints.down('sm')]: { bottom: 'auto', top: 72 },
      })}
    >
      {state !== 'connected' && (
        <Paper
          elevation={6}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25 }}
        >
          {state === 'reconnecting' ? (
            <CircularProgress size={20} aria-hidden />
          ) : (
            <CheckCircleOutlineIcon color="success" aria-hidden />
          )}
          {state === 'reconnecting' ? (
            <Box>
              <Typography component="p" sx={{ fontWeight: 600 }}>
                {connectionTexts.reconnecting}
              </Typography>
              <Typography component="p" variant="body2">
                {connectionTexts.workKept}
              </Typography>
            </Box>
          ) : (
            <Typography component="p">{connectionTexts.reconnected}</Typography>
          )}
        </Paper>
      )}
    </Box>
  );
}
