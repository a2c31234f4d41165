import { Typography } from '@mui/material';

export default function PatientDashboardPage() {
  return (
    <Typography variant="h4" component="h1">
      Patient Dashboard
    </Typography>
  );
}
