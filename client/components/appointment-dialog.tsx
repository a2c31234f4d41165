import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { fromDateTimeLocal, toDateTimeLocal } from '../../shared/format.ts';
import { appointmentTexts, notices } from '../../shared/messages.ts';
import {
  appointmentFormSchema,
  type Appointment,
  type AppointmentFormValues,
  type AppointmentOverlap,
} from '../../shared/schemas/appointments.ts';
import { appointmentStatusTexts, DEFAULT_DURATION_MINUTES } from '../../shared/constants.ts';
import { ApiError } from '../lib/api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import type { AppointmentPayload } from './api/save-appointment.ts';
import { FormDialog, FormTextField } from './form-dialog.tsx';
import { PersonPicker } from './person-picker.tsx';
import { useCareTeamDoctors } from './api/care-team-doctors.ts';
import { useSaveAppointment } from './api/save-appointment.ts';
import { showServerFieldErrors } from '../lib/form-errors.ts';
import { notify } from '../lib/notify.ts';

const fields = [
  'doctorUsername',
  'patientId',
  'appointmentDate',
  'location',
  'durationMinutes',
] as const;

/** What the dialog sends: the seed's fields, the length, and the double-booking confirmation. */
type AppointmentBody = AppointmentPayload & { durationMinutes: number; confirmOverlap?: boolean };

/** The double booking a failed save carries (409, code 'overlap'), or null. */
export function overlapOf(error: unknown): AppointmentOverlap | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<AppointmentOverlap> | undefined;
  return body?.code === 'overlap' ? (body as AppointmentOverlap) : null;
}

interface AppointmentDialogProps {
  open: boolean;
  /** staff: books for any patient in scope; patient: requests for their own record. */
  mode: 'staff' | 'patient';
  /** The appointment to edit; absent to add one. */
  appointment?: Appointment | null;
  /** Pre-fills the doctor when adding (the signed-in doctor). */
  defaultDoctorUsername?: string;
  /** The patient's own record (patient mode), and how to show it. */
  ownPatient?: { id: number; label: string } | null;
  /** Staff mode on a patient's chart: that patient, filled in and not to be changed. */
  patientId?: number;
  onClose(): void;
}

function initialValues(props: AppointmentDialogProps): AppointmentFormValues {
  const { appointment } = props;
  if (appointment) {
    return {
      doctorUsername: appointment.doctorUsername,
      patientId: appointment.patientId,
      appointmentDate: toDateTimeLocal(appointment.appointmentDate),
      location: appointment.location,
      durationMinutes: String(appointment.durationMinutes ?? DEFAULT_DURATION_MINUTES),
    };
  }
  return {
    doctorUsername: props.defaultDoctorUsername ?? '',
    // The form keeps null until a patient is chosen; the schema answers 'Patient ID is required'.
    patientId: (props.ownPatient?.id ?? props.patientId ?? null) as unknown as number,
    appointmentDate: '',
    location: '',
    durationMinutes: String(DEFAULT_DURATION_MINUTES),
  };
}

/**
 * The 'Add Appointment' dialog, used for adding and (pre-filled) for editing: on the Appointments
 * screens, and on a patient's chart with that patient locked.
 */
