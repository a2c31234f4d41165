import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/** Takes a task off the patient's care plan (DELETE /api/care-plan-tasks/{id}). */
export function useDeleteCarePlanTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/care-plan-tasks/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKey('care-plan-task') }),
  });
}
