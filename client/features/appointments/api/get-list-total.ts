import { useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api.ts';
import { appointmentKeys } from './keys.ts';

/** A total read from X-Total-Count with the smallest page (one row); "1,001+" when capped. */
export function figureOf(page: { total: number; capped: boolean }): string {
  return `${page.total.toLocaleString('en-US')}${page.capped ? '+' : ''}`;
}

/** The total of any list the doctor's dashboard figures (patients, medical records). */
export function useListTotal(name: string, path: string | null) {
  return useQuery({
    queryKey: appointmentKeys.dashboardTotal(name, path),
    queryFn: async ({ signal }) =>
      figureOf(await apiList<unknown>(path!, { query: { limit: 1 }, signal })),
    enabled: path !== null,
    retry: false,
  });
}
