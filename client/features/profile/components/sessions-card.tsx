import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { formatDistanceStrict } from 'date-fns';
import { useState } from 'react';
import { sessionTexts } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import type { AccountSession } from '../../../../shared/schemas/sessions.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useMySessions } from '../api/list-sessions.ts';

const errorText = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : sessionTexts.errorEnding;

/** "5 minutes ago (Nov 23, 2026, 10:02 PM)": relative for a glance, exact in the reader's zone. */
function seenText(session: AccountSession, now: Date): string {
  const at = new Date(session.lastSeenAt);
  const relative = at >= now ? 'just now' : formatDistanceStrict(at, now, { addSuffix: true });
  return `${sessionTexts.lastSeen} ${relative} (${formatDateTime(at)})`;
}

function SessionRow({
  session,
  now,
  onEnd,
}: {
  session: AccountSession;
  now: Date;
  onEnd(session: AccountSession): void;
}) {
  return (
    <ListItem
      divider
      sx={{ px: 0, gap: 2, flexWrap: 'wrap' }}
      aria-label={
        session.current ? `${session.device}, ${sessionTexts.thisDevice}` : session.device
      }
    >
      <ListItemText
        sx={{ minWidth: 220, flex: '1 1 260px' }}
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {session.device}
            </Typography>
            {session.current && (
              <Chip size="small" color="primary" label={sessionTexts.thisDevice} />
            )}
          </Stack>
        }
        secondary={
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {session.ip ?? sessionTexts.unknownAddress}
            </Box>
            <Box component="span" sx={{ display: 'block' }}>
              {seenText(session, now)}
            </Box>
          </>
        }
      />
      {!session.current && (
        <Button
          variant="outlined"
          color="error"
          sx={{ minHeight: 44 }}
          aria-label={`${sessionTexts.end} ${session.device}`}
          onClick={() => onEnd(session)}
        >
          {sessionTexts.end}
        </Button>
      )}
    </ListItem>
  );
}

/** The profile's "Where you're signed in": live sessions, and ending any or all of the others. */
export function SessionsCard() {
  const query = useMySessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<AccountSession | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  const now = new Date();
  const others = query.data?.filter((s) => !s.current) ?? [];

  return (
    <Card sx={{ maxWidth: 760, mt: 3 }}>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {sessionTexts.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {sessionTexts.intro}
        </Typography>
        {query.isLoading && <LoadingState label="Loading sessions" />}
        {query.isError && (
          <ErrorState text={sessionTexts.errorLoading} onRetry={() => void query.refetch()} />
        )}
        {query.data && (
          <>
            <List aria-label={sessionTexts.title}>
              {query.data.map((session) => (
                <SessionRow key={session.id} session={session} now={now} onEnd={setEnding} />
              ))}
            </List>
            {others.length === 0 ? (
              <EmptyState text={sessionTexts.onlyThisDevice} />
            ) : (
              <Button
                variant="contained"
                color="error"
                sx={{ minHeight: 44, mt: 1 }}
                onClick={() => setEndingOthers(true)}
              >
                {sessionTexts.endOthers}
              </Button>
            )}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={Boolean(ending)}
        title={sessionTexts.endTitle}
        message={ending ? sessionTexts.endBody(ending.device) : ''}
        confirmLabel={sessionTexts.end}
        cancelLabel={sessionTexts.cancel}
        busy={endOne.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          if (!ending) return;
          endOne.mutate(ending.id, {
            onSuccess: () => notify('success', sessionTexts.ended),
            onError: (error) => notify('error', errorText(error)),
            onSettled: () => setEnding(null),
          });
        }}
      />
      <ConfirmDialog
        open={endingOthers}
        title={sessionTexts.endOthersTitle}
        message={sessionTexts.endOthersBody}
        confirmLabel={sessionTexts.endOthers}
        cancelLabel={sessionTexts.cancel}
        busy={endOthers.isPending}
        onCancel={() => setEndingOthers(false)}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: ({ ended }) => notify('success', sessionTexts.endedOthers(ended)),
            onError: (error) => notify('error', errorText(error)),
            onSettled: () => setEndingOthers(false),
          })
        }
      />
    </Card>
  );
}
