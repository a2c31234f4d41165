import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { visitDayTexts, visitTexts } from '../../../shared/messages.ts';
import type { MyVisit, MyVisits, Visit } from '../../../shared/schemas/visits.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi, type Call } from '../../test/vital-signs-kit.tsx';
import { MyVisitsCard } from './my-visits-card.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

const zone = 'Europe/London';
const units = { temperatureUnit: 'C', glucoseUnit: 'mmol/L' } as const;
const longAgo = '2000-01-01T00:00:00.000Z';
const farAhead = '2999-01-01T08:00:00.000Z';

const visit = (over: Partial<MyVisit>): MyVisit => ({
  id: 1,
  patientId: 12,
  patientName: 'Helen Gardner',
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  caregiverId: 7,
  caregiverName: 'Grace Kelford',
  seriesId: null,
  plannedStart: '2025-03-03T09:00:00.000Z',
  // Planned visits can be checked in until their end: far ahead, whenever the test runs.
  plannedEnd: '2999-03-03T10:00:00.000Z',
  serviceType: 'personal-care',
  status: 'planned',
  cancelReason: null,
  instructions: 'Key in the safe, code 1234',
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
  tasks: [
    { id: 31, position: 0, title: 'Help with shower', status: 'pending', reason: '' },
    { id: 32, position: 1, title: 'Prepare lunch', status: 'pending', reason: '' },
  ],
  corrections: [],
  late: false,
  localDate: '2025-03-03',
  startTime: '09:00',
  endTime: '10:00',
  patientAddress: '3 Mill Lane, Springfield',
  patientPhone: '555-0140',
  checkInOpensAt: longAgo,
  ...over,
});

const day = (visits: MyVisit[]): MyVisits => ({
  date: '2025-03-03',
  timeZone: zone,
  now: '2025-03-03T08:20:00.000Z',
  visits,
});

const defaultDay = () =>
  day([
    visit({
      id: 3,
      patientId: 14,
      patientName: 'Tom Baker',
      plannedStart: '2025-03-03T14:00:00.000Z',
      plannedEnd: '2999-03-03T15:00:00.000Z',
      startTime: '14:00',
      endTime: '15:00',
      serviceType: 'meal-preparation',
      checkInOpensAt: farAhead,
      tasks: [],
      instructions: '',
    }),
    visit({}),
    visit({
      id: 2,
      patientId: 15,
      patientName: 'Iris Round',
      plannedStart: '2025-03-03T07:00:00.000Z',
      startTime: '07:00',
      endTime: '08:00',
      status: 'in-progress',
      checkInAt: '2025-03-03T07:02:00.000Z',
      checkInLocation: 'shared',
      checkInLatitude: 51.5,
      checkInLongitude: -0.1,
      checkInAccuracy: 12.4,
    }),
    visit({
      id: 4,
      patientId: 16,
      patientName: 'Owen Hale',
      plannedStart: '2025-03-03T16:00:00.000Z',
      startTime: '16:00',
      endTime: '17:00',
      status: 'cancelled',
      cancelReason: 'In hospital',
      tasks: [],
    }),
  ]);

function show(
  routes: Record<string, (call: Call) => Response> = {},
  me = meWith(units, 'caregiver'),
  answer: () => MyVisits = defaultDay,
) {
  const calls = stubApi(me, {
    'GET /api/visits/mine': () => json(200, answer()),
    ...routes,
  });
  renderSignedIn(
    <MemoryRouter>
      <MyVisitsCard />
    </MemoryRouter>,
  );
  return calls;
}

const card = () => screen.findByRole('region', { name: visitDayTexts.title });
const block = async (name: RegExp) => within(await card()).findByRole('region', { name });

