import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartTexts, thresholdTexts, vitalSignTexts } from '../../../shared/messages.ts';
import type { VitalSeries } from '../../../shared/schemas/chart.ts';
import type { UnitSettings } from '../../../shared/units.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { VitalChartsSection } from './vital-charts-section.tsx';
import {
  json,
  meWith,
  ranges,
  renderSignedIn,
  stubApi,
  type Call,
} from '../../test/vital-signs-kit.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 30_000 });

const none = {
  systolic: null,
  diastolic: null,
  pulse: null,
  respiratoryRate: null,
  temperatureC: null,
  spo2: null,
  glucoseMmolL: null,
  weightKg: null,
  pain: null,
};

// Oldest first, as the series answers.
const series: VitalSeries = {
  readings: [
    { ...none, id: 1, takenAt: '2025-03-01T08:00:00.000Z', temperatureC: 36.8, pulse: 70 },
    { ...none, id: 2, takenAt: '2025-03-02T08:00:00.000Z', temperatureC: 38.6, pulse: 74 },
    { ...none, id: 3, takenAt: '2025-03-03T08:00:00.000Z', temperatureC: 37, pulse: 71 },
  ],
  truncated: false,
};

const fahrenheit: UnitSettings = { temperatureUnit: 'F', glucoseUnit: 'mg/dL' };

function show(
  options: {
    units?: UnitSettings;
    role?: 'doctor' | 'caregiver';
    answer?: (call: Call) => Response;
  } = {},
) {
  const calls = stubApi(meWith(options.units ?? fahrenheit, options.role ?? 'doctor'), {
    'GET /api/patients/12/vital-series': options.answer ?? (() => json(200, series)),
    'GET /api/patients/12/vital-ranges': () => json(200, ranges()),
  });
  renderSignedIn(<VitalChartsSection patientId={12} />);
  return { calls, user: userEvent.setup() };
}

const section = () => screen.findByRole('region', { name: chartTexts.chartsTitle });

describe('the vital charts section', () => {
  it('draws only the measured vitals and says which were not measured', async () => {
    show();
    const charts = await section();
    expect(await within(charts).findByRole('region', { name: 'Temperature (°F)' })).toBeVisible();
    expect(within(charts).getByRole('region', { name: 'Pulse (/min)' })).toBeVisible();
    expect(within(charts).queryByRole('region', { name: /Blood pressure/ })).toBeNull();
    expect(within(charts).getByText(/Not measured in this period: Blood pressure/)).toBeVisible();
  });

  it('gives each chart a table of the same values in the user’s units, the out-of-range one flagged', async () => {
    show();
    const card = await within(await section()).findByRole('region', { name: 'Temperature (°F)' });
    const table = within(card).getByRole('table', {
      name: vitalSignTexts.tableCaption('Temperature (°F)', vitalSignTexts.spanWords['30']),
    });
    const rows = within(table).getAllByRole('row').slice(1);
    // Newest first.
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('98.6'),
      expect.stringContaining('101.5'),
      expect.stringContaining('98.2'),
    ]);
    expect(within(rows[1]!).getByText(thresholdTexts.outOfRange)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/101\.5/)).toHaveTextContent(
      `101.5 ↑ (${thresholdTexts.above})`,
    );
    expect(within(rows[0]!).getByText(vitalSignTexts.inRange)).toBeInTheDocument();
    expect(within(card).getByText(vitalSignTexts.outOfRangeCount(1))).toBeVisible();
    expect(
      within(card).getByText(thresholdTexts.rangeLine('96.8–100 °F', thresholdTexts.bandDefault)),
    ).toBeVisible();
  });

  it('shows the table to the eye on request', async () => {
    const { user } = show();
    const card = await within(await section()).findByRole('region', { name: 'Pulse (/min)' });
    const button = within(card).getByRole('button', { name: vitalSignTexts.showTable });
    const holder = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(holder).toHaveStyle({ position: 'absolute', width: '1px' });
    await user.click(button);
    expect(within(card).getByRole('button', { name: vitalSignTexts.hideTable })).toBeVisible();
    expect(holder).not.toHaveStyle({ position: 'absolute' });
  });

  it('asks for the span chosen', async () => {
    const { calls, user } = show();
    await within(await section()).findByRole('region', { name: 'Pulse (/min)' });
    const span = screen.getByRole('group', { name: vitalSignTexts.spanLabel });
    expect(within(span).getByRole('button', { name: '30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(span).getByRole('button', { name: '90 days' }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain('/api/patients/12/vital-series?days=90'),
    );
    expect(within(span).getByRole('button', { name: '90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says so when the span holds no readings', async () => {
    show({ answer: () => json(200, { readings: [], truncated: false }) });
    expect(await within(await section()).findByText(vitalSignTexts.chartsEmpty)).toBeVisible();
  });

  it('shows an error with Try again when the series cannot be read', async () => {
    let failures = 1;
    const { user } = show({
      answer: () => (failures-- > 0 ? json(500, { message: 'Boom' }) : json(200, series)),
    });
    const charts = await section();
    expect(await within(charts).findByText(vitalSignTexts.chartsError)).toBeVisible();
    await user.click(within(charts).getByRole('button', { name: 'Try again' }));
    expect(await within(charts).findByRole('region', { name: 'Pulse (/min)' })).toBeVisible();
  });

  it('offers the ranges dialog to doctors only', async () => {
    show({ role: 'doctor' });
    const charts = await section();
    await waitFor(() =>
      expect(within(charts).getByRole('button', { name: thresholdTexts.open })).toBeEnabled(),
    );
    cleanup();
    clearSessionData();
    show({ role: 'caregiver' });
    const other = await section();
    await within(other).findByRole('region', { name: 'Pulse (/min)' });
    expect(within(other).queryByRole('button', { name: thresholdTexts.open })).toBeNull();
  });
});
