import { useQuery } from '@tanstack/react-query';
import { apiPathOf, type RecordType } from '../../../../shared/record-types.ts';
import { apiList } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/**
 * The newest `limit` records of a type of one patient (GET /api/<plural>/patient/{id}), without
 * a total: for the care summary, which shows only the latest.
 */
export function usePatientRecords<T>(type: RecordType, patientId: number, limit: number) {
  const path = `${apiPathOf(type)}/patient/${patientId}`;
  return useQuery({
    queryKey: [...recordKey(type), path, { limit, count: 'none' }],
    queryFn: ({ signal }) => apiList<T>(path, { query: { limit, count: 'none' }, signal }),
  });
}
