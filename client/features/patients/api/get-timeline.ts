import { useInfiniteQuery } from '@tanstack/react-query';
import type { TimelinePage } from '../../../../shared/schemas/chart.ts';
import { type TimelineType } from '../../../../shared/constants.ts';
import { api } from '../../../lib/api.ts';
import { patientKeys } from './keys.ts';

export interface TimelineFilter {
  /** The types shown; empty: all of them. */
  types: TimelineType[];
  /** YYYY-MM-DD, or '' for no bound. */
  from: string;
  to: string;
}

/** The entries a timeline page holds. */
export const TIMELINE_PAGE_SIZE = 30;

/** One patient's timeline, newest first; each "Show older" asks for the page after the cursor. */
export function useTimeline(patientId: number, filter: TimelineFilter) {
  return useInfiniteQuery({
    queryKey: [...patientKeys.timeline(patientId), filter],
    queryFn: ({ pageParam, signal }) =>
      api<TimelinePage>(`/api/patients/${patientId}/timeline`, {
        query: {
          types: filter.types.join(','),
          from: filter.from,
          to: filter.to,
          cursor: pageParam,
          limit: TIMELINE_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
}
