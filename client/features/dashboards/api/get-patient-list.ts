import { useQuery } from '@tanstack/react-query';
import type { RecordType } from '../../../../shared/record-types.ts';
import { apiList } from '../../../lib/api.ts';
import { dashboardKeys } from './keys.ts';

/** One of the patient's lists, newest first (or, for appointments, soonest first). */
export function usePatientList<T>(
  type: RecordType,
  path: string | null,
  query: Record<string, string | number>,
) {
  return useQuery({
    queryKey: dashboardKeys.patientList(type, path, query),
    // The cards show the latest few and no total, so the server need not count.
    queryFn: async ({ signal }) =>
      (await apiList<T>(path!, { query: { ...query, count: 'none' }, signal })).items,
    enabled: path !== null,
    retry: false,
  });
}
