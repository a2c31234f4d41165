import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '../../../shared/schemas/appointments.ts';
import { api } from '../../lib/api.ts';
import { recordKey } from '../../lib/query-keys.ts';

/** A status change: mark completed, no-show or scheduled, or cancel with a reason. */
export type AppointmentStatusChange =
  | { id: number; status: 'scheduled' | 'completed' | 'no-show' }
  | { id: number; cancelReason: string };

/** Changes an appointment's status, then refreshes every appointment list. */
export function useAppointmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AppointmentStatusChange) =>
      'cancelReason' in change
        ? api<Appointment>(`/api/appointments/cancel/${change.id}`, {
            method: 'POST',
            body: { reason: change.cancelReason },
          })
        : api<Appointment>(`/api/appointments/status/${change.id}`, {
            method: 'POST',
            body: { status: change.status },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKey('appointment') }),
  });
}
