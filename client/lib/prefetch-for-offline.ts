import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { addDays } from '../../shared/dose-schedule.ts';
import { offlineTexts } from '../../shared/messages.ts';
import type { Chart } from '../../shared/schemas/chart.ts';
import type { Patient } from '../../shared/schemas/patients.ts';
import type { MyVisits } from '../../shared/schemas/visits.ts';
import { visitKeys } from '../components/visits/api/keys.ts';
import { localDateOf } from '../components/visits/visit-day-format.ts';
import { api, apiList } from './api.ts';
import { recordKey } from './query-keys.ts';

/** The chart header's query key: the one the chart screen reads (patientKeys.chart). */
export const chartKey = (patientId: number) =>
  [...recordKey('patient'), 'chart', patientId] as const;

/** The chart header's read. */
export const fetchChart = (patientId: number, signal?: AbortSignal) =>
  api<Chart>(`/api/patients/${patientId}/chart`, { signal });

/**
 * A patient's name as this device last read it (their chart), for the words of a change kept
 * on the phone; "patient 12" when no chart of theirs was read.
 */
export function keptPatientName(client: QueryClient, patientId: number): string {
  const patient = client.getQueryData<Chart>(chartKey(patientId))?.patient;
  return patient
    ? `${patient.firstName} ${patient.lastName}`
    : offlineTexts.patientNumber(patientId);
}

/** The most patients whose charts are read ahead. */
export const PREFETCH_PATIENTS = 30;
/**
 * A chart read ahead this recently is not read again: every chart read is a row in the
 * patient's access log, and a dashboard opened all day must not add one each time.
 */
const FRESH_ENOUGH_MS = 6 * 60 * 60 * 1000;

async function prefetch(queryClient: QueryClient, signal: AbortSignal): Promise<void> {
  // Tomorrow's visits, so the day switcher's next day can be read offline too.
  const today = queryClient.getQueryData<MyVisits>(visitKeys.mine(null));
  if (today) {
    const tomorrow = addDays(localDateOf(today.now, today.timeZone), 1);
    await queryClient.prefetchQuery({
      queryKey: visitKeys.mine(tomorrow),
      queryFn: () => api<MyVisits>('/api/visits/mine', { query: { date: tomorrow }, signal }),
      staleTime: FRESH_ENOUGH_MS,
    });
  }
  const { items } = await apiList<Patient>('/api/patients', {
    query: { limit: PREFETCH_PATIENTS, offset: 0 },
    signal,
  });
  // One at a time: a caregiver's phone on a poor signal, and a server shared with others.
  for (const patient of items.slice(0, PREFETCH_PATIENTS)) {
    if (signal.aborted || !onlineManager.isOnline()) return;
    await queryClient.prefetchQuery({
      queryKey: chartKey(patient.id),
      queryFn: () => fetchChart(patient.id, signal),
      staleTime: FRESH_ENOUGH_MS,
    });
  }
}

/**
 * Reads ahead, while online, what a caregiver may need offline later in the day: each of their
 * patients' chart header (allergies, conditions, care team; the first PREFETCH_PATIENTS) and
 * tomorrow's visits, into the cache that is kept on the device. `ready` waits for today's
 * visits (tomorrow is counted from them).
 */
export function usePrefetchForOffline(ready: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ready || !onlineManager.isOnline()) return undefined;
    const controller = new AbortController();
    prefetch(queryClient, controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [queryClient, ready]);
}
