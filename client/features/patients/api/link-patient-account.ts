import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chart } from '../../../../shared/schemas/chart.ts';
import type { Patient } from '../../../../shared/schemas/patients.ts';
import { api } from '../../../lib/api.ts';
import { patientKeys } from './keys.ts';

/** Links the patient's own user account by username, or unlinks it (null). */
export function useLinkPatientAccount(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string | null) =>
      api<Patient>(`/api/patients/${patientId}/account`, { method: 'PUT', body: { username } }),
    onSuccess: (patient) => {
      queryClient.setQueryData(patientKeys.detail(patientId), patient);
      queryClient.setQueryData<Chart>(patientKeys.chart(patientId), (chart) =>
        chart ? { ...chart, patient } : chart,
      );
      // The answer is the fresh record: refresh only the paged lists (every refetch of this
      // record or its care team would be one more row in the patient's access log).
      return queryClient.invalidateQueries({
        queryKey: patientKeys.all,
        predicate: (query) => typeof query.queryKey[1] === 'object',
      });
    },
  });
}
