import { Typography } from '@mui/material';

export default function AuditPage() {
  return (
    <Typography variant="h4" component="h1">
      Audit Log
    </Typography>
  );
}
