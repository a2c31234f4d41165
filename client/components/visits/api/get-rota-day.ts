import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RotaDay } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { visitKeys } from './keys.ts';

/** The day view's status is live: read again every minute. */
export const ROTA_DAY_REFRESH_MS = 60_000;

/** GET /api/rota/day?date=YYYY-MM-DD (null: today in the agency's zone). */
export function fetchRotaDay(date: string | null, page: number, signal?: AbortSignal) {
  return api<RotaDay>('/api/rota/day', { query: { date, page: page > 1 ? page : null }, signal });
}

/** Every visit of a day with its status, refreshed every minute. */
export function useRotaDay(date: string | null, page: number, enabled = true) {
  return useQuery({
    queryKey: visitKeys.rotaDay(date, page),
    queryFn: ({ signal }) => fetchRotaDay(date, page, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: ROTA_DAY_REFRESH_MS,
    retry: false,
  });
}
