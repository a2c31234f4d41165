import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { thresholdTexts } from '../../../shared/messages.ts';
import type { UnitSettings } from '../../../shared/units.ts';
import type { PatientRanges } from '../../../shared/vital-thresholds.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { VitalRangesDialog } from './vital-ranges-dialog.tsx';
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

const fahrenheit: UnitSettings = { temperatureUnit: 'F', glucoseUnit: 'mg/dL' };
const celsius: UnitSettings = { temperatureUnit: 'C', glucoseUnit: 'mmol/L' };

function open(
  units: UnitSettings,
  patientRanges: PatientRanges = ranges(),
  answer: (call: Call) => Response = () => json(200, patientRanges),
) {
  const calls = stubApi(meWith(units), { 'PUT /api/patients/12/vital-ranges': answer });
  const onClose = vi.fn();
  renderSignedIn(
    <VitalRangesDialog patientId={12} ranges={patientRanges} open onClose={onClose} />,
  );
  return { calls, onClose, user: userEvent.setup() };
}

const dialog = () => screen.findByRole('dialog', { name: thresholdTexts.editTitle });
const row = async (name: string) => within(await dialog()).getByRole('group', { name });
const bound = async (rowName: string, which: 'Low' | 'High') =>
  within(await row(rowName)).getByRole('textbox', { name: which });
const save = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(within(await dialog()).getByRole('button', { name: 'Save' }));
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');

describe('the ranges dialog', () => {
  it('shows each range in the user’s units, the defaults marked as such', async () => {
    open(fahrenheit, ranges({ pulse: { low: 55, high: 95 } }));
    expect(await bound('Temperature (°F)', 'Low')).toHaveValue('96.8');
    expect(await bound('Temperature (°F)', 'High')).toHaveValue('100');
    expect(await bound('Blood glucose (mg/dL)', 'Low')).toHaveValue('72');
    expect(await bound('Blood glucose (mg/dL)', 'High')).toHaveValue('180');
    // SpO2 has no upper bound: the field is empty, which means open.
    expect(await bound('SpO2 (%)', 'High')).toHaveValue('');
    expect(within(await row('Temperature (°F)')).getByText(thresholdTexts.isDefault)).toBeVisible();
    // Only a row of the patient's own has something to reset.
    expect(
      within(await row('Temperature (°F)')).queryByRole('button', { name: /Reset Temperature/ }),
    ).toBeNull();
    expect(within(await row('Pulse (/min)')).getByText(thresholdTexts.ownNote)).toBeVisible();
    expect(
      within(await row('Pulse (/min)')).getByRole('button', { name: /Reset Pulse/ }),
    ).toBeEnabled();
  });

  it('refuses a lower bound not below the upper one, under the upper field, and sends nothing', async () => {
    const { calls, user } = open(celsius);
    const low = await bound('Pulse (/min)', 'Low');
    await user.clear(low);
    await user.type(low, '120');
    await save(user);
    const high = await bound('Pulse (/min)', 'High');
    await waitFor(() => expect(high).toHaveAccessibleDescription(thresholdTexts.lowBelowHigh));
    expect(high).toHaveFocus();
    expect(puts(calls)).toEqual([]);
  });

  it('refuses a bound outside the physiological range, in the user’s unit', async () => {
    const { calls, user } = open(fahrenheit);
    const high = await bound('Temperature (°F)', 'High');
    await user.clear(high);
    await user.type(high, '115');
    const pulse = await bound('Pulse (/min)', 'Low');
    await user.clear(pulse);
    await user.type(pulse, 'slow');
    await save(user);
    await waitFor(() =>
      expect(high).toHaveAccessibleDescription(
        thresholdTexts.boundOutOfRangeIn('Temperature', 86, 109.4, '°F'),
      ),
    );
    expect(pulse).toHaveAccessibleDescription(
      thresholdTexts.boundOutOfRangeIn('Pulse', 20, 250, '/min'),
    );
    expect(puts(calls)).toEqual([]);
  });

  it('shows the server’s field messages under their fields and stays open', async () => {
    const message = 'Pulse bounds must be from 20 to 250';
    const { calls, onClose, user } = open(celsius, ranges(), () =>
      json(400, { message, errors: { 'ranges.pulse.high': message } }),
    );
    const high = await bound('Pulse (/min)', 'High');
    await user.clear(high);
    await user.type(high, '110');
    await save(user);
    await waitFor(() => expect(high).toHaveAccessibleDescription(message));
    expect(high).toHaveFocus();
    expect(await screen.findByText(thresholdTexts.errorSaving)).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends °C and mmol/L, the patient’s own rows as ranges and the default rows as null', async () => {
    const { calls, onClose, user } = open(fahrenheit, ranges({ pulse: { low: 55, high: 95 } }));
    const low = await bound('Temperature (°F)', 'Low');
    await user.clear(low);
    await user.type(low, '97');
    const high = await bound('Temperature (°F)', 'High');
    await user.clear(high);
    await user.type(high, '100.4');
    // An empty bound is open.
    const glucoseHigh = await bound('Blood glucose (mg/dL)', 'High');
    await user.clear(glucoseHigh);
    expect(within(await row('Temperature (°F)')).getByText(thresholdTexts.ownNote)).toBeVisible();
    await save(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(thresholdTexts.saved)).toBeInTheDocument();
    const [put] = puts(calls);
    expect(put?.body).toEqual({
      ranges: {
        systolic: null,
        diastolic: null,
        pulse: { low: 55, high: 95 },
        respiratoryRate: null,
        temperatureC: { low: 36.1, high: 38 },
        spo2: null,
        glucoseMmolL: { low: 4, high: null },
        weightKg: null,
        pain: null,
      },
    });
  });

  it('resets a row to the default: its values come back and it is sent as null', async () => {
    const { calls, user } = open(celsius, ranges({ pulse: { low: 55, high: 95 } }));
    const pulse = await row('Pulse (/min)');
    await user.click(within(pulse).getByRole('button', { name: /Reset Pulse/ }));
    expect(within(pulse).getByText(thresholdTexts.isDefault)).toBeVisible();
    expect(await bound('Pulse (/min)', 'Low')).toHaveFocus();
    expect(await bound('Pulse (/min)', 'Low')).toHaveValue('50');
    expect(await bound('Pulse (/min)', 'High')).toHaveValue('100');
    await save(user);
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as { ranges: Record<string, unknown> }).ranges.pulse).toBeNull();
  });
});
