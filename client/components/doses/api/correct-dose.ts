import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathOf } from '../../../../shared/record-types.ts';
import type { Dose, DoseInput } from '../../../../shared/schemas/doses.ts';
import { api } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/** Corrects a recorded dose (PUT /api/doses/{id}): the replaced version is kept by the server. */
export function useCorrectDose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DoseInput }) =>
      api<Dose>(`${apiPathOf('dose')}/${id}`, { method: 'PUT', body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recordKey('dose') });
      void queryClient.invalidateQueries({ queryKey: recordKey('medication') });
    },
  });
}
