import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allergyTexts, clinicalTexts, notices } from '../../../../shared/messages.ts';
import type { Prescription } from '../../../../shared/schemas/prescriptions.ts';
import { clearSessionData } from '../../../lib/auth.tsx';
import { renderSignedIn } from '../../../test/vital-signs-kit.tsx';
import { PrescriptionFormDialog } from './prescription-form-dialog.tsx';

const record: Prescription = {
  id: 55,
  patientId: 12,
  patientName: 'Helen Gardner',
  doctorId: 7,
  doctorName: 'Dr. Caldham',
  date: '2025-03-01',
  medication: 'Penicillin V',
  dosage: '250 mg',
  duration: '7 days',
  details: 'Twice a day',
  recordedBy: 7,
  recordedByName: 'Dr. Caldham',
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};

const conflictMessage = allergyTexts.conflict('Penicillin');
const conflict = {
  message: conflictMessage,
  code: 'allergy-conflict',
  allergies: [
    { id: 3, substance: 'Penicillin', reaction: 'Rash' },
    { id: 4, substance: 'Amoxicillin', reaction: '' },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The answers the prescription call gives, one per save, in order. */
let saveAnswers: Array<() => Response>;
/** The bodies the form sent to PUT /api/prescriptions/55 (or POST /api/prescriptions). */
let sent: Array<Record<string, unknown>>;

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const path = url.split('?')[0];
      if (path === '/api/users/me') {
        return Promise.resolve(
          json(200, {
            id: 7,
            username: 'dr.caldham',
            firstName: 'Ann',
            secondName: 'Caldham',
            role: 'doctor',
            privileges: 'editor',
            requestedPrivileges: null,
            patientId: null,
            settings: {
              darkMode: false,
              fontSize: 16,
              notificationsEnabled: true,
              temperatureUnit: 'C',
              glucoseUnit: 'mmol/L',
            },
          }),
        );
      }
      if (path === '/api/directory') {
        const role = new URL(url, 'http://x').searchParams.get('role');
        return Promise.resolve(
          json(200, [
            role === 'patient' ? { id: 12, name: 'Helen Gardner' } : { id: 7, name: 'Dr. Caldham' },
          ]),
        );
      }
      const saving =
        (path === '/api/prescriptions/55' && init?.method === 'PUT') ||
        (path === '/api/prescriptions' && init?.method === 'POST');
      if (saving) {
        sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        const answer = saveAnswers.shift();
        return Promise.resolve(answer ? answer() : json(500, { message: 'Unexpected call' }));
      }
      return Promise.resolve(json(404, { message: 'Not found' }));
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

async function renderForm(
  props: { record?: Prescription | null; patientId?: number } = { record },
) {
  const onClose = vi.fn();
  renderSignedIn(
    <PrescriptionFormDialog
      open
      record={props.record ?? null}
      patientId={props.patientId}
      onClose={onClose}
    />,
  );
  await screen.findByRole('form');
  return { onClose, user: userEvent.setup() };
}

const form = () => screen.getByRole('form', { name: 'Edit Prescription' });
const confirmation = () => screen.queryByRole('dialog', { name: allergyTexts.confirmTitle });

// Typing into MUI fields under jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('prescribing despite a recorded allergy', () => {
  it('asks first, naming the allergies and their reactions; Cancel saves nothing and keeps the form', async () => {
    saveAnswers = [() => json(409, conflict)];
    const { onClose, user } = await renderForm();
    const dosage = within(form()).getByRole('textbox', { name: 'Dosage' });
    await user.clear(dosage);
    await user.type(dosage, '500 mg');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: allergyTexts.confirmTitle });
    expect(dialog).toHaveAccessibleDescription(conflictMessage);
    const list = within(dialog).getByRole('list', { name: allergyTexts.conflictListLabel });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Penicillin — ${allergyTexts.conflictReaction('Rash')}`,
      `Amoxicillin — ${allergyTexts.conflictNoReaction}`,
    ]);
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirmation()).toBeNull());
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('confirmAllergy');
    expect(onClose).not.toHaveBeenCalled();
    // The form is still open with what was typed, and no failure is announced.
    expect(within(form()).getByRole('textbox', { name: 'Dosage' })).toHaveValue('500 mg');
    expect(within(form()).getByRole('textbox', { name: 'Medication' })).toHaveValue('Penicillin V');
    expect(screen.queryByText(clinicalTexts.errorSavingPrescription)).toBeNull();
    expect(within(form()).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('Prescribe anyway sends the same prescription again with confirmAllergy, and saves it', async () => {
    saveAnswers = [() => json(409, conflict), () => json(200, { ...record, dosage: '500 mg' })];
    const { onClose, user } = await renderForm();
    const dosage = within(form()).getByRole('textbox', { name: 'Dosage' });
    await user.clear(dosage);
    await user.type(dosage, '500 mg');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: allergyTexts.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: allergyTexts.confirm }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ ...sent[0], confirmAllergy: true });
    expect(sent[1]).toMatchObject({ medication: 'Penicillin V', dosage: '500 mg', patientId: 12 });
    expect(await screen.findByText(notices.prescriptionUpdated)).toBeInTheDocument();
  });

  it('shows a refusal after confirming as a failure, without asking again', async () => {
    saveAnswers = [() => json(409, conflict), () => json(409, conflict)];
    const { onClose, user } = await renderForm();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: allergyTexts.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: allergyTexts.confirm }));

    expect(await screen.findByText(clinicalTexts.errorSavingPrescription)).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    await waitFor(() => expect(confirmation()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('other refusals behave as before', () => {
  it('another 409 is the usual failure notice, with no allergy question', async () => {
    saveAnswers = [() => json(409, { message: 'Conflict' })];
    const { onClose, user } = await renderForm();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(clinicalTexts.errorSavingPrescription)).toBeInTheDocument();
    expect(confirmation()).toBeNull();
    expect(sent).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a 400 puts the server’s message under its field, with no allergy question', async () => {
    saveAnswers = [
      () => json(400, { message: 'Invalid input', errors: { dosage: 'Dosage is too long' } }),
    ];
    const { onClose, user } = await renderForm();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Dosage is too long')).toBeInTheDocument();
    expect(within(form()).getByRole('textbox', { name: 'Dosage' })).toHaveAccessibleDescription(
      'Dosage is too long',
    );
    expect(confirmation()).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('on a patient’s chart', () => {
  it('fills in the chart’s patient, shows the name, locks it, and saves for that patient', async () => {
    saveAnswers = [() => json(201, { ...record, id: 56 })];
    const { onClose, user } = await renderForm({ record: null, patientId: 12 });
    const add = screen.getByRole('form', { name: 'Add Prescription' });
    const patient = within(add).getByRole('combobox', { name: 'Patient' });
    await waitFor(() => expect(patient).toHaveValue('Helen Gardner (ID 12)'));
    expect(patient).toBeDisabled();

    await user.type(within(add).getByRole('textbox', { name: 'Medication' }), 'Metformin');
    await user.type(within(add).getByRole('textbox', { name: 'Details' }), 'With meals');
    await user.click(within(add).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      patientId: 12,
      medication: 'Metformin',
      details: 'With meals',
    });
  });

  it('without a chart the patient is left to choose', async () => {
    await renderForm({ record: null });
    const add = screen.getByRole('form', { name: 'Add Prescription' });
    const patient = within(add).getByRole('combobox', { name: 'Patient' });
    expect(patient).toBeEnabled();
    expect(patient).toHaveValue('');
  });
});
