import { Box, Button, Card, CardActions, CardContent, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { staffIdAs } from '../../../shared/permissions.ts';
import { apiPathOf } from '../../../shared/record-types.ts';
import { useSession } from '../../lib/auth.tsx';
import { figureOf, useListTotal } from './api/get-list-total.ts';
import { useAppointments } from './api/list-appointments.ts';
import { AppointmentCalendarPanel } from './components/appointment-calendar-panel.tsx';
import { MedicationRoundsCard } from './components/medication-rounds-card.tsx';
import { UpcomingAppointments } from './components/upcoming-appointments.tsx';

function FigureCard({
  title,
  value,
  isLoading,
  to,
  action,
}: {
  title: string;
  value: string | undefined;
  isLoading: boolean;
  to: string;
  action: string;
}) {
  const id = `figure-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Card
      component="section"
      aria-labelledby={id}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ p: 0, flexGrow: 1 }}>
        <Typography id={id} variant="h6" component="h2" color="text.secondary">
          {title}
        </Typography>
        {isLoading ? (
          // The placeholder takes the figure's line (its type size and line height), so the
          // cards below do not move when the figure arrives.
          <Typography variant="h3" component="p">
            <Skeleton variant="text" width={64} />
          </Typography>
        ) : (
          // A figure the feature behind it cannot give (not there, or refused) reads as a dash.
          <Typography
            variant="h3"
            component="p"
            sx={{ fontWeight: 700 }}
            aria-label={`${title}: ${value ?? 'not available'}`}
          >
            {value ?? '—'}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ p: 0, pt: 2 }}>
        <Button component={RouterLink} to={to} variant="contained">
          {action}
        </Button>
      </CardActions>
    </Card>
  );
}

/** /dashboard: the doctor's figures, upcoming appointments and appointment calendar. */
export default function DoctorDashboardPage() {
  const { user } = useSession();
  const doctorId = staffIdAs(user, 'doctor');
  const source = doctorId === null ? null : ({ kind: 'doctor', doctorId } as const);
  const patients = useListTotal('patients', apiPathOf('patient'));
  const records = useListTotal(
    'medical-records',
    doctorId === null ? null : `${apiPathOf('medical-record')}/doctor/${doctorId}`,
  );
  const appointments = useAppointments(source, { limit: 1 });

  return (
    <>
      <PageHeader title="Doctor Dashboard" />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          mb: 3,
        }}
      >
        <FigureCard
          title="Total Patients"
          value={patients.data}
          isLoading={patients.isLoading}
          to="/patients"
          action="View Patients"
        />
        <FigureCard
          title="Appointments"
          value={appointments.data && figureOf(appointments.data)}
          isLoading={appointments.isLoading}
          to="/appointments"
          action="View Appointments"
        />
        <FigureCard
          title="Medical Records"
          value={records.data}
          isLoading={records.isLoading}
          to="/medical-records"
          action="View Medical Records"
        />
        <MedicationRoundsCard />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
          alignItems: 'start',
        }}
      >
        <UpcomingAppointments source={source} />
        <AppointmentCalendarPanel source={source} />
      </Box>
    </>
  );
}
