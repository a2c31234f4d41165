import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rotaTexts, visitTexts } from '../../../shared/messages.ts';
import type { RotaDay, RotaWeek, VisitSummary } from '../../../shared/schemas/visits.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi, type Call } from '../../test/vital-signs-kit.tsx';
import { rotaTones } from '../../components/visits/visit-status.tsx';
import RotaPage from './rota-page.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 30_000 });

const supervisor = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'doctor', 'supervisor');
const days = [
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
  '2026-11-29',
];

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

const onePage = { page: 1, pageCount: 1, caregiverTotal: 2 };

const week = (): RotaWeek => ({
  ...onePage,
  weekStart: days[0]!,
  days,
  timeZone: 'UTC',
  now: '2026-11-25T10:00:00.000Z',
  caregivers: [
    { id: 30, name: 'Grace Kelford', plannedMinutes: 150 },
    { id: 32, name: 'Tom Reyes', plannedMinutes: 0 },
  ],
  visits: [
    summary({ id: 1 }),
    summary({
      id: 2,
      localDate: '2026-11-25',
      startTime: '08:00',
      endTime: '09:30',
      plannedStart: '2026-11-25T08:00:00.000Z',
      late: true,
      serviceType: 'meal-preparation',
    }),
    summary({
      id: 3,
      caregiverId: null,
      caregiverName: '',
      patientName: 'Owen Price',
      localDate: '2026-11-26',
      serviceType: 'nursing',
    }),
    summary({ id: 4, localDate: '2026-11-23', status: 'completed', patientName: 'Iris Bell' }),
  ],
  conflicts: [
    {
      visitId: 2,
      kind: 'overlap',
      message: 'Grace Kelford is already booked with Iris Bell at 08:30',
    },
  ],
});

