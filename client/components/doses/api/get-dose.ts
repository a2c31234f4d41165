import { useQuery } from '@tanstack/react-query';
import { apiPathOf } from '../../../../shared/record-types.ts';
import type { Dose } from '../../../../shared/schemas/doses.ts';
import { api } from '../../../lib/api.ts';
import { doseKeys } from './keys.ts';

/** One recorded dose with its earlier versions (read afresh when a correction opens). */
export function useDose(id: number | null) {
  return useQuery({
    queryKey: doseKeys.one(id ?? 0),
    queryFn: ({ signal }) => api<Dose>(`${apiPathOf('dose')}/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
