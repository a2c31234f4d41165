import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { recordType } from '../../../../shared/record-types.ts';
import { timelineTypes } from '../../../../shared/constants.ts';
import { patientKeys } from './keys.ts';

/** The root keys of the types the chart gathers (see recordKey). */
const gathered = new Set<unknown>(timelineTypes.map((type) => recordType(type).plural));

/**
 * Refreshes the chart's header and timeline when a change refreshes anything they gather: each
 * save or delete invalidates its own type's queries (a record added, edited or deleted), and the
 * care team's. The refresh waits for the end of the task, so a change that invalidates many
 * queries reads the chart once.
 */
export function useChartRefresh(patientId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const careTeam = JSON.stringify(patientKeys.careTeam(patientId));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
      const key = event.query.queryKey;
      if (!gathered.has(key[0]) && JSON.stringify(key) !== careTeam) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: patientKeys.chart(patientId) });
        void queryClient.invalidateQueries({ queryKey: patientKeys.timeline(patientId) });
      }, 0);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [queryClient, patientId]);
}
