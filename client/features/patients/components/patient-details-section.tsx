import { Box, Paper, Typography } from '@mui/material';
import { chartTexts } from '../../../../shared/messages.ts';
import { formatDate } from '../../../../shared/format.ts';
import type { Patient } from '../../../../shared/schemas/patients.ts';

const details: { label: string; value(p: Patient): string }[] = [
  { label: 'First Name', value: (p) => p.firstName },
  { label: 'Last Name', value: (p) => p.lastName },
  { label: 'Date of Birth', value: (p) => formatDate(p.dob) },
  { label: 'Gender', value: (p) => p.gender },
  { label: 'Address', value: (p) => p.address },
  { label: 'Phone Number', value: (p) => p.phoneNumber },
  { label: 'Emergency Contact', value: (p) => p.emergencyContact },
  { label: 'Emergency Contact Phone', value: (p) => p.emergencyContactPhone },
];

/** The patient's own fields, as the seed's form names them. */
export function PatientDetailsSection({ patient }: { patient: Patient }) {
  return (
    <Paper component="section" aria-labelledby="details-title" sx={{ p: 3, borderRadius: 3 }}>
      <Typography id="details-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {chartTexts.details}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: 1,
          m: 0,
          '& dt': { fontWeight: 600, color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {details.map(({ label, value }) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value(patient)}</dd>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
