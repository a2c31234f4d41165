import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencySettings, AgencySettingsInput } from '../../../../shared/schemas/doses.ts';
import { api } from '../../../lib/api.ts';
import { recordKey } from '../../../lib/query-keys.ts';
import { settingsKeys } from './keys.ts';

/** Saves the agency's settings (PUT /api/agency-settings, administrators). */
export function useSaveAgencySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencySettingsInput) =>
      api<AgencySettings>('/api/agency-settings', { method: 'PUT', body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.agency, settings);
      // Dose times and statuses are read in the agency's zone and windows.
      void queryClient.invalidateQueries({ queryKey: recordKey('dose') });
    },
  });
}
