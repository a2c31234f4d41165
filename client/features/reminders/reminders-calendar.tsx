import AlarmIcon from '@mui/icons-material/Alarm';
import EventIcon from '@mui/icons-material/Event';
import {
  Card,
  CardContent,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { isSameDay } from 'date-fns';
import { useMemo, useState } from 'react';
import { dateFormatter, displayZoneDate, formatDateTime } from '../../../shared/format.ts';
import { reminderTexts } from '../../../shared/messages.ts';
import {
  AppointmentCalendar,
  sameTile,
  type CalendarRange,
  type CalendarView,
} from '../../components/appointment-calendar.tsx';
import { PatientLink } from '../../components/patient-link.tsx';
import { useDeferredData } from '../../lib/deferred-data.ts';
import { useCalendarAppointments } from './api/get-calendar-appointments.ts';
import { useRemindersInRange } from './api/get-reminders-in-range.ts';

const dayHeading = (day: Date) =>
  dateFormatter('en-US', { month: 'short', day: '2-digit', year: 'numeric' }).format(day);

/**
 * The dashboard's calendar: days with reminders or appointments are marked; the chosen day's
 * reminders and appointments are listed below it.
 */
export function RemindersCalendar({ enabled }: { enabled: boolean }) {
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [selected, setSelected] = useState<Date>(() => displayZoneDate(new Date()));
  const reminders = useRemindersInRange(range, { enabled });
  const appointments = useCalendarAppointments(range);

  // Drawn a moment after they arrive, in slices (useDeferredData).
  const reminderList = useDeferredData(reminders.data).data;
  const appointmentList = useDeferredData(appointments.data).data;
  // Each time in the shown zone once, not once per day tile of the calendar.
  const reminderDays = useMemo(
    () => (reminderList ?? []).map((r) => displayZoneDate(r.date)),
    [reminderList],
  );
  const appointmentDays = useMemo(
    () => (appointmentList ?? []).map((a) => displayZoneDate(a.appointmentDate)),
    [appointmentList],
  );
  const marks = useMemo(
    () => [
      ...(reminderList ?? []).map((r) => r.date),
      ...(appointmentList ?? []).map((a) => a.appointmentDate),
    ],
    [reminderList, appointmentList],
  );
  // A marked day may hold reminders only: say what it holds ("1 reminder, 2 appointments").
  const markLabel = (date: Date, view: CalendarView) => {
    const count = (days: Date[]) => days.filter((day) => sameTile(view, day, date)).length;
    return `, ${reminderTexts.calendarDayLabel(count(reminderDays), count(appointmentDays))}`;
  };
  const dayReminders = (reminderList ?? []).filter((_, i) => isSameDay(reminderDays[i]!, selected));
  const dayAppointments = (appointmentList ?? []).filter((_, i) =>
    isSameDay(appointmentDays[i]!, selected),
  );

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {reminderTexts.calendarTitle}
        </Typography>
        <AppointmentCalendar
          label={reminderTexts.calendarTitle}
          marks={marks}
          selected={selected}
          onSelectDay={setSelected}
          onRangeChange={setRange}
          markLabel={markLabel}
        />
        <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
          {dayHeading(selected)}
        </Typography>
        {dayReminders.length === 0 && dayAppointments.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {reminderTexts.dayEmpty}
          </Typography>
        ) : (
          <List dense aria-label={dayHeading(selected)}>
            {dayReminders.map((reminder) => (
              <ListItem key={`r${reminder.id}`} disableGutters>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <AlarmIcon color="primary" titleAccess={reminderTexts.calendarLegendReminder} />
                </ListItemIcon>
                <ListItemText
                  primary={reminder.message}
                  secondary={formatDateTime(reminder.date)}
                />
              </ListItem>
            ))}
            {dayAppointments.map((appointment) => (
              <ListItem key={`a${appointment.id}`} disableGutters>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <EventIcon
                    color="success"
                    titleAccess={reminderTexts.calendarLegendAppointment}
                  />
                </ListItemIcon>
                <ListItemText
                  primary={
                    <>
                      <PatientLink patientId={appointment.patientId}>
                        {appointment.patientName}
                      </PatientLink>
                      {` · ${appointment.location}`}
                    </>
                  }
                  secondary={formatDateTime(appointment.appointmentDate)}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
