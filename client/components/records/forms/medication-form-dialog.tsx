import { zodResolver } from '@hookform/resolvers/zod';
import { clinicalTexts, notices } from '../../../../shared/messages.ts';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../../shared/format.ts';
import {
  medicationInputSchema,
  type Medication,
  type MedicationFormValues,
  type MedicationInput,
} from '../../../../shared/schemas/medications.ts';
import { RecordFormDialog, useClinicalRecordForm } from '../record-form-dialog.tsx';
import { PatientInput, TextInput } from '../record-fields.tsx';
import type { RecordFormDialogComponentProps } from '../record-section.tsx';

/**
 * The 'Add Medication' / 'Edit Medication' dialog: a dose given (caregivers) or a note (doctors).
 * With `patientId` (a patient's chart) the patient is that one and cannot be changed.
 */
export function MedicationFormDialog({
  patientId,
  ...props
}: RecordFormDialogComponentProps<Medication> & { patientId?: number }) {
  const { control, dialogProps } = useClinicalRecordForm<
    Medication,
    MedicationFormValues,
    MedicationInput,
    MedicationInput
  >({
    type: 'medication',
    dialog: props,
    resolver: zodResolver(medicationInputSchema),
    fromRecord: (record) => ({
      patientId: record.patientId,
      date: toDateTimeLocal(record.date),
      details: record.details,
    }),
    blank: () => ({ patientId: patientId ?? null, date: toDateTimeLocal(new Date()), details: '' }),
    toBody: (values) => ({ ...values, date: fromDateTimeLocal(values.date) }),
    texts: {
      added: notices.medicationAdded,
      updated: notices.medicationUpdated,
      error: clinicalTexts.errorSavingMedication,
    },
    titles: { add: 'Add Medication', edit: 'Edit Medication' },
  });

  return (
    <RecordFormDialog {...dialogProps}>
      <PatientInput control={control} name="patientId" locked={patientId !== undefined} />
      <TextInput control={control} name="date" label="Date" type="datetime-local" required />
      <TextInput control={control} name="details" label="Details" required multiline />
    </RecordFormDialog>
  );
}
