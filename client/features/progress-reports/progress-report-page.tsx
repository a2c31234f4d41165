import { Typography } from '@mui/material';

export default function ProgressReportPage() {
  return (
    <Typography variant="h4" component="h1">
      Progress Report
    </Typography>
  );
}
