import { useQuery } from '@tanstack/react-query';
import type { PatientRanges } from '../../../../shared/vital-thresholds.ts';
import { api } from '../../../lib/api.ts';
import { vitalKeys } from './vital-keys.ts';

/** The ranges the patient's readings are checked against (stored units), defaults marked. */
export function useVitalRanges(patientId: number) {
  return useQuery({
    queryKey: vitalKeys.ranges(patientId),
    queryFn: ({ signal }) =>
      api<PatientRanges>(`/api/patients/${patientId}/vital-ranges`, { signal }),
  });
}
