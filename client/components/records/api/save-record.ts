import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathOf, type RecordType } from '../../../../shared/record-types.ts';
import { api } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/** Adds a record (no id) or replaces an existing one's fields, then refreshes its lists. */
export function useSaveRecord<TBody, TAnswer>(type: RecordType) {
  const queryClient = useQueryClient();
  const basePath = apiPathOf(type);
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TBody }) =>
      id
        ? api<TAnswer>(`${basePath}/${id}`, { method: 'PUT', body })
        : api<TAnswer>(basePath, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKey(type) }),
  });
}
