import { Button } from '@mui/material';
import { useState } from 'react';
import { appointmentTexts, notices } from '../../../shared/messages.ts';
import type { Appointment } from '../../../shared/schemas/appointments.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions.tsx';
import { staffIdAs } from '../../../shared/permissions.ts';
import { useSession } from '../../lib/auth.tsx';
import { useDeleteAppointment } from './api/delete-appointment.ts';
import { useAppointmentTable } from './api/use-appointment-table.ts';
import { AppointmentDialog } from './components/appointment-dialog.tsx';
import { AppointmentFilter } from './components/appointment-filter.tsx';
import { AppointmentsTable } from './components/appointments-table.tsx';
import { notify } from '../../lib/notify.ts';

/** /appointments: the appointments of the caller's patients; doctors add, edit and delete. */
export default function AppointmentsPage() {
  const { user, can } = useSession();
  const canWrite = can('appointments:write');
  const table = useAppointmentTable({ kind: 'scope' });
  const remove = useDeleteAppointment();
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

  return (
    <>
      <PageHeader
        title="Appointments"
        actions={
          canWrite ? (
            <Button
              variant="contained"
              onClick={() => setDialog({ open: true, appointment: null })}
            >
              Add Appointment
            </Button>
          ) : undefined
        }
      />
      <AppointmentFilter value={table.period} onChange={table.setPeriod} />
      <AppointmentsTable
        {...table.tableProps}
        emptyText={appointmentTexts.noAppointments}
        actions={
          canWrite
            ? (row) => (
                <RowActions>
                  <EditAction
                    name={`appointment ${row.id}`}
                    onClick={() => setDialog({ open: true, appointment: row })}
                  />
                  <DeleteAction name={`appointment ${row.id}`} onClick={() => setToDelete(row)} />
                </RowActions>
              )
            : undefined
        }
      />
      <AppointmentDialog
        open={dialog.open}
        mode="staff"
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
}
