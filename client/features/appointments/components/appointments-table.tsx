import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Appointment } from '../../../../shared/schemas/appointments.ts';
import {
  DataTable,
  DateTimeText,
  type Column,
  type TableSort,
} from '../../../components/data-table.tsx';
import { PatientLink } from '../../../components/patient-link.tsx';
import { useReaderIsPatient } from '../../../lib/auth.tsx';
import { AppointmentStatusChip } from '../../../components/appointment-status-chip.tsx';

interface AppointmentsTableProps {
  rows: Appointment[] | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry(): void;
  emptyText: string;
  paging: {
    total: number;
    page: number;
    rowsPerPage: number;
    onPageChange(page: number): void;
    onRowsPerPageChange(rows: number): void;
  };
  /** The Actions cell of a row; the column is left out when not given. */
  actions?: (row: Appointment) => ReactNode;
  /**
   * Server-side order: the Doctor, Patient, Appointment Date and Status headers sort by
   * `doctor`, `patient` (both last then first name), `date` and `status`.
   */
  sort?: TableSort;
}

/**
 * The seed's table: Doctor, Patient ID (with the name beside it), Appointment Date, Location;
 * and the status. A patient sees the doctor by name only, never the username.
 */
export function AppointmentsTable({ actions, ...props }: AppointmentsTableProps) {
  const readerIsPatient = useReaderIsPatient();
  const columns: Column<Appointment>[] = [
    {
      key: 'doctor',
      header: 'Doctor',
      sortKey: 'doctor',
      render: (row) =>
        readerIsPatient ? (
          <Typography variant="body2">{row.doctorName}</Typography>
        ) : (
          <Box>
            <Typography variant="body2">{row.doctorUsername}</Typography>
            <Typography variant="body2" color="text.secondary">
              {row.doctorName}
            </Typography>
          </Box>
        ),
    },
    {
      key: 'patient',
      header: 'Patient ID',
      sortKey: 'patient',
      render: (row) => (
        <Box>
          <Typography variant="body2">{row.patientId}</Typography>
          <Typography variant="body2" color="text.secondary">
            <PatientLink patientId={row.patientId}>{row.patientName}</PatientLink>
          </Typography>
        </Box>
      ),
    },
    {
      key: 'date',
      cardTitle: true,
      header: 'Appointment Date',
      sortKey: 'date',
      render: (row) => <DateTimeText value={row.appointmentDate} />,
    },
    { key: 'location', header: 'Location', render: (row) => row.location },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
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
  if (actions) columns.push({ key: 'actions', header: 'Actions', pinned: true, render: actions });
  return <DataTable label="Appointments" columns={columns} rowKey={(row) => row.id} {...props} />;
}
