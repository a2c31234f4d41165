import { Box, Button, Card, CardActions, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { apiList } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';
import { useAppointments } from '../appointments/api/list-appointments.ts';
import { AppointmentCalendarPanel } from '../appointments/components/appointment-calendar-panel.tsx';
import { UpcomingAppointments } from '../appointments/components/upcoming-appointments.tsx';

/** A total read from X-Total-Count with the smallest page (one row); "1,001+" when capped. */
function figureOf(page: { total: number; capped: boolean }): string {
  return `${page.total.toLocaleString('en-US')}${page.capped ? '+' : ''}`;
}

function useTotal(key: string, path: string | null) {
  return useQuery({
    queryKey: ['dashboard-total', key, path],
    queryFn: async ({ signal }) =>
      figureOf(await apiList<unknown>(path!, { query: { limit: 1 }, signal })),
    enabled: path !== null,
    retry: false,
  });
}

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
          <Skeleton variant="text" width={64} sx={{ fontSize: '2.5rem' }} />
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
  const doctorId = user?.role === 'doctor' ? user.id : null;
  const source = doctorId === null ? null : ({ kind: 'doctor', doctorId } as const);
  const patients = useTotal('patients', '/api/patients');
  const records = useTotal(
    'medical-records',
    doctorId === null ? null : `/api/medical-records/doctor/${doctorId}`,
  );
  const appointments = useAppointments(source, { limit: 1 });

  return (
    <>
      <PageHeader title="Doctor Dashboard" />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
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
