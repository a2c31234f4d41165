import { useQuery } from '@tanstack/react-query';
import { apiPathOf, type RecordType } from '../../../../shared/record-types.ts';
import { api } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/**
 * One record of any type by id (GET /api/<plural>/{id}), for the timeline's record view. Its key
 * starts with the type's root key, so a change of the type refreshes it.
 */
export function useRecord<T>(type: RecordType, id: number | null) {
  return useQuery({
    queryKey: [...recordKey(type), 'one', id],
    queryFn: ({ signal }) => api<T>(`${apiPathOf(type)}/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}
