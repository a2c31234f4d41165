import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { doseRoundTexts, doseTexts } from '../../../../shared/messages.ts';
import type { Dose, DoseSlot, PatientDoseDay } from '../../../../shared/schemas/doses.ts';
import { clearSessionData } from '../../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi } from '../../../test/vital-signs-kit.tsx';
import { MedicationRoundSection } from './medication-round-section.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

const zone = 'UTC';
const today = new Date().toISOString().slice(0, 10);
const slot = (over: Partial<DoseSlot>): DoseSlot => ({
  prescriptionId: 1,
  patientId: 12,
  medication: 'Metformin',
  dosage: '500 mg',
  route: 'oral',
  instructions: '',
  scheduledAt: `${today}T08:00:00.000Z`,
  localDate: today,
  localTime: '08:00',
  status: 'given',
  outcome: null,
  ...over,
});

const recorded: Dose = {
  id: 31,
  patientId: 12,
  patientName: 'Helen Gardner',
  prescriptionId: 1,
  medication: 'Metformin',
  dosage: '500 mg',
  scheduledAt: `${today}T08:00:00.000Z`,
  outcome: 'refused',
  givenAt: null,
  reason: null,
  prnReason: '',
  note: 'Spat it out',
  doseTime: `${today}T08:00:00.000Z`,
  recordedBy: 7,
  recordedByName: 'Ann Caldham',
  createdAt: `${today}T08:10:00.000Z`,
  updatedAt: `${today}T08:20:00.000Z`,
  corrections: [
    {
      outcome: 'given',
      givenAt: `${today}T08:05:00.000Z`,
      reason: null,
      prnReason: '',
      note: '',
      recordedByName: 'Grace Kelford',
      recordedAt: `${today}T08:06:00.000Z`,
      replacedByName: 'Ann Caldham',
      replacedAt: `${today}T08:20:00.000Z`,
    },
  ],
} as Dose;

const day = (date: string): PatientDoseDay => ({
  date,
  timeZone: zone,
  doses: [
    slot({
      localDate: date,
      status: 'refused',
      outcome: {
        doseId: 31,
        outcome: 'refused',
        givenAt: null,
        reason: null,
        note: 'Spat it out',
        recordedByName: 'Ann Caldham',
        initials: 'AC',
      },
    }),
    slot({
      prescriptionId: 2,
      medication: 'Ramipril',
      scheduledAt: `${date}T20:00:00.000Z`,
      localDate: date,
      localTime: '20:00',
      status: 'upcoming',
    }),
  ],
  prn: [],
  prnGiven: [],
  adherence: {
    days7: { given: 12, scheduled: 14, ratio: 12 / 14 },
    days30: { given: 0, scheduled: 0, ratio: null },
  },
});

function show(privileges: 'viewer' | 'editor' = 'editor') {
  const calls = stubApi(
    meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'caregiver', privileges),
    {
      'GET /api/patients/12/doses': (call) =>
        json(200, day(new URL(call.path, 'http://x').searchParams.get('date') ?? today)),
      'GET /api/doses/31': () => json(200, recorded),
      'PUT /api/doses/31': () => json(200, { ...recorded, outcome: 'not-given' }),
    },
  );
  renderSignedIn(
    <MemoryRouter>
      <MedicationRoundSection patientId={12} />
    </MemoryRouter>,
  );
  return calls;
}

describe("the chart's medication round", () => {
  it('shows the day’s doses with their outcomes, adherence and the way to the MAR', async () => {
    show();
    const section = await screen.findByRole('region', { name: doseTexts.todayTitle });
    expect(await within(section).findByText('Refused by Ann Caldham · Spat it out')).toBeVisible();
    expect(within(section).getByText('Upcoming')).toBeVisible();
    expect(within(section).getByText(doseTexts.adherenceValue(12, 14))).toBeVisible();
    expect(within(section).getByText('86% (12 of 14)')).toBeVisible();
    expect(within(section).getByText(doseTexts.adherenceValue(0, 0))).toBeVisible();
    expect(within(section).getByRole('link', { name: doseTexts.openMar })).toHaveAttribute(
      'href',
      '/patients/12/mar',
    );
    // An upcoming dose may be marked not given ahead, not given.
    expect(within(section).queryByRole('button', { name: 'Given: Ramipril at 20:00' })).toBeNull();
    expect(
      within(section).getByRole('button', { name: 'Not given: Ramipril at 20:00' }),
    ).toBeVisible();
  });

  it('corrects an outcome, showing the earlier versions struck through', async () => {
    const calls = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Correct Metformin at 08:00' }));
    const dialog = await screen.findByRole('dialog');
    const earlier = await within(dialog).findByText(/Given at 08:05 .*Grace Kelford/);
    expect(earlier.tagName).toBe('DEL');
    expect(within(dialog).getByText(/replaced by Ann Caldham/)).toBeVisible();
    fireEvent.click(
      within(dialog).getByRole('radio', { name: doseTexts.outcomeLabels['not-given'] }),
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: doseTexts.reasonLabels.nausea }));
    fireEvent.click(within(dialog).getByRole('button', { name: doseRoundTexts.save }));
    expect(await screen.findByText(doseTexts.corrected)).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      patientId: 12,
      prescriptionId: 1,
      scheduledAt: `${today}T08:00:00.000Z`,
      outcome: 'not-given',
      reason: 'nausea',
      note: 'Spat it out',
    });
  });

  it('looks at another day through the date picker', async () => {
    const calls = show();
    const picker = await screen.findByLabelText(doseRoundTexts.date);
    fireEvent.change(picker, { target: { value: '2025-03-01' } });
    expect(
      await screen.findByRole('heading', { name: doseRoundTexts.dayTitle('Mar 01') }),
    ).toBeVisible();
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/patients/12/doses?date=2025-03-01')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: doseRoundTexts.today }));
    expect(await screen.findByRole('heading', { name: doseTexts.todayTitle })).toBeVisible();
  });

  it('offers no recording to a user who only reads', async () => {
    show('viewer');
    expect(await screen.findByText('Refused by Ann Caldham · Spat it out')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Correct/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Not given/ })).toBeNull();
  });
});
