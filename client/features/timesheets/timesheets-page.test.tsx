import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timesheetTexts, visitTexts } from '../../../shared/messages.ts';
import type { Timesheet, TimesheetRow, TimesheetSummary } from '../../../shared/schemas/visits.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { stubPhoneScreen } from '../../test/phone-screen.ts';
import { json, meWith, renderSignedIn, stubApi } from '../../test/vital-signs-kit.tsx';
import TimesheetsPage from './timesheets-page.tsx';
import { periodOf, todayHere } from './timesheet-period.ts';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 30_000 });

const zone = 'America/New_York';
const units = { temperatureUnit: 'C', glucoseUnit: 'mmol/L' } as const;

const row = (over: Partial<TimesheetRow>): TimesheetRow => ({
  visitId: 41,
  patientId: 12,
  patientName: 'Helen Gardner',
  serviceType: 'personal-care',
  status: 'completed',
  localDate: '2026-03-03',
  // 08:00–09:00 in New York (UTC-5 in early March).
  plannedStart: '2026-03-03T13:00:00.000Z',
  plannedEnd: '2026-03-03T14:00:00.000Z',
  checkInAt: '2026-03-03T13:25:00.000Z',
  checkOutAt: '2026-03-03T14:00:00.000Z',
  checkInLocation: 'shared',
  checkInLatitude: 51.5,
  checkInLongitude: -0.1,
  checkInAccuracy: 12,
  plannedMinutes: 60,
  actualMinutes: 35,
  exceptions: ['late'],
  corrections: [],
  ...over,
});

const sheet = (rows: TimesheetRow[], name = 'Grace Kelford', id = 8): Timesheet => ({
  caregiver: { id, name },
  from: '2026-03-01',
  to: '2026-03-31',
  timeZone: zone,
  rows,
  totals: {
    visits: rows.length,
    completed: rows.filter((r) => r.status === 'completed').length,
    missed: rows.filter((r) => r.status === 'missed').length,
    plannedMinutes: 150,
    actualMinutes: 95,
    exceptions: rows.reduce((n, r) => n + r.exceptions.length, 0),
  },
});

const rows = [
  row({}),
  row({
    visitId: 42,
    patientName: 'Arthur Penrose',
    serviceType: 'meal-preparation',
    localDate: '2026-03-04',
    plannedStart: '2026-03-04T15:00:00.000Z',
    plannedEnd: '2026-03-04T16:30:00.000Z',
    checkInAt: '2026-03-04T15:00:00.000Z',
    checkOutAt: '2026-03-04T16:00:00.000Z',
    plannedMinutes: 90,
    actualMinutes: 60,
    exceptions: ['early-leave', 'corrected'],
    corrections: [
      {
        previousCheckInAt: '2026-03-04T15:00:00.000Z',
        previousCheckOutAt: null,
        previousStatus: 'in-progress',
        checkInAt: '2026-03-04T15:00:00.000Z',
        checkOutAt: '2026-03-04T16:00:00.000Z',
        reason: 'Forgot to check out',
        correctedByName: 'Sam Supervisor',
        correctedAt: '2026-03-05T10:00:00.000Z',
      },
    ],
  }),
  row({
    visitId: 43,
    status: 'missed',
    localDate: '2026-03-05',
    checkInAt: null,
    checkOutAt: null,
    actualMinutes: null,
    exceptions: ['missed'],
  }),
];

