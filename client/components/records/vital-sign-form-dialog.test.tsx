import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vitalSignTexts } from '../../../shared/messages.ts';
import type { VitalSign } from '../../../shared/schemas/vital-signs.ts';
import type { UnitSettings } from '../../../shared/units.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { VitalSignFormDialog } from './vital-sign-form-dialog.tsx';
import { json, meWith, renderSignedIn, stubApi, type Call } from '../../test/vital-signs-kit.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

// Typing into MUI fields under jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const reading: VitalSign = {
  id: 41,
  patientId: 12,
  patientName: 'Helen Gardner',
  takenAt: '2025-03-01T08:30:00.000Z',
  systolic: null,
  diastolic: null,
  pulse: 72,
  respiratoryRate: null,
  temperatureC: 37,
  spo2: null,
  glucoseMmolL: 5.5,
  weightKg: null,
  pain: null,
  note: '',
  recordedBy: 7,
  recordedByName: 'Ann Caldham',
  recordedByRole: 'doctor',
  createdAt: '2025-03-01T08:31:00.000Z',
  updatedAt: '2025-03-01T08:31:00.000Z',
};

const fahrenheit: UnitSettings = { temperatureUnit: 'F', glucoseUnit: 'mg/dL' };
const celsius: UnitSettings = { temperatureUnit: 'C', glucoseUnit: 'mmol/L' };

function open(units: UnitSettings, record: VitalSign | null = null) {
  const calls: Call[] = stubApi(meWith(units), {
    'POST /api/vital-signs': (call) => json(201, { ...reading, ...(call.body as object) }),
    'PUT /api/vital-signs/41': (call) => json(200, { ...reading, ...(call.body as object) }),
  });
  const onClose = vi.fn();
  renderSignedIn(<VitalSignFormDialog open record={record} onClose={onClose} patientId={12} />);
  return { calls, onClose, user: userEvent.setup() };
}

const title = (record: VitalSign | null) =>
  record ? vitalSignTexts.editTitle : vitalSignTexts.addTitle;
const form = async (record: VitalSign | null = null) =>
  screen.findByRole('form', { name: title(record) });
const field = async (name: string, record: VitalSign | null = null) =>
  within(await form(record)).getByRole('spinbutton', { name });
const saves = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('the vital signs form in the user’s units', () => {
  it('takes °F and mg/dL, labelled so, and sends °C and mmol/L (98.6 °F is 37.0 °C)', async () => {
    const { calls, onClose, user } = open(fahrenheit);
    await user.type(await field('Temperature (°F)'), '98.6');
    await user.type(await field('Blood glucose (mg/dL)'), '99');
    await user.click(within(await form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [save] = saves(calls);
    expect(save?.method).toBe('POST');
    expect(save?.body).toMatchObject({ patientId: 12, temperatureC: 37, glucoseMmolL: 5.5 });
  });

  it('refuses a °F temperature outside 86.0–109.4 with a message in °F, and sends nothing', async () => {
    const { calls, user } = open(fahrenheit);
    const temperature = await field('Temperature (°F)');
    await user.type(temperature, '120');
    await user.click(within(await form()).getByRole('button', { name: 'Save' }));
    const message = vitalSignTexts.outOfRangeIn('Temperature', 86, 109.4, '°F', 1);
    expect(message).toBe('Temperature must be from 86.0 to 109.4 °F, with at most one decimal');
    await waitFor(() => expect(temperature).toHaveAccessibleDescription(message));
    expect(saves(calls)).toEqual([]);
  });

  it('wants mg/dL whole, within 19–720', async () => {
    const { calls, user } = open(fahrenheit);
    const glucose = await field('Blood glucose (mg/dL)');
    await user.type(glucose, '98.5');
    await user.click(within(await form()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(glucose).toHaveAccessibleDescription(
        'Blood glucose must be a whole number from 19 to 720 mg/dL',
      ),
    );
    await user.clear(glucose);
    await user.type(glucose, '800');
    await waitFor(() =>
      expect(glucose).toHaveAccessibleDescription(
        'Blood glucose must be a whole number from 19 to 720 mg/dL',
      ),
    );
    expect(saves(calls)).toEqual([]);
  });

  it('keeps the shared schema’s other rules (a pulse of 900) beside the converted fields', async () => {
    const { calls, user } = open(fahrenheit);
    const pulse = await field('Pulse (/min)');
    await user.type(pulse, '900');
    await user.type(await field('Temperature (°F)'), '98.6');
    await user.click(within(await form()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(pulse).toHaveAccessibleDescription(
        vitalSignTexts.wholeNumberOutOfRange('pulse', 20, 250),
      ),
    );
    expect(saves(calls)).toEqual([]);
  });

  it('shows a stored reading in °F and mg/dL and saves it back unchanged (round trip)', async () => {
    const { calls, onClose, user } = open(fahrenheit, reading);
    expect(await field('Temperature (°F)', reading)).toHaveValue(98.6);
    expect(await field('Blood glucose (mg/dL)', reading)).toHaveValue(99);
    await user.click(within(await form(reading)).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [save] = saves(calls);
    expect(save?.method).toBe('PUT');
    expect(save?.body).toMatchObject({ temperatureC: 37, glucoseMmolL: 5.5, pulse: 72 });
  });

  it('in °C and mmol/L behaves as the shared schema does, with its own messages', async () => {
    const { calls, onClose, user } = open(celsius);
    const temperature = await field('Temperature (°C)');
    await user.type(temperature, '50');
    await user.click(within(await form()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(temperature).toHaveAccessibleDescription(
        vitalSignTexts.decimalOutOfRange('temperatureC', 30, 43),
      ),
    );
    await user.clear(temperature);
    await user.type(temperature, '37.2');
    await user.type(await field('Blood glucose (mmol/L)'), '6.1');
    await user.click(within(await form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(calls)[0]?.body).toMatchObject({ temperatureC: 37.2, glucoseMmolL: 6.1 });
  });
});
