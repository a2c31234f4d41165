import { Button } from '@mui/material';
import { useState } from 'react';
import { twoFactorTexts as texts } from '../../../../shared/messages.ts';
import type { AdminUser } from '../../../../shared/schemas/users.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useTurnOffTwoFactor } from '../api/turn-off-two-factor.ts';

const buttonSize = { px: 1.5, py: 0.75, minHeight: 44 } as const;

/** The row's "Turn off two-factor" for an account that has it on: asks first, then turns it off. */
export function TurnOffTwoFactorAction({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const turnOff = useTurnOffTwoFactor(user.id);
  if (!user.twoFactorEnabled) return null;
  const confirm = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        notify('success', texts.adminOffDone(user.username));
      },
      onError: (error) => {
        setOpen(false);
        notify('error', error instanceof ApiError ? error.message : String(error));
      },
    });
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        sx={buttonSize}
        aria-label={`${texts.adminOffAction} for ${user.username}`}
        onClick={() => setOpen(true)}
      >
        {texts.adminOffAction}
      </Button>
      <ConfirmDialog
        open={open}
        title={texts.adminOffTitle(user.username)}
        message={texts.adminOffMessage}
        confirmLabel={texts.adminOffAction}
        busy={turnOff.isPending}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
