import { zodResolver } from '@hookform/resolvers/zod';
import { clinicalTexts, notices } from '../../../shared/messages.ts';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../shared/format.ts';
import {
  medicationInputSchema,
  type Medication,
  type MedicationFormValues,
  type MedicationInput,
} from '../../../shared/schemas/medications.ts';
import { useSaveRecord } from '../../components/records/api/save-record.ts';
import { RecordFormDialog, useRecordForm } from '../../components/records/record-form-dialog.tsx';
import { PersonInput, TextInput } from '../../components/records/record-fields.tsx';
import type { RecordFormDialogComponentProps } from '../../components/records/record-section.tsx';

/** The 'Add Medication' / 'Edit Medication' dialog: a dose given (caregivers) or a note (doctors). */
export function MedicationFormDialog({
  open,
  record,
  onClose,
}: RecordFormDialogComponentProps<Medication>) {
  const save = useSaveRecord<MedicationInput, Medication>('medication');
  const { form, submit } = useRecordForm<MedicationFormValues, MedicationInput, MedicationInput>({
    resolver: zodResolver(medicationInputSchema),
    open,
    resetKey: record,
    isEdit: record !== null,
    initial: () =>
      record
        ? {
            patientId: record.patientId,
            date: toDateTimeLocal(record.date),
            details: record.details,
          }
        : { patientId: null, date: toDateTimeLocal(new Date()), details: '' },
    toBody: (values) => ({ ...values, date: fromDateTimeLocal(values.date) }),
    save: (body) => save.mutateAsync({ id: record?.id, body }),
    texts: {
      added: notices.medicationAdded,
      updated: notices.medicationUpdated,
      error: clinicalTexts.errorSavingMedication,
    },
    onClose,
  });
  const { control } = form;

  return (
    <RecordFormDialog
      open={open}
      title={record ? 'Edit Medication' : 'Add Medication'}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={form.formState.isSubmitting}
    >
      <PersonInput control={control} name="patientId" role="patient" label="Patient" required />
      <TextInput control={control} name="date" label="Date" type="datetime-local" required />
      <TextInput control={control} name="details" label="Details" required multiline />
    </RecordFormDialog>
  );
}
