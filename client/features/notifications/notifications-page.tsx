import { Typography } from '@mui/material';

export default function NotificationsPage() {
  return (
    <Typography variant="h4" component="h1">
      Notifications
    </Typography>
  );
}
