import { useQuery } from '@tanstack/react-query';
import type { Timesheet } from '../../../../shared/schemas/visits.ts';
import { visitKeys } from '../../../components/visits/api/keys.ts';
import { api } from '../../../lib/api.ts';

/** One caregiver's timesheet over a period (GET /api/timesheets); null caregiver: the caller's. */
export function useTimesheet(caregiverId: number | null, from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: visitKeys.timesheet(caregiverId, from, to),
    queryFn: ({ signal }) =>
      api<Timesheet>('/api/timesheets', { query: { caregiverId, from, to }, signal }),
    enabled,
    retry: false,
  });
}
