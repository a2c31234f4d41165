import { useQuery } from '@tanstack/react-query';
import type { CareTeamMember } from '../../../../shared/schemas/patients.ts';
import { api } from '../../../lib/api.ts';
import { careTeamKeys } from '../../api/keys.ts';

/**
 * The caregivers on a patient's care team (GET /api/patients/{id}/care-team): the only ones a
 * visit of that patient may be given to. The team is cached under the appointment dialog's key.
 */
export function useCareTeamCaregivers(patientId: number | null) {
  return useQuery({
    queryKey: careTeamKeys.doctors(patientId),
    queryFn: ({ signal }) =>
      api<CareTeamMember[]>(`/api/patients/${patientId}/care-team`, {
        query: { limit: 500 },
        signal,
      }),
    enabled: patientId !== null,
    select: (members) => members.filter((member) => member.role === 'caregiver'),
    staleTime: 60_000,
  });
}
