import { useQuery } from '@tanstack/react-query';
import type { Mar } from '../../../../shared/schemas/doses.ts';
import { api } from '../../../lib/api.ts';
import { patientKeys } from './keys.ts';

/** GET /api/patients/{id}/mar?month=YYYY-MM; month null: this month in the agency's zone. */
export function fetchMar(patientId: number, month: string | null, signal?: AbortSignal) {
  const query = month ? `?month=${encodeURIComponent(month)}` : '';
  return api<Mar>(`/api/patients/${patientId}/mar${query}`, { signal });
}

/**
 * One patient's MAR month. The month shown stays while the next one loads, so moving through
 * months does not blank the sheet; a 404 (missing or out of scope) is not retried.
 */
export function useMar(patientId: number, month: string | null, enabled = true) {
  return useQuery({
    queryKey: patientKeys.mar(patientId, month),
    queryFn: ({ signal }) => fetchMar(patientId, month, signal),
    enabled: enabled && Number.isInteger(patientId) && patientId > 0,
    // Another patient's sheet never stands in for this one.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === patientId ? previous : undefined,
    retry: false,
  });
}