const day = (): RotaDay => ({
  ...onePage,
  date: '2026-11-25',
  timeZone: 'UTC',
  now: '2026-11-25T10:00:00.000Z',
  visits: [
    summary({
      id: 5,
      localDate: '2026-11-25',
      startTime: '11:00',
      endTime: '12:00',
      plannedStart: '2026-11-25T11:00:00.000Z',
      patientName: 'Later Patient',
    }),
    summary({
      id: 2,
      localDate: '2026-11-25',
      startTime: '08:00',
      endTime: '09:30',
      plannedStart: '2026-11-25T08:00:00.000Z',
      late: true,
    }),
    summary({
      id: 6,
      localDate: '2026-11-25',
      startTime: '07:00',
      endTime: '08:00',
      plannedStart: '2026-11-25T07:00:00.000Z',
      status: 'completed',
      checkInAt: '2026-11-25T07:02:00.000Z',
      checkOutAt: '2026-11-25T07:58:00.000Z',
      patientName: 'Early Patient',
    }),
  ],
  counts: { planned: 1, late: 1, inProgress: 0, completed: 1, missed: 0, cancelled: 0 },
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

function renderRota(
  path: string,
  routes: Record<string, (call: Call) => Response>,
  me: ReturnType<typeof meWith> = supervisor,
) {
  const calls = stubApi(me, routes);
  renderSignedIn(
    <MemoryRouter initialEntries={[path]}>
      <RotaPage />
      <Where />
    </MemoryRouter>,
  );
  return { calls, user: userEvent.setup() };
}

describe('the rota week', () => {
  it('shows caregivers by day with Unassigned first, planned hours, today marked and every state in words', async () => {
    renderRota('/rota?view=week&week=2026-11-25', { 'GET /api/rota': () => json(200, week()) });
    const grid = await screen.findByRole('region', { name: rotaTexts.gridLabel });
    const rows = within(grid).getAllByRole('row');
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      rotaTexts.caregiverColumn,
      visitTexts.unassigned,
      `Grace Kelford${rotaTexts.plannedHours('2 h 30 min')}`,
      `Tom Reyes${rotaTexts.plannedHours('0 h')}`,
    ]);
    const today = within(grid).getByRole('columnheader', { current: 'date' });
    expect(today).toHaveTextContent('Wed, Nov 25');
    expect(today).toHaveTextContent(rotaTexts.todayMark);

    const grace = rows[2]!;
    const late = within(grace).getByRole('button', { name: /08:00–09:30/ });
    expect(late).toHaveTextContent('Helen Gardner');
    expect(late).toHaveTextContent(visitTexts.serviceTypeLabels['meal-preparation']);
    expect(late).toHaveTextContent(visitTexts.lateLabel);
    expect(late).toHaveTextContent(rotaTexts.conflictMark);
    expect(within(grace).getByRole('button', { name: /Iris Bell/ })).toHaveTextContent(
      visitTexts.statusLabels.completed,
    );
    expect(within(rows[1]!).getByRole('button', { name: /Owen Price/ })).toHaveTextContent(
      visitTexts.statusLabels.planned,
    );
    // An Add button in every cell, named for its caregiver and day.
    expect(
      within(grace).getByRole('button', {
        name: rotaTexts.addVisitFor('Grace Kelford', 'Thursday, November 26, 2026'),
      }),
    ).toBeInTheDocument();
  });

  it('lists the conflicts above the grid, each taking the focus to its visit', async () => {
    const { user } = renderRota('/rota', { 'GET /api/rota': () => json(200, week()) });
    const list = await screen.findByRole('region', { name: rotaTexts.conflictsTitle(1) });
    expect(list).toHaveTextContent('Grace Kelford is already booked with Iris Bell at 08:30');
    await user.click(within(list).getByRole('button', { name: /^Show visit/ }));
    expect(screen.getByRole('button', { name: /08:00–09:30/ })).toHaveFocus();
  });

  it('keeps the week in the address and asks the server for it', async () => {
    const { calls, user } = renderRota('/rota?week=2026-11-25', {
      'GET /api/rota': (call) => {
        const asked = new URL(call.path, 'http://x').searchParams.get('week');
        return json(200, asked === '2026-11-30' ? { ...week(), weekStart: '2026-11-30' } : week());
      },
    });
    await screen.findByRole('region', { name: rotaTexts.gridLabel });
    expect(calls[0]!.path).toBe('/api/rota?week=2026-11-23');
    await user.click(screen.getByRole('button', { name: rotaTexts.nextWeek }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('?view=week&week=2026-11-30'),
    );
    expect(calls.map((c) => c.path)).toContain('/api/rota?week=2026-11-30');
  });

  it('pages the caregivers 50 at a time, keeping the page in the address', async () => {
    const { calls, user } = renderRota('/rota?week=2026-11-25', {
      'GET /api/rota': (call) => {
        const page = Number(new URL(call.path, 'http://x').searchParams.get('page') ?? '1');
        return json(200, { ...week(), page, pageCount: 3, caregiverTotal: 120 });
      },
    });
    expect(await screen.findByText('Caregivers 1–50 of 120 (page 1 of 3)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: rotaTexts.previousPage })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: rotaTexts.nextPage }));
    expect(await screen.findByText('Caregivers 51–100 of 120 (page 2 of 3)')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/api/rota?week=2026-11-23&page=2');
    expect(screen.getByTestId('where')).toHaveTextContent('?view=week&week=2026-11-23&page=2');
    // The next week keeps the page.
    await user.click(screen.getByRole('button', { name: rotaTexts.nextWeek }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('?view=week&week=2026-11-30&page=2'),
    );
  });

  it('refuses a week that is not a date without asking the server', async () => {
    const { calls } = renderRota('/rota?week=next', { 'GET /api/rota': () => json(200, week()) });
    expect(await screen.findByText(rotaTexts.weekInvalid)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('opens a visit with the keyboard and offers Edit, Cancel visit and Delete', async () => {
    const { user } = renderRota('/rota', { 'GET /api/rota': () => json(200, week()) });
    const block = await screen.findByRole('button', { name: /Owen Price/ });
    block.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /Owen Price/ });
    expect(dialog).toHaveTextContent(visitTexts.unassigned);
    expect(dialog).toHaveTextContent(rotaTexts.tasksDone(0, 2));
    for (const name of [rotaTexts.edit, rotaTexts.cancelVisit, rotaTexts.deleteVisit]) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: rotaTexts.deleteVisit }));
    expect(await screen.findByRole('dialog', { name: rotaTexts.deleteTitle })).toBeInTheDocument();
  });
});

describe('the rota for someone who reads it but plans nothing (a coordinator viewer)', () => {
  it('shows the week and opens a visit, with no Plan visit, Add, Edit, Cancel or Delete', async () => {
    const viewer = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'coordinator', 'viewer');
    const { user } = renderRota('/rota', { 'GET /api/rota': () => json(200, week()) }, viewer);
    const block = await screen.findByRole('button', { name: /Owen Price/ });
    expect(screen.queryByRole('button', { name: rotaTexts.planVisit })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Add a visit/ })).toEqual([]);
    await user.click(block);
    const dialog = await screen.findByRole('dialog', { name: /Owen Price/ });
    for (const name of [rotaTexts.edit, rotaTexts.cancelVisit, rotaTexts.deleteVisit]) {
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    }
    expect(within(dialog).getByRole('button', { name: rotaTexts.close })).toBeInTheDocument();
  });
});

describe('the rota day', () => {
  it('lists the day in time order with counts, Late in words and check-in times', async () => {
    const { calls } = renderRota('/rota?view=day&date=2026-11-25', {
      'GET /api/rota/day': () => json(200, day()),
    });
    const list = await screen.findByRole('list', {
      name: rotaTexts.dayListLabel('Wednesday, November 25, 2026'),
    });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.slice(0, 11))).toEqual([
      '07:00–08:00',
      '08:00–09:30',
      '11:00–12:00',
    ]);
    expect(items[0]).toHaveTextContent(visitTexts.checkedInAt('07:02'));
    expect(items[0]).toHaveTextContent(visitTexts.checkedOutAt('07:58'));
    expect(items[1]).toHaveTextContent(visitTexts.lateLabel);
    expect(items[2]).toHaveTextContent(rotaTexts.notCheckedIn);
    const counts = screen.getByRole('list', { name: rotaTexts.dayCounts });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Planned', '1Late', '0In progress', '1Completed', '0Missed', '0Cancelled']);
    expect(calls[0]!.path).toBe('/api/rota/day?date=2026-11-25');
  });
});

describe('the state colours', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  it('read at 4.5:1 or more in light and dark', () => {
    for (const tone of Object.values(rotaTones)) {
      for (const mode of ['light', 'dark'] as const) {
        expect(contrast(tone[mode].fg, tone[mode].bg)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
