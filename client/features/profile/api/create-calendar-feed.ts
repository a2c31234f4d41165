import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarFeedStatus,
  CreatedCalendarFeed,
} from '../../../../shared/schemas/calendar-feeds.ts';
import { api } from '../../../lib/api.ts';
import { calendarFeedKey, calendarFeedPath } from './calendar-feed-keys.ts';

/**
 * The full address of a feed just made: the server's (from APP_URL) when it sent one, else this
 * page's origin before the path, as invitation links are composed.
 */
export const calendarFeedAddress = (created: CreatedCalendarFeed): string =>
  created.url ?? `${window.location.origin}${created.path}`;

/** Makes the user's calendar feed, or a new link for it (the old one stops working). */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CreatedCalendarFeed>(calendarFeedPath, { method: 'POST' }),
    // The card shows the new link at once, before the status is read again.
    onSuccess: (created) =>
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKey, {
        active: true,
        createdAt: created.createdAt,
        lastUsedAt: null,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}
