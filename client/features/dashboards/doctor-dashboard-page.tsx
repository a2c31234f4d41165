import { Typography } from '@mui/material';

export default function DoctorDashboardPage() {
  return (
    <Typography variant="h4" component="h1">
      Doctor Dashboard
    </Typography>
  );
}
