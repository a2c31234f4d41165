import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AllergyStatus } from '../../../../shared/schemas/allergies.ts';
import { api } from '../../../lib/api.ts';
import { patientKeys } from './keys.ts';

/** Records that the patient has no known allergies (or takes that back). */
export function useSetAllergyStatus(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noKnownAllergies: boolean) =>
      api<{ allergyStatus: AllergyStatus }>(`/api/patients/${patientId}/allergy-status`, {
        method: 'PUT',
        body: { noKnownAllergies },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.chart(patientId) }),
  });
}