const summary: TimesheetSummary = {
  from: '2026-03-01',
  to: '2026-03-31',
  caregivers: [
    {
      caregiverId: 8,
      caregiverName: 'Grace Kelford',
      visits: 3,
      completed: 2,
      missed: 1,
      plannedMinutes: 210,
      actualMinutes: 95,
      exceptions: 4,
    },
    {
      caregiverId: 9,
      caregiverName: 'Tom Ashby',
      visits: 0,
      completed: 0,
      missed: 0,
      plannedMinutes: 0,
      actualMinutes: 0,
      exceptions: 0,
    },
  ],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

function show(
  role: 'caregiver' | 'doctor',
  privileges: 'viewer' | 'editor' | 'supervisor',
  search: string,
  routes: Parameters<typeof stubApi>[1] = {},
) {
  const calls = stubApi(meWith(units, role, privileges), {
    'GET /api/timesheets': () => json(200, sheet(rows)),
    'GET /api/timesheets/summary': () => json(200, summary),
    'GET /api/directory': () => json(200, [{ id: 8, name: 'Grace Kelford' }]),
    ...routes,
  });
  renderSignedIn(
    <MemoryRouter initialEntries={[`/timesheets${search}`]}>
      <Routes>
        <Route
          path="/timesheets"
          element={
            <>
              <TimesheetsPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

const period = '?from=2026-03-01&to=2026-03-31';

describe('the timesheets screen', () => {
  it('shows a caregiver their own sheet: rows, figures in h:mm, exceptions, the CSV', async () => {
    const calls = show('caregiver', 'editor', period);
    const table = await screen.findByRole('table', {
      name: timesheetTexts.sheetTitle('Grace Kelford'),
    });
    expect(screen.getByRole('heading', { level: 1, name: timesheetTexts.title })).toBeVisible();
    // No picker and no summary: a caregiver sees only their own.
    expect(screen.queryByRole('combobox', { name: timesheetTexts.caregiverPicker })).toBeNull();
    expect(calls.map((c) => c.path)).toContain('/api/timesheets?from=2026-03-01&to=2026-03-31');
    expect(calls.some((c) => c.path.startsWith('/api/timesheets/summary'))).toBe(false);

    const first = within(table).getAllByRole('row')[1]!;
    // Planned and actual times on the agency's clock, not the device's.
    expect(within(first).getByText('08:00–09:00')).toBeVisible();
    expect(within(first).getByText('08:25')).toBeVisible();
    expect(within(first).getByText('09:00')).toBeVisible();
    expect(within(first).getByText('35')).toBeVisible();
    expect(within(first).getByText(timesheetTexts.exceptionChips.late)).toBeVisible();
    const missed = within(table).getAllByRole('row')[3]!;
    expect(within(missed).getAllByText(visitTexts.statusLabels.missed).length).toBe(2);
    // Totals as hours and minutes.
    const totals = screen.getByRole('region', { name: timesheetTexts.totalsTitle });
    expect(within(totals).getByText('2:30')).toBeVisible();
    expect(within(totals).getByText('1:35')).toBeVisible();
    // A caregiver corrects nothing.
    expect(screen.queryByRole('button', { name: /^Correct times/ })).toBeNull();
    expect(screen.getByRole('link', { name: timesheetTexts.downloadCsv })).toHaveAttribute(
      'href',
      '/api/timesheets/export?from=2026-03-01&to=2026-03-31',
    );
  });

  it('opens the earlier times a correction replaced', async () => {
    show('caregiver', 'editor', period);
    const toggle = await screen.findByRole('button', { name: timesheetTexts.earlierTimes(1) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Forgot to check out/)).toHaveTextContent(
      /10:00 AM – none → .*11:00 AM, by Sam Supervisor/,
    );
    expect(screen.getByText(timesheetTexts.exceptionChips.corrected)).toBeVisible();
  });

  it('defaults to this month and keeps a quick choice in the address', async () => {
    const calls = show('caregiver', 'editor', '');
    const month = periodOf('this-month', todayHere());
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain(
        `/api/timesheets?from=${month.from}&to=${month.to}`,
      ),
    );
    expect(screen.getByRole('button', { name: timesheetTexts.thisMonth })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: timesheetTexts.lastWeek }));
    const week = periodOf('last-week', todayHere());
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(`?from=${week.from}&to=${week.to}`),
    );
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain(`/api/timesheets?from=${week.from}&to=${week.to}`),
    );
  });

  it('refuses a period the server would refuse, before asking', async () => {
    const calls = show('caregiver', 'editor', '?from=2026-03-31&to=2026-03-01');
    expect(await screen.findByText(timesheetTexts.periodInvalid)).toBeVisible();
    expect(calls.some((c) => c.path.startsWith('/api/timesheets'))).toBe(false);
  });

  it('says when the sheet cannot be read, and tries again', async () => {
    let fail = true;
    show('caregiver', 'editor', period, {
      'GET /api/timesheets': () => (fail ? json(500, { message: 'boom' }) : json(200, sheet([]))),
    });
    expect(await screen.findByText(timesheetTexts.errorFetchingSheet)).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(timesheetTexts.sheetEmpty)).toBeVisible();
  });

  it('shows a supervisor every caregiver first, then the one opened, kept in the address', async () => {
    const calls = show('doctor', 'supervisor', period);
    const table = await screen.findByRole('table', { name: timesheetTexts.summaryTitle });
    expect(await within(table).findByText('3:30')).toBeVisible();
    expect(screen.getByRole('link', { name: timesheetTexts.downloadAllCsv })).toHaveAttribute(
      'href',
      '/api/timesheets/export?from=2026-03-01&to=2026-03-31',
    );
    fireEvent.click(screen.getByRole('button', { name: timesheetTexts.openOf('Grace Kelford') }));
    expect(
      await screen.findByRole('table', { name: timesheetTexts.sheetTitle('Grace Kelford') }),
    ).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('caregiver=8');
    expect(calls.map((c) => c.path)).toContain(
      '/api/timesheets?caregiverId=8&from=2026-03-01&to=2026-03-31',
    );
    expect(screen.getByRole('link', { name: timesheetTexts.downloadCsv })).toHaveAttribute(
      'href',
      '/api/timesheets/export?from=2026-03-01&to=2026-03-31&caregiverId=8',
    );
    fireEvent.click(screen.getByRole('button', { name: timesheetTexts.back }));
    expect(await screen.findByRole('table', { name: timesheetTexts.summaryTitle })).toBeVisible();
  });

  it('corrects times on the agency clock with a reason', async () => {
    const calls = show('doctor', 'supervisor', `${period}&caregiver=8`, {
      'PUT /api/visits/times/41': () => json(200, {}),
    });
    fireEvent.click(
      await screen.findByRole('button', {
        name: timesheetTexts.correctTimesOf('Helen Gardner', 'Mar 03'),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: timesheetTexts.correctTitle });
    const checkIn = within(dialog).getByLabelText(timesheetTexts.checkInAt);
    expect(checkIn).toHaveValue('2026-03-03T08:25');
    expect(within(dialog).getByLabelText(timesheetTexts.checkOutAt)).toHaveValue(
      '2026-03-03T09:00',
    );
    // The reason is required: nothing is sent without one.
    fireEvent.click(within(dialog).getByRole('button', { name: timesheetTexts.save }));
    expect(await within(dialog).findByText(visitTexts.reasonRequired)).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(checkIn, { target: { value: '2026-03-03T08:05' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason for the correction/), {
      target: { value: 'Phone had no signal' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: timesheetTexts.save }));
    expect(await screen.findByText(timesheetTexts.corrected)).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      checkInAt: '2026-03-03T13:05:00.000Z',
      checkOutAt: '2026-03-03T14:00:00.000Z',
      reason: 'Phone had no signal',
    });
  });

  it('shows the server’s refusal at its field', async () => {
    show('doctor', 'supervisor', `${period}&caregiver=8`, {
      'PUT /api/visits/times/41': () =>
        json(400, {
          message: 'Invalid input',
          errors: { checkOutAt: visitTexts.correctionInFuture },
        }),
    });
    fireEvent.click(
      await screen.findByRole('button', {
        name: timesheetTexts.correctTimesOf('Helen Gardner', 'Mar 03'),
      }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason for the correction/), {
      target: { value: 'Left later' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: timesheetTexts.save }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(timesheetTexts.checkOutAt)).toHaveAccessibleDescription(
        visitTexts.correctionInFuture,
      ),
    );
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('refuses check-out before check-in in the dialog, as the server would', async () => {
    const calls = show('doctor', 'supervisor', `${period}&caregiver=8`);
    fireEvent.click(
      await screen.findByRole('button', {
        name: timesheetTexts.correctTimesOf('Helen Gardner', 'Mar 03'),
      }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(timesheetTexts.checkOutAt), {
      target: { value: '2026-03-03T08:00' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Reason for the correction/), {
      target: { value: 'x' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: timesheetTexts.save }));
    expect(await within(dialog).findByText(visitTexts.checkOutBeforeCheckIn)).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a visit a card on a phone, with the correction at hand', async () => {
    stubPhoneScreen();
    show('doctor', 'supervisor', `${period}&caregiver=8`);
    const cards = await screen.findByRole('list', {
      name: timesheetTexts.sheetTitle('Grace Kelford'),
    });
    expect(
      screen.queryByRole('table', { name: timesheetTexts.sheetTitle('Grace Kelford') }),
    ).toBeNull();
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Mar 03 · 08:00–09:00')).toBeVisible();
    expect(within(first).getByText('08:25')).toBeVisible();
    expect(within(first).getByText(timesheetTexts.exceptionChips.late)).toBeVisible();
    fireEvent.click(
      within(first).getByRole('button', {
        name: timesheetTexts.correctTimesOf('Helen Gardner', 'Mar 03'),
      }),
    );
    expect(await screen.findByRole('dialog', { name: timesheetTexts.correctTitle })).toBeVisible();
  });

  it('tells a doctor who keeps no timesheets what the screen is for, asking nothing', async () => {
    const calls = show('doctor', 'editor', period);
    expect(await screen.findByText(timesheetTexts.notForYou)).toBeVisible();
    expect(calls.some((c) => c.path.startsWith('/api/timesheets'))).toBe(false);
  });
});
