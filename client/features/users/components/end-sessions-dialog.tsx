import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useState } from 'react';
import { sessionTexts } from '../../../../shared/messages.ts';
import type { AdminUser } from '../../../../shared/schemas/users.ts';
import { ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useEndUserSessions } from '../api/end-user-sessions.ts';
import { useUserSessions } from '../api/user-sessions.ts';

const buttonSize = { px: 1.5, py: 0.75, minHeight: 44 } as const;

/** Asks before ending every session of a user, saying first how many are live. */
function EndSessionsDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const sessions = useUserSessions(user.id, true);
  const end = useEndUserSessions(user.id);
  const live = sessions.data?.length ?? 0;
  const name = `${user.firstName} ${user.secondName}`;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="end-sessions-title"
      aria-describedby="end-sessions-text"
    >
      <DialogTitle id="end-sessions-title">{sessionTexts.adminTitle(name)}</DialogTitle>
      <DialogContent>
        {sessions.isLoading && <LoadingState label="Loading sessions" />}
        {sessions.isError && (
          <ErrorState text={sessionTexts.errorLoading} onRetry={() => void sessions.refetch()} />
        )}
        {sessions.data && (
          <DialogContentText id="end-sessions-text">
            {sessionTexts.adminLive(live)}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {live === 0 && sessions.data ? sessionTexts.close : sessionTexts.cancel}
        </Button>
        {live > 0 && (
          <Button
            color="error"
            variant="contained"
            disabled={end.isPending}
            onClick={() =>
              end.mutate(undefined, {
                onSuccess: ({ ended }) => {
                  notify('success', sessionTexts.adminEnded(ended));
                  onClose();
                },
                onError: (error) =>
                  notify(
                    'error',
                    error instanceof ApiError && error.message
                      ? error.message
                      : sessionTexts.errorEnding,
                  ),
              })
            }
          >
            {sessionTexts.adminConfirm}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The Users row's "End sessions" button and its dialog (sessions are read only when opened). */
export function EndSessionsAction({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        sx={buttonSize}
        aria-label={`${sessionTexts.adminAction} of ${user.username}`}
        onClick={() => setOpen(true)}
      >
        {sessionTexts.adminAction}
      </Button>
      {open && <EndSessionsDialog user={user} onClose={() => setOpen(false)} />}
    </>
  );
}
