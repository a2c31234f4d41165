import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restorePathOf, type RecordType } from '../../../../shared/record-types.ts';
import { api } from '../../../lib/api.ts';

/** Restores a soft-deleted record (admins), then refreshes every list: it is back in them. */
export function useRestoreRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: RecordType; id: number }) =>
      api<unknown>(restorePathOf(type, id), { method: 'POST' }),
    // Settled, not only on success: a 409 means the list was stale (restored elsewhere).
    onSettled: () => queryClient.invalidateQueries(),
  });
}
