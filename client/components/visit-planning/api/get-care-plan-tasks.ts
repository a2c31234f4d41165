import { useQuery } from '@tanstack/react-query';
import type { CarePlanTask } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { visitKeys } from '../../visits/api/keys.ts';

/** A patient's care plan tasks (GET /api/care-plan-tasks/patient/{id}), in their order. */
export function useCarePlanTasks(patientId: number | null) {
  return useQuery({
    queryKey: visitKeys.carePlan(patientId ?? 0),
    queryFn: ({ signal }) =>
      api<CarePlanTask[]>(`/api/care-plan-tasks/patient/${patientId}`, {
        query: { limit: 100 },
        signal,
      }),
    enabled: patientId !== null,
    select: (tasks) => [...tasks].sort((a, b) => a.position - b.position),
  });
}
