import { appointmentTexts } from '../../../shared/messages.ts';
import { useAppointmentActions } from '../../components/appointment-actions.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAppointmentTable } from './api/use-appointment-table.ts';
import { AppointmentFilter } from './components/appointment-filter.tsx';
import { AppointmentsTable } from './components/appointments-table.tsx';
import { OpenedAppointment, useOpenedAppointment } from './components/upcoming-appointments.tsx';

/**
 * /appointments: the appointments of the caller's patients; doctors add, edit and delete. A
 * link with `?appointment=ID` (an upcoming appointment on the dashboard) opens that one above
 * the table.
 */
export default function AppointmentsPage() {
  const table = useAppointmentTable({ kind: 'scope' });
  const editing = useAppointmentActions();
  const opened = useOpenedAppointment();

  return (
    <>
      <PageHeader title="Appointments" actions={editing.addButton} />
      {opened.id !== null && (
        <OpenedAppointment id={opened.id} onClose={opened.close} actions={editing.actions} />
      )}
      <AppointmentFilter value={table.period} onChange={table.setPeriod} />
      <AppointmentsTable
        {...table.tableProps}
        emptyText={appointmentTexts.noAppointments}
        actions={editing.actions}
      />
      {editing.dialogs}
    </>
  );
}
