import { useQuery } from '@tanstack/react-query';
import type { Patient } from '../../../../shared/schemas/patients.ts';
import { api } from '../../../lib/api.ts';
import { patientKeys } from './keys.ts';

/** One patient; a 404 (missing or out of scope) is not retried. */
export function usePatient(id: number) {
  return useQuery({
    queryKey: patientKeys.detail(id),
    queryFn: ({ signal }) => api<Patient>(`/api/patients/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
