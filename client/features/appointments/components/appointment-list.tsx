import { Box, List, ListItem, ListItemText } from '@mui/material';
import type { Appointment } from '../../../../shared/schemas/appointments.ts';
import { appointmentStatusLabels } from '../../../../shared/constants.ts';
import { appointmentTimeText } from '../../../components/appointment-calendar.tsx';
import { PatientLink } from '../../../components/patient-link.tsx';
import { useReaderIsPatient } from '../../../lib/auth.tsx';

/**
 * One day's appointments as a list: Patient ID (and name), the time and length as
 * '09:00 AM, 30 min' in the display zone, the status in words (a cancelled one struck through,
 * with its reason), the location and, when asked, the doctor (by name only for a patient).
 */
export function AppointmentList({
  items,
  showDoctor = false,
  label,
}: {
  items: Appointment[];
  showDoctor?: boolean;
  label: string;
}) {
  const readerIsPatient = useReaderIsPatient();
  return (
    <List aria-label={label} disablePadding>
      {items.map((item) => {
        const status = item.status ?? 'scheduled';
        const cancelled = status === 'cancelled';
        const time = appointmentTimeText(item.appointmentDate, item.durationMinutes);
        return (
          <ListItem key={item.id} divider sx={{ px: 0, alignItems: 'flex-start' }}>
            <ListItemText
              primary={
                <>
                  Patient ID: {item.patientId} (
                  <PatientLink patientId={item.patientId}>{item.patientName}</PatientLink>)
                </>
              }
              secondary={
                <>
                  <span>
                    {cancelled ? <s>{time}</s> : time} ·{' '}
                    <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
                      {appointmentStatusLabels[status] ?? appointmentStatusLabels.scheduled}
                    </Box>
                  </span>
                  {item.cancelReason && (
                    <>
                      <br />
                      <span>Reason: {item.cancelReason}</span>
                    </>
                  )}
                  <br />
                  <span>Location: {item.location}</span>
                  {showDoctor && (
                    <>
                      <br />
                      <span>
                        Doctor:{' '}
                        {readerIsPatient
                          ? item.doctorName
                          : `${item.doctorName} (${item.doctorUsername})`}
                      </span>
                    </>
                  )}
                </>
              }
              slotProps={{ primary: { sx: { fontWeight: 500 } } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
