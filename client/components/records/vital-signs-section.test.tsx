import { MemoryRouter } from 'react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { thresholdTexts, vitalSignTexts } from '../../../shared/messages.ts';
import type { VitalSign } from '../../../shared/schemas/vital-signs.ts';
import type { UnitSettings } from '../../../shared/units.ts';
import type { PatientRanges } from '../../../shared/vital-thresholds.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { VitalSignsSection } from './vital-signs-section.tsx';
import { json, meWith, ranges, renderSignedIn, stubApi } from '../../test/vital-signs-kit.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

const base = {
  patientId: 12,
  patientName: 'Helen Gardner',
  systolic: null,
  diastolic: null,
  pulse: null,
  respiratoryRate: null,
  temperatureC: null,
  spo2: null,
  glucoseMmolL: null,
  weightKg: null,
  pain: null,
  note: '',
  recordedBy: 7,
  recordedByName: 'Ann Caldham',
  recordedByRole: 'doctor',
  createdAt: '2025-03-02T08:31:00.000Z',
  updatedAt: '2025-03-02T08:31:00.000Z',
} satisfies Omit<VitalSign, 'id' | 'takenAt'>;

const readings: VitalSign[] = [
  // Newest first, as the list answers.
  {
    ...base,
    id: 3,
    takenAt: '2025-03-03T08:00:00.000Z',
    temperatureC: 38.5,
    glucoseMmolL: 5.5,
    note: 'Feverish',
  },
  { ...base, id: 2, takenAt: '2025-03-02T08:00:00.000Z', systolic: 178, diastolic: 84 },
  { ...base, id: 1, takenAt: '2025-03-01T08:00:00.000Z', temperatureC: 37, pulse: 72 },
];

function show(units: UnitSettings, patientRanges: PatientRanges = ranges()) {
  stubApi(meWith(units), {
    'GET /api/vital-signs/patient/12': () => json(200, readings, { 'X-Total-Count': '3' }),
    'GET /api/patients/12/vital-ranges': () => json(200, patientRanges),
  });
  renderSignedIn(
    <MemoryRouter>
      <VitalSignsSection patientId={12} />
    </MemoryRouter>,
  );
}

/** The row holding `text`, once the list (and the ranges its flags need) has answered. */
const rowWith = async (text: string) => {
  const section = await screen.findByRole('region', { name: vitalSignTexts.title });
  return waitFor(() => {
    const row = within(section)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes(text));
    if (!row) throw new Error(`no row with ${text}`);
    return row;
  });
};

describe('the vital signs list', () => {
  it('shows temperatures in °F and glucose in mg/dL for a user who chose them', async () => {
    show({ temperatureUnit: 'F', glucoseUnit: 'mg/dL' });
    expect(await screen.findByRole('columnheader', { name: 'Temp °F' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Glucose mg/dL' })).toBeInTheDocument();
    const normal = await rowWith('98.6');
    expect(normal).toHaveTextContent('72');
    const feverish = await rowWith('Feverish');
    expect(feverish).toHaveTextContent('101.3');
    expect(feverish).toHaveTextContent('99');
    expect(screen.queryByText('38.5')).toBeNull();
  });

  it('shows °C and mmol/L by default, one decimal', async () => {
    show({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' });
    expect(await screen.findByRole('columnheader', { name: 'Temp °C' })).toBeInTheDocument();
    expect(await rowWith('37.0')).toHaveTextContent('72');
    expect(await rowWith('Feverish')).toHaveTextContent('5.5');
  });

  it('flags a reading outside the patient’s ranges, with words and the value emphasised', async () => {
    show({ temperatureUnit: 'F', glucoseUnit: 'mg/dL' });
    const feverish = await rowWith('Feverish');
    expect(await within(feverish).findByText(thresholdTexts.outOfRange)).toBeVisible();
    // The value itself: bold, with an arrow for the eye and words for screen readers.
    const value = within(feverish).getByText(/101\.3/);
    expect(value.tagName).toBe('STRONG');
    expect(value).toHaveTextContent(`101.3 ↑ (${thresholdTexts.above})`);
    // Systolic 178 is above the default 90–140; the diastolic 84 is not emphasised.
    const pressure = await rowWith('178');
    expect(within(pressure).getByText(thresholdTexts.outOfRange)).toBeVisible();
    expect(within(pressure).getByText(/178/).tagName).toBe('STRONG');
    expect(within(pressure).getByText(/84/).tagName).not.toBe('STRONG');
    // The reading within every range carries no flag.
    expect(within(await rowWith('98.6')).queryByText(thresholdTexts.outOfRange)).toBeNull();
  });

  it('uses the patient’s own ranges over the defaults', async () => {
    // A doctor widened the temperature range and narrowed the pulse range for this patient.
    show(
      { temperatureUnit: 'C', glucoseUnit: 'mmol/L' },
      ranges({ temperatureC: { low: 36, high: 39 }, pulse: { low: 75, high: 100 } }),
    );
    const slow = await rowWith('37.0');
    expect(await within(slow).findByText(thresholdTexts.outOfRange)).toBeVisible();
    expect(within(await rowWith('Feverish')).queryByText(thresholdTexts.outOfRange)).toBeNull();
    expect(within(slow).getByText(/72/)).toHaveTextContent(`72 ↓ (${thresholdTexts.below})`);
  });
});
