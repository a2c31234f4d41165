import { Alert } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { clinicalTexts, doseTexts, notices } from '../../../../shared/messages.ts';
import { toDateTimeLocal } from '../../../../shared/format.ts';
import {
  prescriptionFormSchema,
  type Prescription,
  type PrescriptionFormValues,
} from '../../../../shared/schemas/prescriptions.ts';
import { staffIdAs } from '../../../../shared/permissions.ts';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/auth.tsx';
import { RecordFormDialog, useClinicalRecordForm } from '../record-form-dialog.tsx';
import { PatientInput, PersonInput, TextInput } from '../record-fields.tsx';
import type { RecordFormDialogComponentProps } from '../record-section.tsx';
import { useAllergyConfirmation, type PrescriptionBody } from '../allergy-confirmation.tsx';
import {
  everyDay,
  PrescriptionScheduleFields,
  scheduleInUse,
} from './prescription-schedule-fields.tsx';

type PrescriptionFormOutput = ReturnType<typeof prescriptionFormSchema.parse>;

const schemaResolver = zodResolver(prescriptionFormSchema) as Resolver<
  PrescriptionFormValues,
  unknown,
  PrescriptionFormOutput
>;
// The schema sees only the fields of the schedule chosen, with its defaults filled in.
const resolver: Resolver<PrescriptionFormValues, unknown, PrescriptionFormOutput> = (
  values,
  context,
  options,
) => schemaResolver(scheduleInUse(values), context, options);

/**
 * The server's refusal to change the times or days of a prescription whose doses are recorded
 * (a 409 with doseTexts.scheduleLocked): its message, or null for any other failure.
 */
export function scheduleLockedMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return code === 'schedule-locked' || error.message === doseTexts.scheduleLocked
    ? error.message
    : null;
}

const textOf = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) => (value == null ? '' : String(value));

/**
 * The 'Add Prescription' / 'Edit Prescription' dialog; the doctor is pre-filled as the signed-in
 * one. With `patientId` (a patient's chart) the patient is that one and cannot be changed. A
 * medication that matches an active allergy of the patient is saved only once the doctor
 * confirms it. The schedule (times of day or as needed) is optional: without one the
 * prescription is a record only, as before.
 */
export function PrescriptionFormDialog({
  patientId,
  ...props
}: RecordFormDialogComponentProps<Prescription> & { patientId?: number }) {
  const { user } = useSession();
  const allergyCheck = useAllergyConfirmation<PrescriptionBody>();
  const [locked, setLocked] = useState<string | null>(null);
  useEffect(() => {
    if (props.open) setLocked(null);
  }, [props.open, props.record]);
  const { control, setValue, dialogProps } = useClinicalRecordForm<
    Prescription,
    PrescriptionFormValues,
    PrescriptionFormOutput,
    PrescriptionBody
  >({
    type: 'prescription',
    dialog: props,
    resolver,
    fromRecord: (record) => ({
      patientId: record.patientId,
      doctorId: record.doctorId,
      date: record.date,
      medication: record.medication,
      dosage: record.dosage,
      duration: record.duration,
      details: record.details,
      route: textOf(record.route),
      instructions: record.instructions,
      schedule: textOf(record.schedule),
      startDate: textOf(record.startDate),
      endDate: textOf(record.endDate),
      durationDays: '',
      doseTimes: record.doseTimes ?? [],
      weekdays: record.weekdays ?? everyDay,
      prnMinIntervalMinutes: numberText(record.prnMinIntervalMinutes),
      prnMaxPerDay: numberText(record.prnMaxPerDay),
    }),
    blank: () => ({
      patientId: patientId ?? null,
      doctorId: staffIdAs(user, 'doctor'),
      date: toDateTimeLocal(new Date()).slice(0, 10),
      medication: '',
      dosage: '',
      duration: '',
      details: '',
      route: '',
      instructions: '',
      schedule: '',
      startDate: '',
      endDate: '',
      durationDays: '',
      doseTimes: [],
      weekdays: everyDay,
      prnMinIntervalMinutes: '',
      prnMaxPerDay: '',
    }),
    toBody: (values) => values,
    texts: {
      added: notices.prescriptionAdded,
      updated: notices.prescriptionUpdated,
      error: clinicalTexts.errorSavingPrescription,
    },
    titles: { add: 'Add Prescription', edit: 'Edit Prescription' },
    confirmRetry: (error, body) => {
      const message = scheduleLockedMessage(error);
      if (message === null) return allergyCheck.confirmRetry(error, body);
      // Not a failure to announce as a notice: the form stays open with the reason above it.
      setLocked(message);
      return Promise.resolve(null);
    },
  });

  return (
    <>
      <RecordFormDialog {...dialogProps}>
        {locked && (
          <Alert severity="error" role="alert">
            {locked}
          </Alert>
        )}
        <PatientInput control={control} name="patientId" locked={patientId !== undefined} />
        <PersonInput control={control} name="doctorId" role="doctor" label="Doctor" required />
        <TextInput control={control} name="date" label="Date" type="date" required />
        <TextInput control={control} name="medication" label="Medication" />
        <TextInput control={control} name="dosage" label="Dosage" />
        <TextInput control={control} name="duration" label="Duration" />
        <TextInput control={control} name="details" label="Details" required multiline />
        <PrescriptionScheduleFields control={control} setValue={setValue} />
      </RecordFormDialog>
      {allergyCheck.dialog}
    </>
  );
}
