import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  agencyTexts,
  scheduleTexts,
  timesheetTexts,
  visitTexts,
} from '../../../../shared/messages.ts';
import { clearSessionData } from '../../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi } from '../../../test/vital-signs-kit.tsx';
import { AgencySettingsCard } from './agency-settings-card.tsx';

const admin = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'doctor', 'admin');
const stored = {
  timeZone: 'Europe/London',
  doseWindowMinutes: 60,
  doseMissedAfterMinutes: 240,
  visitLateAfterMinutes: 15,
};

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 30_000 });

async function renderCard(put: () => Response) {
  const calls = stubApi(admin, {
    'GET /api/agency-settings': () => json(200, stored),
    'PUT /api/agency-settings': put,
  });
  renderSignedIn(<AgencySettingsCard />);
  const form = await screen.findByRole('form', { name: agencyTexts.title });
  return { calls, form, user: userEvent.setup() };
}

describe('the agency settings card', () => {
  it('shows the stored settings and saves a new time zone from the list', async () => {
    const { calls, form, user } = await renderCard(() =>
      json(200, { ...stored, timeZone: 'America/New_York', doseWindowMinutes: 30 }),
    );
    const zone = within(form).getByRole('combobox', { name: agencyTexts.timeZone });
    expect(zone).toHaveValue('Europe/London');
    const window = within(form).getByRole('textbox', { name: scheduleTexts.doseWindowLabel });
    expect(window).toHaveValue('60');

    await user.clear(zone);
    await user.type(zone, 'New_York');
    await user.click(await screen.findByRole('option', { name: 'America/New_York' }));
    await user.clear(window);
    await user.type(window, '30');
    await user.click(within(form).getByRole('button', { name: scheduleTexts.saveAgency }));

    expect(await screen.findByText(agencyTexts.saved)).toBeInTheDocument();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.map((c) => c.body)).toEqual([
      {
        timeZone: 'America/New_York',
        doseWindowMinutes: 30,
        doseMissedAfterMinutes: 240,
        visitLateAfterMinutes: 15,
      },
    ]);
  });

  it('saves the minutes after which a visit not checked in is late, from 5 to 240', async () => {
    const { calls, form, user } = await renderCard(() =>
      json(200, { ...stored, visitLateAfterMinutes: 20 }),
    );
    const late = within(form).getByRole('textbox', { name: timesheetTexts.lateAfterLabel });
    expect(late).toHaveValue('15');
    expect(late).toHaveAccessibleDescription(timesheetTexts.lateAfterHint);
    const save = within(form).getByRole('button', { name: scheduleTexts.saveAgency });
    for (const wrong of ['4', '241', '']) {
      await user.clear(late);
      if (wrong) await user.type(late, wrong);
      await user.click(save);
      await waitFor(() => expect(late).toHaveAccessibleDescription(visitTexts.lateAfterInvalid));
    }
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(late);
    await user.type(late, '20');
    await user.click(save);
    expect(await screen.findByText(agencyTexts.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { ...stored, visitLateAfterMinutes: 20 },
    ]);
  });

  it('checks with the shared rules before sending', async () => {
    const { calls, form, user } = await renderCard(() => json(200, stored));
    const missed = within(form).getByRole('textbox', { name: scheduleTexts.doseMissedAfterLabel });
    const window = within(form).getByRole('textbox', { name: scheduleTexts.doseWindowLabel });
    // Missed before the due window has closed.
    await user.clear(missed);
    await user.type(missed, '30');
    await user.click(within(form).getByRole('button', { name: scheduleTexts.saveAgency }));
    await waitFor(() =>
      expect(missed).toHaveAccessibleDescription(agencyTexts.doseMissedAfterInvalid),
    );
    // A window left empty.
    await user.clear(window);
    await user.click(within(form).getByRole('button', { name: scheduleTexts.saveAgency }));
    await waitFor(() => expect(window).toHaveAccessibleDescription(agencyTexts.doseWindowInvalid));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('puts the server’s field messages under the fields and says saving failed', async () => {
    const { form, user } = await renderCard(() =>
      json(400, { message: 'Invalid input', errors: { timeZone: agencyTexts.timeZoneInvalid } }),
    );
    await user.click(within(form).getByRole('button', { name: scheduleTexts.saveAgency }));

    expect(await screen.findByText(agencyTexts.errorSaving)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(form).getByRole('combobox', { name: agencyTexts.timeZone }),
      ).toHaveAccessibleDescription(agencyTexts.timeZoneInvalid),
    );
  });

  it('says when the settings cannot be read', async () => {
    stubApi(admin, { 'GET /api/agency-settings': () => json(500, { message: 'Server error' }) });
    renderSignedIn(<AgencySettingsCard />);
    expect(await screen.findByText(scheduleTexts.errorFetchingAgency)).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
