import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Query keys of the clinical screens: invalidating one root refreshes every list of that kind
 * (the screen's tables and the patient dashboard's cards). */
export const clinicalKeys = {
  medicalRecords: ['medical-records'] as const,
  progressReports: ['progress-reports'] as const,
  prescriptions: ['prescriptions'] as const,
  medications: ['medications'] as const,
};

/** Adds a record (no id) or replaces an existing one's fields, then refreshes its lists. */
export function useSaveRecord<TBody, TAnswer>(basePath: string, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TBody }) =>
      id
        ? api<TAnswer>(`${basePath}/${id}`, { method: 'PUT', body })
        : api<TAnswer>(basePath, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Deletes a record (softly, on the server), then refreshes its lists. */
export function useDeleteRecord(basePath: string, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${basePath}/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
