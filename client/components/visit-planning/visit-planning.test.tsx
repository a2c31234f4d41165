import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rotaTexts, visitTexts } from '../../../shared/messages.ts';
import type { Visit } from '../../../shared/schemas/visits.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi, type Call } from '../../test/vital-signs-kit.tsx';
import { CancelVisitDialog } from './cancel-visit-dialog.tsx';
import { EditVisitDialog } from './edit-visit-dialog.tsx';
import { PlanVisitDialog } from './plan-visit-dialog.tsx';
import { localVisitTimes, visitInstant, visitSpan } from './visit-times.ts';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 30_000 });

const supervisor = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'doctor', 'supervisor');
const zone = 'America/New_York';
const settings = { timeZone: zone, doseWindowMinutes: 60, doseMissedAfterMinutes: 240 };
const team = [
  { userId: 30, username: 'grace', name: 'Grace Kelford', role: 'caregiver', addedAt: '' },
  { userId: 31, username: 'dr', name: 'Ann Caldham', role: 'doctor', addedAt: '' },
  { userId: 32, username: 'tom', name: 'Tom Reyes', role: 'caregiver', addedAt: '' },
];
const carePlan = [
  { id: 2, patientId: 12, patientName: 'Helen Gardner', title: 'Prepare lunch', position: 1 },
  { id: 1, patientId: 12, patientName: 'Helen Gardner', title: 'Help with shower', position: 0 },
];

function visit(over: Partial<Visit> = {}): Visit {
  return {
    id: 77,
    patientId: 12,
    patientName: 'Helen Gardner',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    caregiverId: 30,
    caregiverName: 'Grace Kelford',
    seriesId: 5,
    plannedStart: '2026-11-30T14:00:00.000Z',
    plannedEnd: '2026-11-30T15:00:00.000Z',
    serviceType: 'personal-care',
    status: 'planned',
    cancelReason: null,
    instructions: 'Key under the mat',
    checkInAt: null,
    checkInLocation: null,
    checkInLatitude: null,
    checkInLongitude: null,
    checkInAccuracy: null,
    checkOutAt: null,
    checkOutLocation: null,
    checkOutLatitude: null,
    checkOutLongitude: null,
    checkOutAccuracy: null,
    note: '',
    progressReportId: null,
    recordedBy: 7,
    recordedByName: 'Ann Caldham',
    tasks: [{ id: 901, position: 0, title: 'Help with shower', status: 'pending', reason: '' }],
    corrections: [],
    ...over,
  };
}

function stubPlanning(post: (call: Call) => Response) {
  return stubApi(supervisor, {
    'GET /api/agency-settings': () => json(200, settings),
    'GET /api/directory': () => json(200, [{ id: 12, name: 'Helen Gardner' }]),
    'GET /api/patients/12/care-team': () => json(200, team),
    'GET /api/care-plan-tasks/patient/12': () => json(200, carePlan),
    'POST /api/visits': post,
  });
}

async function openPlan(prefill: Parameters<typeof PlanVisitDialog>[0]['prefill']) {
  renderSignedIn(<PlanVisitDialog open prefill={prefill} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: rotaTexts.planTitle });
  // The care plan's tasks arrive in their order.
  await within(dialog).findByDisplayValue('Help with shower');
  return dialog;
}

describe('visit times in the agency zone', () => {
  it('turns a local date and HH:MM into the instant of that zone, summer and winter', () => {
    expect(visitInstant('2026-07-01', '09:00', zone)).toBe('2026-07-01T13:00:00.000Z');
    expect(visitInstant('2026-12-01', '0900', zone)).toBe('2026-12-01T14:00:00.000Z');
    expect(visitInstant('2026-12-01', '9am', zone)).toBe('');
    expect(
      visitSpan(
        { date: '2026-12-01', startTime: '22:00', endTime: '06:00', endsNextDay: true },
        zone,
      ),
    ).toEqual({
      plannedStart: '2026-12-02T03:00:00.000Z',
      plannedEnd: '2026-12-02T11:00:00.000Z',
    });
    expect(localVisitTimes('2026-12-02T03:00:00.000Z', '2026-12-02T11:00:00.000Z', zone)).toEqual({
      date: '2026-12-01',
      startTime: '22:00',
      endTime: '06:00',
      endsNextDay: true,
    });
  });
});

