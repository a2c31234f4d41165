import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { visitKeys } from '../../visits/api/keys.ts';

/** Deletes a visit planned in error (DELETE /api/visits/{id}). */
export function useDeleteVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/visits/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}
