import { useQuery } from '@tanstack/react-query';
import type { CareTeamMember } from '../../../shared/schemas/patients.ts';
import { api } from '../../lib/api.ts';
import { careTeamKeys } from './keys.ts';

/** The doctors on a patient's care team: the ones a patient may request an appointment with. */
export function useCareTeamDoctors(patientId: number | null) {
  return useQuery({
    queryKey: careTeamKeys.doctors(patientId),
    queryFn: ({ signal }) =>
      api<CareTeamMember[]>(`/api/patients/${patientId}/care-team`, {
        query: { limit: 500 },
        signal,
      }),
    enabled: patientId !== null,
    select: (members) => members.filter((member) => member.role === 'doctor'),
    staleTime: 60_000,
  });
}
