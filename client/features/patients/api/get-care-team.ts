import { useQuery } from '@tanstack/react-query';
import type { CareTeamMember } from '../../../../shared/schemas/patients.ts';
import { apiList } from '../../../lib/api.ts';
import { patientKeys } from './keys.ts';

/** The care team of a patient (teams are small: one page of up to 100 holds it). */
export function useCareTeam(patientId: number) {
  return useQuery({
    queryKey: patientKeys.careTeam(patientId),
    queryFn: ({ signal }) =>
      apiList<CareTeamMember>(`/api/patients/${patientId}/care-team`, {
        query: { limit: 100 },
        signal,
      }),
  });
}
