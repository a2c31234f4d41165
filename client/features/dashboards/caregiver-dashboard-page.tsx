import { Typography } from '@mui/material';

export default function CaregiverDashboardPage() {
  return (
    <Typography variant="h4" component="h1">
      Caregiver Dashboard
    </Typography>
  );
}
