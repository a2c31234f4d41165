import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Appointment } from '../../shared/schemas/appointments.ts';
import { appointmentStatusTexts } from '../../shared/constants.ts';
import { clearSessionData } from '../lib/auth.tsx';
import { renderSignedIn } from '../test/vital-signs-kit.tsx';
import { AppointmentDialog } from './appointment-dialog.tsx';

const appointment: Appointment = {
  id: 55,
  doctorId: 7,
  doctorUsername: 'dr.caldham',
  doctorName: 'Ann Caldham',
  patientId: 12,
  patientName: 'Helen Gardner',
  appointmentDate: '2026-03-02T10:00:00.000Z',
  location: 'Clinic',
  requestedBy: 7,
  durationMinutes: 45,
  status: 'scheduled',
  cancelReason: null,
  cancelledAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

const overlapMessage = appointmentStatusTexts.overlap('Walter Brooks', '2026-03-02 10:15 UTC');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let saveAnswers: Array<() => Response>;
let sent: Array<Record<string, unknown>>;

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const path = url.split('?')[0];
      if (path === '/api/session') {
        return Promise.resolve(
          json(200, {
            user: {
              id: 7,
              username: 'dr.caldham',
              firstName: 'Ann',
              secondName: 'Caldham',
              role: 'doctor',
              privileges: 'editor',
              requestedPrivileges: null,
              patientId: null,
              settings: {
                darkMode: false,
                fontSize: 16,
                notificationsEnabled: true,
                temperatureUnit: 'C',
                glucoseUnit: 'mmol/L',
              },
            },
          }),
        );
      }
      if (path === '/api/directory') {
        return Promise.resolve(json(200, [{ id: 12, name: 'Helen Gardner' }]));
      }
      if (path === '/api/appointments/55' && init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        const answer = saveAnswers.shift();
        return Promise.resolve(answer ? answer() : json(500, { message: 'Unexpected call' }));
      }
      return Promise.resolve(json(404, { message: 'Not found' }));
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

const overlap = () =>
  json(409, {
    message: overlapMessage,
    code: 'overlap',
    clash: {
      id: 9,
      patientName: 'Walter Brooks',
      appointmentDate: '2026-03-02T10:15:00.000Z',
      durationMinutes: 30,
    },
  });

async function renderDialog() {
  const onClose = vi.fn();
  renderSignedIn(
    <AppointmentDialog open mode="staff" appointment={appointment} onClose={onClose} />,
  );
  await screen.findByRole('dialog', { name: 'Edit Appointment' });
  return onClose;
}

describe('AppointmentDialog', () => {
  it('shows the duration, warns of a double booking and resends with the confirmation', async () => {
    saveAnswers = [overlap, () => json(200, appointment)];
    const onClose = await renderDialog();
    expect(screen.getByLabelText(/Duration \(minutes\)/)).toHaveValue(45);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('dialog', {
      name: appointmentStatusTexts.overlapTitle,
    });
    expect(warning).toHaveTextContent(overlapMessage);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('confirmOverlap');
    expect(sent[0]).toMatchObject({ durationMinutes: 45 });
    await userEvent.click(screen.getByRole('button', { name: appointmentStatusTexts.bookAnyway }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ confirmOverlap: true, durationMinutes: 45 });
  });

  it('"Go back" sends nothing more and keeps the form open', async () => {
    saveAnswers = [overlap];
    const onClose = await renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: appointmentStatusTexts.overlapTitle });
    await userEvent.click(screen.getByRole('button', { name: appointmentStatusTexts.goBack }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: appointmentStatusTexts.overlapTitle }),
      ).not.toBeInTheDocument(),
    );
    expect(sent).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit Appointment' })).toBeInTheDocument();
  });

  it('refuses a duration outside 5 to 480 minutes before sending', async () => {
    saveAnswers = [];
    await renderDialog();
    const duration = screen.getByLabelText(/Duration \(minutes\)/);
    await userEvent.clear(duration);
    await userEvent.type(duration, '600');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(appointmentStatusTexts.durationRange)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
