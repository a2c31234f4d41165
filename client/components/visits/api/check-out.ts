import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathOf } from '../../../../shared/record-types.ts';
import type { CheckOut, Visit } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';
import { visitKeys } from './keys.ts';

/**
 * Checks out of a visit (POST /api/visits/check-out/{id}) with the tasks' outcomes and a note,
 * which may become a progress report in the same step: the report lists are read again too.
 */
export function useCheckOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CheckOut }) =>
      api<Visit>(`${apiPathOf('visit')}/check-out/${id}`, { method: 'POST', body }),
    onSettled: (visit) => {
      void queryClient.invalidateQueries({ queryKey: visitKeys.all });
      if (visit?.progressReportId) {
        void queryClient.invalidateQueries({ queryKey: recordKey('progress-report') });
      }
    },
  });
}
