import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { offlineTexts } from '../../../shared/messages.ts';
import type { DueDoses } from '../../../shared/schemas/doses.ts';
import { doseKeys } from './api/keys.ts';

/**
 * The words of a dose change in the Unsent changes list: "Paracetamol 500 mg, 08:00, Helen
 * Gardner: given". The patient's name comes from the due list when it is loaded.
 */
export function useDoseLabel() {
  const queryClient = useQueryClient();
  return useCallback(
    (
      medicine: { medication: string; dosage: string; patientId: number },
      time: string | null,
      outcome: string,
    ) => {
      const name =
        queryClient
          .getQueryData<DueDoses>(doseKeys.due())
          ?.patients.find((patient) => patient.patientId === medicine.patientId)?.patientName ??
        offlineTexts.patientNumber(medicine.patientId);
      const what = [medicine.medication, medicine.dosage].filter(Boolean).join(' ');
      return time === null
        ? offlineTexts.prnLabel(what, name)
        : offlineTexts.doseLabel(what, time, name, outcome);
    },
    [queryClient],
  );
}
