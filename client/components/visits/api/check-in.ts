import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathOf } from '../../../../shared/record-types.ts';
import type { CheckIn, Visit } from '../../../../shared/schemas/visits.ts';
import { api } from '../../../lib/api.ts';
import { visitKeys } from './keys.ts';

/** Checks in to a visit (POST /api/visits/check-in/{id}); the time is the server's. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CheckIn }) =>
      api<Visit>(`${apiPathOf('visit')}/check-in/${id}`, { method: 'POST', body }),
    onSettled: () => {
      // A refusal (already checked in, closed) also means the day shown is stale.
      void queryClient.invalidateQueries({ queryKey: visitKeys.all });
    },
  });
}
