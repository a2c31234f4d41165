import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Appointment } from '../../../../shared/schemas/appointments.ts';
import { apiPathOf } from '../../../../shared/record-types.ts';
import { apiList } from '../../../lib/api.ts';
import { appointmentKeys } from './keys.ts';

/** Where a list comes from: the caller's scope, one doctor's, or one patient's appointments. */
export type AppointmentSource =
  { kind: 'scope' } | { kind: 'doctor'; doctorId: number } | { kind: 'patient'; patientId: number };

export function appointmentsPath(source: AppointmentSource): string {
  switch (source.kind) {
    case 'scope':
      return apiPathOf('appointment');
    case 'doctor':
      return `${apiPathOf('appointment')}/doctor/${source.doctorId}`;
    case 'patient':
      return `${apiPathOf('appointment')}/patient/${source.patientId}`;
  }
}

export interface AppointmentQuery {
  from?: string;
  to?: string;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

/** One page of appointments (rows and the X-Total-Count total). */
export function useAppointments(
  source: AppointmentSource | null,
  query: AppointmentQuery,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: appointmentKeys.list(source, query),
    queryFn: ({ signal }) =>
      apiList<Appointment>(appointmentsPath(source!), { query: { ...query }, signal }),
    enabled: source !== null && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });
}
