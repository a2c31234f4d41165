import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointmentTexts, clinicalTexts } from '../../../shared/messages.ts';
import { type Appointment } from '../../../shared/schemas/appointments.ts';
import { appointmentStatusTexts } from '../../../shared/constants.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { patientReader, sampleAppointment } from '../../test/appointment-kit.ts';
import { json, renderSignedIn, stubApi } from '../../test/vital-signs-kit.tsx';
import PatientDashboardPage from './patient-dashboard-page.tsx';

const patient = patientReader;
const appointment = sampleAppointment;

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

function dashboardServer(rows: Appointment[]) {
  return stubApi(patient, {
    'GET /api/appointments/patient/12': () => json(200, rows),
    'GET /api/medical-records/patient/12': () => json(200, []),
    'GET /api/progress-reports/patient/12': () => json(200, []),
    'GET /api/prescriptions/patient/12': () => json(200, []),
    'POST /api/appointments/cancel/2': (call) => {
      const index = rows.findIndex((row) => row.id === 2);
      rows[index] = {
        ...rows[index]!,
        status: 'cancelled',
        cancelReason: (call.body as { reason: string }).reason,
      };
      return json(200, rows[index]);
    },
  });
}

const upcomingCard = () => screen.findByRole('region', { name: 'Upcoming Appointments' });

describe("the patient dashboard's upcoming appointments", () => {
  it('leave out cancelled ones, still fill the card, and name the doctor only', async () => {
    const calls = dashboardServer([
      appointment(1, { status: 'cancelled', cancelReason: 'Feeling better' }),
      appointment(2),
      appointment(3, { status: 'cancelled', cancelReason: 'Away' }),
      appointment(4),
      appointment(5),
      appointment(6),
    ]);
    renderSignedIn(
      <MemoryRouter>
        <PatientDashboardPage />
      </MemoryRouter>,
    );
    const card = await upcomingCard();
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(3));
    expect(card).toHaveTextContent('Room 12');
    expect(card).toHaveTextContent('Room 14');
    expect(card).toHaveTextContent('Room 15');
    expect(card).not.toHaveTextContent('Room 11');
    expect(card).not.toHaveTextContent('Room 16');
    expect(card).toHaveTextContent('Doctor: Ann Caldham');
    expect(document.body).not.toHaveTextContent('dr.caldham');
    // Asked for more than it shows, so that cancelled ones do not empty it.
    const asked = calls.find((c) => c.path.startsWith('/api/appointments/patient/12'))!;
    expect(new URL(asked.path, 'http://x').searchParams.get('limit')).toBe('10');
  });

  it('cancel through the dialog with a reason; the appointment then leaves the card', async () => {
    const calls = dashboardServer([appointment(2)]);
    renderSignedIn(
      <MemoryRouter>
        <PatientDashboardPage />
      </MemoryRouter>,
    );
    const card = await upcomingCard();
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Cancel appointment 2' }));
    const dialog = await screen.findByRole('dialog', {
      name: appointmentStatusTexts.cancelAction,
    });
    const submit = within(dialog).getByRole('button', {
      name: appointmentStatusTexts.cancelAction,
    });
    await user.click(submit);
    expect(await within(dialog).findByText(appointmentStatusTexts.reasonRequired)).toBeVisible();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox'), 'In hospital that week');
    await user.click(submit);
    expect(await screen.findByText(appointmentTexts.cancelled)).toBeVisible();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      {
        method: 'POST',
        path: '/api/appointments/cancel/2',
        body: { reason: 'In hospital that week' },
      },
    ]);
    expect(await within(card).findByText(clinicalTexts.noUpcomingAppointments)).toBeVisible();
  });
});
