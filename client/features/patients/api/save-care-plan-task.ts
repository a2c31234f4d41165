import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarePlanTask, CarePlanTaskInput } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/**
 * Adds a care plan task (no id) or renames or moves one (PUT with its new title and place:
 * the other tasks shift to make room), then refreshes the care plan.
 */
export function useSaveCarePlanTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CarePlanTaskInput }) =>
      id
        ? api<CarePlanTask>(`/api/care-plan-tasks/${id}`, { method: 'PUT', body })
        : api<CarePlanTask>('/api/care-plan-tasks', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKey('care-plan-task') }),
  });
}
