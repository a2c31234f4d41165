import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { appointmentTexts } from '../../../shared/messages.ts';
import type { Appointment } from '../../../shared/schemas/appointments.ts';
import { AppointmentDialog } from '../../components/appointment-dialog.tsx';
import { CsvDownloadButton } from '../../components/csv-download-button.tsx';
import { CancelAppointmentDialog } from '../../components/cancel-appointment-dialog.tsx';
import { EmptyState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ownPatientIdOf, seesOwnRecordOnly } from '../../../shared/permissions.ts';
import { useSession } from '../../lib/auth.tsx';
import { appointmentsPath } from './api/list-appointments.ts';
import { useAppointmentTable } from './api/use-appointment-table.ts';
import { AppointmentFilter } from './components/appointment-filter.tsx';
import { AppointmentsTable } from './components/appointments-table.tsx';
import { OpenedAppointment, useOpenedAppointment } from './components/upcoming-appointments.tsx';

/**
 * /patient-appointments: the signed-in patient's own appointments from the server, with their
 * status, and the doctor by name. They may request one with a doctor of their care team and
 * cancel their own upcoming ones, giving a reason: the appointment stays, shown cancelled with
 * it. A link with `?appointment=ID` (an upcoming appointment on their dashboard) opens that one
 * above the table.
 */
export default function PatientAppointmentsPage() {
  const { user, can } = useSession();
  const patientId = ownPatientIdOf(user);
  const table = useAppointmentTable(patientId === null ? null : { kind: 'patient', patientId });
  const [adding, setAdding] = useState(false);
  const [toCancel, setToCancel] = useState<Appointment | null>(null);
  const [now] = useState(() => Date.now());
  const opened = useOpenedAppointment();

  // Staff have their own screen for this.
  if (user && !seesOwnRecordOnly(user)) return <Navigate to="/appointments" replace />;

  const canRequest = can('appointments:request') && patientId !== null;
  // Only what is still to come and still planned can be called off.
  const cancelButton = (row: Appointment) =>
    canRequest &&
    (row.status ?? 'scheduled') === 'scheduled' &&
    new Date(row.appointmentDate).getTime() > now ? (
      <Button
        variant="outlined"
        color="error"
        size="small"
        onClick={() => setToCancel(row)}
        aria-label={`Cancel appointment ${row.id}`}
      >
        Cancel
      </Button>
    ) : null;

  return (
    <>
      <PageHeader
        title="Appointments"
        actions={
          canRequest ? (
            <Button variant="contained" onClick={() => setAdding(true)}>
              Add Appointment
            </Button>
          ) : undefined
        }
      />
      {patientId === null ? (
        <EmptyState text={appointmentTexts.noLinkedPatient} />
      ) : (
        <>
          {opened.id !== null && (
            <OpenedAppointment id={opened.id} onClose={opened.close} actions={cancelButton} />
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <Box sx={{ flexGrow: 1 }}>
              <AppointmentFilter value={table.period} onChange={table.setPeriod} />
            </Box>
            <CsvDownloadButton
              path={appointmentsPath({ kind: 'patient', patientId })}
              query={table.exportQuery}
              listName="Appointments"
            />
          </Box>
          <AppointmentsTable
            {...table.tableProps}
            emptyText={appointmentTexts.noAppointments}
            actions={cancelButton}
          />
          <AppointmentDialog
            open={adding}
            mode="patient"
            ownPatient={{
              id: patientId,
              label: `${user?.firstName ?? ''} ${user?.secondName ?? ''} (ID ${patientId})`.trim(),
            }}
            onClose={() => setAdding(false)}
          />
        </>
      )}
      <CancelAppointmentDialog appointment={toCancel} onClose={() => setToCancel(null)} />
    </>
  );
}
