import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../../shared/dose-schedule.ts';
import { timesheetTexts, visitTexts } from '../../../../shared/messages.ts';
import type { CarePlanTask, Visit, VisitSummary } from '../../../../shared/schemas/visits.ts';
import { clearSessionData } from '../../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi } from '../../../test/vital-signs-kit.tsx';
import { VisitsTab } from './visits-section.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 30_000 });

const units = { temperatureUnit: 'C', glucoseUnit: 'mmol/L' } as const;
const now = Date.now();
const iso = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
const today = new Date(now).toISOString().slice(0, 10);

const task = (id: number, position: number, title: string): CarePlanTask => ({
  id,
  patientId: 12,
  patientName: 'Helen Gardner',
  title,
  position,
  recordedBy: 7,
  recordedByName: 'Ann Caldham',
  createdAt: iso(-100),
  updatedAt: iso(-100),
});

// Out of order on purpose: the section shows them by position.
const tasks = [
  task(3, 2, 'Check skin'),
  task(1, 0, 'Help with shower'),
  task(2, 1, 'Prepare lunch'),
];

const summary = (over: Partial<VisitSummary>): VisitSummary => ({
  id: 51,
  patientId: 12,
  patientName: 'Helen Gardner',
  caregiverId: 8,
  caregiverName: 'Grace Kelford',
  seriesId: null,
  plannedStart: iso(24),
  plannedEnd: iso(25),
  localDate: addDays(today, 1),
  startTime: '09:00',
  endTime: '10:00',
  serviceType: 'personal-care',
  status: 'planned',
  late: false,
  checkInAt: null,
  checkOutAt: null,
  cancelReason: null,
  taskCount: 3,
  tasksDone: 0,
  ...over,
});

const visits = [
  summary({
    id: 50,
    plannedStart: iso(-48),
    plannedEnd: iso(-47),
    localDate: addDays(today, -2),
    startTime: '08:00',
    endTime: '09:00',
    status: 'completed',
    tasksDone: 2,
  }),
  summary({}),
];

const record: Visit = {
  id: 50,
  patientId: 12,
  patientName: 'Helen Gardner',
  createdAt: iso(-200),
  updatedAt: iso(-47),
  caregiverId: 8,
  caregiverName: 'Grace Kelford',
  seriesId: null,
  plannedStart: iso(-48),
  plannedEnd: iso(-47),
  serviceType: 'personal-care',
  status: 'completed',
  cancelReason: null,
  instructions: 'Key under the mat',
  checkInAt: iso(-48),
  checkInLocation: 'shared',
  checkInLatitude: 51.5,
  checkInLongitude: -0.12,
  checkInAccuracy: 14.6,
  checkOutAt: iso(-47),
  checkOutLocation: 'refused',
  checkOutLatitude: null,
  checkOutLongitude: null,
  checkOutAccuracy: null,
  note: 'In good spirits',
  progressReportId: 77,
  recordedBy: 7,
  recordedByName: 'Ann Caldham',
  tasks: [
    { id: 1, position: 0, title: 'Help with shower', status: 'done', reason: '' },
    { id: 2, position: 1, title: 'Prepare lunch', status: 'not-done', reason: 'Had eaten' },
  ],
  corrections: [],
};

function show(role: 'doctor' | 'caregiver' = 'doctor', privileges: 'editor' | 'viewer' = 'editor') {
  const calls = stubApi(meWith(units, role, privileges), {
    'GET /api/care-plan-tasks/patient/12': () => json(200, tasks, { 'X-Total-Count': '3' }),
    'POST /api/care-plan-tasks': () => json(201, task(4, 3, 'Walk in the garden')),
    'PUT /api/care-plan-tasks/2': () => json(200, task(2, 0, 'Prepare lunch')),
    'PUT /api/care-plan-tasks/1': () => json(200, task(1, 1, 'Help with shower')),
    'DELETE /api/care-plan-tasks/3': () => new Response(null, { status: 204 }),
    'GET /api/patients/12/visits': () =>
      json(200, {
        from: addDays(today, -14),
        to: addDays(today, 14),
        timeZone: 'UTC',
        visits,
      }),
    'GET /api/visits/50': () => json(200, record),
  });
  renderSignedIn(
    <MemoryRouter>
      <VisitsTab patientId={12} />
    </MemoryRouter>,
  );
  return calls;
}

