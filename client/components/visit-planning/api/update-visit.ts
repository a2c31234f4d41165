import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit, VisitUpdate } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { visitKeys } from '../../visits/api/keys.ts';

/** Changes a planned visit, or it and the following ones of its series (PUT /api/visits/{id}). */
export function useUpdateVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VisitUpdate }) =>
      api<Visit>(`/api/visits/${id}`, { method: 'PUT', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}
