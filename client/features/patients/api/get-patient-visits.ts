import { useQuery } from '@tanstack/react-query';
import type { PatientVisits } from '../../../../shared/schemas/visits.ts';
import { visitKeys } from '../../../components/visits/api/keys.ts';
import { api } from '../../../lib/api.ts';

/** One patient's visits between two dates (GET /api/patients/{id}/visits?from=&to=). */
export function usePatientVisits(patientId: number, from: string, to: string) {
  return useQuery({
    queryKey: visitKeys.patient(patientId, from, to),
    queryFn: ({ signal }) =>
      api<PatientVisits>(`/api/patients/${patientId}/visits`, { query: { from, to }, signal }),
  });
}
