import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointmentTexts } from '../../../shared/messages.ts';
import { fromDateTimeLocal } from '../../../shared/format.ts';
import { appointmentListTexts, type Appointment } from '../../../shared/schemas/appointments.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { sampleAppointment } from '../../test/appointment-kit.ts';
import { json, meWith, renderSignedIn, stubApi, type Call } from '../../test/vital-signs-kit.tsx';
import AppointmentsPage from './appointments-page.tsx';

const doctor = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'doctor', 'editor');

const appointment = (id: number) => sampleAppointment(id, { doctorId: 7 });

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

/** The agency's appointments: the rows answered while `rows()` says so. */
function server(rows: () => Appointment[]) {
  return stubApi(doctor, {
    'GET /api/appointments': () => {
      const list = rows();
      return json(200, list, { 'X-Total-Count': String(list.length) });
    },
    'GET /api/directory': () => json(200, [{ id: 12, name: 'Edna Visit' }]),
  });
}

/** The query of each list call made, in order. */
const listQueries = (calls: Call[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path.startsWith('/api/appointments?'))
    .map((call) => new URLSearchParams(call.path.split('?')[1]));

function open(address: string) {
  renderSignedIn(
    <MemoryRouter initialEntries={[address]}>
      <AppointmentsPage />
    </MemoryRouter>,
  );
}

describe('the Appointments screen', () => {
  it('reads its order and filters from the address, the days as the viewer’s midnights', async () => {
    const calls = server(() => [appointment(1), appointment(2)]);
    open('/appointments?sort=-patient&patientId=12&from=2030-01-01&to=2030-01-03');
    await screen.findByText('Room 11');
    const query = listQueries(calls).at(-1)!;
    expect(query.get('sort')).toBe('-patient');
    expect(query.get('patientId')).toBe('12');
    expect(query.get('from')).toBe(fromDateTimeLocal('2030-01-01T00:00'));
    // The whole To day: up to the next midnight.
    expect(query.get('to')).toBe(fromDateTimeLocal('2030-01-04T00:00'));
    expect(screen.getByRole('columnheader', { name: 'Patient ID' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // A range of days stands in for the period.
    expect(screen.getByRole('button', { name: 'Upcoming' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('sorts by a header, and says when the filters hide every row', async () => {
    let rows = [appointment(1)];
    const calls = server(() => rows);
    const user = userEvent.setup();
    open('/appointments');
    await screen.findByText('Room 11');
    // Upcoming, soonest first, until a header is pressed.
    expect(listQueries(calls).at(-1)!.get('sort')).toBeNull();
    expect(listQueries(calls).at(-1)!.get('order')).toBe('asc');
    const dateHeader = screen.getByRole('columnheader', { name: 'Appointment Date' });
    expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(
      within(screen.getByRole('columnheader', { name: 'Status' })).getByRole('button'),
    );
    await waitFor(() => expect(listQueries(calls).at(-1)!.get('sort')).toBe('status'));
    expect(dateHeader).not.toHaveAttribute('aria-sort');

    rows = [];
    const search = screen.getByRole('search', { name: appointmentListTexts.filtersLabel });
    fireEvent.change(within(search).getByLabelText('From', { exact: true }), {
      target: { value: '2030-02-01' },
    });
    expect(await screen.findByText(appointmentListTexts.noMatch)).toBeVisible();
    await user.click(within(search).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(appointmentTexts.noAppointments)).toBeVisible();
    const last = listQueries(calls).at(-1)!;
    expect(last.get('sort')).toBe('status');
    expect(within(search).queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
