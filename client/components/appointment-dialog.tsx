import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField } from '@mui/material';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { fromDateTimeLocal, toDateTimeLocal } from '../../shared/format.ts';
import { appointmentTexts, notices } from '../../shared/messages.ts';
import {
  appointmentFormSchema,
  type Appointment,
  type AppointmentFormValues,
} from '../../shared/schemas/appointments.ts';
import { FormDialog, FormTextField } from './form-dialog.tsx';
import { PersonPicker } from './person-picker.tsx';
import { useCareTeamDoctors } from './api/care-team-doctors.ts';
import { useSaveAppointment } from './api/save-appointment.ts';
import { showServerFieldErrors } from '../lib/form-errors.ts';
import { notify } from '../lib/notify.ts';

const fields = ['doctorUsername', 'patientId', 'appointmentDate', 'location'] as const;

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
    };
  }
  return {
    doctorUsername: props.defaultDoctorUsername ?? '',
    // The form keeps null until a patient is chosen; the schema answers 'Patient ID is required'.
    patientId: (props.ownPatient?.id ?? props.patientId ?? null) as unknown as number,
    appointmentDate: '',
    location: '',
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

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: appointment?.id,
        doctorUsername: values.doctorUsername,
        patientId: values.patientId,
        appointmentDate: fromDateTimeLocal(values.appointmentDate),
        location: values.location,
      });
      notify('success', isEdit ? notices.appointmentUpdated : notices.appointmentAdded);
      reset(initialValues({ ...props, appointment: null }));
      onClose();
    } catch (error) {
      showServerFieldErrors(error, fields, setError);
      notify('error', notices.errorSavingAppointment);
    }
  });

  const nowLocal = toDateTimeLocal(new Date());
  const useDoctorSelect = mode === 'patient' && !careTeam.isError;

  return (
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
              {doctor.name} ({doctor.username})
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
      <FormTextField control={control} name="location" label="Location" required />
    </FormDialog>
  );
}
