import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '../../../shared/schemas/appointments.ts';
import { api } from '../../lib/api.ts';
import { recordKey } from '../../lib/query-keys.ts';

/** What the dialog sends: the seed's fields, the date already an ISO instant. */
export interface AppointmentPayload {
  doctorUsername: string;
  patientId: number;
  appointmentDate: string;
  location: string;
}

/** Adds (no id) or edits (id) an appointment, then refreshes every appointment list. */
export function useSaveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AppointmentPayload & { id?: number }) =>
      id === undefined
        ? api<Appointment>('/api/appointments', { method: 'POST', body })
        : api<Appointment>(`/api/appointments/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKey('appointment') }),
  });
}
