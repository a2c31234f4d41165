import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { offlineTexts } from '../../shared/messages.ts';
import { formatDateTime } from '../../shared/format.ts';
import {
  dismissChange,
  flushQueue,
  useOfflineQueue,
  type QueuedChange,
} from '../lib/offline-queue.ts';
import { useOnline } from '../lib/connection.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useFullScreenDialog } from './dialog.ts';

const stateLabel = (change: QueuedChange) =>
  change.state === 'refused'
    ? offlineTexts.notSent
    : change.state === 'sending'
      ? offlineTexts.sending
      : offlineTexts.waitingToSend;

/**
 * "Unsent changes": every change of the signed-in user that the server has not received,
 * oldest first, with when it was recorded and where it stands; a refused one says the server's
 * reason and can be removed, after a confirmation, since it was never saved.
 */
export default function UnsentChangesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { entries } = useOfflineQueue();
  const online = useOnline();
  const fullScreen = useFullScreenDialog();
  const titleId = useId();
  const [removing, setRemoving] = useState<QueuedChange | null>(null);
  const waiting = entries.some((change) => change.state === 'waiting');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{offlineTexts.unsentTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <DialogContentText>{offlineTexts.unsentIntro}</DialogContentText>
        {entries.length === 0 ? (
          <Typography>{offlineTexts.unsentEmpty}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {entries.map((change) => (
              <Box
                component="li"
                key={change.id}
                data-testid="unsent-change"
                sx={{
                  border: 1,
                  borderColor: change.state === 'refused' ? 'error.main' : 'divider',
                  borderWidth: change.state === 'refused' ? 2 : 1,
                  borderRadius: 2,
                  p: 1.5,
                  display: 'grid',
                  gap: 1,
                }}
              >
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {change.label}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                  <Chip
                    label={stateLabel(change)}
                    color={change.state === 'refused' ? 'error' : 'default'}
                    variant="outlined"
                    sx={{
                      fontWeight: 600,
                      height: 'auto',
                      minHeight: 32,
                      '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
                    }}
                  />
                  <Typography color="text.secondary">
                    {offlineTexts.recordedAt(formatDateTime(change.recordedAt))}
                  </Typography>
                </Box>
                {change.state === 'refused' && change.reason && (
                  <Typography color="error" sx={{ overflowWrap: 'anywhere' }}>
                    {offlineTexts.refusedReason(change.reason)}
                  </Typography>
                )}
                {change.state === 'refused' && (
                  <Box>
                    <Button
                      variant="outlined"
                      color="error"
                      onClick={() => setRemoving(change)}
                      aria-label={offlineTexts.dismissAction(change.label)}
                      sx={{ minHeight: 48, px: 2.5 }}
                    >
                      {offlineTexts.dismiss}
                    </Button>
                  </Box>
                )}
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        {waiting && online && (
          <Button onClick={() => void flushQueue()} sx={{ minHeight: 48 }}>
            {offlineTexts.sendNow}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} sx={{ minHeight: 48 }}>
          {offlineTexts.close}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={removing !== null}
        title={offlineTexts.dismissTitle}
        message={offlineTexts.dismissMessage}
        confirmLabel={offlineTexts.dismiss}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const change = removing;
          setRemoving(null);
          if (change) void dismissChange(change.id);
        }}
      />
    </Dialog>
  );
}
