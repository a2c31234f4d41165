import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Patient, PatientInput } from '../../../../shared/schemas/patients.ts';
import { api } from '../../../lib/api.ts';
import { patientKeys } from './keys.ts';

/** Adds a patient (no id) or replaces an existing one's fields. */
export function useSavePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: PatientInput }) =>
      id
        ? api<Patient>(`/api/patients/${id}`, { method: 'PUT', body: input })
        : api<Patient>('/api/patients', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
