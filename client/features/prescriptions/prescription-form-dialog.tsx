import { zodResolver } from '@hookform/resolvers/zod';
import { clinicalTexts, notices } from '../../../shared/messages.ts';
import { toDateTimeLocal } from '../../../shared/format.ts';
import {
  prescriptionFormSchema,
  type Prescription,
  type PrescriptionFormValues,
  type PrescriptionInput,
} from '../../../shared/schemas/prescriptions.ts';
import { staffIdAs } from '../../../shared/permissions.ts';
import { useSession } from '../../lib/auth.tsx';
import {
  RecordFormDialog,
  useClinicalRecordForm,
} from '../../components/records/record-form-dialog.tsx';
import { PersonInput, TextInput } from '../../components/records/record-fields.tsx';
import type { RecordFormDialogComponentProps } from '../../components/records/record-section.tsx';

type PrescriptionFormOutput = ReturnType<typeof prescriptionFormSchema.parse>;

/** The 'Add Prescription' / 'Edit Prescription' dialog; the doctor is pre-filled as the signed-in one. */
export function PrescriptionFormDialog(props: RecordFormDialogComponentProps<Prescription>) {
  const { user } = useSession();
  const { control, dialogProps } = useClinicalRecordForm<
    Prescription,
    PrescriptionFormValues,
    PrescriptionFormOutput,
    PrescriptionInput
  >({
    type: 'prescription',
    dialog: props,
    resolver: zodResolver(prescriptionFormSchema),
    fromRecord: (record) => ({
      patientId: record.patientId,
      doctorId: record.doctorId,
      date: record.date,
      medication: record.medication,
      dosage: record.dosage,
      duration: record.duration,
      details: record.details,
    }),
    blank: () => ({
      patientId: null,
      doctorId: staffIdAs(user, 'doctor'),
      date: toDateTimeLocal(new Date()).slice(0, 10),
      medication: '',
      dosage: '',
      duration: '',
      details: '',
    }),
    toBody: (values) => values,
    texts: {
      added: notices.prescriptionAdded,
      updated: notices.prescriptionUpdated,
      error: clinicalTexts.errorSavingPrescription,
    },
    titles: { add: 'Add Prescription', edit: 'Edit Prescription' },
  });

  return (
    <RecordFormDialog {...dialogProps}>
      <PersonInput control={control} name="patientId" role="patient" label="Patient" required />
      <PersonInput control={control} name="doctorId" role="doctor" label="Doctor" required />
      <TextInput control={control} name="date" label="Date" type="date" required />
      <TextInput control={control} name="medication" label="Medication" />
      <TextInput control={control} name="dosage" label="Dosage" />
      <TextInput control={control} name="duration" label="Duration" />
      <TextInput control={control} name="details" label="Details" required multiline />
    </RecordFormDialog>
  );
}
