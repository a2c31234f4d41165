import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathOf, type RecordType } from '../../../../shared/record-types.ts';
import { api } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/** Deletes a record (softly, on the server), then refreshes its lists. */
export function useDeleteRecord(type: RecordType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${apiPathOf(type)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKey(type) }),
  });
}
