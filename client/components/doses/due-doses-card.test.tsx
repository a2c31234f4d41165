import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { doseRoundTexts, doseTexts } from '../../../shared/messages.ts';
import type { DoseSlot, DueDoses, PrnStatus } from '../../../shared/schemas/doses.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi, type Call } from '../../test/vital-signs-kit.tsx';
import { DueDosesCard } from './due-doses-card.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

const zone = 'Europe/London';
const slot = (over: Partial<DoseSlot>): DoseSlot => ({
  prescriptionId: 1,
  patientId: 12,
  medication: 'Metformin',
  dosage: '500 mg',
  route: 'oral',
  instructions: 'With food',
  scheduledAt: '2025-03-03T08:00:00.000Z',
  localDate: '2025-03-03',
  localTime: '08:00',
  status: 'due',
  outcome: null,
  ...over,
});
const prn: PrnStatus = {
  prescriptionId: 9,
  patientId: 12,
  medication: 'Paracetamol',
  dosage: '1 g',
  route: 'oral',
  instructions: '',
  minIntervalMinutes: 240,
  maxPerDay: 4,
  givenLast24h: 1,
  lastGivenAt: '2025-03-03T06:00:00.000Z',
  nextAllowedAt: '2025-03-03T10:00:00.000Z',
};

const due = (): DueDoses => ({
  now: '2025-03-03T08:20:00.000Z',
  timeZone: zone,
  patients: [
    {
      patientId: 12,
      patientName: 'Helen Gardner',
      doses: [
        slot({
          prescriptionId: 3,
          medication: 'Amlodipine',
          dosage: '5 mg',
          scheduledAt: '2025-03-02T20:00:00.000Z',
          localDate: '2025-03-02',
          localTime: '20:00',
          status: 'missed',
        }),
        slot({
          prescriptionId: 2,
          medication: 'Ramipril',
          scheduledAt: '2025-03-03T06:00:00.000Z',
          localTime: '06:00',
          status: 'late',
        }),
        slot({}),
      ],
      prn: [prn],
    },
    {
      patientId: 14,
      patientName: 'Tom Baker',
      doses: [slot({ patientId: 14, prescriptionId: 5, medication: 'Donepezil' })],
      prn: [],
    },
  ],
});

function show(
  routes: Record<string, (call: Call) => Response> = {},
  me = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'caregiver'),
) {
  let answer = due();
  const calls = stubApi(me, {
    'GET /api/doses/due': () => json(200, answer),
    ...routes,
  });
  renderSignedIn(
    <MemoryRouter>
      <DueDosesCard />
    </MemoryRouter>,
  );
  return {
    calls,
    setAnswer: (next: DueDoses) => {
      answer = next;
    },
  };
}

const section = async (name: string) => screen.findByRole('region', { name });

