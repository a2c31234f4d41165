import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../../shared/format.ts';
import type { Appointment } from '../../../../shared/schemas/appointments.ts';
import { clearSessionData } from '../../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi } from '../../../test/vital-signs-kit.tsx';
import {
  appointmentPathOf,
  OpenedAppointment,
  UpcomingAppointments,
  useOpenedAppointment,
} from './upcoming-appointments.tsx';

const doctor = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' });

const appointment = (id: number, over: Partial<Appointment> = {}): Appointment => ({
  durationMinutes: 30,
  status: 'scheduled',
  cancelReason: null,
  cancelledAt: null,
  id,
  doctorId: 3,
  doctorUsername: 'dr.caldham',
  doctorName: 'Ann Caldham',
  patientId: 40 + id,
  patientName: `Edna Visit${id}`,
  appointmentDate: `2030-01-0${id}T15:30:00.000Z`,
  location: `Room ${10 + id}`,
  requestedBy: null,
  createdAt: '2029-12-01T00:00:00.000Z',
  updatedAt: '2029-12-01T00:00:00.000Z',
  ...over,
});

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

/** Where the router stands: the path and the search. */
function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function OpenedFromUrl({ onAction }: { onAction(a: Appointment): void }) {
  const opened = useOpenedAppointment();
  return opened.id === null ? null : (
    <OpenedAppointment
      id={opened.id}
      onClose={opened.close}
      actions={(a) => (
        <button type="button" onClick={() => onAction(a)}>
          Edit appointment {a.id}
        </button>
      )}
    />
  );
}

describe('the upcoming appointments', () => {
  it('are links to the appointment, the patient name still a link to the chart', async () => {
    stubApi(doctor, {
      'GET /api/appointments/doctor/3': () =>
        json(200, [appointment(1), appointment(2)], { 'X-Total-Count': '2' }),
    });
    renderSignedIn(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route
            path="/dashboard"
            element={<UpcomingAppointments source={{ kind: 'doctor', doctorId: 3 }} />}
          />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Upcoming Appointments' });
    const [first, second] = within(list).getAllByRole('listitem');
    const date = formatDateTime(appointment(1).appointmentDate);
    // Everything the entry showed before stays.
    expect(first).toHaveTextContent(`Patient ID: 41 (Edna Visit1)${date}Location: Room 11`);
    const open = within(first!).getByRole('link', { name: date });
    expect(open).toHaveAttribute('href', '/appointments?appointment=1');
    expect(within(first!).getByRole('link', { name: 'Edna Visit1' })).toHaveAttribute(
      'href',
      '/patients/41',
    );
    expect(within(second!).getByRole('link', { name: /Jan/ })).toHaveAttribute(
      'href',
      appointmentPathOf(2),
    );

    open.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/appointments?appointment=1',
    );
  });
});

describe('an appointment opened from a link', () => {
  it('shows its details and actions, and closes by removing it from the address', async () => {
    stubApi(doctor, { 'GET /api/appointments/2': () => json(200, appointment(2)) });
    const onAction = vi.fn();
    renderSignedIn(
      <MemoryRouter initialEntries={['/appointments?appointment=2']}>
        <OpenedFromUrl onAction={onAction} />
        <Where />
      </MemoryRouter>,
    );
    const card = await screen.findByRole('region', {
      name: `Appointment on ${formatDateTime(appointment(2).appointmentDate)}`,
    });
    expect(card).toHaveTextContent('Doctor: Ann Caldham (dr.caldham)');
    expect(card).toHaveTextContent('Patient ID: 42 (Edna Visit2)');
    expect(card).toHaveTextContent('Location: Room 12');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Edit appointment 2' }));
    expect(onAction).toHaveBeenCalledWith(appointment(2));
    await user.click(within(card).getByRole('button', { name: 'Close' }));
    expect(card).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/appointments$/);
  });

  it('says when the appointment is not there', async () => {
    stubApi(doctor, {});
    renderSignedIn(
      <MemoryRouter initialEntries={['/appointments?appointment=9']}>
        <OpenedFromUrl onAction={() => undefined} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('This appointment could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
