import { useQuery } from '@tanstack/react-query';
import type { PatientVisits } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { visitKeys } from './keys.ts';

/**
 * One patient's visits over a period of dates (null: the server's default, today and the next
 * 14 days in the agency's zone). Null patient: nothing to read.
 */
export function usePatientVisits(
  patientId: number | null,
  from: string | null = null,
  to: string | null = null,
) {
  return useQuery({
    queryKey: visitKeys.patient(patientId ?? 0, from, to),
    queryFn: ({ signal }) =>
      api<PatientVisits>(`/api/patients/${patientId}/visits`, { query: { from, to }, signal }),
    enabled: patientId !== null,
    refetchOnWindowFocus: true,
  });
}
