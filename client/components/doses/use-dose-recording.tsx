import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { doseTexts } from '../../../shared/messages.ts';
import type { DoseSlot, DueDoses, PrnStatus } from '../../../shared/schemas/doses.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { doseKeys } from './api/keys.ts';
import { useRecordDose } from './api/record-dose.ts';
import { DoseDialog, doseConflictOf, slotKey, type DoseDialogTarget } from './dose-dialog.tsx';

/**
 * Recording doses from a list: "Given" in one tap (now, by the signed-in user), the dialogs of
 * "Not given…", an as-needed dose and a correction. A dose being recorded keeps its buttons
 * waiting, so a double tap sends one request.
 */
export function useDoseRecording() {
  const queryClient = useQueryClient();
  const record = useRecordDose();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<DoseDialogTarget | null>(null);

  const giveNow = useCallback(
    (slot: DoseSlot) => {
      const key = slotKey(slot);
      setPending((now) => new Set(now).add(key));
      record.mutate(
        {
          patientId: slot.patientId,
          prescriptionId: slot.prescriptionId,
          scheduledAt: slot.scheduledAt,
          outcome: 'given',
          prnReason: '',
          note: '',
        },
        {
          onSuccess: () => {
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
    [record, queryClient],
  );

  const close = useCallback(() => setTarget(null), []);
  return {
    giveNow,
    isPending: (slot: DoseSlot) => pending.has(slotKey(slot)),
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
