import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartTexts, vitalSignTexts } from '../../../shared/messages.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { json, meWith, ranges, renderSignedIn, stubApi } from '../../test/vital-signs-kit.tsx';
import { VitalChartsSection } from './vital-charts-section.tsx';

// The charts' chunk fails to draw (as when it cannot be downloaded).
vi.mock('./vital-line-chart.tsx', () => ({
  default: () => {
    throw new Error('The chart failed');
  },
}));

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a chart that cannot be drawn', () => {
  it('says so and shows its table, leaving the page and the other charts alone', async () => {
    // React reports the caught error on the console; it is the case under test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }), {
      'GET /api/patients/12/vital-series': () =>
        json(200, {
          readings: [
            {
              id: 1,
              takenAt: '2025-03-01T08:00:00.000Z',
              systolic: null,
              diastolic: null,
              pulse: 72,
              respiratoryRate: null,
              temperatureC: null,
              spo2: null,
              glucoseMmolL: null,
              weightKg: null,
              pain: null,
            },
          ],
          truncated: false,
        }),
      'GET /api/patients/12/vital-ranges': () => json(200, ranges()),
    });
    renderSignedIn(<VitalChartsSection patientId={12} />);
    const charts = await screen.findByRole('region', { name: chartTexts.chartsTitle });
    const card = await within(charts).findByRole('region', { name: 'Pulse (/min)' });
    expect(await within(card).findByText(vitalSignTexts.chartFailed)).toBeVisible();
    expect(within(card).getByRole('button', { name: vitalSignTexts.hideTable })).toBeVisible();
    expect(within(card).getByRole('table')).toHaveTextContent('72');
  });
});
