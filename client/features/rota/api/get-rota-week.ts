import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RotaWeek } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { visitKeys } from '../../../components/visits/api/keys.ts';

/** GET /api/rota?week=YYYY-MM-DD (null: this week in the agency's zone). */
export function fetchRotaWeek(week: string | null, page: number, signal?: AbortSignal) {
  return api<RotaWeek>('/api/rota', { query: { week, page: page > 1 ? page : null }, signal });
}

/** The rota of a week; the week shown stays while the next one loads. */
export function useRotaWeek(week: string | null, page: number, enabled = true) {
  return useQuery({
    queryKey: visitKeys.rotaWeek(week, page),
    queryFn: ({ signal }) => fetchRotaWeek(week, page, signal),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
