import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathOf } from '../../../../shared/record-types.ts';
import type { Dose, DoseInput } from '../../../../shared/schemas/doses.ts';
import { sendOrQueue } from '../../../lib/offline-queue.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/**
 * Records a dose's outcome (POST /api/doses), or keeps it on the device when the server cannot
 * be reached (`queued`: sent when the connection returns). Afterwards the dose lists and the
 * medication log (each outcome writes its entry) are read again.
 */
export function useRecordDose() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it runs all the same (not paused by the query library): the change is queued.
    networkMode: 'always',
    mutationFn: ({ body, label }: { body: DoseInput; label: string }) =>
      sendOrQueue<Dose>('dose', apiPathOf('dose'), body, {
        label,
        refs: {
          patientId: body.patientId,
          prescriptionId: body.prescriptionId,
          scheduledAt: body.scheduledAt,
        },
      }),
    onSettled: (result) => {
      // Queued: nothing changed on the server yet (the queue refreshes the lists once sent).
      if (result?.queued) return;
      // A refusal (already recorded by someone else, too soon) also means the list is stale.
      void queryClient.invalidateQueries({ queryKey: recordKey('dose') });
      void queryClient.invalidateQueries({ queryKey: recordKey('medication') });
    },
  });
}
