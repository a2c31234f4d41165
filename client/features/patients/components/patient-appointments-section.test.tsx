import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionData } from '../../../lib/auth.tsx';
import { patientReader, sampleAppointment } from '../../../test/appointment-kit.ts';
import { json, meWith, renderSignedIn, stubApi } from '../../../test/vital-signs-kit.tsx';
import { PatientAppointmentsSection } from './patient-appointments-section.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

const rows = [
  sampleAppointment(1, { status: 'cancelled', cancelReason: 'Feeling better' }),
  sampleAppointment(2, { durationMinutes: 45 }),
];

function showAs(me: Parameters<typeof stubApi>[0]) {
  stubApi(me, { 'GET /api/appointments/patient/12': () => json(200, rows) });
  renderSignedIn(
    <MemoryRouter>
      <PatientAppointmentsSection patientId={12} />
    </MemoryRouter>,
  );
}

describe("a patient's appointments on the chart", () => {
  it('a patient reads the doctor by name only, with each status and length', async () => {
    showAs(patientReader);
    const cancelled = (await screen.findByText('Room 11')).closest('tr')!;
    expect(within(cancelled).getByText('Ann Caldham')).toBeInTheDocument();
    expect(screen.queryByText('dr.caldham')).toBeNull();
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(within(cancelled).getByText('30 min · Feeling better')).toBeInTheDocument();
    const scheduled = screen.getByText('Room 12').closest('tr')!;
    expect(within(scheduled).getByText('Scheduled')).toBeInTheDocument();
    expect(within(scheduled).getByText('45 min')).toBeInTheDocument();
  });

  it('staff read the username beside the name', async () => {
    showAs(meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'doctor', 'editor'));
    const row = (await screen.findByText('Room 12')).closest('tr')!;
    expect(within(row).getByText('dr.caldham')).toBeInTheDocument();
    expect(within(row).getByText('Ann Caldham')).toBeInTheDocument();
  });
});
