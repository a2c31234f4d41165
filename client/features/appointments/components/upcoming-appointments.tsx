import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Box,
  Button,
  Card,
  CardContent,
  Link,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../../shared/format.ts';
import { appointmentTexts, notices } from '../../../../shared/messages.ts';
import type { Appointment } from '../../../../shared/schemas/appointments.ts';
import { appointmentStatusLabels } from '../../../../shared/constants.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { PatientLink } from '../../../components/patient-link.tsx';
import { useReaderIsPatient } from '../../../lib/auth.tsx';
import { useAppointment } from '../api/get-appointment.ts';
import { useAppointments, type AppointmentSource } from '../api/list-appointments.ts';
import { useDeferredData } from '../../../lib/deferred-data.ts';

/** The search parameter that opens one appointment on the Appointments screens. */
export const openedAppointmentParam = 'appointment';

/** Where staff see one appointment: the Appointments screen, that appointment opened. */
export const appointmentPathOf = (id: number) => `/appointments?${openedAppointmentParam}=${id}`;

/** The appointment a link opened (`?appointment=ID`), or null; and how to close it. */
export function useOpenedAppointment() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(openedAppointmentParam));
  return {
    id: Number.isInteger(id) && id > 0 ? id : null,
    close: () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(openedAppointmentParam);
          return next;
        },
        { replace: true },
      ),
  };
}

/**
 * The upcoming appointments as a list. Each entry's date and time is a link that opens the
 * appointment; the link covers the whole entry, so it is one large target, while the patient's
 * name stays a link to the chart of its own, above it.
 */
function UpcomingList({ items }: { items: Appointment[] }) {
  return (
    <List aria-label="Upcoming Appointments" disablePadding>
      {items.map((item) => (
        <ListItem
          key={item.id}
          divider
          sx={{
            position: 'relative',
            px: 0,
            pr: 5,
            alignItems: 'flex-start',
            borderRadius: 1,
            '&:hover': { backgroundColor: 'action.hover' },
            // The patient's link sits above the entry's.
            '& .patient-name a': { position: 'relative', zIndex: 1 },
          }}
        >
          <ListItemText
            primary={
              <span className="patient-name">
                Patient ID: {item.patientId} (
                <PatientLink patientId={item.patientId}>{item.patientName}</PatientLink>)
              </span>
            }
            secondary={
              <>
                <Link
                  component={RouterLink}
                  to={appointmentPathOf(item.id)}
                  underline="always"
                  sx={{
                    fontWeight: 500,
                    // The whole entry is the link's target.
                    '&::after': { content: '""', position: 'absolute', inset: 0 },
                    '&:focus-visible': { outline: 'none' },
                    '&:focus-visible::after': {
                      outline: '3px solid',
                      outlineColor: 'primary.main',
                      outlineOffset: -3,
                      borderRadius: 1,
                    },
                  }}
                >
                  {formatDateTime(item.appointmentDate)}
                </Link>
                <br />
                <span>Location: {item.location}</span>
              </>
            }
            slotProps={{ primary: { sx: { fontWeight: 500 } } }}
          />
          <ChevronRightIcon
            aria-hidden="true"
            sx={{
              position: 'absolute',
              right: 8,
              top: '50%',
              mt: '-12px',
              color: 'text.secondary',
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}

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
  // Drawn a moment after it arrives, in slices (useDeferredData).
  const { data, drawing } = useDeferredData(query.data);
  // A cancelled appointment stays in lists but is not upcoming.
  const items = data?.items.filter((a) => a.status !== 'cancelled');
  return (
    <Card component="section" aria-labelledby="upcoming-title" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Typography id="upcoming-title" variant="h5" component="h2" gutterBottom>
          Upcoming Appointments
        </Typography>
        {(query.isLoading || drawing) && <LoadingState />}
        {query.isError && (
          <ErrorState
            text={notices.errorFetchingAppointments}
            onRetry={() => void query.refetch()}
          />
        )}
        {items && items.length === 0 && <EmptyState text={appointmentTexts.noUpcoming} />}
        {items && items.length > 0 && <UpcomingList items={items} />}
      </CardContent>
    </Card>
  );
}

/**
 * One appointment opened from a link (`?appointment=ID` on the Appointments screens): its
 * details (the doctor by name only for a patient; the status, length and any cancel reason) in
 * a card above the table, with what the viewer may do to it and a button to close
 * it. Under the appointments' key: an edit or delete refreshes it too.
 */
export function OpenedAppointment({
  id,
  onClose,
  showDoctor = true,
  actions,
}: {
  id: number;
  onClose(): void;
  showDoctor?: boolean;
  actions?: (appointment: Appointment) => ReactNode;
}) {
  const query = useAppointment(id);
  const appointment = query.data;
  const readerIsPatient = useReaderIsPatient();
  return (
    <Card
      component="section"
      aria-labelledby="opened-appointment-title"
      variant="outlined"
      sx={{ mb: 3, borderWidth: 2, borderColor: 'primary.main' }}
    >
      <CardContent>
        <Typography id="opened-appointment-title" variant="h5" component="h2" gutterBottom>
          {appointment
            ? `Appointment on ${formatDateTime(appointment.appointmentDate)}`
            : 'Appointment'}
        </Typography>
        {query.isLoading && <LoadingState />}
        {query.isError && <EmptyState text="This appointment could not be found." />}
        {appointment && (
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            {showDoctor && (
              <Typography>
                Doctor:{' '}
                {readerIsPatient
                  ? appointment.doctorName
                  : `${appointment.doctorName} (${appointment.doctorUsername})`}
              </Typography>
            )}
            <Typography>
              Patient ID: {appointment.patientId} (
              <PatientLink patientId={appointment.patientId}>{appointment.patientName}</PatientLink>
              )
            </Typography>
            <Typography>Location: {appointment.location}</Typography>
            <Typography>
              Status: {appointmentStatusLabels[appointment.status] ?? appointment.status},{' '}
              {appointment.durationMinutes ?? 30} min
            </Typography>
            {appointment.cancelReason && (
              <Typography>Reason: {appointment.cancelReason}</Typography>
            )}
          </Box>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
          {appointment && actions?.(appointment)}
          <Button variant="outlined" onClick={onClose}>
            Close
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
