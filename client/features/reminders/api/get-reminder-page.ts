import { useQuery } from '@tanstack/react-query';
import { PRESETS_CREATED_HEADER } from '../../../../shared/constants.ts';
import type { Reminder } from '../../../../shared/schemas/reminders.ts';
import { apiList } from '../../../lib/api.ts';
import { reminderKeys } from './keys.ts';
import { viewerTimeZone } from './viewer-time-zone.ts';

/** One page of the own reminders, and whether this load just created the presets. */
export function useReminderPage(page: number, rowsPerPage: number) {
  return useQuery({
    queryKey: reminderKeys.page(page, rowsPerPage),
    queryFn: async ({ signal }) => {
      const { items, total, headers } = await apiList<Reminder>('/api/reminders', {
        query: { limit: rowsPerPage, offset: page * rowsPerPage, timeZone: viewerTimeZone() },
        signal,
      });
      return { items, total, presetsCreated: headers.get(PRESETS_CREATED_HEADER) === 'true' };
    },
  });
}
