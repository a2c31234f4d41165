import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartTexts } from '../../../shared/messages.ts';
import { defaultUnits } from '../../../shared/units.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { chartWith } from '../../test/chart-kit.ts';
import { json, meWith, renderSignedIn, stubApi } from '../../test/vital-signs-kit.tsx';
import PatientDetailPage from './patient-detail-page.tsx';

// The other tabs' code arrives only when the test lets it: as on a slow network, right after
// the chart has opened.
const code = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock('./components/chart-tab-panels.tsx', async () => {
  await code.arrived;
  return { ChartTabPanel: ({ tab }: { tab: string }) => <p>The {tab} tab</p> };
});

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

describe("the chart's tabs", () => {
  it('select a tab at once and show it loading while its code is still on the way', async () => {
    stubApi(meWith(defaultUnits), {
      'GET /api/patients/7/chart': () => json(200, chartWith({})),
      'GET /api/patients/7/timeline': () => json(200, { entries: [], nextCursor: null }),
    });
    renderSignedIn(
      <MemoryRouter initialEntries={['/patients/7']}>
        <Routes>
          <Route path="/patients/:id" element={<PatientDetailPage />} />
        </Routes>
        <Address />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Ada Moss' });
    const vitals = screen.getByRole('tab', { name: chartTexts.tabs.vitals });
    expect(vitals).toHaveAttribute('aria-selected', 'false');

    await userEvent.setup().click(vitals);
    expect(vitals).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', 'chart-tab-vital-signs');
    expect(within(panel).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(
      '/patients/7?tab=vital-signs',
    );

    code.release();
    expect(await within(panel).findByText('The vital-signs tab')).toBeInTheDocument();
    expect(within(panel).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();

    // Back to the timeline, and the address follows.
    await userEvent.setup().click(screen.getByRole('tab', { name: chartTexts.tabs.timeline }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/^\/patients\/7$/),
    );
    expect(screen.getByRole('tab', { name: chartTexts.tabs.vitals })).toHaveAttribute(
      'aria-selected',
      'false',
    );
  });
});
