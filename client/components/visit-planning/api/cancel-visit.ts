import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit, VisitCancel } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { visitKeys } from '../../visits/api/keys.ts';

/** Cancels a visit with a reason, or it and the following ones (POST /api/visits/{id}/cancel). */
export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VisitCancel }) =>
      api<Visit>(`/api/visits/cancel/${id}`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}
