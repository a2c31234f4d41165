import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format.ts';
import { passwordResetTexts as texts } from '../../../../shared/messages.ts';
import type { AdminUser } from '../../../../shared/schemas/users.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { resetLinkAddress, useMakeResetLink } from '../api/reset-link.ts';

const buttonSize = { px: 1.5, py: 0.75, minHeight: 44 } as const;

/** Asks first, then shows the link with a Copy button, its expiry, and what using it does. */
function ResetLinkDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const make = useMakeResetLink(user.id);
  const link = make.data ? resetLinkAddress(make.data.token) : null;
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      notify('success', texts.copied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field stays selectable.
      document.getElementById('reset-link-field')?.focus();
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="reset-link-title"
      aria-describedby="reset-link-text"
    >
      <DialogTitle id="reset-link-title">{texts.resetLinkTitle(user.username)}</DialogTitle>
      <DialogContent>
        {!make.data ? (
          <DialogContentText id="reset-link-text">
            {texts.resetLinkConfirm(user.username)}
          </DialogContentText>
        ) : (
          <>
            <TextField
              id="reset-link-field"
              label="Link"
              value={link}
              fullWidth
              multiline
              slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
              onFocus={(event) => event.target.select()}
              sx={{ mt: 1 }}
            />
            <DialogContentText id="reset-link-text">
              {texts.resetLinkExpires(formatDateTime(make.data.expiresAt))}{' '}
              {texts.resetLinkSessions}
            </DialogContentText>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={buttonSize} autoFocus={!make.data}>
          {make.data ? texts.close : texts.cancel}
        </Button>
        {make.data ? (
          <Button variant="contained" sx={buttonSize} onClick={() => void copy()}>
            {texts.copy}
          </Button>
        ) : (
          <Button
            variant="contained"
            sx={buttonSize}
            disabled={make.isPending}
            onClick={() =>
              make.mutate(undefined, {
                onError: (error) =>
                  notify(
                    'error',
                    error instanceof ApiError && error.message
                      ? error.message
                      : texts.errorMakingLink,
                  ),
              })
            }
          >
            {texts.resetLinkMake}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The Users row's "Reset link" button and its dialog (the link is made only when confirmed). */
export function ResetLinkAction({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        sx={buttonSize}
        aria-label={texts.resetLinkAria(user.username)}
        onClick={() => setOpen(true)}
      >
        {texts.resetLinkAction}
      </Button>
      {open && <ResetLinkDialog user={user} onClose={() => setOpen(false)} />}
    </>
  );
}
