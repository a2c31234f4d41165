import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton } from '@mui/material';
import { Tooltip } from '../../components/tooltip.tsx';
import { Link as RouterLink } from 'react-router';
import { BELL_MAX, notificationTexts } from '../../../shared/messages.ts';
import { useUnreadCount } from './api/get-unread-count.ts';
import { useNotificationStream } from './use-notification-stream.ts';

/**
 * The bell with the unread count, shown in the top bar. It also keeps this tab's live
 * notification stream open, since the top bar is on screen whenever someone is signed in.
 */
export function NotificationBell() {
  useNotificationStream();
  const unread = useUnreadCount();
  const count = unread.data?.count ?? 0;
  return (
    <Tooltip title={notificationTexts.title}>
      <IconButton
        component={RouterLink}
        to="/notifications"
        color="inherit"
        size="large"
        aria-label={notificationTexts.bellLabel(count)}
        sx={{ mr: 1 }}
      >
        <Badge
          badgeContent={count}
          max={BELL_MAX}
          color="error"
          sx={{
            '& .MuiBadge-badge': {
              fontWeight: 700,
              border: '2px solid',
              borderColor: 'primary.main',
            },
          }}
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
