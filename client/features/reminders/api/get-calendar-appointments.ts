import { useQuery } from '@tanstack/react-query';
import { apiPathOf } from '../../../../shared/record-types.ts';
import type { Appointment } from '../../../../shared/schemas/appointments.ts';
import type { CalendarRange } from '../../../components/appointment-calendar.tsx';
import { apiList } from '../../../lib/api.ts';
import { reminderKeys } from './keys.ts';

/** The appointments of the caregiver's patients in the range; none when they cannot be read. */
export function useCalendarAppointments(range: CalendarRange | null) {
  return useQuery({
    queryKey: reminderKeys.calendarAppointments(range?.from.toISOString(), range?.to.toISOString()),
    queryFn: async ({ signal }) => {
      try {
        return (
          await apiList<Appointment>(apiPathOf('appointment'), {
            query: { from: range!.from.toISOString(), to: range!.to.toISOString(), limit: 500 },
            signal,
          })
        ).items;
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        // The calendar still shows the reminders without them.
        return [];
      }
    },
    enabled: range !== null,
    retry: false,
  });
}
