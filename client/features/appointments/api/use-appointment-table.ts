import { useEffect, useState } from 'react';
import { notices } from '../../../../shared/messages.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { periodQuery, type AppointmentPeriod } from './period.ts';
import { useAppointments, type AppointmentSource } from './list-appointments.ts';
import { notify } from '../../../lib/notify.ts';

/** A server-paged appointment table: period filter, page and rows per page. */
export function useAppointmentTable(source: AppointmentSource | null) {
  const [period, setPeriod] = useState<AppointmentPeriod>('upcoming');
  const { page, rowsPerPage, setPage, pagingOf } = usePaging();
  const [now] = useState(() => new Date());
  const filters = periodQuery(period, now);
  const query = useAppointments(source, {
    ...filters,
    limit: rowsPerPage,
    offset: page * rowsPerPage,
  });

  useEffect(() => {
    if (query.isError)
      notify('error', notices.errorFetchingAppointments, { toastId: 'appointments-fetch' });
  }, [query.isError]);

  return {
    query,
    period,
    /** The list's filters without paging, for its CSV download. */
    exportQuery: filters,
    setPeriod: (next: AppointmentPeriod) => {
      setPeriod(next);
      setPage(0);
    },
    tableProps: {
      rows: query.data?.items,
      isLoading: query.isLoading,
      error: query.isError ? notices.errorFetchingAppointments : null,
      onRetry: () => void query.refetch(),
      paging: pagingOf(query.data),
    },
  };
}
