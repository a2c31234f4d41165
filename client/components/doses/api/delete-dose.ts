import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathOf } from '../../../../shared/record-types.ts';
import { api } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/** Deletes a dose recorded in error (softly; its log entry goes with it). */
export function useDeleteDose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${apiPathOf('dose')}/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recordKey('dose') });
      void queryClient.invalidateQueries({ queryKey: recordKey('medication') });
    },
  });
}
