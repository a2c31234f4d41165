import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathOf } from '../../../../shared/record-types.ts';
import type { Dose, DoseInput } from '../../../../shared/schemas/doses.ts';
import { api } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/**
 * Records a dose's outcome (POST /api/doses). Afterwards the dose lists and the medication log
 * (each outcome writes its entry) are read again.
 */
export function useRecordDose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DoseInput) => api<Dose>(apiPathOf('dose'), { method: 'POST', body }),
    onSettled: () => {
      // A refusal (already recorded by someone else, too soon) also means the list is stale.
      void queryClient.invalidateQueries({ queryKey: recordKey('dose') });
      void queryClient.invalidateQueries({ queryKey: recordKey('medication') });
    },
  });
}
