import CancelIcon from '@mui/icons-material/EventBusy';
import DoneIcon from '@mui/icons-material/TaskAlt';
import NoShowIcon from '@mui/icons-material/PersonOff';
import UndoIcon from '@mui/icons-material/Undo';
import { Button } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { appointmentTexts, notices } from '../../shared/messages.ts';
import { staffIdAs } from '../../shared/permissions.ts';
import type { Appointment } from '../../shared/schemas/appointments.ts';
import { appointmentStatusTexts } from '../../shared/constants.ts';
import { useAppointmentStatus } from './api/appointment-status.ts';
import { notify } from '../lib/notify.ts';
import { useSession } from '../lib/auth.tsx';
import { lazyDialog } from '../lib/lazy-dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useDeleteRecord } from './records/api/delete-record.ts';
import { DeleteAction, EditAction, RowAction, RowActions } from './row-actions.tsx';

// The booking and cancelling forms (react-hook-form, zod, pickers) load when first opened.
const AppointmentDialog = lazyDialog(() =>
  import('./appointment-dialog.tsx').then((m) => m.AppointmentDialog),
);
const CancelAppointmentDialog = lazyDialog(
  () => import('./cancel-appointment-dialog.tsx').then((m) => m.CancelAppointmentDialog),
  (props) => props.appointment !== null,
);

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
  const [toCancel, setToCancel] = useState<Appointment | null>(null);
  const status = useAppointmentStatus();

  const mark = async (row: Appointment, next: 'scheduled' | 'completed' | 'no-show') => {
    try {
      await status.mutateAsync({ id: row.id, status: next });
      notify('success', appointmentStatusTexts.statusChanged);
    } catch {
      notify('error', notices.errorSavingAppointment);
    }
  };

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
          {row.status === 'scheduled' && (
            <>
              <RowAction
                label={`${appointmentStatusTexts.markCompleted} appointment ${row.id}`}
                tooltip={appointmentStatusTexts.markCompleted}
                icon={<DoneIcon />}
                onClick={() => void mark(row, 'completed')}
              />
              <RowAction
                label={`${appointmentStatusTexts.markNoShow} appointment ${row.id}`}
                tooltip={appointmentStatusTexts.markNoShow}
                icon={<NoShowIcon />}
                onClick={() => void mark(row, 'no-show')}
              />
              <RowAction
                label={`${appointmentStatusTexts.cancelAction} ${row.id}`}
                tooltip={appointmentStatusTexts.cancelAction}
                icon={<CancelIcon />}
                onClick={() => setToCancel(row)}
              />
            </>
          )}
          {(row.status === 'completed' || row.status === 'no-show') && (
            <RowAction
              label={`${appointmentStatusTexts.markScheduled} appointment ${row.id}`}
              tooltip={appointmentStatusTexts.markScheduled}
              icon={<UndoIcon />}
              onClick={() => void mark(row, 'scheduled')}
            />
          )}
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
      <CancelAppointmentDialog appointment={toCancel} onClose={() => setToCancel(null)} />
    </>
  );

  return { addButton, actions, dialogs };
}
