import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format.ts';
import { calendarFeedTexts as texts } from '../../../../shared/messages.ts';
import { seesOwnRecordOnly } from '../../../../shared/permissions.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/auth.tsx';
import { notify } from '../../../lib/notify.ts';
import { calendarFeedAddress, useCreateCalendarFeed } from '../api/create-calendar-feed.ts';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';
import { useTurnOffCalendarFeed } from '../api/turn-off-calendar-feed.ts';

const buttonSize = { minHeight: 44 } as const;
const FIELD_ID = 'calendar-feed-url';

const errorText = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : texts.errorSaving;

/** The link just made, shown this once, with a Copy button. */
function NewLink({ address }: { address: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      notify('success', texts.copied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field stays selectable.
      notify('error', texts.copyFailed);
      document.getElementById(FIELD_ID)?.focus();
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <TextField
        id={FIELD_ID}
        label={texts.urlLabel}
        value={address}
        fullWidth
        multiline
        slotProps={{
          htmlInput: { readOnly: true, 'aria-describedby': `${FIELD_ID}-once` },
          inputLabel: { shrink: true },
        }}
        onFocus={(event) => event.target.select()}
      />
      <Typography id={`${FIELD_ID}-once`} color="text.secondary" sx={{ mt: 1 }}>
        {texts.shownOnce}
      </Typography>
      <Button variant="contained" sx={{ ...buttonSize, mt: 1 }} onClick={() => void copy()}>
        {texts.copy}
      </Button>
    </Box>
  );
}

/**
 * The profile's "Calendar feed": a private iCalendar link for the phone's calendar app, made,
 * replaced by a new one, or turned off. The link is shown only right after it is made.
 */
export function CalendarFeedCard() {
  const { user } = useSession();
  const query = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const [confirming, setConfirming] = useState<'rotate' | 'off' | null>(null);
  const status = query.data;
  const justMade = create.data && status?.active ? calendarFeedAddress(create.data) : null;

  const make = () =>
    create.mutate(undefined, {
      onSuccess: () => notify('success', texts.created),
      onError: (error) => notify('error', errorText(error)),
      onSettled: () => setConfirming(null),
    });

  return (
    <Card sx={{ maxWidth: 760, mt: 3 }}>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {texts.title}
        </Typography>
        <Typography sx={{ mb: 1 }}>{texts.intro}</Typography>
        <Alert severity="info" sx={{ mb: 2 }}>
          {texts.privacy}
          {!seesOwnRecordOnly(user) && ` ${texts.staffPrivacy}`}
        </Alert>
        {query.isLoading && <LoadingState label="Loading calendar feed" />}
        {query.isError && (
          <ErrorState text={texts.errorLoading} onRetry={() => void query.refetch()} />
        )}
        {status && !status.active && (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {texts.off}
            </Typography>
            <Button variant="contained" sx={buttonSize} disabled={create.isPending} onClick={make}>
              {texts.create}
            </Button>
          </>
        )}
        {status?.active && (
          <>
            <Typography sx={{ mb: 0.5 }}>
              {texts.on(formatDateTime(status.createdAt ?? ''))}
            </Typography>
            <Typography color="text.secondary">
              {status.lastUsedAt
                ? texts.lastUsed(formatDateTime(status.lastUsedAt))
                : texts.neverUsed}
            </Typography>
            {justMade && <NewLink address={justMade} />}
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="outlined" sx={buttonSize} onClick={() => setConfirming('rotate')}>
                {texts.rotate}
              </Button>
              <Button
                variant="outlined"
                color="error"
                sx={buttonSize}
                onClick={() => setConfirming('off')}
              >
                {texts.turnOff}
              </Button>
            </Stack>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming === 'rotate'}
        title={texts.rotateTitle}
        message={texts.rotateBody}
        confirmLabel={texts.rotate}
        cancelLabel={texts.cancel}
        busy={create.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={make}
      />
      <ConfirmDialog
        open={confirming === 'off'}
        title={texts.turnOffTitle}
        message={texts.turnOffBody}
        confirmLabel={texts.turnOff}
        cancelLabel={texts.cancel}
        busy={turnOff.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          turnOff.mutate(undefined, {
            onSuccess: () => {
              create.reset();
              notify('success', texts.turnedOff);
            },
            onError: (error) => notify('error', errorText(error)),
            onSettled: () => setConfirming(null),
          })
        }
      />
    </Card>
  );
}
