import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reminder, ReminderInput } from '../../../../shared/schemas/reminders.ts';
import { api } from '../../../lib/api.ts';
import { reminderKeys } from './keys.ts';

/** Adds (no id) or edits (with id) an own reminder. */
export function useSaveReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ReminderInput & { id?: number }) =>
      id === undefined
        ? api<Reminder>('/api/reminders', { method: 'POST', body: input })
        : api<Reminder>(`/api/reminders/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
  });
}
