import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { doseTexts, offlineTexts } from '../../../shared/messages.ts';
import type { DoseSlot, DueDoses, PrnStatus } from '../../../shared/schemas/doses.ts';
import { ApiError } from '../../lib/api.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { notify } from '../../lib/notify.ts';
import { useOfflineQueue, type QueuedChange } from '../../lib/offline-queue.ts';
import { doseKeys } from './api/keys.ts';
import { useDoseLabel } from './dose-label.ts';
import { useRecordDose } from './api/record-dose.ts';
import type { DoseDialogTarget } from './dose-dialog.tsx';
import { doseConflictOf, slotKey } from './dose-state.tsx';

// The dose's form (react-hook-form, its checks) loads when a dialog of a dose is first opened.
const DoseDialog = lazyDialog(
  () => import('./dose-dialog.tsx').then((m) => m.DoseDialog),
  (props) => props.target !== null,
);

const isWaiting = (change: QueuedChange) => change.kind === 'dose' && change.state !== 'refused';

/**
 * Recording doses from a list: "Given" in one tap (now, by the signed-in user), the dialogs of
 * "Not given…", an as-needed dose and a correction. A dose being recorded keeps its buttons
 * waiting, so a double tap sends one request; a dose kept on this phone to send later shows
 * "Waiting to send" and cannot be recorded again here.
 */
export function useDoseRecording() {
  const queryClient = useQueryClient();
  const record = useRecordDose();
  const labelOf = useDoseLabel();
  const { entries } = useOfflineQueue();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<DoseDialogTarget | null>(null);
  const queued = useMemo(() => entries.filter(isWaiting), [entries]);

  const giveNow = useCallback(
    (slot: DoseSlot) => {
      const key = slotKey(slot);
      setPending((now) => new Set(now).add(key));
      record.mutate(
        {
          body: {
            patientId: slot.patientId,
            prescriptionId: slot.prescriptionId,
            scheduledAt: slot.scheduledAt,
            outcome: 'given',
            prnReason: '',
            note: '',
          },
          label: labelOf(slot, slot.localTime, doseTexts.outcomeLabels.given),
        },
        {
          onSuccess: (result) => {
            if (result.queued) {
              notify('info', offlineTexts.queued);
              return;
            }
            notify('success', doseTexts.recorded);
            // The row leaves the list at once; the list is read again behind it.
            queryClient.setQueryData<DueDoses>(doseKeys.due(), (due) =>
              due
                ? {
                    ...due,
                    patients: due.patients.map((patient) => ({
                      ...patient,
                      doses: patient.doses.filter((dose) => slotKey(dose) !== key),
                    })),
                  }
                : due,
            );
          },
          onError: (error) => {
            const conflict = doseConflictOf(error);
            if (conflict) notify('info', conflict.message);
            else
              notify('error', error instanceof ApiError ? error.message : doseTexts.errorRecording);
          },
          onSettled: () =>
            setPending((now) => {
              const next = new Set(now);
              next.delete(key);
              return next;
            }),
        },
      );
    },
    [record, queryClient, labelOf],
  );

  const close = useCallback(() => setTarget(null), []);
  const queuedFor = (slot: DoseSlot) =>
    queued.find(
      (change) =>
        change.refs.prescriptionId === slot.prescriptionId &&
        change.refs.scheduledAt === slot.scheduledAt,
    );
  return {
    giveNow,
    isPending: (slot: DoseSlot) => pending.has(slotKey(slot)) || queuedFor(slot) !== undefined,
    /** The change of this dose kept on the phone, waiting to be sent. */
    queuedFor,
    /** As-needed doses of this medicine kept on the phone, waiting to be sent. */
    queuedPrn: (prn: PrnStatus) =>
      queued.filter(
        (change) =>
          change.refs.prescriptionId === prn.prescriptionId && change.refs.scheduledAt == null,
      ),
    openNotGiven: (slot: DoseSlot, timeZone: string, today: string) =>
      setTarget({ kind: 'not-given', slot, timeZone, today }),
    openPrn: (prn: PrnStatus, timeZone: string, today: string) =>
      setTarget({ kind: 'prn', prn, timeZone, today }),
    openCorrect: (doseId: number, timeZone: string) =>
      setTarget({ kind: 'correct', doseId, timeZone }),
    dialog: <DoseDialog target={target} onClose={close} />,
  };
}

export type DoseRecording = ReturnType<typeof useDoseRecording>;
