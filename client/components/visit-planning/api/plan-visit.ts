import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit, VisitInput } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { visitKeys } from '../../visits/api/keys.ts';

/** Plans a visit, or a weekly series from its first visit (POST /api/visits). */
export function usePlanVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitInput) => api<Visit>('/api/visits', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}
