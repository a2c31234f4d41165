import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { calendarFeedKey, calendarFeedPath } from './calendar-feed-keys.ts';

/** Turns the user's calendar feed off: its link stops working at once. */
export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string }>(calendarFeedPath, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}
