import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathOf } from '../../../../shared/record-types.ts';
import type { CheckOut, Visit } from '../../../../shared/schemas/visits.ts';
import { sendOrQueue } from '../../../lib/offline-queue.ts';
import { recordKey } from '../../../lib/query-keys.ts';
import { visitKeys } from './keys.ts';

/**
 * Checks out of a visit (POST /api/visits/check-out/{id}) with the tasks' outcomes and a note,
 * which may become a progress report in the same step: the report lists are read again too.
 * Without a connection it is kept on the phone (`queued`), behind the visit's check-in.
 */
export function useCheckOut() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it runs all the same (not paused by the query library): the change is queued.
    networkMode: 'always',
    mutationFn: ({ id, body, label }: { id: number; body: CheckOut; label: string }) =>
      sendOrQueue<Visit>('checkOut', `${apiPathOf('visit')}/check-out/${id}`, body, {
        label,
        refs: { visitId: id },
      }),
    onSettled: (result) => {
      if (result?.queued) return;
      void queryClient.invalidateQueries({ queryKey: visitKeys.all });
      if (result?.data.progressReportId) {
        void queryClient.invalidateQueries({ queryKey: recordKey('progress-report') });
      }
    },
  });
}
