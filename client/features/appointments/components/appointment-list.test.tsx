import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '../../../../shared/schemas/appointments.ts';
import { clearSessionData } from '../../../lib/auth.tsx';
import { meWith, renderSignedIn, stubApi } from '../../../test/vital-signs-kit.tsx';
import { MemoryRouter } from 'react-router';
import { AppointmentList } from './appointment-list.tsx';
import { AppointmentsTable } from './appointments-table.tsx';

const units = { temperatureUnit: 'C', glucoseUnit: 'mmol/L' } as const;

/** 09:00 and 14:15 on December 5, 2024 in this device's zone (no display zone chosen). */
const items: Appointment[] = [
  {
    id: 1,
    doctorId: 3,
    doctorUsername: 'dr.caldham',
    doctorName: 'Ann Caldham',
    patientId: 41,
    patientName: 'Edna Visit',
    appointmentDate: new Date(2024, 11, 5, 9, 0).toISOString(),
    location: 'Room 11',
    requestedBy: null,
    durationMinutes: 30,
    status: 'scheduled',
    cancelReason: null,
    cancelledAt: null,
    createdAt: '2024-12-01T00:00:00.000Z',
    updatedAt: '2024-12-01T00:00:00.000Z',
  },
  {
    id: 2,
    doctorId: 3,
    doctorUsername: 'dr.caldham',
    doctorName: 'Ann Caldham',
    patientId: 41,
    patientName: 'Edna Visit',
    appointmentDate: new Date(2024, 11, 5, 14, 15).toISOString(),
    location: 'Room 12',
    requestedBy: null,
    durationMinutes: 45,
    status: 'cancelled',
    cancelReason: 'Feeling better',
    cancelledAt: '2024-12-02T00:00:00.000Z',
    createdAt: '2024-12-01T00:00:00.000Z',
    updatedAt: '2024-12-02T00:00:00.000Z',
  },
];

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

const dayList = (showDoctor = true) => (
  <MemoryRouter>
    <AppointmentList items={items} showDoctor={showDoctor} label="Appointments on Dec 05, 2024" />
  </MemoryRouter>
);

describe("the calendar's day list", () => {
  it('shows each time and length, and the status in words, a cancelled one struck', async () => {
    stubApi(meWith(units), {});
    renderSignedIn(dayList(false));
    const [first, second] = within(
      await screen.findByRole('list', { name: 'Appointments on Dec 05, 2024' }),
    ).getAllByRole('listitem');
    expect(first).toHaveTextContent('09:00 AM, 30 min · Scheduled');
    expect(second).toHaveTextContent('02:15 PM, 45 min · Cancelled');
    expect(second).toHaveTextContent('Reason: Feeling better');
    expect(second!.querySelector('s')).toHaveTextContent('02:15 PM, 45 min');
    expect(first!.querySelector('s')).toBeNull();
    expect(first).not.toHaveTextContent('Doctor');
  });

  it('names the doctor with the username for staff', async () => {
    stubApi(meWith(units), {});
    renderSignedIn(dayList());
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      'Doctor: Ann Caldham (dr.caldham)',
    );
  });

  it('names the doctor only, never the username, for a patient', async () => {
    stubApi({ ...meWith(units, 'patient', 'viewer'), username: 'edna', patientId: 41 }, {});
    renderSignedIn(dayList());
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Doctor: Ann Caldham');
    expect(list).not.toHaveTextContent('dr.caldham');
  });
});

describe('the appointments table', () => {
  const table = (
    <MemoryRouter>
      <AppointmentsTable
        rows={items}
        isLoading={false}
        error={null}
        onRetry={() => undefined}
        emptyText="None"
        paging={{
          total: 2,
          page: 0,
          rowsPerPage: 10,
          onPageChange: () => undefined,
          onRowsPerPageChange: () => undefined,
        }}
      />
    </MemoryRouter>
  );

  it('shows staff the doctor with the username', async () => {
    stubApi(meWith(units), {});
    renderSignedIn(table);
    const row = (await screen.findByText('Room 11')).closest('tr')!;
    expect(row).toHaveTextContent('dr.caldham');
    expect(row).toHaveTextContent('Ann Caldham');
  });

  it('shows a patient the doctor by name only', async () => {
    stubApi({ ...meWith(units, 'patient', 'viewer'), username: 'edna', patientId: 41 }, {});
    renderSignedIn(table);
    const row = (await screen.findByText('Room 11')).closest('tr')!;
    expect(row).toHaveTextContent('Ann Caldham');
    expect(screen.getByRole('table')).not.toHaveTextContent('dr.caldham');
  });
});
