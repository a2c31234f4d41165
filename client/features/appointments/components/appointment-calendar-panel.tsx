import { Box, Card, CardContent, Typography } from '@mui/material';
import { startOfDay } from 'date-fns';
import { useMemo, useState } from 'react';
import { displayZoneDate } from '../../../../shared/format.ts';
import { appointmentTexts, notices } from '../../../../shared/messages.ts';
import {
  AppointmentCalendar,
  displayDayBounds,
  displayZoneInstant,
  type CalendarRange,
} from '../../../components/appointment-calendar.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { useAppointments, type AppointmentSource } from '../api/list-appointments.ts';
import { toApiRange } from '../api/range.ts';
import { AppointmentList } from './appointment-list.tsx';
import { useDeferredData } from '../../../lib/deferred-data.ts';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Jan 05, 2025' for a calendar day (its local fields: the display zone's day), as date-fns's
 * format(day, 'MMM dd, yyyy') writes it (years below 1000 padded to four digits), without the
 * ~6 KB of its general formatter.
 */
function dayLabel(day: Date): string {
  const dayOfMonth = String(day.getDate()).padStart(2, '0');
  return `${months[day.getMonth()]} ${dayOfMonth}, ${String(day.getFullYear()).padStart(4, '0')}`;
}

/**
 * The 'Appointment Calendar' card: the calendar with the days that hold appointments marked by
 * status (loaded for the span on screen), and the chosen day's appointments listed below it
 * with their times, lengths and statuses. Days are those of the display zone. The
 * caregiver dashboard uses it with the caller's scope (`{kind: 'scope'}`).
 */
export function AppointmentCalendarPanel({
  source,
  title = 'Appointment Calendar',
  showDoctor = false,
}: {
  source: AppointmentSource | null;
  title?: string;
  showDoctor?: boolean;
}) {
  const [range, setRange] = useState<CalendarRange | null>(null);
  // Days are the display zone's: today is today there, and a day runs from its midnight there.
  const [selected, setSelected] = useState<Date>(() => startOfDay(displayZoneDate(new Date())));
  const visible = range
    ? toApiRange(displayZoneInstant(range.from), displayZoneInstant(range.to))
    : null;
  const marksQuery = useAppointments(
    source,
    { ...visible, order: 'asc', limit: 500 },
    { enabled: visible !== null },
  );
  const selectedBounds = displayDayBounds(selected);
  const selectedRange = toApiRange(selectedBounds.from, selectedBounds.to);
  const dayQuery = useAppointments(
    source,
    { ...selectedRange, order: 'asc', limit: 100 },
    { enabled: selectedRange !== null },
  );
  // Both answers are drawn a moment after they arrive, in slices (useDeferredData).
  const markData = useDeferredData(marksQuery.data).data;
  const day = useDeferredData(dayQuery.data);
  const marks = useMemo(() => (visible ? (markData?.items ?? []) : []), [visible, markData]);

  return (
    <Card component="section" aria-labelledby="calendar-title">
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Typography id="calendar-title" variant="h5" component="h2" gutterBottom>
          {title}
        </Typography>
        <AppointmentCalendar
          marks={marks}
          selected={selected}
          onSelectDay={(day) => setSelected(startOfDay(day))}
          onRangeChange={setRange}
          label={title}
        />
        {marksQuery.isError && <ErrorState text={notices.errorFetchingAppointments} />}
        <Box component="section" aria-labelledby="day-title" sx={{ mt: 2 }}>
          <Typography id="day-title" variant="h6" component="h3">
            Appointments on {dayLabel(selected)}
          </Typography>
          {(dayQuery.isLoading || day.drawing) && <LoadingState />}
          {dayQuery.isError && <ErrorState text={notices.errorFetchingAppointments} />}
          {day.data && day.data.items.length === 0 && (
            <EmptyState text={appointmentTexts.noAppointmentsOnDay} />
          )}
          {day.data && day.data.items.length > 0 && (
            <AppointmentList
              items={day.data.items}
              showDoctor={showDoctor}
              label={`Appointments on ${dayLabel(selected)}`}
            />
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
