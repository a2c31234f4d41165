import { useQuery } from '@tanstack/react-query';
import type { Visit } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { visitKeys } from '../../visits/api/keys.ts';

/** One visit with its tasks (GET /api/visits/{id}), for its dialogs. */
export function useVisit(id: number | null) {
  return useQuery({
    queryKey: visitKeys.one(id ?? 0),
    queryFn: ({ signal }) => api<Visit>(`/api/visits/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}
