import { Typography } from '@mui/material';

export default function AccessLogPage() {
  return (
    <Typography variant="h4" component="h1">
      Who viewed my record
    </Typography>
  );
}
