import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { appointmentTexts, notices } from '../../shared/messages.ts';
import {
  appointmentCancelInputSchema,
  type Appointment,
  type AppointmentCancelInput,
} from '../../shared/schemas/appointments.ts';
import { appointmentStatusTexts } from '../../shared/constants.ts';
import { FormDialog, FormTextField } from './form-dialog.tsx';
import { notify } from '../lib/notify.ts';
import { useAppointmentStatus } from './api/appointment-status.ts';

/**
 * "Cancel appointment": asks the reason (required); the appointment stays, marked cancelled.
 * Staff and a patient (their own upcoming appointments) alike.
 */
export function CancelAppointmentDialog({
  appointment,
  onClose,
}: {
  /** The appointment to cancel (only its id is read); null keeps the dialog closed. */
  appointment: Pick<Appointment, 'id'> | null;
  onClose(): void;
}) {
  const status = useAppointmentStatus();
  const form = useForm<AppointmentCancelInput>({
    resolver: zodResolver(appointmentCancelInputSchema),
    defaultValues: { reason: '' },
  });
  const { control, handleSubmit, reset } = form;
  useEffect(() => {
    if (appointment) reset({ reason: '' });
  }, [appointment, reset]);

  const submit = handleSubmit(async ({ reason }) => {
    if (!appointment) return;
    try {
      await status.mutateAsync({ id: appointment.id, cancelReason: reason });
      notify('success', appointmentTexts.cancelled);
      onClose();
    } catch {
      notify('error', notices.errorSavingAppointment);
    }
  });

  return (
    <FormDialog
      open={appointment !== null}
      titleId="cancel-appointment-title"
      title={appointmentStatusTexts.cancelAction}
      onSubmit={submit}
      onClose={onClose}
      busy={status.isPending}
      cancelLabel={appointmentStatusTexts.goBack}
      submitLabel={appointmentStatusTexts.cancelAction}
    >
      <FormTextField
        control={control}
        name="reason"
        label={appointmentStatusTexts.reasonLabel}
        required
        multiline
        minRows={2}
        autoFocus
      />
    </FormDialog>
  );
}
