import { useQuery } from '@tanstack/react-query';
import type { Reminder } from '../../../../shared/schemas/reminders.ts';
import { apiList } from '../../../lib/api.ts';
import { reminderKeys } from './keys.ts';
import { viewerTimeZone } from './viewer-time-zone.ts';

/** The own reminders in [from, to) (a calendar view), up to 500. */
export function useRemindersInRange(
  range: { from: Date; to: Date } | null,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: reminderKeys.range(range?.from.toISOString(), range?.to.toISOString()),
    queryFn: async ({ signal }) =>
      (
        await apiList<Reminder>('/api/reminders', {
          query: {
            from: range!.from.toISOString(),
            to: range!.to.toISOString(),
            limit: 500,
            timeZone: viewerTimeZone(),
          },
          signal,
        })
      ).items,
    enabled: range !== null && (options.enabled ?? true),
  });
}
