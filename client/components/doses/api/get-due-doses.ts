import { useQuery } from '@tanstack/react-query';
import type { DueDoses } from '../../../../shared/schemas/doses.ts';
import { api } from '../../../lib/api.ts';
import { doseKeys } from './keys.ts';

/** Statuses move with the clock (due, late, missed): the list is read again every minute. */
export const DUE_REFRESH_MS = 60_000;

/** The caller's patients' doses due now and overdue, and their as-needed medicines. */
export function useDueDoses(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: doseKeys.due(),
    queryFn: ({ signal }) => api<DueDoses>('/api/doses/due', { signal }),
    refetchInterval: DUE_REFRESH_MS,
    enabled: options.enabled ?? true,
  });
}
