import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PRESETS_CREATED_HEADER,
  type Reminder,
  type ReminderInput,
} from '../../../shared/schemas/reminders.ts';
import { api, apiList } from '../../lib/api.ts';

/** Every reminder query starts with this key, so one invalidation refreshes them all. */
export const remindersKey = ['reminders'] as const;

/** The viewer's time zone: the presets are placed at the seed's times in it. */
export const viewerTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/** One page of the own reminders, and whether this load just created the presets. */
export function useReminderPage(page: number, rowsPerPage: number) {
  return useQuery({
    queryKey: [...remindersKey, 'list', { page, rowsPerPage }],
    queryFn: async ({ signal }) => {
      const { items, total, headers } = await apiList<Reminder>('/api/reminders', {
        query: { limit: rowsPerPage, offset: page * rowsPerPage, timeZone: viewerTimeZone() },
        signal,
      });
      return { items, total, presetsCreated: headers.get(PRESETS_CREATED_HEADER) === 'true' };
    },
  });
}

/** The own reminders in [from, to) (a calendar view), up to 500. */
export function useRemindersInRange(
  range: { from: Date; to: Date } | null,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...remindersKey, 'range', range?.from.toISOString(), range?.to.toISOString()],
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

/** Adds (no id) or edits (with id) an own reminder. */
export function useSaveReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ReminderInput & { id?: number }) =>
      id === undefined
        ? api<Reminder>('/api/reminders', { method: 'POST', body: input })
        : api<Reminder>(`/api/reminders/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersKey }),
  });
}

export function useDeleteReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/reminders/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersKey }),
  });
}
