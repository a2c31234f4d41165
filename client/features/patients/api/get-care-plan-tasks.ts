import { useQuery } from '@tanstack/react-query';
import type { CarePlanTask } from '../../../../shared/schemas/visits.ts';
import { MAX_VISIT_TASKS } from '../../../../shared/constants.ts';
import { visitKeys } from '../../../components/visits/api/keys.ts';
import { apiList } from '../../../lib/api.ts';

/**
 * The patient's care plan tasks in their order (GET /api/care-plan-tasks/patient/{id}): the
 * standing tasks new visits copy. Under the type's root key, so any change refreshes it.
 */
export function useCarePlanTasks(patientId: number) {
  return useQuery({
    queryKey: visitKeys.carePlan(patientId),
    queryFn: async ({ signal }) => {
      const { items } = await apiList<CarePlanTask>(`/api/care-plan-tasks/patient/${patientId}`, {
        query: { limit: MAX_VISIT_TASKS * 2, count: 'none' },
        signal,
      });
      return [...items].sort((a, b) => a.position - b.position || a.id - b.id);
    },
  });
}
