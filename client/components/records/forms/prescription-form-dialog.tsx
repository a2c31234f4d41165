import { zodResolver } from '@hookform/resolvers/zod';
import { clinicalTexts, notices } from '../../../../shared/messages.ts';
import { toDateTimeLocal } from '../../../../shared/format.ts';
import {
  prescriptionFormSchema,
  type Prescription,
  type PrescriptionFormValues,
} from '../../../../shared/schemas/prescriptions.ts';
import { staffIdAs } from '../../../../shared/permissions.ts';
import { useSession } from '../../../lib/auth.tsx';
import { RecordFormDialog, useClinicalRecordForm } from '../record-form-dialog.tsx';
import { PatientInput, PersonInput, TextInput } from '../record-fields.tsx';
import type { RecordFormDialogComponentProps } from '../record-section.tsx';
import { useAllergyConfirmation, type PrescriptionBody } from '../allergy-confirmation.tsx';

type PrescriptionFormOutput = ReturnType<typeof prescriptionFormSchema.parse>;

/**
 * The 'Add Prescription' / 'Edit Prescription' dialog; the doctor is pre-filled as the signed-in
 * one. With `patientId` (a patient's chart) the patient is that one and cannot be changed. A
 * medication that matches an active allergy of the patient is saved only once the doctor
 * confirms it.
 */
export function PrescriptionFormDialog({
  patientId,
  ...props
}: RecordFormDialogComponentProps<Prescription> & { patientId?: number }) {
  const { user } = useSession();
  const allergyCheck = useAllergyConfirmation<PrescriptionBody>();
  const { control, dialogProps } = useClinicalRecordForm<
    Prescription,
    PrescriptionFormValues,
    PrescriptionFormOutput,
    PrescriptionBody
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
      patientId: patientId ?? null,
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
    confirmRetry: allergyCheck.confirmRetry,
  });

  return (
    <>
      <RecordFormDialog {...dialogProps}>
        <PatientInput control={control} name="patientId" locked={patientId !== undefined} />
        <PersonInput control={control} name="doctorId" role="doctor" label="Doctor" required />
        <TextInput control={control} name="date" label="Date" type="date" required />
        <TextInput control={control} name="medication" label="Medication" />
        <TextInput control={control} name="dosage" label="Dosage" />
        <TextInput control={control} name="duration" label="Duration" />
        <TextInput control={control} name="details" label="Details" required multiline />
      </RecordFormDialog>
      {allergyCheck.dialog}
    </>
  );
}
