import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { patientKeys } from './keys.ts';

/** Takes a doctor or caregiver off a patient's care team. */
export function useRemoveCareTeamMember(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api<void>(`/api/patients/${patientId}/care-team/${userId}`, { method: 'DELETE' }),
    // Removing oneself can take the patient out of one's own scope: refresh every view.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
