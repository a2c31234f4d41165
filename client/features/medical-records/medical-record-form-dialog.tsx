import { zodResolver } from '@hookform/resolvers/zod';
import { notices } from '../../../shared/messages.ts';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../shared/format.ts';
import {
  medicalRecordInputSchema,
  type MedicalRecord,
  type MedicalRecordFormValues,
  type MedicalRecordInput,
} from '../../../shared/schemas/medical-records.ts';
import { staffIdAs } from '../../../shared/permissions.ts';
import { useSession } from '../../lib/auth.tsx';
import {
  RecordFormDialog,
  useClinicalRecordForm,
} from '../../components/records/record-form-dialog.tsx';
import { PersonInput, TextInput } from '../../components/records/record-fields.tsx';
import type { RecordFormDialogComponentProps } from '../../components/records/record-section.tsx';

/** The 'Add New Record' / 'Edit Record' dialog: pickers for patient and doctor, Notes optional. */
export function MedicalRecordFormDialog(props: RecordFormDialogComponentProps<MedicalRecord>) {
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
      patientId: null,
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
      <PersonInput control={control} name="patientId" role="patient" label="Patient" required />
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
