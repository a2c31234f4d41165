import { List, ListItem, ListItemText } from '@mui/material';
import { formatDateTime } from '../../../../shared/format.ts';
import {
  appointmentStatusLabels,
  type Appointment,
} from '../../../../shared/schemas/appointments.ts';
import { PatientLink } from '../../../components/patient-link.tsx';

/**
 * Appointments as a list: Patient ID (and name), the date as 'Dec 01, 2024, 10:00 AM' in the
 * viewer's zone, the location and, when asked, the doctor.
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
  return (
    <List aria-label={label} disablePadding>
      {items.map((item) => (
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
                  {formatDateTime(item.appointmentDate)} · {item.durationMinutes ?? 30} min ·{' '}
                  {appointmentStatusLabels[item.status] ?? appointmentStatusLabels.scheduled}
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
                      Doctor: {item.doctorName} ({item.doctorUsername})
                    </span>
                  </>
                )}
              </>
            }
            slotProps={{ primary: { sx: { fontWeight: 500 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
