import { Typography } from '@mui/material';

export default function MedicalRecordsPage() {
  return (
    <Typography variant="h4" component="h1">
      Medical Records
    </Typography>
  );
}
