import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientDoseDay } from '../../../../shared/schemas/doses.ts';
import { api } from '../../../lib/api.ts';
import { DUE_REFRESH_MS } from './get-due-doses.ts';
import { doseKeys } from './keys.ts';

/**
 * One patient's doses of a day (null: today in the agency's zone), their as-needed medicines
 * and adherence; the day shown stays while another loads.
 */
export function usePatientDoseDay(patientId: number, date: string | null) {
  return useQuery({
    queryKey: doseKeys.day(patientId, date),
    queryFn: ({ signal }) =>
      api<PatientDoseDay>(`/api/patients/${patientId}/doses`, {
        query: { date },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: DUE_REFRESH_MS,
  });
}
