import { Typography } from '@mui/material';

export default function PatientDetailPage() {
  return (
    <Typography variant="h4" component="h1">
      Patient
    </Typography>
  );
}
