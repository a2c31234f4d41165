import { useQuery } from '@tanstack/react-query';
import type { Chart } from '../../../../shared/schemas/chart.ts';
import { api } from '../../../lib/api.ts';
import { patientKeys } from './keys.ts';

/** The chart's header of one patient; a 404 (missing or out of scope) is not retried. */
export function useChart(patientId: number) {
  return useQuery({
    queryKey: patientKeys.chart(patientId),
    queryFn: ({ signal }) => api<Chart>(`/api/patients/${patientId}/chart`, { signal }),
    enabled: Number.isInteger(patientId) && patientId > 0,
    retry: false,
  });
}
