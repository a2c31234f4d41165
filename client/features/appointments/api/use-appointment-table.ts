import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { notices } from '../../../../shared/messages.ts';
import { periodQuery, type AppointmentPeriod } from './period.ts';
import { useAppointments, type AppointmentSource } from './list-appointments.ts';

/** A server-paged appointment table: period filter, page and rows per page. */
export function useAppointmentTable(source: AppointmentSource | null) {
  const [period, setPeriod] = useState<AppointmentPeriod>('upcoming');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [now] = useState(() => new Date());
  const query = useAppointments(source, {
    ...periodQuery(period, now),
    limit: rowsPerPage,
    offset: page * rowsPerPage,
  });

  useEffect(() => {
    if (query.isError)
      toast.error(notices.errorFetchingAppointments, { toastId: 'appointments-fetch' });
  }, [query.isError]);

  return {
    query,
    period,
    setPeriod: (next: AppointmentPeriod) => {
      setPeriod(next);
      setPage(0);
    },
    tableProps: {
      rows: query.data?.items,
      isLoading: query.isLoading,
      error: query.isError ? notices.errorFetchingAppointments : null,
      onRetry: () => void query.refetch(),
      paging: {
        total: query.data?.total ?? 0,
        capped: query.data?.capped ?? false,
        page,
        rowsPerPage,
        onPageChange: setPage,
        onRowsPerPageChange: (rows: number) => {
          setRowsPerPage(rows);
          setPage(0);
        },
      },
    },
  };
}
