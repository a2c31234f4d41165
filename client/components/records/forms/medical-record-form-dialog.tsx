import { zodResolver } from '@hookform/resolvers/zod';
import { notices } from '../../../../shared/messages.ts';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../../shared/format.ts';
import {
  medicalRecordInputSchema,
  type MedicalRecord,
  type MedicalRecordFormValues,
  type MedicalRecordInput,
} from '../../../../shared/schemas/medical-records.ts';
import { staffIdAs } from '../../../../shared/permissions.ts';
import { useSession } from '../../../lib/auth.tsx';
import { RecordFormDialog, useClinicalRecordForm } from '../record-form-dialog.tsx';
import { PatientInput, PersonInput, TextInput } from '../record-fields.tsx';
import type { RecordFormDialogComponentProps } from '../record-section.tsx';

/**
 * The 'Add New Record' / 'Edit Record' dialog: pickers for patient and doctor, Notes optional.
 * With `patientId` (a patient's chart) the patient is that one and cannot be changed.
 */
export function MedicalRecordFormDialog({
  patientId,
  ...props
}: RecordFormDialogComponentProps<MedicalRecord> & { patientId?: number }) {
  const { user } = useSession();
  const { control, dialogProps } = useClinicalRecordForm<
    MedicalRecord,
    MedicalRecordFormValues,
    MedicalRecordInput,
    MedicalRecordInput
  >({
    type: 'medical-record',
    dialog: props,
    resolver: zodResolver(medicalRecordInputSchema),
    fromRecord: (record) => ({
      patientId: record.patientId,
      doctorId: record.doctorId,
      dateOfVisit: toDateTimeLocal(record.dateOfVisit),
      location: record.location,
      diagnosis: record.diagnosis,
      treatmentPlan: record.treatmentPlan,
      notes: record.notes,
    }),
    blank: () => ({
      patientId: patientId ?? null,
      doctorId: staffIdAs(user, 'doctor'),
      dateOfVisit: toDateTimeLocal(new Date()),
      location: '',
      diagnosis: '',
      treatmentPlan: '',
      notes: '',
    }),
    toBody: (values) => ({ ...values, dateOfVisit: fromDateTimeLocal(values.dateOfVisit) }),
    texts: {
      added: notices.medicalRecordAdded,
      updated: notices.medicalRecordUpdated,
      error: notices.errorSavingMedicalRecord,
    },
    titles: { add: 'Add New Record', edit: 'Edit Record' },
  });

  return (
    <RecordFormDialog {...dialogProps}>
      <PatientInput control={control} name="patientId" locked={patientId !== undefined} />
      <PersonInput control={control} name="doctorId" role="doctor" label="Doctor" required />
      <TextInput
        control={control}
        name="dateOfVisit"
        label="Date of Visit"
        type="datetime-local"
        required
      />
      <TextInput control={control} name="location" label="Location" required />
      <TextInput control={control} name="diagnosis" label="Diagnosis" required multiline />
      <TextInput control={control} name="treatmentPlan" label="Treatment Plan" required multiline />
      <TextInput control={control} name="notes" label="Notes" multiline />
    </RecordFormDialog>
  );
}
