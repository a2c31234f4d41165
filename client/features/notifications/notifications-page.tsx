import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { notices, notificationTexts, scheduleTexts, visitTexts } from '../../../shared/messages.ts';
import type { Notification, NotificationKind } from '../../../shared/schemas/notifications.ts';
import { CsvDownloadButton } from '../../components/csv-download-button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/auth.tsx';
import { useDismissNotification } from './api/dismiss-notification.ts';
import { useNotificationList } from './api/get-notifications.ts';
import {
  browserPermission,
  requestBrowserPermission,
  type BrowserPermission,
} from './browser-notifications.ts';
import { notify } from '../../lib/notify.ts';

const kindLabels: Record<NotificationKind, string> = {
  reminder: 'Reminder',
  appointment: 'Appointment',
  'progress-report': 'Progress report',
  prescription: 'Prescription',
  'vital-sign': 'Vital signs',
  dose: scheduleTexts.notificationKind,
  visit: visitTexts.notificationKind,
  system: 'Notice',
};

/** Offers the browser's own notifications; permission can only be asked from a click. */
function BrowserNotificationsControl() {
  const { user } = useSession();
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  if (!user?.settings.notificationsEnabled) {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {notificationTexts.disabledInSettings}
      </Alert>
    );
  }
  if (permission === 'unsupported' || permission === 'granted') return null;
  if (permission === 'denied') {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {notificationTexts.browserBlocked}
      </Alert>
    );
  }
  return (
    <Button
      variant="outlined"
      startIcon={<NotificationsActiveIcon />}
      onClick={async () => setPermission(await requestBrowserPermission())}
      sx={{ mb: 2 }}
    >
      {notificationTexts.allowBrowser}
    </Button>
  );
}

function NotificationCard({
  notification,
  onDismiss,
  busy,
}: {
  notification: Notification;
  onDismiss(): void;
  busy: boolean;
}) {
  const showLink = notification.link && notification.link !== '/notifications';
  return (
    <Card component="li" aria-label={notification.message} sx={{ listStyle: 'none' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Chip size="small" label={kindLabels[notification.kind]} />
          <Typography variant="body2" color="text.secondary" component="span">
            <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
          </Typography>
        </Stack>
        <Typography variant="body1" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
          {notification.message}
        </Typography>
      </CardContent>
      <CardActions sx={{ gap: 1 }}>
        {showLink && (
          <Button component={RouterLink} to={notification.link!} variant="text">
            {notificationTexts.open}
          </Button>
        )}
        <Button variant="contained" onClick={onDismiss} disabled={busy}>
          {notificationTexts.dismiss}
        </Button>
      </CardActions>
    </Card>
  );
}

export default function NotificationsPage() {
  const list = useNotificationList();
  const dismiss = useDismissNotification();
  const [pendingId, setPendingId] = useState<number | null>(null);

  // Live additions can shift the server's offsets: show each notification once.
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (list.data?.pages.flatMap((page) => page.items) ?? []).filter((item) =>
      seen.has(item.id) ? false : (seen.add(item.id), true),
    );
  }, [list.data]);

  const failed = list.isError && !list.data;
  const toldFailure = useRef(false);
  useEffect(() => {
    if (failed && !toldFailure.current) notify('error', notices.errorFetchingNotifications);
    toldFailure.current = failed;
  }, [failed]);

  const onDismiss = (id: number) => {
    setPendingId(id);
    dismiss.mutate(id, {
      onSuccess: () => notify('success', notices.notificationDismissed),
      onError: () => notify('error', notices.errorDismissingNotification),
      onSettled: () => setPendingId(null),
    });
  };

  return (
    <Box sx={{ maxWidth: 840 }}>
      <PageHeader
        title={notificationTexts.title}
        actions={<CsvDownloadButton path="/api/notifications" listName={notificationTexts.title} />}
      />
      <BrowserNotificationsControl />
      {list.isPending && <LoadingState />}
      {failed && (
        <ErrorState text={notices.errorFetchingNotifications} onRetry={() => void list.refetch()} />
      )}
      {list.isSuccess && items.length === 0 && <EmptyState text={notificationTexts.empty} />}
      {items.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label={notificationTexts.title}>
          {items.map((notification) => (
            <NotificationCard
              key={notification.id}
              notification={notification}
              busy={pendingId === notification.id}
              onDismiss={() => onDismiss(notification.id)}
            />
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Button
          sx={{ mt: 2 }}
          variant="outlined"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {notificationTexts.showMore}
        </Button>
      )}
    </Box>
  );
}
