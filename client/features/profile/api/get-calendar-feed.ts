import { useQuery } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '../../../../shared/schemas/calendar-feeds.ts';
import { api } from '../../../lib/api.ts';
import { calendarFeedKey, calendarFeedPath } from './calendar-feed-keys.ts';

/** Whether the signed-in user has a calendar feed, since when and when it was last fetched. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => api<CalendarFeedStatus>(calendarFeedPath, { signal }),
    staleTime: 0,
  });
}
