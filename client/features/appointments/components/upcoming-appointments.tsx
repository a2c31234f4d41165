import { Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { appointmentTexts, notices } from '../../../../shared/messages.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { useAppointments, type AppointmentSource } from '../api/list-appointments.ts';
import { AppointmentList } from './appointment-list.tsx';

/** The seed's 'Upcoming Appointments' card: the next appointments from now, soonest first. */
export function UpcomingAppointments({
  source,
  limit = 5,
}: {
  source: AppointmentSource | null;
  limit?: number;
}) {
  const [now] = useState(() => new Date());
  const query = useAppointments(source, { from: now.toISOString(), order: 'asc', limit });
  return (
    <Card component="section" aria-labelledby="upcoming-title" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Typography id="upcoming-title" variant="h5" component="h2" gutterBottom>
          Upcoming Appointments
        </Typography>
        {query.isLoading && <LoadingState />}
        {query.isError && (
          <ErrorState
            text={notices.errorFetchingAppointments}
            onRetry={() => void query.refetch()}
          />
        )}
        {query.data && query.data.items.length === 0 && (
          <EmptyState text={appointmentTexts.noUpcoming} />
        )}
        {query.data && query.data.items.length > 0 && (
          <AppointmentList items={query.data.items} label="Upcoming Appointments" />
        )}
      </CardContent>
    </Card>
  );
}
