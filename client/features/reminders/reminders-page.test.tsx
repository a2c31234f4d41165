import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notices, reminderTexts, validation } from '../../../shared/messages.ts';
import { type Reminder } from '../../../shared/schemas/reminders.ts';
import { PRESETS_CREATED_HEADER } from '../../../shared/constants.ts';
import type { Me } from '../../../shared/schemas/users.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi, type Call } from '../../test/vital-signs-kit.tsx';
import RemindersPage from './reminders-page.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 30_000 });

const units = { temperatureUnit: 'C', glucoseUnit: 'mmol/L' } as const;

const reminder = (over: Partial<Reminder>): Reminder => ({
  id: 1,
  message: 'Call the pharmacy',
  date: '2030-05-02T09:00:00.000Z',
  firedAt: null,
  isPreset: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  ...over,
});

/**
 * The reminders API over a list kept in the test: GET answers it (with the presets header as
 * the server sets it), POST, PUT and DELETE change it, and a 400 for an empty message.
 */
function reminderServer(me: Me, start: Reminder[], options: { failures?: number } = {}) {
  let rows = [...start];
  let failures = options.failures ?? 0;
  let nextId = 100;
  const calls: Call[] = stubApi(me, {
    'GET /api/reminders': (call) => {
      if (failures > 0) {
        failures -= 1;
        return json(500, { message: 'Internal Server Error' });
      }
      const query = new URL(call.path, 'http://localhost').searchParams;
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 50);
      return json(200, rows.slice(offset, offset + limit), {
        'X-Total-Count': String(rows.length),
        [PRESETS_CREATED_HEADER]: 'false',
      });
    },
    'GET /api/appointments': () => json(200, [], { 'X-Total-Count': '0' }),
    'POST /api/reminders': (call) => {
      const body = call.body as { message: string; date: string };
      const created = reminder({ id: nextId++, ...body });
      rows = [...rows, created];
      return json(201, created);
    },
    ...Object.fromEntries(
      [1, 2, 100].flatMap((id) => [
        [
          `PUT /api/reminders/${id}`,
          (call: Call) => {
            const body = call.body as { message: string; date: string };
            rows = rows.map((row) => (row.id === id ? { ...row, ...body } : row));
            return json(
              200,
              rows.find((row) => row.id === id),
            );
          },
        ],
        [
          `DELETE /api/reminders/${id}`,
          () => {
            rows = rows.filter((row) => row.id !== id);
            return new Response(null, { status: 204 });
          },
        ],
      ]),
    ),
  });
  return { calls, rows: () => rows };
}

const renderPage = () =>
  renderSignedIn(
    <MemoryRouter>
      <RemindersPage />
    </MemoryRouter>,
  );

const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

