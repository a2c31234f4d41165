import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '../../../../shared/schemas/patient-import.ts';
import { api } from '../../../lib/api.ts';
import { patientImportKeys } from './keys.ts';

/** Sends a file to `POST /api/patients/import`: a check (`dryRun`) or the import itself. */
export function importPatients(file: File, dryRun: boolean): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file);
  return api<ImportResult>('/api/patients/import', {
    method: 'POST',
    body,
    query: dryRun ? { dryRun: 'true' } : undefined,
  });
}

/** Checks or imports a file; after an import every list is read again (new patients). */
export function useImportPatients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: patientImportKeys.import,
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => importPatients(file, dryRun),
    onSuccess: (result) => {
      if (result.imported) void queryClient.invalidateQueries();
    },
  });
}