export function AppointmentDialog(props: AppointmentDialogProps) {
  const { open, mode, appointment, ownPatient, patientId, onClose } = props;
  const isEdit = Boolean(appointment);
  const save = useSaveAppointment();
  const careTeam = useCareTeamDoctors(mode === 'patient' && open ? (ownPatient?.id ?? null) : null);
  const form = useForm<AppointmentFormValues>({
    resolver: zodResolver(appointmentFormSchema),
    defaultValues: initialValues(props),
  });
  const { control, handleSubmit, reset, setError } = form;

  useEffect(() => {
    // Each opening starts from the row being edited, or from an empty form.
    if (open) reset(initialValues(props));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, appointment?.id]);

  // A patient's care team with one doctor: that doctor is the obvious choice.
  const onlyDoctor = careTeam.data?.length === 1 ? careTeam.data[0] : undefined;
  useEffect(() => {
    if (open && !isEdit && onlyDoctor && !form.getValues('doctorUsername')) {
      form.setValue('doctorUsername', onlyDoctor.username);
    }
  }, [open, isEdit, onlyDoctor, form]);

  // A double booking waiting for "Book anyway" / "Go back", with the body to send again.
  const [overlap, setOverlap] = useState<{ message: string; body: AppointmentBody } | null>(null);

  const send = async (body: AppointmentBody) => {
    try {
      await save.mutateAsync({ id: appointment?.id, ...body });
      notify('success', isEdit ? notices.appointmentUpdated : notices.appointmentAdded);
      reset(initialValues({ ...props, appointment: null }));
      onClose();
    } catch (error) {
      const clash = overlapOf(error);
      if (clash && !body.confirmOverlap) {
        setOverlap({ message: clash.message, body });
        return;
      }
      showServerFieldErrors(error, fields, setError);
      notify('error', notices.errorSavingAppointment);
    }
  };

  const submit = handleSubmit((values) =>
    send({
      doctorUsername: values.doctorUsername,
      patientId: values.patientId,
      appointmentDate: fromDateTimeLocal(values.appointmentDate),
      location: values.location,
      durationMinutes: Number(values.durationMinutes),
    }),
  );

  const bookAnyway = async () => {
    const pending = overlap;
    setOverlap(null);
    if (pending) await send({ ...pending.body, confirmOverlap: true });
  };

  const nowLocal = toDateTimeLocal(new Date());
  const useDoctorSelect = mode === 'patient' && !careTeam.isError;

  return (
    <>
      <FormDialog
        open={open}
        titleId="appointment-dialog-title"
        title={isEdit ? 'Edit Appointment' : 'Add Appointment'}
        onSubmit={submit}
        onClose={onClose}
        busy={save.isPending}
        cancelLabel="Cancel"
        submitLabel={isEdit ? 'Save' : mode === 'patient' ? 'Request' : 'Add'}
      >
        {useDoctorSelect ? (
          <FormTextField
            control={control}
            name="doctorUsername"
            select
            label="Doctor"
            required
            helperText={careTeam.data?.length === 0 ? appointmentTexts.noCareTeamDoctor : undefined}
          >
            {(careTeam.data ?? []).map((doctor) => (
              <MenuItem key={doctor.userId} value={doctor.username}>
                {/* A patient reads staff by name only; a username is half a login. */}
                {mode === 'patient' ? doctor.name : `${doctor.name} (${doctor.username})`}
              </MenuItem>
            ))}
          </FormTextField>
        ) : (
          <FormTextField
            control={control}
            name="doctorUsername"
            label="Doctor username"
            required
            autoComplete="off"
          />
        )}
        {mode === 'patient' ? (
          <TextField
            label="Patient"
            value={ownPatient?.label ?? ''}
            disabled
            helperText={form.formState.errors.patientId?.message}
            error={Boolean(form.formState.errors.patientId)}
          />
        ) : (
          <Controller
            control={control}
            name="patientId"
            render={({ field, fieldState }) => (
              <PersonPicker
                role="patient"
                label="Patient"
                name="patientId"
                required
                disabled={patientId !== undefined}
                value={field.value ?? null}
                onChange={(id) => field.onChange(id)}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <FormTextField
          control={control}
          name="appointmentDate"
          type="datetime-local"
          label="Appointment Date"
          required
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: mode === 'patient' ? { min: nowLocal } : undefined,
          }}
        />
        <FormTextField
          control={control}
          name="durationMinutes"
          type="number"
          label="Duration (minutes)"
          required
          slotProps={{ htmlInput: { min: 5, max: 480, step: 5, inputMode: 'numeric' } }}
        />
        <FormTextField control={control} name="location" label="Location" required />
      </FormDialog>
      <ConfirmDialog
        open={overlap !== null}
        title={appointmentStatusTexts.overlapTitle}
        message={overlap?.message ?? ''}
        confirmLabel={appointmentStatusTexts.bookAnyway}
        cancelLabel={appointmentStatusTexts.goBack}
        confirmColor="primary"
        busy={save.isPending}
        onConfirm={() => void bookAnyway()}
        onCancel={() => setOverlap(null)}
      />
    </>
  );
}
