import { useQuery } from '@tanstack/react-query';
import type { FhirExportManifest } from '../../../../shared/schemas/fhir.ts';
import { api } from '../../../lib/api.ts';
import { agencyExportKeys } from './keys.ts';

/** The agency export's files and how many resources each holds, counted when asked. */
export function useExportManifest() {
  return useQuery({
    queryKey: agencyExportKeys.manifest,
    queryFn: ({ signal }) => api<FhirExportManifest>('/api/fhir/export', { signal }),
    staleTime: 0,
    retry: false,
  });
}
