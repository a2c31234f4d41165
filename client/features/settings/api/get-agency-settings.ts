import { useQuery } from '@tanstack/react-query';
import type { AgencySettings } from '../../../../shared/schemas/doses.ts';
import { api } from '../../../lib/api.ts';
import { settingsKeys } from './keys.ts';

/** The agency's time zone and dose windows (GET /api/agency-settings), read afresh on opening. */
export function useAgencySettings() {
  return useQuery({
    queryKey: settingsKeys.agency,
    queryFn: ({ signal }) => api<AgencySettings>('/api/agency-settings', { signal }),
    staleTime: 0,
  });
}
