import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { clear, createStore, values } from 'idb-keyval';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doseRoundTexts, offlineTexts, visitDayTexts, visitTexts } from '../../shared/messages.ts';
import { IDEMPOTENCY_KEY_HEADER, RECORDED_AT_HEADER } from '../../shared/offline.ts';
import type { DoseSlot, DueDoses } from '../../shared/schemas/doses.ts';
import { UserMenu } from './layout.tsx';
import { clearSessionData } from '../lib/auth.tsx';
import { resetConnection } from '../lib/connection.ts';
import { resetQueueState, sendOrQueue } from '../lib/offline-queue.ts';
import { json, meWith, renderSignedIn, stubApi, type Call } from '../test/vital-signs-kit.tsx';
import { ConnectionBanner } from '../components/connection-banner.tsx';
import { DueDosesCard } from '../components/doses/due-doses-card.tsx';
import { MyVisitsCard } from '../components/visits/my-visits-card.tsx';
import type { MyVisit, MyVisits } from '../../shared/schemas/visits.ts';

const store = createStore('eldercare-queue', 'changes');
let online = true;
/** The headers of each POST, in order (the kit records method, path and body). */
let posted: Record<string, string>[] = [];

beforeEach(async () => {
  await clear(store);
  online = true;
  posted = [];
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  onlineManager.setOnline(true);
  cleanup();
  clearSessionData();
  resetQueueState();
  resetConnection();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function goOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

const slot: DoseSlot = {
  prescriptionId: 2,
  patientId: 12,
  medication: 'Paracetamol',
  dosage: '500 mg',
  route: 'oral',
  instructions: '',
  scheduledAt: '2025-03-03T08:00:00.000Z',
  localDate: '2025-03-03',
  localTime: '08:00',
  status: 'due',
  outcome: null,
};
const due: DueDoses = {
  now: '2025-03-03T08:20:00.000Z',
  timeZone: 'Europe/London',
  patients: [{ patientId: 12, patientName: 'Helen Gardner', doses: [slot], prn: [] }],
};

/** The caregiver's dashboard parts: the banner (which ties the queue to the user) and the doses. */
function show(doseAnswer: (call: Call) => Response = () => json(201, { id: 1 })) {
  const me = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'caregiver');
  const calls = stubApi(me, {
    'GET /api/doses/due': () => json(200, due),
    'POST /api/doses': doseAnswer,
    'GET /api/health': () => json(200, { status: 'ok' }),
    'POST /api/users/logout': () => json(200, {}),
  });
  const stubbed = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      if (init?.method === 'POST') posted.push({ ...(init.headers as Record<string, string>) });
      return stubbed(url, init);
    }),
  );
  renderSignedIn(
    <MemoryRouter>
      <ConnectionBanner />
      <UserMenu user={me} />
      <DueDosesCard />
    </MemoryRouter>,
  );
  return calls;
}

const givenButton = () =>
  screen.findByRole('button', { name: doseRoundTexts.givenAction('Paracetamol', '08:00') });

