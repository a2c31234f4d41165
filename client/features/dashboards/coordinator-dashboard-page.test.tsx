import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coordinatorTexts, rotaTexts, visitTexts } from '../../../shared/messages.ts';
import type { RotaDay, VisitSummary } from '../../../shared/schemas/visits.ts';
import type { Me } from '../../../shared/schemas/users.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi } from '../../test/vital-signs-kit.tsx';
import CoordinatorDashboardPage, { SHOWN_AT_FIRST } from './coordinator-dashboard-page.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 30_000 });

const units = { temperatureUnit: 'C', glucoseUnit: 'mmol/L' } as const;
const planner = meWith(units, 'coordinator', 'editor');
const viewer = meWith(units, 'coordinator', 'viewer');

function summary(over: Partial<VisitSummary>): VisitSummary {
  return {
    id: 1,
    patientId: 12,
    patientName: 'Helen Gardner',
    caregiverId: 30,
    caregiverName: 'Grace Kelford',
    seriesId: null,
    plannedStart: '2026-11-24T09:00:00.000Z',
    plannedEnd: '2026-11-24T10:00:00.000Z',
    localDate: '2026-11-24',
    startTime: '09:00',
    endTime: '10:00',
    serviceType: 'personal-care',
    status: 'planned',
    late: false,
    checkInAt: null,
    checkOutAt: null,
    cancelReason: null,
    taskCount: 2,
    tasksDone: 0,
    ...over,
  };
}

const at = (time: string) => `2026-11-24T${time}:00.000Z`;

/** A day at 10:30: two late visits, two unassigned (one cancelled), one of each other state. */
const busyDay = (): RotaDay => ({
  page: 1,
  pageCount: 1,
  caregiverTotal: 3,
  date: '2026-11-24',
  timeZone: 'UTC',
  now: at('10:30'),
  visits: [
    summary({
      id: 7,
      patientId: 15,
      patientName: 'Rose Ambler',
      caregiverId: null,
      caregiverName: '',
      startTime: '14:00',
      endTime: '15:00',
      plannedStart: at('14:00'),
      plannedEnd: at('15:00'),
      serviceType: 'meal-preparation',
    }),
    summary({
      id: 2,
      patientId: 13,
      patientName: 'Arthur Penn',
      caregiverName: 'Tom Reyes',
      caregiverId: 32,
      startTime: '10:00',
      endTime: '11:00',
      plannedStart: at('10:00'),
      plannedEnd: at('11:00'),
      late: true,
    }),
    summary({
      id: 1,
      startTime: '08:15',
      endTime: '09:00',
      plannedStart: at('08:15'),
      plannedEnd: at('09:00'),
      late: true,
      serviceType: 'nursing',
    }),
    summary({
      id: 3,
      patientId: 14,
      patientName: 'May Otto',
      startTime: '07:00',
      endTime: '08:00',
      plannedStart: at('07:00'),
      plannedEnd: at('08:00'),
      status: 'completed',
    }),
    summary({
      id: 4,
      patientId: 14,
      patientName: 'May Otto',
      startTime: '10:15',
      endTime: '11:15',
      plannedStart: at('10:15'),
      plannedEnd: at('11:15'),
      status: 'in-progress',
    }),
    summary({
      id: 5,
      patientId: 16,
      patientName: 'Ivy Stone',
      caregiverId: null,
      caregiverName: '',
      startTime: '12:00',
      endTime: '13:00',
      plannedStart: at('12:00'),
      plannedEnd: at('13:00'),
      status: 'cancelled',
      cancelReason: 'In hospital',
    }),
    summary({
      id: 6,
      patientId: 17,
      patientName: 'Ned Hall',
      caregiverId: null,
      caregiverName: '',
      startTime: '11:30',
      endTime: '12:00',
      plannedStart: at('11:30'),
      plannedEnd: at('12:00'),
      serviceType: 'companionship',
    }),
  ],
  counts: { planned: 2, late: 2, inProgress: 1, completed: 1, missed: 0, cancelled: 1 },
});

const emptyDay = (): RotaDay => ({
  ...busyDay(),
  visits: [],
  counts: { planned: 0, late: 0, inProgress: 0, completed: 0, missed: 0, cancelled: 0 },
});

function renderDashboard(me: Me, answer: () => Response) {
  const calls = stubApi(me, { 'GET /api/rota/day': answer });
  renderSignedIn(
    <MemoryRouter>
      <CoordinatorDashboardPage />
    </MemoryRouter>,
  );
  return calls;
}

