import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointmentTexts } from '../../../shared/messages.ts';
import { type Appointment } from '../../../shared/schemas/appointments.ts';
import { appointmentStatusTexts } from '../../../shared/constants.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { patientReader, sampleAppointment } from '../../test/appointment-kit.ts';
import { json, renderSignedIn, stubApi } from '../../test/vital-signs-kit.tsx';
import PatientAppointmentsPage from './patient-appointments-page.tsx';

const patient = patientReader;
const appointment = sampleAppointment;

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

/** The patient's appointments as the server keeps them; a cancel changes them. */
function patientServer(rows: Appointment[]) {
  return stubApi(patient, {
    'GET /api/appointments/patient/12': () =>
      json(200, rows, { 'X-Total-Count': String(rows.length) }),
    'POST /api/appointments/cancel/1': (call) => {
      const reason = (call.body as { reason: string }).reason;
      rows[0] = { ...rows[0]!, status: 'cancelled', cancelReason: reason };
      return json(200, rows[0]);
    },
  });
}

const rowOf = (text: string) =>
  screen.getAllByRole('row').find((row) => row.textContent?.includes(text))!;

describe("the patient's appointments", () => {
  it('show the doctor by name only, and each status with its length and reason', async () => {
    patientServer([
      appointment(1),
      appointment(2, { status: 'cancelled', cancelReason: 'Feeling better', durationMinutes: 45 }),
    ]);
    renderSignedIn(
      <MemoryRouter>
        <PatientAppointmentsPage />
      </MemoryRouter>,
    );
    await screen.findByText('Room 11');
    const first = rowOf('Room 11');
    expect(first).toHaveTextContent('Ann Caldham');
    expect(first).toHaveTextContent('Scheduled');
    expect(first).toHaveTextContent('30 min');
    const second = rowOf('Room 12');
    expect(second).toHaveTextContent('Cancelled');
    expect(second).toHaveTextContent('45 min');
    expect(second).toHaveTextContent('Feeling better');
    // Never the doctor's username.
    expect(document.body).not.toHaveTextContent('dr.caldham');
    // Only what is still planned can be cancelled.
    expect(within(first).getByRole('button', { name: 'Cancel appointment 1' })).toBeVisible();
    expect(within(second).queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('open one from a link with its status and reason, the doctor by name only', async () => {
    const cancelled = appointment(2, { status: 'cancelled', cancelReason: 'Feeling better' });
    stubApi(patient, {
      'GET /api/appointments/patient/12': () => json(200, [cancelled], { 'X-Total-Count': '1' }),
      'GET /api/appointments/2': () => json(200, cancelled),
    });
    renderSignedIn(
      <MemoryRouter initialEntries={['/patient-appointments?appointment=2']}>
        <PatientAppointmentsPage />
      </MemoryRouter>,
    );
    const card = await screen.findByRole('region', { name: /^Appointment on / });
    await waitFor(() => expect(card).toHaveTextContent('Doctor: Ann Caldham'));
    expect(card).toHaveTextContent('Status: Cancelled, 30 min');
    expect(card).toHaveTextContent('Reason: Feeling better');
    expect(card).not.toHaveTextContent('dr.caldham');
    expect(within(card).queryByRole('button', { name: /^Cancel appointment/ })).toBeNull();
  });

  it('cancel with a reason, required, keeping the appointment, shown cancelled', async () => {
    const calls = patientServer([appointment(1)]);
    renderSignedIn(
      <MemoryRouter>
        <PatientAppointmentsPage />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel appointment 1' }));
    const dialog = await screen.findByRole('dialog', {
      name: appointmentStatusTexts.cancelAction,
    });
    const submit = within(dialog).getByRole('button', {
      name: appointmentStatusTexts.cancelAction,
    });

    // No reason: the sentence, and nothing sent.
    await user.click(submit);
    expect(await within(dialog).findByText(appointmentStatusTexts.reasonRequired)).toBeVisible();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    await user.type(
      within(dialog).getByRole('textbox', { name: appointmentStatusTexts.reasonLabel }),
      'My daughter will take me next week',
    );
    await user.click(submit);
    expect(await screen.findByText(appointmentTexts.cancelled)).toBeVisible();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      {
        method: 'POST',
        path: '/api/appointments/cancel/1',
        body: { reason: 'My daughter will take me next week' },
      },
    ]);
    // Never a DELETE: the row stays, cancelled, with the reason, and cannot be cancelled again.
    await waitFor(() => expect(rowOf('Room 11')).toHaveTextContent('Cancelled'));
    expect(rowOf('Room 11')).toHaveTextContent('My daughter will take me next week');
    expect(within(rowOf('Room 11')).queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });
});