/** A browser's geolocation that answers as told. */
function stubGeolocation(
  answer: { coords: { latitude: number; longitude: number; accuracy: number } } | { code: number },
) {
  const getCurrentPosition = vi.fn(
    (ok: PositionCallback, fail: PositionErrorCallback, options: PositionOptions) => {
      void options;
      if ('coords' in answer) ok(answer as unknown as GeolocationPosition);
      else fail(answer as unknown as GeolocationPositionError);
    },
  );
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

const checkedIn = (over: Partial<Visit>): Visit => ({
  ...visit({}),
  status: 'in-progress',
  checkInAt: '2025-03-03T09:02:00.000Z',
  ...over,
});

describe('my visits today', () => {
  it('lists the day in time order, each visit with its time, patient, place, status in words and tasks', async () => {
    show();
    const regions = await within(await card()).findAllByRole('region', { name: /–/ });
    expect(regions.map((r) => within(r).getByRole('heading', { level: 3 }).textContent)).toEqual([
      '07:00–08:00 Iris Round',
      '09:00–10:00 Helen Gardner',
      '14:00–15:00 Tom Baker',
      '16:00–17:00 Owen Hale',
    ]);
    const helen = await block(/Helen Gardner/);
    expect(within(helen).getByRole('link', { name: 'Helen Gardner' })).toHaveAttribute(
      'href',
      '/patients/12',
    );
    expect(within(helen).getByText(visitTexts.statusLabels.planned)).toBeVisible();
    expect(within(helen).getByText(visitTexts.serviceTypeLabels['personal-care'])).toBeVisible();
    expect(helen).toHaveTextContent('3 Mill Lane, Springfield');
    expect(within(helen).getByRole('link', { name: 'Call 555-0140' })).toHaveAttribute(
      'href',
      'tel:5550140',
    );
    expect(helen).toHaveTextContent('Key in the safe, code 1234');
    expect(
      within(helen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Help with shower', 'Prepare lunch']);
    expect(
      within(helen).getByRole('button', { name: visitDayTexts.checkInAction('Helen Gardner') }),
    ).toBeEnabled();

    // In progress: when it was checked in and what was kept, and Check out.
    const iris = await block(/Iris Round/);
    expect(within(iris).getByText(visitTexts.statusLabels['in-progress'])).toBeVisible();
    expect(iris).toHaveTextContent('Checked in at 07:02 · position shared (±12 m)');
    expect(
      within(iris).getByRole('button', { name: visitDayTexts.checkOutAction('Iris Round') }),
    ).toBeEnabled();
    expect(within(iris).queryByRole('button', { name: /^Check in/ })).toBeNull();

    // Check-in not open yet: the button waits and says when.
    const tom = await block(/Tom Baker/);
    expect(
      within(tom).getByRole('button', { name: visitDayTexts.checkInAction('Tom Baker') }),
    ).toBeDisabled();
    expect(tom).toHaveTextContent(visitDayTexts.checkInOpensAt('Jan 01 08:00'));

    // Cancelled, with its reason, and nothing to press.
    const owen = await block(/Owen Hale/);
    expect(within(owen).getByText(visitTexts.statusLabels.cancelled)).toBeVisible();
    expect(owen).toHaveTextContent(visitDayTexts.cancelledReason('In hospital'));
    expect(within(owen).queryByRole('button')).toBeNull();
  });

  it('marks a planned visit past its start as late in words, and offers no check-in past its end', async () => {
    show({}, undefined, () =>
      day([
        visit({ late: true }),
        visit({
          id: 5,
          patientId: 17,
          patientName: 'May Over',
          plannedEnd: '2025-03-03T10:00:00.000Z',
          late: true,
        }),
      ]),
    );
    const helen = await block(/Helen Gardner/);
    expect(within(helen).getByText(visitTexts.lateLabel)).toBeVisible();
    expect(within(helen).getByRole('button', { name: /^Check in/ })).toBeEnabled();
    const may = await block(/May Over/);
    expect(within(may).getByText(visitTexts.lateLabel)).toBeVisible();
    expect(within(may).queryByRole('button')).toBeNull();
  });

  it('checks in with the position when the browser shares it, and says what was recorded', async () => {
    const geo = stubGeolocation({ coords: { latitude: 51.5, longitude: -0.12, accuracy: 11.6 } });
    const calls = show({
      'POST /api/visits/check-in/1': () =>
        json(200, {
          ...checkedIn({}),
          checkInLocation: 'shared',
          checkInLatitude: 51.5,
          checkInLongitude: -0.12,
          checkInAccuracy: 11.6,
        }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: visitDayTexts.checkInAction('Helen Gardner') }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: visitDayTexts.checkInTitle('Helen Gardner'),
    });
    // The explanation comes before the browser is asked.
    expect(dialog).toHaveTextContent(visitDayTexts.positionExplain);
    expect(geo).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: visitDayTexts.checkInConfirm }));
    expect(await screen.findByText('Checked in at 09:02 · position shared (±12 m)')).toBeVisible();
    expect(geo.mock.calls[0]?.[2]).toMatchObject({ timeout: 10_000, maximumAge: 60_000 });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      location: { status: 'shared', latitude: 51.5, longitude: -0.12, accuracy: 11.6 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks in all the same when the position is refused or unavailable', async () => {
    stubGeolocation({ code: 1 });
    const calls = show({
      'POST /api/visits/check-in/1': () => json(200, checkedIn({ checkInLocation: 'refused' })),
      'POST /api/visits/check-out/2': () => json(200, {}),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: visitDayTexts.checkInAction('Helen Gardner') }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: visitDayTexts.checkInConfirm }));
    expect(await screen.findByText('Checked in at 09:02 · position not shared')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      location: { status: 'refused' },
    });

    // A timeout (code 3) is not a refusal.
    cleanup();
    stubGeolocation({ code: 3 });
    const again = show({
      'POST /api/visits/check-in/1': () => json(200, checkedIn({ checkInLocation: 'unavailable' })),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: visitDayTexts.checkInAction('Helen Gardner') }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: visitDayTexts.checkInConfirm,
      }),
    );
    expect(await screen.findByText('Checked in at 09:02 · position not available')).toBeVisible();
    expect(again.find((c) => c.method === 'POST')?.body).toEqual({
      location: { status: 'unavailable' },
    });
  });

  it('checks in without a position on a browser with no geolocation', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    const calls = show({
      'POST /api/visits/check-in/1': () => json(200, checkedIn({ checkInLocation: 'unavailable' })),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: visitDayTexts.checkInAction('Helen Gardner') }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: visitDayTexts.checkInConfirm,
      }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        location: { status: 'unavailable' },
      }),
    );
  });

  it("shows the server's refusal of a check-in in the dialog and reads the day again", async () => {
    stubGeolocation({ code: 1 });
    const message = 'You already checked in at 09:01';
    const calls = show({
      'POST /api/visits/check-in/1': () => json(409, { message }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: visitDayTexts.checkInAction('Helen Gardner') }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: visitDayTexts.checkInConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/visits/mine')).length).toBeGreaterThan(1),
    );
  });

  it('asks for every task and a reason for each not done before checking out, then files the report', async () => {
    stubGeolocation({ coords: { latitude: 51.5, longitude: -0.12, accuracy: 20 } });
    const calls = show({
      'POST /api/visits/check-out/2': () =>
        json(200, {
          ...checkedIn({ id: 2 }),
          status: 'completed',
          checkOutAt: '2025-03-03T08:05:00.000Z',
          checkOutLocation: 'shared',
          checkOutAccuracy: 20,
          progressReportId: 90,
        }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: visitDayTexts.checkOutAction('Iris Round') }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: visitDayTexts.checkOutTitle('Iris Round'),
    });
    const confirm = within(dialog).getByRole('button', { name: visitDayTexts.checkOutConfirm });
    fireEvent.click(confirm);
    expect(await within(dialog).findAllByText(visitTexts.taskOutcomesRequired)).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const shower = within(dialog).getByRole('radiogroup', { name: 'Help with shower' });
    const lunch = within(dialog).getByRole('radiogroup', { name: 'Prepare lunch' });
    fireEvent.click(within(shower).getByRole('radio', { name: 'Done' }));
    fireEvent.click(within(lunch).getByRole('radio', { name: 'Not done' }));
    fireEvent.click(confirm);
    expect(await within(dialog).findByText(visitTexts.taskReasonRequired)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(
      within(dialog).getByRole('textbox', { name: visitDayTexts.taskReason('Prepare lunch') }),
      { target: { value: 'She had eaten already' } },
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: visitTexts.note }), {
      target: { value: 'Cheerful, walked to the garden' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: visitDayTexts.createReport }));
    fireEvent.click(confirm);
    expect(await screen.findByText('Checked out at 08:05 · position shared (±20 m)')).toBeVisible();
    expect(await screen.findByText(visitDayTexts.reportFiled)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      location: { status: 'shared', latitude: 51.5, longitude: -0.12, accuracy: 20 },
      tasks: [
        { id: 31, status: 'done', reason: '' },
        { id: 32, status: 'not-done', reason: 'She had eaten already' },
      ],
      note: 'Cheerful, walked to the garden',
      createReport: true,
    });
  });

  it('keeps every answer when the server refuses a check-out, at the field or as an alert', async () => {
    stubGeolocation({ code: 1 });
    let answer = () =>
      json(400, {
        message: 'Some fields are invalid',
        errors: { 'tasks.1.reason': 'Say why the task was not done' },
      });
    show({ 'POST /api/visits/check-out/2': () => answer() });
    fireEvent.click(
      await screen.findByRole('button', { name: visitDayTexts.checkOutAction('Iris Round') }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Help with shower' })).getByRole(
        'radio',
        { name: 'Done' },
      ),
    );
    fireEvent.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Prepare lunch' })).getByRole('radio', {
        name: 'Not done',
      }),
    );
    const reason = within(dialog).getByRole('textbox', {
      name: visitDayTexts.taskReason('Prepare lunch'),
    });
    fireEvent.change(reason, { target: { value: 'x' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: visitTexts.note }), {
      target: { value: 'A note to keep' },
    });
    const confirm = within(dialog).getByRole('button', { name: visitDayTexts.checkOutConfirm });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Say why the task was not done')).toBeVisible();

    answer = () => json(409, { message: 'This visit was already checked out at 08:04' });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'This visit was already checked out at 08:04',
      ),
    );
    // Nothing lost.
    expect(within(dialog).getByRole('textbox', { name: visitTexts.note })).toHaveValue(
      'A note to keep',
    );
    expect(reason).toHaveValue('x');
    const lunch = within(dialog).getByRole('radiogroup', { name: 'Prepare lunch' });
    expect(within(lunch).getByRole('radio', { name: 'Not done' })).toBeChecked();
  });

  it('says when there are no visits, switches days, and offers a retry when the day fails', async () => {
    let fail = true;
    const calls = stubApi(meWith(units, 'caregiver'), {
      'GET /api/visits/mine': (call) => {
        if (fail) return json(500, { message: 'Internal' });
        const date = new URL(call.path, 'http://x').searchParams.get('date');
        return json(200, { ...day([]), date: date ?? '2025-03-03' });
      },
    });
    renderSignedIn(
      <MemoryRouter>
        <MyVisitsCard />
      </MemoryRouter>,
    );
    expect(await screen.findByText(visitDayTexts.errorLoading)).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(visitDayTexts.empty)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: visitDayTexts.nextDay }));
    expect(
      await screen.findByRole('heading', { name: visitDayTexts.titleOn('Tue, Mar 04') }),
    ).toBeVisible();
    expect(screen.getByText(visitDayTexts.emptyOn('Tue, Mar 04'))).toBeVisible();
    expect(calls.at(-1)?.path).toBe('/api/visits/mine?date=2025-03-04');
    fireEvent.click(screen.getByRole('button', { name: visitDayTexts.today }));
    expect(await screen.findByRole('heading', { name: visitDayTexts.title })).toBeVisible();
  });

  it('shows no check-in or check-out to a user who only reads visits', async () => {
    show({}, meWith(units, 'caregiver', 'viewer'));
    expect(await block(/Helen Gardner/)).toHaveTextContent('Help with shower');
    expect(screen.queryByRole('button', { name: /^Check (in|out)/ })).toBeNull();
  });
});