describe('the plan dialog', () => {
  it('plans a weekly series from a rota cell: caregiver and day prefilled, tasks from the care plan, the first weekday chosen', async () => {
    const calls = stubPlanning(() => json(201, visit()));
    const dialog = await openPlan({
      patientId: 12,
      caregiverId: 30,
      caregiverName: 'Grace Kelford',
      date: '2026-11-30',
    });
    const user = userEvent.setup();
    // Only the care team's caregivers are offered, and nobody yet.
    await user.click(within(dialog).getByRole('combobox', { name: visitTexts.caregiver }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      rotaTexts.unassignedOption,
      'Grace Kelford',
      'Tom Reyes',
    ]);
    await user.click(screen.getByRole('option', { name: 'Grace Kelford' }));

    await user.type(within(dialog).getByRole('textbox', { name: /^Start time/ }), '0900');
    await user.type(within(dialog).getByRole('textbox', { name: /^End time/ }), '10:30');
    await user.click(within(dialog).getByRole('combobox', { name: /Type of service/ }));
    await user.click(await screen.findByRole('option', { name: 'Personal care' }));
    expect(within(dialog).getByRole('textbox', { name: 'Task 2' })).toHaveValue('Prepare lunch');
    await user.click(within(dialog).getByRole('checkbox', { name: rotaTexts.repeatWeekly }));
    // 2026-11-30 is a Monday.
    expect(within(dialog).getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Tuesday' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Thursday' }));
    await user.type(within(dialog).getByLabelText(/^Until/), '2026-12-13');
    await user.click(within(dialog).getByRole('button', { name: rotaTexts.plan }));

    // Mon 30, Thu 3, Mon 7, Thu 10.
    expect(await screen.findByText(rotaTexts.plannedMany(4))).toBeInTheDocument();
    const post = calls.filter((c) => c.method === 'POST');
    expect(post.map((c) => c.body)).toEqual([
      {
        patientId: 12,
        caregiverId: 30,
        plannedStart: '2026-11-30T14:00:00.000Z',
        plannedEnd: '2026-11-30T15:30:00.000Z',
        serviceType: 'personal-care',
        instructions: '',
        tasks: ['Help with shower', 'Prepare lunch'],
        repeat: { weekdays: [1, 4], until: '2026-12-13' },
      },
    ]);
  });

  it('refuses an end before the start with the shared words, and sends nothing', async () => {
    const calls = stubPlanning(() => json(201, visit()));
    const dialog = await openPlan({ patientId: 12, date: '2026-11-30' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: /^Start time/ }), '10:00');
    await user.type(within(dialog).getByRole('textbox', { name: /^End time/ }), '09:00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Task 1' }), ' now');
    await user.click(within(dialog).getByRole('button', { name: rotaTexts.plan }));
    expect(await within(dialog).findByText(visitTexts.endBeforeStart)).toBeInTheDocument();
    expect(within(dialog).getByText(visitTexts.serviceTypeInvalid)).toBeInTheDocument();
    // A time typed wrong says how to write it.
    await user.clear(within(dialog).getByRole('textbox', { name: /^End time/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^End time/ }), '9 am');
    await user.click(within(dialog).getByRole('button', { name: rotaTexts.plan }));
    expect(await within(dialog).findByText(rotaTexts.timeInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows a double booking as an alert naming the clash, and the server field messages under their fields', async () => {
    const clash = visitTexts.caregiverOverlap('Grace Kelford', 'Owen Price', 'Nov 30, 09:30');
    let answer = json(409, { message: clash, code: 'overlap', visitId: 5 });
    stubPlanning(() => answer);
    const dialog = await openPlan({ patientId: 12, caregiverId: 30, date: '2026-11-30' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: /^Start time/ }), '09:00');
    await user.type(within(dialog).getByRole('textbox', { name: /^End time/ }), '10:00');
    await user.click(within(dialog).getByRole('combobox', { name: /Type of service/ }));
    await user.click(await screen.findByRole('option', { name: 'Nursing' }));
    await user.click(within(dialog).getByRole('button', { name: rotaTexts.plan }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(rotaTexts.overlapTitle);
    expect(alert).toHaveTextContent(clash);

    answer = json(400, {
      message: 'Bad request',
      errors: {
        caregiverId: visitTexts.caregiverNotOnTeam('Grace Kelford'),
        'tasks.1': 'Too long',
      },
    });
    await user.click(within(dialog).getByRole('button', { name: rotaTexts.plan }));
    expect(
      await within(dialog).findByText(visitTexts.caregiverNotOnTeam('Grace Kelford')),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Too long')).toBeInTheDocument();
    expect(within(dialog).queryByText(clash)).toBeNull();
  });

  it('refuses a caregiver from a rota row who is not on the patient team before asking the server', async () => {
    const calls = stubPlanning(() => json(201, visit()));
    const dialog = await openPlan({
      patientId: 12,
      caregiverId: 99,
      caregiverName: 'Outside Person',
      date: '2026-11-30',
    });
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: /^Start time/ }), '09:00');
    await user.type(within(dialog).getByRole('textbox', { name: /^End time/ }), '10:00');
    await user.click(within(dialog).getByRole('combobox', { name: /Type of service/ }));
    await user.click(await screen.findByRole('option', { name: 'Nursing' }));
    await user.click(within(dialog).getByRole('button', { name: rotaTexts.plan }));
    expect(
      await within(dialog).findByText(visitTexts.caregiverNotOnTeam('Outside Person')),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('the edit and cancel dialogs', () => {
  it('asks which visits of a series a change is for, and sends the choice with the new times', async () => {
    const calls = stubApi(supervisor, {
      'GET /api/agency-settings': () => json(200, settings),
      'GET /api/visits/77': () => json(200, visit()),
      'GET /api/patients/12/care-team': () => json(200, team),
      'PUT /api/visits/77': () => json(200, visit()),
    });
    renderSignedIn(<EditVisitDialog visitId={77} onClose={() => {}} />);
    // The form replaces the loading dialog once the visit and the zone are read.
    const start = await screen.findByRole('textbox', { name: /^Start time/ }, { timeout: 5000 });
    expect(start).toHaveValue('09:00');
    const dialog = screen.getByRole('dialog', { name: rotaTexts.editTitle });
    const user = userEvent.setup();
    await user.clear(start);
    await user.type(start, '08:30');
    await user.click(within(dialog).getByRole('button', { name: rotaTexts.save }));
    expect(await within(dialog).findByText(visitTexts.applyToInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: rotaTexts.applyToFollowing }));
    await user.click(within(dialog).getByRole('button', { name: rotaTexts.save }));
    expect(await screen.findByText(rotaTexts.updated)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      {
        caregiverId: 30,
        plannedStart: '2026-11-30T13:30:00.000Z',
        plannedEnd: '2026-11-30T15:00:00.000Z',
        serviceType: 'personal-care',
        instructions: 'Key under the mat',
        applyTo: 'following',
      },
    ]);
  });

  it('cancels with a required reason, this visit only when chosen', async () => {
    const calls = stubApi(supervisor, {
      'POST /api/visits/cancel/77': () => json(200, visit({ status: 'cancelled' })),
    });
    renderSignedIn(
      <CancelVisitDialog
        target={{ id: 77, description: 'Helen Gardner, Monday', seriesId: 5 }}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: rotaTexts.cancelTitle });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: rotaTexts.confirmCancel }));
    expect(await within(dialog).findByText(visitTexts.reasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(visitTexts.applyToInvalid)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'In hospital');
    await user.click(within(dialog).getByRole('radio', { name: rotaTexts.applyToOne }));
    await user.click(within(dialog).getByRole('button', { name: rotaTexts.confirmCancel }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { reason: 'In hospital', applyTo: 'one' },
      ]),
    );
    expect(await screen.findByText(rotaTexts.cancelled)).toBeInTheDocument();
  });
});