describe("the chart's visits tab", () => {
  it('lists the care plan in order and adds a task at the end', async () => {
    const calls = show();
    const plan = await screen.findByRole('region', { name: timesheetTexts.carePlanTitle });
    const items = await within(plan).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '1.Help with shower',
      '2.Prepare lunch',
      '3.Check skin',
    ]);
    fireEvent.click(within(plan).getByRole('button', { name: timesheetTexts.addTask }));
    const dialog = await screen.findByRole('dialog', { name: timesheetTexts.addTaskTitle });
    // A blank title is refused here, as the server would.
    fireEvent.click(within(dialog).getByRole('button', { name: timesheetTexts.addTask }));
    expect(await within(dialog).findByText(visitTexts.taskTitleRequired)).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText(/Task/), {
      target: { value: 'Walk in the garden' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: timesheetTexts.addTask }));
    expect(await screen.findByText(timesheetTexts.taskAdded)).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { patientId: 12, title: 'Walk in the garden' },
    ]);
  });

  it('moves a task up in one call (the server renumbers the rest), and keeps the first one from moving up', async () => {
    const calls = show();
    expect(
      await screen.findByRole('button', { name: timesheetTexts.moveUp('Help with shower') }),
    ).toBeDisabled();
    expect(
      screen.getByRole('button', { name: timesheetTexts.moveDown('Check skin') }),
    ).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: timesheetTexts.moveUp('Prepare lunch') }));
    expect(await screen.findByText(timesheetTexts.taskMoved)).toBeVisible();
    // The moved task names its new place; the server moves the others in the same transaction.
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/care-plan-tasks/2',
        body: { patientId: 12, title: 'Prepare lunch', position: 0 },
      },
    ]);
  });

  it('deletes a task only after confirming', async () => {
    const calls = show();
    fireEvent.click(
      await screen.findByRole('button', { name: timesheetTexts.deleteTask('Check skin') }),
    );
    const confirm = await screen.findByRole('dialog', { name: timesheetTexts.deleteTaskTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: timesheetTexts.deleteTask('Check skin') }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(timesheetTexts.taskDeleted)).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/care-plan-tasks/3',
    ]);
  });

  it('offers no changes to the care plan to a caregiver', async () => {
    show('caregiver');
    expect(await screen.findByText('Help with shower')).toBeVisible();
    expect(screen.queryByRole('button', { name: timesheetTexts.addTask })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move|^Rename|^Delete/ })).toBeNull();
  });

  it('asks for the last and next 14 days and splits coming from past visits', async () => {
    const calls = show();
    const coming = await screen.findByRole('region', { name: timesheetTexts.upcoming });
    expect(within(coming).getByText('09:00–10:00')).toBeVisible();
    const past = screen.getByRole('region', { name: timesheetTexts.past });
    expect(within(past).getByText(/2 of 3 tasks done/)).toBeVisible();
    expect(within(past).getByText(visitTexts.statusLabels.completed)).toBeVisible();
    expect(
      calls.some(
        (c) =>
          c.path === `/api/patients/12/visits?from=${addDays(today, -14)}&to=${addDays(today, 14)}`,
      ),
    ).toBe(true);
  });

  it('opens a visit: times with where they were made, task outcomes, note and report', async () => {
    show();
    const past = await screen.findByRole('region', { name: timesheetTexts.past });
    fireEvent.click(within(past).getByRole('button', { name: /^View the visit of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Visit' });
    expect(await within(dialog).findByText(/Position shared, within 15 m/)).toBeVisible();
    expect(within(dialog).getByText(/Position not shared \(refused\)/)).toBeVisible();
    expect(within(dialog).getByText('Help with shower: Done')).toBeVisible();
    expect(within(dialog).getByText('Prepare lunch: Not done (Had eaten)')).toBeVisible();
    expect(within(dialog).getByText('In good spirits')).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: timesheetTexts.openProgressReport }),
    ).toHaveAttribute('href', '/patients/12?tab=progress-reports');
    // A doctor who plans visits may delete one; nobody edits a visit from here.
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
