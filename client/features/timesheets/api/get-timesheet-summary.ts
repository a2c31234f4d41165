import { useQuery } from '@tanstack/react-query';
import type { TimesheetSummary } from '../../../../shared/schemas/visits.ts';
import { visitKeys } from '../../../components/visits/api/keys.ts';
import { api } from '../../../lib/api.ts';

/** Every caregiver's totals over a period (GET /api/timesheets/summary, supervisors). */
export function useTimesheetSummary(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: visitKeys.timesheetSummary(from, to),
    queryFn: ({ signal }) =>
      api<TimesheetSummary>('/api/timesheets/summary', { query: { from, to }, signal }),
    enabled,
    retry: false,
  });
}
