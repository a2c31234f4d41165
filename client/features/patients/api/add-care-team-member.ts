import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CareTeamMember } from '../../../../shared/schemas/patients.ts';
import { api } from '../../../lib/api.ts';
import { patientKeys } from './keys.ts';

/** Puts a doctor or caregiver on a patient's care team. */
export function useAddCareTeamMember(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api<CareTeamMember>(`/api/patients/${patientId}/care-team`, {
        method: 'POST',
        body: { userId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.careTeam(patientId) }),
  });
}