describe('the Reminders screen', () => {
  it('lists the own reminders under its heading and says once that they loaded', async () => {
    reminderServer(meWith(units, 'doctor'), [
      reminder({ id: 1, message: 'Call the pharmacy' }),
      reminder({ id: 2, message: 'Renew the licence', firedAt: '2026-11-02T09:00:00.000Z' }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(reminderTexts.title);
    const list = await screen.findByRole('list', { name: reminderTexts.title });
    expect(within(list).getByText('Call the pharmacy')).toBeInTheDocument();
    expect(within(list).getByText(reminderTexts.upcoming)).toBeInTheDocument();
    expect(within(list).getByText(reminderTexts.done)).toBeInTheDocument();
    expect(await screen.findByText(notices.remindersLoaded)).toBeInTheDocument();
    // The screen has one h1, and the card no second heading of the same words.
    expect(screen.getAllByRole('heading', { name: reminderTexts.title })).toHaveLength(1);
    // The calendar appears once the list has answered.
    expect(
      await screen.findByRole('heading', { name: reminderTexts.calendarTitle }),
    ).toBeInTheDocument();
  });

  it('another page of the list does not repeat the loaded notice', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      reminder({ id: i + 1, message: `Reminder number ${i + 1}` }),
    );
    reminderServer(meWith(units, 'caregiver'), many);
    renderPage();
    expect(await screen.findByText('Reminder number 1')).toBeInTheDocument();
    expect(await screen.findByText(notices.remindersLoaded)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Reminder number 12')).toBeInTheDocument();
    expect(screen.queryByText('Reminder number 1')).not.toBeInTheDocument();
    expect(screen.getAllByText(notices.remindersLoaded)).toHaveLength(1);
  });

  it('a patient with none sees the empty state, and nothing about preset reminders', async () => {
    reminderServer(meWith(units, 'patient', 'viewer'), []);
    renderPage();
    expect(await screen.findByText(reminderTexts.empty)).toBeInTheDocument();
    expect(await screen.findByText(notices.remindersLoaded)).toBeInTheDocument();
    expect(screen.queryByText(notices.presetRemindersLoaded)).not.toBeInTheDocument();
    expect(screen.queryByText('Administer medication')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: reminderTexts.addTitle })).toBeEnabled();
  });

  it('shows the loading state, then the error state, and loads on Try again', async () => {
    reminderServer(meWith(units, 'doctor'), [reminder({})], { failures: 1 });
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(notices.errorFetchingReminders);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Call the pharmacy')).toBeInTheDocument();
  });

  it('adds, edits and deletes (after confirming) a reminder; the loaded notice is not repeated', async () => {
    const user = userEvent.setup();
    const server = reminderServer(meWith(units, 'patient', 'viewer'), []);
    renderPage();
    expect(await screen.findByText(reminderTexts.empty)).toBeInTheDocument();

    // Bad input: both fields are required, nothing is sent.
    await user.click(screen.getByRole('button', { name: reminderTexts.addTitle }));
    let dialog = await screen.findByRole('dialog', { name: reminderTexts.addTitle });
    await user.click(within(dialog).getByRole('button', { name: reminderTexts.addTitle }));
    expect(await within(dialog).findAllByText(validation.reminderBoth)).toHaveLength(2);
    expect(writes(server.calls)).toEqual([]);

    // Add.
    await user.type(within(dialog).getByLabelText(/Reminder Message/), 'Water the plants');
    fireEvent.change(within(dialog).getByLabelText(/Time to be Reminded/), {
      target: { value: '2030-06-01T10:30' },
    });
    await user.click(within(dialog).getByRole('button', { name: reminderTexts.addTitle }));
    expect(await screen.findByText(notices.reminderAdded)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: reminderTexts.title });
    expect(await within(list).findByText('Water the plants')).toBeInTheDocument();
    expect(writes(server.calls)).toEqual([
      {
        method: 'POST',
        path: '/api/reminders',
        body: { message: 'Water the plants', date: new Date('2030-06-01T10:30').toISOString() },
      },
    ]);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Edit.
    await user.click(
      screen.getByRole('button', { name: `${reminderTexts.edit}: Water the plants` }),
    );
    dialog = await screen.findByRole('dialog', { name: reminderTexts.editTitle });
    const field = within(dialog).getByLabelText(/Reminder Message/);
    expect(field).toHaveValue('Water the plants');
    await user.clear(field);
    await user.type(field, 'Water the tomatoes');
    await user.click(within(dialog).getByRole('button', { name: reminderTexts.save }));
    expect(await screen.findByText(reminderTexts.updated)).toBeInTheDocument();
    expect(await within(list).findByText('Water the tomatoes')).toBeInTheDocument();
    expect(writes(server.calls).at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/reminders/100',
      body: { message: 'Water the tomatoes' },
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Delete: Cancel keeps it, Delete removes it.
    const remove = `${reminderTexts.delete}: Water the tomatoes`;
    await user.click(screen.getByRole('button', { name: remove }));
    let confirm = await screen.findByRole('dialog', { name: reminderTexts.deleteTitle });
    expect(confirm).toHaveTextContent(reminderTexts.deleteQuestion);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(server.calls)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: remove }));
    confirm = await screen.findByRole('dialog', { name: reminderTexts.deleteTitle });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(reminderTexts.deleted)).toBeInTheDocument();
    expect(await screen.findByText(reminderTexts.empty)).toBeInTheDocument();
    expect(writes(server.calls).at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/reminders/100',
    });
    expect(server.rows()).toEqual([]);

    // Each change refetched the list; the seed's notice was said on the first load only.
    const loads = server.calls.filter(
      (call) => call.method === 'GET' && call.path.startsWith('/api/reminders?limit='),
    );
    expect(loads.length).toBeGreaterThan(1);
    expect(screen.getAllByText(notices.remindersLoaded)).toHaveLength(1);
  });
});
