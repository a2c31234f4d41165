import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OfflineWriteKind } from '../../shared/offline.ts';
import type { RecordType } from '../../shared/record-types.ts';
import { onChangesSent } from '../lib/offline-queue.ts';
import { recordKey } from '../lib/query-keys.ts';

/** The record types whose lists a sent change of each kind makes stale. */
const refreshed: Record<OfflineWriteKind, RecordType[]> = {
  // Each dose outcome writes its medication-log entry.
  dose: ['dose', 'medication'],
  checkIn: ['visit'],
  // A check-out may file a progress report in the same step.
  checkOut: ['visit', 'progress-report'],
  progressReport: ['progress-report'],
  vitalSign: ['vital-sign'],
};

/**
 * Reads again the lists the changes sent from the device's queue touched (the due doses, the
 * day's visits, the reports, the readings; the chart follows its types). Mounted in the
 * signed-in frame, where the query cache lives.
 */
export function OfflineQueueSync() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onChangesSent((changes) => {
        const types = new Set(changes.flatMap((change) => refreshed[change.kind]));
        for (const type of types) void queryClient.invalidateQueries({ queryKey: recordKey(type) });
      }),
    [queryClient],
  );
  return null;
}
