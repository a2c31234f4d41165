import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MyVisits } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { visitKeys } from './keys.ts';

/** Statuses move with the clock (late, check-in opening): the day is read again every minute. */
export const MY_VISITS_REFRESH_MS = 60_000;

/**
 * The caller's visits of a day (null: today in the agency's zone), read again every minute and
 * when the window comes back into focus (a phone taken out of a pocket); the day shown stays
 * while another loads.
 */
export function useMyVisits(date: string | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: visitKeys.mine(date),
    queryFn: ({ signal }) => api<MyVisits>('/api/visits/mine', { query: { date }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: MY_VISITS_REFRESH_MS,
    refetchOnWindowFocus: true,
    enabled: options.enabled ?? true,
  });
}