describe('the doses due now', () => {
  it('groups doses by patient and time, each with its status in words', async () => {
    show();
    const helen = await section('Helen Gardner');
    expect(within(helen).getByRole('link', { name: 'Helen Gardner' })).toHaveAttribute(
      'href',
      '/patients/12',
    );
    const headings = within(helen)
      .getAllByRole('heading', { level: 4 })
      .map((h) => h.textContent);
    // Oldest first; a dose of yesterday carries its date.
    expect(headings).toEqual([
      doseRoundTexts.timeHeading('Mar 02 20:00'),
      doseRoundTexts.timeHeading('06:00'),
      doseRoundTexts.timeHeading('08:00'),
      doseTexts.asNeededTitle,
    ]);
    expect(within(helen).getByText('Missed')).toBeVisible();
    expect(within(helen).getByText('Late')).toBeVisible();
    expect(within(helen).getByText('Due')).toBeVisible();
    expect(within(helen).getAllByText('Oral · With food').length).toBe(3);
    // The as-needed medicine: when the next dose is allowed, and the count.
    expect(within(helen).getByText(doseTexts.nextAllowed('10:00'))).toBeVisible();
    expect(within(helen).getByText(/1 of 4 in the last 24 hours/)).toBeVisible();
    expect(await section('Tom Baker')).toHaveTextContent('Donepezil');
  });

  it('records a dose given in one tap, says so, and takes the row off the list', async () => {
    const { calls, setAnswer } = show({
      'POST /api/doses': () => json(201, { id: 40 }),
    });
    const tap = await screen.findByRole('button', { name: 'Given: Metformin at 08:00' });
    const after = due();
    after.patients[0]!.doses.pop();
    setAnswer(after);
    fireEvent.click(tap);
    expect(await screen.findByText(doseTexts.recorded)).toBeVisible();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      patientId: 12,
      prescriptionId: 1,
      scheduledAt: '2025-03-03T08:00:00.000Z',
      outcome: 'given',
      prnReason: '',
      note: '',
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Given: Metformin at 08:00' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Given: Ramipril at 06:00' })).toBeEnabled();
  });

  it('shows who recorded a dose first when it was already recorded, and reads the list again', async () => {
    const message = 'This dose was already recorded by Grace Kelford at 08:02';
    const { calls } = show({
      'POST /api/doses': () => json(409, { message, code: 'already-recorded', doseId: 3 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Given: Metformin at 08:00' }));
    expect(await screen.findByText(message)).toBeVisible();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/doses/due').length).toBeGreaterThan(1),
    );
  });

  it('asks for a note and a reason before recording a dose not given', async () => {
    const { calls } = show({ 'POST /api/doses': () => json(201, { id: 41 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Not given: Ramipril at 06:00' }));
    const dialog = await screen.findByRole('dialog', {
      name: doseTexts.recordTitle('Ramipril', '06:00'),
    });
    // Refused is chosen first; saving without a note is refused with the schema's message.
    fireEvent.click(within(dialog).getByRole('button', { name: doseRoundTexts.save }));
    expect(await within(dialog).findByText(doseTexts.noteRequired)).toBeVisible();
    fireEvent.click(
      within(dialog).getByRole('radio', { name: doseTexts.outcomeLabels['not-given'] }),
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: doseTexts.note }), {
      target: { value: 'Sleeping soundly' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: doseRoundTexts.save }));
    expect(await within(dialog).findByText(doseTexts.reasonRequired)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('radio', { name: doseTexts.reasonLabels.asleep }));
    fireEvent.click(within(dialog).getByRole('button', { name: doseRoundTexts.save }));
    expect(await screen.findByText(doseTexts.recorded)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      prescriptionId: 2,
      scheduledAt: '2025-03-03T06:00:00.000Z',
      outcome: 'not-given',
      reason: 'asleep',
      note: 'Sleeping soundly',
      givenAt: null,
    });
  });

  it('gives an as-needed dose with its reason, and shows the refusal of a dose too soon', async () => {
    const tooSoon = 'Too soon after the last dose: the next dose is allowed from 10:00';
    const { calls } = show({
      'POST /api/doses': () =>
        json(409, { message: tooSoon, code: 'prn-too-soon', nextAllowedAt: prn.nextAllowedAt }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Give a dose of Paracetamol' }));
    const dialog = await screen.findByRole('dialog', { name: doseTexts.prnTitle('Paracetamol') });
    expect(within(dialog).getByText(doseTexts.nextAllowed('10:00'))).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: doseRoundTexts.save }));
    expect(await within(dialog).findByText(doseTexts.prnReasonRequired)).toBeVisible();
    fireEvent.change(within(dialog).getByRole('textbox', { name: doseTexts.prnReason }), {
      target: { value: 'Headache' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: doseRoundTexts.save }));
    expect(await within(dialog).findByText(tooSoon)).toBeVisible();
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ prescriptionId: 9, outcome: 'given', prnReason: 'Headache' });
    expect(body.scheduledAt).toBeNull();
    // The time given defaults to now.
    expect(Math.abs(Date.parse(String(body.givenAt)) - Date.now())).toBeLessThan(120_000);
  });

  it('says when nothing is due, and offers a retry when the list fails', async () => {
    let fail = true;
    stubApi(meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'caregiver'), {
      'GET /api/doses/due': () =>
        fail ? json(500, { message: 'Internal' }) : json(200, { ...due(), patients: [] }),
    });
    renderSignedIn(
      <MemoryRouter>
        <DueDosesCard />
      </MemoryRouter>,
    );
    expect(await screen.findByText(doseTexts.errorFetchingDue)).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(doseTexts.dueNowEmpty)).toBeVisible();
  });

  it('shows no record buttons to a user who only reads doses', async () => {
    show({}, meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'caregiver', 'viewer'));
    expect(await section('Helen Gardner')).toHaveTextContent('Metformin');
    expect(screen.queryByRole('button', { name: /^Given/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Give a dose/ })).toBeNull();
  });
});