describe('changes recorded offline', () => {
  it('a dose given offline shows "Waiting to send" on its row, cannot be given twice, and is sent once back online', async () => {
    const calls = show();
    fireEvent.click(await givenButton());
    await waitFor(() => expect(posted).toHaveLength(1));

    goOnline(false);
    const status = screen.getByTestId('connection-status');
    expect(status).toHaveTextContent(offlineTexts.offline);

    // Recorded while offline: kept on the phone, and said so on the row.
    const row = async () => (await screen.findByText('Paracetamol')).closest('li')!;
    // The first dose was sent online; the list still shows it (the stub answers the same list).
    await waitFor(async () => expect(await givenButton()).toBeEnabled());
    fireEvent.click(await givenButton());
    expect(await screen.findByText(offlineTexts.queued)).toBeInTheDocument();
    expect(within(await row()).getByText(offlineTexts.waitingToSend)).toBeInTheDocument();
    expect(
      within(await row()).getByText('Paracetamol 500 mg, 08:00, Helen Gardner: given'),
    ).toBeInTheDocument();
    expect(
      within(await row()).queryByRole('button', {
        name: doseRoundTexts.givenAction('Paracetamol', '08:00'),
      }),
    ).toBeNull();
    // The banner counts the queue from its own subscription, a turn after the row has changed.
    await waitFor(() => expect(status).toHaveTextContent(offlineTexts.waitingCount(1)));

    const before = calls.filter((c) => c.method === 'POST').length;
    goOnline(true);
    await waitFor(() => expect(status).toHaveTextContent(offlineTexts.backOnline(1)));
    const doses = calls.filter((c) => c.method === 'POST');
    expect(doses).toHaveLength(before + 1);
    expect(doses.at(-1)!.body).toMatchObject({ prescriptionId: 2, outcome: 'given' });
    expect(posted.at(-1)![IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted.at(-1)![RECORDED_AT_HEADER]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(posted[0]![IDEMPOTENCY_KEY_HEADER]).not.toBe(posted.at(-1)![IDEMPOTENCY_KEY_HEADER]);
  });

  it('a refused change is shown with its reason and removed only after a confirmation', async () => {
    show(() => json(409, { message: 'Already recorded by Dr Jones at 08:05' }));
    await givenButton();
    goOnline(false);
    fireEvent.click(await givenButton());
    const status = screen.getByTestId('connection-status');
    await waitFor(() => expect(status).toHaveTextContent(offlineTexts.waitingCount(1)));

    goOnline(true);
    await waitFor(() => expect(status).toHaveTextContent(offlineTexts.refusedCount(1)));
    fireEvent.click(within(status).getByRole('button', { name: offlineTexts.openUnsent }));
    const dialog = await screen.findByRole('dialog', { name: offlineTexts.unsentTitle });
    const entry = within(dialog).getByTestId('unsent-change');
    expect(entry).toHaveTextContent('Paracetamol 500 mg, 08:00, Helen Gardner: given');
    expect(entry).toHaveTextContent(offlineTexts.notSent);
    expect(entry).toHaveTextContent(
      offlineTexts.refusedReason('Already recorded by Dr Jones at 08:05'),
    );

    fireEvent.click(
      within(entry).getByRole('button', {
        name: offlineTexts.dismissAction('Paracetamol 500 mg, 08:00, Helen Gardner: given'),
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: offlineTexts.dismissTitle });
    expect(confirm).toHaveTextContent(offlineTexts.dismissMessage);
    fireEvent.click(within(confirm).getByRole('button', { name: offlineTexts.dismiss }));
    expect(await within(dialog).findByText(offlineTexts.unsentEmpty)).toBeInTheDocument();
    await waitFor(() => expect(status).not.toHaveTextContent(offlineTexts.refusedCount(1)));
  });

  it('signing out with unsent changes asks first, and the changes stay', async () => {
    const calls = show();
    await givenButton();
    goOnline(false);
    await act(async () => {
      await sendOrQueue('progressReport', '/api/progress-reports', {}, { label: 'report' });
      await sendOrQueue('vitalSign', '/api/vital-signs', {}, { label: 'reading' });
    });
    fireEvent.click(screen.getByRole('button', { name: /account of/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const ask = await screen.findByRole('dialog', { name: offlineTexts.signOutTitle });
    expect(ask).toHaveTextContent(
      '2 changes have not been sent yet. They stay on this phone and are sent the next time you sign in. Sign out anyway?',
    );
    fireEvent.click(within(ask).getByRole('button', { name: offlineTexts.stayIn }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/api/users/logout')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /account of/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const again = await screen.findByRole('dialog', { name: offlineTexts.signOutTitle });
    online = true;
    fireEvent.click(within(again).getByRole('button', { name: offlineTexts.signOutAnyway }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/users/logout')).toBe(true));
    // Signing out keeps them on the phone for this account's next sign-in.
    const kept = await values<{ userId: number; label: string }>(store);
    expect(kept.map((change) => [change.userId, change.label]).sort()).toEqual([
      [7, 'reading'],
      [7, 'report'],
    ]);
  });

  it('a check-in kept on the phone shows the visit checked in, waiting to send, so it can be checked out offline too, in order', async () => {
    const visit = {
      id: 1,
      patientId: 12,
      patientName: 'Helen Gardner',
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:00:00.000Z',
      caregiverId: 7,
      caregiverName: 'Grace Kelford',
      seriesId: null,
      plannedStart: '2025-03-03T09:00:00.000Z',
      plannedEnd: '2999-03-03T10:00:00.000Z',
      serviceType: 'personal-care',
      status: 'planned',
      cancelReason: null,
      instructions: '',
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
      recordedBy: 3,
      recordedByName: 'Ann Caldham',
      tasks: [],
      corrections: [],
      late: false,
      localDate: '2025-03-03',
      startTime: '09:00',
      endTime: '10:00',
      patientAddress: '',
      patientPhone: '',
      checkInOpensAt: '2000-01-01T00:00:00.000Z',
    } satisfies MyVisit;
    const mine: MyVisits = {
      date: '2025-03-03',
      timeZone: 'Europe/London',
      now: '2025-03-03T08:20:00.000Z',
      visits: [visit],
    };
    const me = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'caregiver');
    const calls = stubApi(me, {
      'GET /api/visits/mine': () => json(200, mine),
      'POST /api/visits/check-in/1': () => json(200, { ...visit, status: 'in-progress' }),
      'POST /api/visits/check-out/1': () => json(200, { ...visit, status: 'completed' }),
    });
    const stubbed = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!online) throw new TypeError('Failed to fetch');
        return stubbed(url, init);
      }),
    );
    renderSignedIn(
      <MemoryRouter>
        <ConnectionBanner />
        <MyVisitsCard />
      </MemoryRouter>,
    );
    const checkIn = await screen.findByRole('button', {
      name: visitDayTexts.checkInAction('Helen Gardner'),
    });
    goOnline(false);
    fireEvent.click(checkIn);
    const dialog = await screen.findByRole('dialog', {
      name: visitDayTexts.checkInTitle('Helen Gardner'),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: visitDayTexts.checkInConfirm }));
    const block = await screen.findByRole('region', { name: /Helen Gardner/ });
    await waitFor(() => expect(block).toHaveTextContent('(waiting to send)'));
    expect(within(block).getByText(offlineTexts.waitingToSend)).toBeInTheDocument();
    expect(within(block).getByText(visitTexts.statusLabels['in-progress'])).toBeInTheDocument();

    fireEvent.click(
      within(block).getByRole('button', { name: visitDayTexts.checkOutAction('Helen Gardner') }),
    );
    const out = await screen.findByRole('dialog', {
      name: visitDayTexts.checkOutTitle('Helen Gardner'),
    });
    fireEvent.click(within(out).getByRole('button', { name: visitDayTexts.checkOutConfirm }));
    await waitFor(() =>
      expect(screen.getByTestId('connection-status')).toHaveTextContent(
        offlineTexts.waitingCount(2),
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    goOnline(true);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/api/visits/check-in/1',
        '/api/visits/check-out/1',
      ]),
    );
  });
});
