import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { appointmentTexts, notices } from '../../../shared/messages.ts';
import { fromDateTimeLocal } from '../../../shared/format.ts';
import { appointmentListTexts, type Appointment } from '../../../shared/schemas/appointments.ts';
import { useAppointmentActions } from '../../components/appointment-actions.tsx';
import { ListFilters, type ListFilterField } from '../../components/list-filters.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CsvDownloadButton } from '../../components/csv-download-button.tsx';
import { useReaderIsPatient, useSession } from '../../lib/auth.tsx';
import { notify } from '../../lib/notify.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { appointmentKeys } from './api/keys.ts';
import { periodQuery, type AppointmentPeriod } from './api/period.ts';
import { appointmentsPath } from './api/list-appointments.ts';
import { AppointmentFilter } from './components/appointment-filter.tsx';
import { AppointmentsTable } from './components/appointments-table.tsx';
import { OpenedAppointment, useOpenedAppointment } from './components/upcoming-appointments.tsx';

/** The list's filters, kept in the address by these names. */
const FILTERS = ['patientId', 'doctorId', 'from', 'to'] as const;
const periods: readonly AppointmentPeriod[] = ['upcoming', 'past', 'all'];

/** The day after a YYYY-MM-DD date, as YYYY-MM-DD. */
function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

/**
 * The instants of a From/To day range in the viewer's zone: From's midnight, and the midnight
 * after To (the range holds the whole To day).
 */
function dayRange(from: string, to: string) {
  const at = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null);
  const start = at(from);
  const end = at(to);
  return {
    from: start ? fromDateTimeLocal(`${start}T00:00`) || undefined : undefined,
    to: end ? fromDateTimeLocal(`${nextDay(end)}T00:00`) || undefined : undefined,
  };
}

/**
 * /appointments: the appointments of the caller's patients; doctors add, edit and delete. The
 * headers sort on the server, and the list filters by patient, doctor and a range of days; the
 * order, the filters and the period (upcoming, past, all) live in the address, so a sorted,
 * filtered list reloads and bookmarks as it was. A range of days stands in for the period.
 * A link with `?appointment=ID` (an upcoming appointment on the dashboard) opens that one above
 * the table.
 */
export default function AppointmentsPage() {
  const editing = useAppointmentActions();
  const opened = useOpenedAppointment();
  const readerIsPatient = useReaderIsPatient();
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => new Date());
  const asked = params.get('period') as AppointmentPeriod | null;
  const period: AppointmentPeriod = asked && periods.includes(asked) ? asked : 'upcoming';
  // The days chosen (the list keeps its filters in the address): they replace the period.
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const ranged = range.from !== '' || range.to !== '';
  const days = dayRange(range.from, range.to);
  // What the list asks for besides its filters: the days as instants of the viewer's zone (in
  // place of the YYYY-MM-DD texts), or the period's range and order. A header's sort wins.
  const base = ranged
    ? { from: days.from, to: days.to, order: 'asc' as const }
    : { from: undefined, to: undefined, ...periodQuery(period, now) };
  const list = usePagedList<Appointment>(
    [...appointmentKeys.all, 'screen'],
    appointmentsPath({ kind: 'scope' }),
    base,
    { inAddress: true, filters: FILTERS },
  );

  const failed = list.query.isError;
  useEffect(() => {
    if (failed)
      notify('error', notices.errorFetchingAppointments, { toastId: 'appointments-fetch' });
  }, [failed]);

  /** A period replaces a range of days, and starts again at the first page. */
  const choosePeriod = (next: AppointmentPeriod) => {
    if (list.filters.from) list.setFilter('from', '');
    if (list.filters.to) list.setFilter('to', '');
    list.paging.onPageChange(0);
    // Each write to the address in one event starts from the address of the last render, and
    // the last one wins: this one carries every change.
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('from');
        updated.delete('to');
        if (next === 'upcoming') updated.delete('period');
        else updated.set('period', next);
        return updated;
      },
      { replace: true },
    );
  };

  // People are picked by name from the directory (staff); a patient's list is their own.
  const pickPeople = can('directory:read') && !readerIsPatient;
  const fields: ListFilterField[] = [
    ...(pickPeople
      ? ([
          {
            kind: 'person',
            name: 'patientId',
            role: 'patient',
            label: appointmentListTexts.patient,
          },
          { kind: 'person', name: 'doctorId', role: 'doctor', label: appointmentListTexts.doctor },
        ] as const)
      : []),
    { kind: 'date', name: 'from', label: appointmentListTexts.from },
    { kind: 'date', name: 'to', label: appointmentListTexts.to },
  ];

  // With no sort asked for, the header shows the period's order by date.
  const sortShown = list.sort.value ?? (base.order === 'desc' ? '-date' : 'date');

  return (
    <>
      <PageHeader
        title="Appointments"
        actions={
          <>
            <CsvDownloadButton
              path={appointmentsPath({ kind: 'scope' })}
              query={list.exportQuery}
              listName="Appointments"
            />
            {editing.addButton}
          </>
        }
      />
      {opened.id !== null && (
        <OpenedAppointment id={opened.id} onClose={opened.close} actions={editing.actions} />
      )}
      <AppointmentFilter value={ranged ? null : period} onChange={choosePeriod} />
      <ListFilters label={appointmentListTexts.filtersLabel} fields={fields} list={list} />
      <AppointmentsTable
        rows={list.rows}
        isLoading={list.query.isLoading}
        error={failed ? notices.errorFetchingAppointments : null}
        onRetry={() => void list.query.refetch()}
        paging={list.paging}
        sort={{ value: sortShown, onChange: list.sort.onChange }}
        emptyText={list.filtered ? appointmentListTexts.noMatch : appointmentTexts.noAppointments}
        actions={editing.actions}
      />
      {editing.dialogs}
    </>
  );
}
