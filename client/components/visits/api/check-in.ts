import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathOf } from '../../../../shared/record-types.ts';
import type { CheckIn, Visit } from '../../../../shared/schemas/visits.ts';
import { sendOrQueue } from '../../../lib/offline-queue.ts';
import { visitKeys } from './keys.ts';

/**
 * Checks in to a visit (POST /api/visits/check-in/{id}); the time is the server's, or the
 * phone's when the check-in was kept on it (`queued`) for lack of a connection.
 */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it runs all the same (not paused by the query library): the change is queued.
    networkMode: 'always',
    mutationFn: ({ id, body, label }: { id: number; body: CheckIn; label: string }) =>
      sendOrQueue<Visit>('checkIn', `${apiPathOf('visit')}/check-in/${id}`, body, {
        label,
        refs: { visitId: id },
      }),
    onSettled: (result) => {
      if (result?.queued) return;
      // A refusal (already checked in, closed) also means the day shown is stale.
      void queryClient.invalidateQueries({ queryKey: visitKeys.all });
    },
  });
}
