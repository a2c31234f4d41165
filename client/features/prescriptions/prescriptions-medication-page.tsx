import { Typography } from '@mui/material';

export default function PrescriptionsMedicationPage() {
  return (
    <Typography variant="h4" component="h1">
      Prescriptions &amp; Medication
    </Typography>
  );
}
