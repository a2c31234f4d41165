import { Box, Typography } from '@mui/material';
import { chartTexts } from '../../../../shared/messages.ts';
import { apiPathOf } from '../../../../shared/record-types.ts';
import type { Appointment } from '../../../../shared/schemas/appointments.ts';
import { useAppointmentActions } from '../../../components/appointment-actions.tsx';
import { CsvDownloadButton } from '../../../components/csv-download-button.tsx';
import { DataTable, DateTimeText, type Column } from '../../../components/data-table.tsx';
import { recordKey } from '../../../lib/query-keys.ts';
import { useReaderIsPatient } from '../../../lib/auth.tsx';
import { AppointmentStatusChip } from '../../../components/appointment-status-chip.tsx';
import { usePagedList } from '../../../lib/use-paged-list.ts';

const f = chartTexts.fields;

const columns: Column<Appointment>[] = [
  {
    key: 'doctor',
    header: f.doctor,
    render: (row) => <DoctorCell appointment={row} />,
  },
  {
    key: 'date',
    cardTitle: true,
    header: f.appointmentDate,
    render: (row) => <DateTimeText value={row.appointmentDate} />,
  },
  { key: 'location', header: f.location, render: (row) => row.location },
  {
    key: 'status',
    header: 'Status',
    render: (row) => (
      <Box>
        <AppointmentStatusChip status={row.status} />
        <Typography variant="body2" color="text.secondary">
          {row.durationMinutes} min
          {row.cancelReason ? ` · ${row.cancelReason}` : ''}
        </Typography>
      </Box>
    ),
  },
];

/** The doctor: staff read the username and the name, a patient the name only. */
function DoctorCell({ appointment }: { appointment: Appointment }) {
  const readerIsPatient = useReaderIsPatient();
  if (readerIsPatient) return <Typography variant="body2">{appointment.doctorName}</Typography>;
  return (
    <Box>
      <Typography variant="body2">{appointment.doctorUsername}</Typography>
      <Typography variant="body2" color="text.secondary">
        {appointment.doctorName}
      </Typography>
    </Box>
  );
}

/**
 * One patient's appointments, latest first (GET /api/appointments/patient/{id}). Whoever may
 * write appointments books, moves and deletes them here as on the Appointments screen, in the
 * same dialog with this patient filled in and locked.
 */
export function PatientAppointmentsSection({ patientId }: { patientId: number }) {
  const path = `${apiPathOf('appointment')}/patient/${patientId}`;
  // The path is part of the key: one patient's appointments never show on another's chart.
  const list = usePagedList<Appointment>([...recordKey('appointment'), path], path, {
    order: 'desc',
  });
  const editing = useAppointmentActions({ patientId });
  const { actions } = editing;
  const shown: Column<Appointment>[] = actions
    ? [...columns, { key: 'actions', header: 'Actions', pinned: true, render: actions }]
    : columns;

  return (
    <Box component="section" aria-labelledby="appointments-title">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography id="appointments-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {chartTexts.tabs.appointments}
        </Typography>
        <CsvDownloadButton
          path={path}
          query={list.exportQuery}
          listName={chartTexts.tabs.appointments}
        />
        {editing.addButton}
      </Box>
      <DataTable
        label={chartTexts.tabs.appointments}
        columns={shown}
        rows={list.rows}
        rowKey={(row) => row.id}
        isLoading={list.query.isLoading}
        error={list.query.isError ? chartTexts.appointmentsError : null}
        onRetry={() => void list.query.refetch()}
        emptyText={chartTexts.noAppointments}
        paging={list.paging}
      />
      {editing.dialogs}
    </Box>
  );
}
