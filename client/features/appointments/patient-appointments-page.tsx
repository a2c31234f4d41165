import { Typography } from '@mui/material';

export default function PatientAppointmentsPage() {
  return (
    <Typography variant="h4" component="h1">
      Appointments
    </Typography>
  );
}
