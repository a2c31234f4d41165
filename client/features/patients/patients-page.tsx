import { Typography } from '@mui/material';

export default function PatientsPage() {
  return (
    <Typography variant="h4" component="h1">
      Patients
    </Typography>
  );
}
