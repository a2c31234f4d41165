import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit, VisitCorrectionInput } from '../../../../shared/schemas/visits.ts';
import { visitKeys } from '../../../components/visits/api/keys.ts';
import { api } from '../../../lib/api.ts';

/** A supervisor's correction of a visit's check-in and check-out (PUT /api/visits/{id}/times). */
export function useCorrectVisitTimes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VisitCorrectionInput }) =>
      api<Visit>(`/api/visits/times/${id}`, { method: 'PUT', body }),
    // Under the visits' root key: the timesheets, the summary, the rota and the chart refresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}
