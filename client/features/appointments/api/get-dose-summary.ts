import { useQuery } from '@tanstack/react-query';
import type { DoseSummary } from '../../../../shared/schemas/doses.ts';
import { api } from '../../../lib/api.ts';
import { appointmentKeys } from './keys.ts';

/** Late doses now and missed ones over the last 7 days, for the doctor's patients. */
export function useDoseSummary() {
  return useQuery({
    queryKey: appointmentKeys.doseSummary,
    queryFn: ({ signal }) => api<DoseSummary>('/api/doses/summary', { signal }),
    // Doses turn late and missed as time passes, with no change to announce it.
    refetchInterval: 60_000,
    retry: false,
  });
}
