import { Button } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { appointmentTexts, notices } from '../../shared/messages.ts';
import { staffIdAs } from '../../shared/permissions.ts';
import type { Appointment } from '../../shared/schemas/appointments.ts';
import { notify } from '../lib/notify.ts';
import { useSession } from '../lib/auth.tsx';
import { AppointmentDialog } from './appointment-dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useDeleteRecord } from './records/api/delete-record.ts';
import { DeleteAction, EditAction, RowActions } from './row-actions.tsx';

/**
 * Booking, moving and deleting appointments, for whoever may write them: the Appointments
 * screen's and a patient's chart's (`patientId`: that patient, filled in and locked). Gives the
 * Add button and a row's Edit and Delete (undefined for others), and the dialogs to render.
 */
export function useAppointmentActions({ patientId }: { patientId?: number } = {}): {
  addButton: ReactNode;
  actions: ((row: Appointment) => ReactNode) | undefined;
  dialogs: ReactNode;
} {
  const { user, can } = useSession();
  const canWrite = can('appointments:write');
  const remove = useDeleteRecord('appointment');
  const [dialog, setDialog] = useState<{ open: boolean; appointment: Appointment | null }>({
    open: false,
    appointment: null,
  });
  const [toDelete, setToDelete] = useState<Appointment | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify('success', notices.appointmentDeleted);
    } catch {
      notify('error', notices.errorDeletingAppointment);
    }
    setToDelete(null);
  };

  const addButton = canWrite ? (
    <Button variant="contained" onClick={() => setDialog({ open: true, appointment: null })}>
      Add Appointment
    </Button>
  ) : undefined;

  const actions = canWrite
    ? (row: Appointment) => (
        <RowActions>
          <EditAction
            name={`appointment ${row.id}`}
            onClick={() => setDialog({ open: true, appointment: row })}
          />
          <DeleteAction name={`appointment ${row.id}`} onClick={() => setToDelete(row)} />
        </RowActions>
      )
    : undefined;

  const dialogs = (
    <>
      <AppointmentDialog
        open={dialog.open}
        mode="staff"
        patientId={patientId}
        appointment={dialog.appointment}
        defaultDoctorUsername={user && staffIdAs(user, 'doctor') !== null ? user.username : ''}
        onClose={() => setDialog({ open: false, appointment: null })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={appointmentTexts.deleteTitle}
        message={appointmentTexts.deleteQuestion}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );

  return { addButton, actions, dialogs };
}
