import { Box, Button, Paper, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { notices, patientTexts } from '../../../shared/messages.ts';
import { formatDate } from '../../../shared/format.ts';
import type { Patient } from '../../../shared/schemas/patients.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { VitalSignsSection } from '../../components/records/vital-signs-section.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';
import { usePatient } from './api/get-patient.ts';
import { CareTeamSection } from './components/care-team-section.tsx';
import { PatientAccountSection } from './components/patient-account-section.tsx';

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

/** One patient: details, vital signs, the care team and the link to the patient's own account. */
export default function PatientDetailPage() {
  const { id } = useParams();
  const patientId = Number(id);
  const { can } = useSession();
  const patient = usePatient(patientId);
  const canManage = can('care-teams:manage');
  const readsVitals = can('vital-signs:read');
  const back = (
    <Button component={RouterLink} to="/patients" variant="outlined">
      Back to patients
    </Button>
  );

  if (patient.isLoading) return <LoadingState />;
  if (!patient.data) {
    const missing =
      !Number.isInteger(patientId) ||
      (patient.error instanceof ApiError && patient.error.status === 404);
    return (
      <>
        <PageHeader title="Patient" actions={back} />
        {missing ? (
          <EmptyState text={patientTexts.patientNotFound} />
        ) : (
          <ErrorState text={notices.failedToFetchPatients} onRetry={() => void patient.refetch()} />
        )}
      </>
    );
  }

  const p = patient.data;
  return (
    <>
      <PageHeader title={`${p.firstName} ${p.lastName}`} actions={back} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Paper component="section" aria-labelledby="details-title" sx={{ p: 3, borderRadius: 3 }}>
          <Typography id="details-title" variant="h5" component="h2" sx={{ mb: 2 }}>
            Details
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
              '& dd': { m: 0 },
            }}
          >
            {details.map(({ label, value }) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value(p)}</dd>
              </Box>
            ))}
          </Box>
        </Paper>
        {readsVitals && <VitalSignsSection patientId={p.id} />}
        <CareTeamSection patientId={p.id} canManage={canManage} />
        <PatientAccountSection patient={p} canManage={canManage} />
      </Box>
    </>
  );
}
