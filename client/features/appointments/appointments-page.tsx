import { appointmentTexts } from '../../../shared/messages.ts';
import { useAppointmentActions } from '../../components/appointment-actions.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAppointmentTable } from './api/use-appointment-table.ts';
import { AppointmentFilter } from './components/appointment-filter.tsx';
import { AppointmentsTable } from './components/appointments-table.tsx';

/** /appointments: the appointments of the caller's patients; doctors add, edit and delete. */
export default function AppointmentsPage() {
  const table = useAppointmentTable({ kind: 'scope' });
  const editing = useAppointmentActions();

  return (
    <>
      <PageHeader title="Appointments" actions={editing.addButton} />
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
