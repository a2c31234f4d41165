import { useQuery } from '@tanstack/react-query';
import type { AgencySettings } from '../../../../shared/schemas/doses.ts';
import { api } from '../../../lib/api.ts';

/**
 * The agency's time zone (GET /api/agency-settings): visits are planned in it. The key is the
 * settings screen's own, so both read one cached answer.
 */
export function useAgencyZone(enabled = true) {
  return useQuery({
    queryKey: ['agency-settings'] as const,
    queryFn: ({ signal }) => api<AgencySettings>('/api/agency-settings', { signal }),
    enabled,
    staleTime: 60_000,
    select: (settings) => settings.timeZone,
  });
}
