import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../shared/schemas/users.ts';
import { clearSessionData, SessionProvider, useSession } from '../lib/auth.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { IdWithName } from './id-with-name.tsx';
import { mayOpenChart, PatientLink } from './patient-link.tsx';

const settings: Me['settings'] = {
  darkMode: false,
  fontSize: 16,
  notificationsEnabled: true,
  temperatureUnit: 'C',
  glucoseUnit: 'mmol/L',
};

const person = (role: Me['role'], patientId: number | null = null, privileges = 'editor'): Me => ({
  id: 7,
  username: `${role}.one`,
  firstName: 'Pat',
  secondName: 'One',
  role,
  privileges: privileges as Me['privileges'],
  requestedPrivileges: null,
  patientId,
  settings,
});

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

/** Reads the session through the app's own call (GET /api/session), then shows `children`. */
function SessionRead({ children }: { children: ReactNode }) {
  const { refresh } = useSession();
  const [read, setRead] = useState(false);
  useEffect(() => {
    void refresh().then(() => setRead(true));
  }, [refresh]);
  return read ? children : null;
}

async function renderAs(me: Me | null, ui: ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/session'
          ? new Response(JSON.stringify({ user: me }), {
              headers: { 'content-type': 'application/json' },
            })
          : new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 }),
      ),
    ),
  );
  clearSessionData();
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={['/list']}>
        <Routes>
          <Route
            path="/list"
            element={
              <SessionRead>
                <div data-testid="session-read">{ui}</div>
              </SessionRead>
            }
          />
          <Route path="/patients/:id" element={<h1>Chart page</h1>} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
  await screen.findByTestId('session-read');
}

describe('mayOpenChart follows the chart screen’s permission', () => {
  it('lets doctors and caregivers of every privilege open any chart (the scope decides)', () => {
    for (const role of ['doctor', 'caregiver'] as const) {
      for (const privileges of ['viewer', 'editor', 'supervisor', 'admin']) {
        expect(mayOpenChart(person(role, null, privileges), 12)).toBe(true);
      }
    }
  });

  it('lets a patient open only their own record, at any privilege', () => {
    expect(mayOpenChart(person('patient', 12), 12)).toBe(true);
    expect(mayOpenChart(person('patient', 12), 13)).toBe(false);
    expect(mayOpenChart(person('patient', 12, 'admin'), 13)).toBe(false);
    expect(mayOpenChart(person('patient', null), 12)).toBe(false);
  });

  it('offers nothing to a guest or no one', () => {
    expect(mayOpenChart(person('guest'), 12)).toBe(false);
    expect(mayOpenChart(null, 12)).toBe(false);
  });
});

describe('PatientLink', () => {
  it('is a real link to the chart for a doctor, reached with Tab and opened with Enter', async () => {
    await renderAs(person('doctor'), <PatientLink patientId={12}>Helen Gardner</PatientLink>);
    const link = screen.getByRole('link', { name: 'Helen Gardner' });
    expect(link).toHaveAttribute('href', '/patients/12');
    const user = userEvent.setup();
    await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Chart page' })).toBeInTheDocument();
  });

  it('links a patient’s own name, and leaves another patient’s as plain text', async () => {
    await renderAs(
      person('patient', 12),
      <>
        <PatientLink patientId={12}>Helen Gardner</PatientLink>
        <PatientLink patientId={13}>Walter Brooks</PatientLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Helen Gardner' })).toHaveAttribute(
      'href',
      '/patients/12',
    );
    expect(screen.getByText('Walter Brooks')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Walter Brooks' })).toBeNull();
  });

  it('is plain text for a patient account not linked to a record', async () => {
    await renderAs(
      person('patient', null),
      <PatientLink patientId={12}>Helen Gardner</PatientLink>,
    );
    expect(screen.getByText('Helen Gardner')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is plain text while nobody is signed in', async () => {
    await renderAs(null, <PatientLink patientId={12}>Helen Gardner</PatientLink>);
    expect(screen.getByText('Helen Gardner')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('IdWithName', () => {
  it('links the name of a patient id, and never a staff member’s', async () => {
    await renderAs(
      person('caregiver'),
      <>
        <IdWithName id={12} name="Helen Gardner" patient />
        <IdWithName id={3} name="Dr. Caldham" />
      </>,
    );
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Helen Gardner' })).toHaveAttribute(
      'href',
      '/patients/12',
    );
    expect(screen.getByText('Dr. Caldham')).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('links the id itself when the patient has no name to show', async () => {
    await renderAs(person('doctor'), <IdWithName id={12} name="" patient />);
    expect(screen.getByRole('link', { name: '12' })).toHaveAttribute('href', '/patients/12');
  });

  it('shows a patient reader staff by name only, never their internal ids', async () => {
    await renderAs(
      person('patient', 12),
      <>
        <IdWithName id={12} name="Helen Gardner" patient />
        <IdWithName id={3} name="Dr. Caldham" />
      </>,
    );
    expect(screen.getByText('Dr. Caldham')).toBeInTheDocument();
    expect(screen.queryByText('3')).toBeNull();
    // Their own record's id stays, as the seed's column shows it.
    expect(screen.getByText('12')).toBeInTheDocument();
  });
});

describe('staff id columns', () => {
  interface Row {
    id: number;
    doctorId: number;
    doctorName: string;
  }
  const columns: Column<Row>[] = [
    {
      key: 'doctorId',
      header: 'Doctor ID',
      staffId: true,
      render: (r) => <IdWithName id={r.doctorId} name={r.doctorName} />,
    },
  ];
  const table = (
    <DataTable
      label="Records"
      columns={columns}
      rows={[{ id: 1, doctorId: 41, doctorName: 'Dr. Caldham' }]}
      rowKey={(r) => r.id}
      emptyText="None"
    />
  );

  it('keep the seed’s "Doctor ID" header with the id and name for staff', async () => {
    await renderAs(person('doctor'), table);
    expect(screen.getByRole('columnheader', { name: 'Doctor ID' })).toBeInTheDocument();
    expect(screen.getByRole('cell')).toHaveTextContent('41Dr. Caldham');
  });

  it('read "Doctor" with the name only for a patient', async () => {
    await renderAs(person('patient', 12), table);
    expect(screen.getByRole('columnheader', { name: 'Doctor' })).toBeInTheDocument();
    expect(screen.getByRole('cell')).toHaveTextContent(/^Dr\. Caldham$/);
  });
});
