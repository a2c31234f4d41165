import { useQuery } from '@tanstack/react-query';
import { fetchChart } from '../../../lib/prefetch-for-offline.ts';
import { patientKeys } from './keys.ts';

/** The chart's header of one patient; a 404 (missing or out of scope) is not retried. */
export function useChart(patientId: number) {
  return useQuery({
    queryKey: patientKeys.chart(patientId),
    queryFn: ({ signal }) => fetchChart(patientId, signal),
    enabled: Number.isInteger(patientId) && patientId > 0,
    retry: false,
  });
}