const region = (name: string) => screen.findByRole('region', { name });

/** An agency's long day: `count` visits from 06:00, a minute apart, every one late at 23:00. */
const longDay = (count: number): RotaDay => {
  const visits = Array.from({ length: count }, (_, n) => {
    const start = new Date(Date.parse(at('06:00')) + n * 60_000);
    const hhmm = start.toISOString().slice(11, 16);
    return summary({
      id: n + 1,
      patientName: `Patient ${n + 1}`,
      startTime: hhmm,
      endTime: hhmm,
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + 30 * 60_000).toISOString(),
      late: true,
    });
  });
  return {
    ...busyDay(),
    now: at('23:00'),
    visits,
    counts: { planned: 0, late: count, inProgress: 0, completed: 0, missed: 0, cancelled: 0 },
  };
};

describe("the coordinator's dashboard", () => {
  it('shows the first visits of a long day, and more at each press, in start order', async () => {
    const total = SHOWN_AT_FIRST * 2 + 20;
    renderDashboard(planner, () => json(200, longDay(total)));
    const all = await region(coordinatorTexts.allTitle);
    const rows = () => within(all).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(SHOWN_AT_FIRST);
    expect(rows()[0]).toHaveTextContent('Patient 1');
    const late = await region(coordinatorTexts.lateTitle);
    expect(within(late).getAllByRole('listitem')).toHaveLength(SHOWN_AT_FIRST);

    const user = userEvent.setup();
    await user.click(
      within(all).getByRole('button', {
        name: coordinatorTexts.showMore(SHOWN_AT_FIRST, total - SHOWN_AT_FIRST),
      }),
    );
    expect(rows()).toHaveLength(SHOWN_AT_FIRST * 2);
    expect(rows()[SHOWN_AT_FIRST]).toHaveTextContent(`Patient ${SHOWN_AT_FIRST + 1}`);
    await user.click(within(all).getByRole('button', { name: coordinatorTexts.showMore(20, 20) }));
    expect(rows()).toHaveLength(total);
    expect(within(all).queryByRole('button', { name: /more/ })).toBeNull();
    // Each list keeps its own count: the late ones still show their first visits only.
    expect(within(late).getAllByRole('listitem')).toHaveLength(SHOWN_AT_FIRST);
  });

  it("shows today's counts, the late visits with their minutes, the unassigned and every visit", async () => {
    const calls = renderDashboard(planner, () => json(200, busyDay()));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Coordinator Dashboard' }),
    ).toBeVisible();

    const counts = await screen.findByRole('list', { name: coordinatorTexts.countsLabel });
    const figures = within(counts)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(figures).toEqual([
      '2Planned',
      '2Late',
      '1In progress',
      '1Completed',
      '0Missed',
      // The cancelled visit without a caregiver needs nobody.
      '2Unassigned',
    ]);
    // Today, asked without a date; page 1 holds every unassigned visit.
    expect(calls.map((c) => c.path)).toEqual(['/api/rota/day']);

    const late = await region(coordinatorTexts.lateTitle);
    const lateItems = within(
      within(late).getByRole('list', { name: coordinatorTexts.lateListLabel }),
    ).getAllByRole('listitem');
    expect(lateItems).toHaveLength(2);
    expect(lateItems[0]).toHaveTextContent('08:15–09:00');
    expect(lateItems[0]).toHaveTextContent('Helen Gardner');
    expect(lateItems[0]).toHaveTextContent('Grace Kelford');
    expect(lateItems[0]).toHaveTextContent('2 h 15 min late');
    expect(lateItems[1]).toHaveTextContent('Arthur Penn');
    expect(lateItems[1]).toHaveTextContent('Tom Reyes');
    expect(lateItems[1]).toHaveTextContent('30 min late');
    expect(within(lateItems[0]!).getByRole('link', { name: 'Helen Gardner' })).toHaveAttribute(
      'href',
      '/patients/12',
    );

    const unassigned = await region(coordinatorTexts.unassignedTitle);
    const open = within(
      within(unassigned).getByRole('list', { name: coordinatorTexts.unassignedListLabel }),
    ).getAllByRole('listitem');
    expect(open).toHaveLength(2);
    expect(open[0]).toHaveTextContent('11:30–12:00');
    expect(open[0]).toHaveTextContent('Ned Hall');
    expect(open[0]).toHaveTextContent('Companionship');
    expect(open[1]).toHaveTextContent('Rose Ambler');
    expect(open[1]).toHaveTextContent('Meal preparation');
    expect(unassigned).not.toHaveTextContent('Ivy Stone');

    const all = await region(coordinatorTexts.allTitle);
    const rows = within(
      within(all).getByRole('table', { name: coordinatorTexts.allListLabel }),
    ).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows.slice(1).map((row) => row.getAttribute('data-visit'))).toEqual([
      '3',
      '1',
      '2',
      '4',
      '6',
      '5',
      '7',
    ]);
    expect(rows[2]).toHaveTextContent('Helen Gardner');
    expect(rows[2]).toHaveTextContent('Nursing');
    expect(rows[2]).toHaveTextContent(visitTexts.lateLabel);
    expect(rows[5]).toHaveTextContent(visitTexts.unassigned);
    expect(rows[6]).toHaveTextContent(visitTexts.statusLabels.cancelled);
    expect(all).not.toHaveTextContent(coordinatorTexts.firstPageOnly(50));

    expect(screen.getByRole('link', { name: coordinatorTexts.openRota })).toHaveAttribute(
      'href',
      '/rota',
    );
  });

  it('offers Assign to a coordinator who plans, opening the edit dialog for that visit', async () => {
    const calls = renderDashboard(planner, () => json(200, busyDay()));
    const unassigned = await region(coordinatorTexts.unassignedTitle);
    const assign = within(unassigned).getAllByRole('button', { name: /^Assign a caregiver/ });
    expect(assign).toHaveLength(2);
    expect(assign[0]).toHaveAccessibleName(coordinatorTexts.assignAction('Ned Hall', '11:30'));

    await userEvent.setup().click(assign[0]!);
    expect(await screen.findByRole('dialog', { name: rotaTexts.editTitle })).toBeVisible();
    expect(calls.some((c) => c.path.startsWith('/api/visits/6'))).toBe(true);
  });

  it('hides Assign from a coordinator viewer, who still sees the unassigned visits', async () => {
    renderDashboard(viewer, () => json(200, busyDay()));
    const unassigned = await region(coordinatorTexts.unassignedTitle);
    expect(within(unassigned).getAllByRole('listitem')).toHaveLength(2);
    expect(within(unassigned).queryByRole('button')).toBeNull();
  });

  it('says so when the list holds only the first page of caregivers, with a link to the rota', async () => {
    renderDashboard(planner, () => json(200, { ...busyDay(), pageCount: 3 }));
    const all = await region(coordinatorTexts.allTitle);
    expect(all).toHaveTextContent(coordinatorTexts.firstPageOnly(50));
    expect(within(all).getByRole('link', { name: coordinatorTexts.seeAllOnRota })).toHaveAttribute(
      'href',
      '/rota',
    );
  });

  it('lists the day as cards on a phone, without a table', async () => {
    // Every media query matches: the phone layout (below 600 px).
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: true,
      media,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    renderDashboard(planner, () => json(200, busyDay()));
    const all = await region(coordinatorTexts.allTitle);
    const cards = within(
      await within(all).findByRole('list', { name: coordinatorTexts.allListLabel }),
    ).getAllByRole('listitem');
    expect(cards).toHaveLength(7);
    expect(cards[1]).toHaveTextContent('08:15–09:00');
    expect(cards[1]).toHaveTextContent('Patient: Helen Gardner');
    expect(cards[1]).toHaveTextContent('Caregiver: Grace Kelford');
    expect(cards[4]).toHaveTextContent(`Caregiver: ${visitTexts.unassigned}`);
    expect(within(all).queryByRole('table')).toBeNull();
  });

  it('shows the three empty texts on a day without visits', async () => {
    renderDashboard(planner, () => json(200, emptyDay()));
    expect(await screen.findByText(coordinatorTexts.noLate)).toBeVisible();
    expect(screen.getByText(coordinatorTexts.noUnassigned)).toBeVisible();
    expect(screen.getByText(coordinatorTexts.noVisits)).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error with a retry that asks again', async () => {
    let fail = true;
    const calls = renderDashboard(planner, () =>
      fail ? json(500, { message: 'Internal Server Error' }) : json(200, busyDay()),
    );
    expect(await screen.findByText(coordinatorTexts.errorLoading)).toBeVisible();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await region(coordinatorTexts.lateTitle)).toBeVisible();
    expect(screen.queryByText(coordinatorTexts.errorLoading)).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
