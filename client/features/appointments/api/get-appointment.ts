import { useQuery } from '@tanstack/react-query';
import type { Appointment } from '../../../../shared/schemas/appointments.ts';
import { api } from '../../../lib/api.ts';
import { apiPathOf } from '../../../../shared/record-types.ts';
import { appointmentKeys } from './keys.ts';

/** One appointment, opened from a link (`?appointment=ID`); a missing one is not retried. */
export function useAppointment(id: number) {
  return useQuery({
    queryKey: appointmentKeys.one(id),
    queryFn: ({ signal }) => api<Appointment>(`${apiPathOf('appointment')}/${id}`, { signal }),
    retry: false,
  });
}
