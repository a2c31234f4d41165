import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VitalRangesInput } from '../../../../shared/schemas/chart.ts';
import type { PatientRanges } from '../../../../shared/vital-thresholds.ts';
import { api } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';
import { vitalKeys } from './vital-keys.ts';

/**
 * Sets the patient's ranges (null: back to the default), then refreshes everything drawn or
 * flagged against them.
 */
export function useSaveVitalRanges(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VitalRangesInput) =>
      api<PatientRanges>(`/api/patients/${patientId}/vital-ranges`, { method: 'PUT', body }),
    onSuccess: (ranges) => {
      queryClient.setQueryData(vitalKeys.ranges(patientId), ranges);
      void queryClient.invalidateQueries({ queryKey: recordKey('vital-sign') });
    },
  });
}
