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
import { displayZoneDate, formatDateTime } from '../../../shared/format.ts';
import { reminderTexts } from '../../../shared/messages.ts';
import {
  AppointmentCalendar,
  sameTile,
  type CalendarRange,
  type CalendarView,
} from '../../components/appointment-calendar.tsx';
import { PatientLink } from '../../components/patient-link.tsx';
import { useCalendarAppointments } from './api/get-calendar-appointments.ts';
import { useRemindersInRange } from './api/get-reminders-in-range.ts';

const dayHeading = (day: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' }).format(day);

/**
 * The dashboard's calendar: days with reminders or appointments are marked; the chosen day's
 * reminders and appointments are listed below it.
 */
export function RemindersCalendar({ enabled }: { enabled: boolean }) {
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [selected, setSelected] = useState<Date>(() => displayZoneDate(new Date()));
  const reminders = useRemindersInRange(range, { enabled });
  const appointments = useCalendarAppointments(range);

  const marks = useMemo(
    () => [
      ...(reminders.data ?? []).map((r) => r.date),
      ...(appointments.data ?? []).map((a) => a.appointmentDate),
    ],
    [reminders.data, appointments.data],
  );
  // A marked day may hold reminders only: say what it holds ("1 reminder, 2 appointments").
  const markLabel = (date: Date, view: CalendarView) => {
    const count = (times: string[]) =>
      times.filter((time) => sameTile(view, displayZoneDate(time), date)).length;
    return `, ${reminderTexts.calendarDayLabel(
      count((reminders.data ?? []).map((r) => r.date)),
      count((appointments.data ?? []).map((a) => a.appointmentDate)),
    )}`;
  };
  const dayReminders = (reminders.data ?? []).filter((r) =>
    isSameDay(displayZoneDate(r.date), selected),
  );
  const dayAppointments = (appointments.data ?? []).filter((a) =>
    isSameDay(displayZoneDate(a.appointmentDate), selected),
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
