import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VitalSeries } from '../../../../shared/schemas/chart.ts';
import { type SeriesSpan } from '../../../../shared/constants.ts';
import { api } from '../../../lib/api.ts';
import { vitalKeys } from './vital-keys.ts';

/** The patient's readings of a span, oldest first; the previous span shows while the next loads. */
export function useVitalSeries(patientId: number, span: SeriesSpan) {
  return useQuery({
    queryKey: vitalKeys.series(patientId, span),
    queryFn: ({ signal }) =>
      api<VitalSeries>(`/api/patients/${patientId}/vital-series`, {
        query: { days: span },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
