import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  allergyTexts,
  clinicalTexts,
  doseTexts,
  notices,
  scheduleTexts,
} from '../../../../shared/messages.ts';
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
  // Written before schedules: a record only.
  route: null,
  instructions: '',
  schedule: null,
  startDate: null,
  endDate: null,
  doseTimes: null,
  weekdays: null,
  prnMinIntervalMinutes: null,
  prnMaxPerDay: null,
};

const scheduled: Prescription = {
  ...record,
  id: 55,
  medication: 'Metformin',
  dosage: '500 mg',
  route: 'oral',
  instructions: 'With food',
  schedule: 'fixed',
  startDate: '2025-03-01',
  endDate: '2025-03-31',
  doseTimes: ['08:00', '20:00'],
  weekdays: [1, 2, 3, 4, 5],
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
      if (path === '/api/session') {
        return Promise.resolve(
          json(200, {
            user: {
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

describe('the schedule', () => {
  const addForm = () => screen.getByRole('form', { name: 'Add Prescription' });

  async function startNew(user: ReturnType<typeof userEvent.setup>) {
    const add = addForm();
    await user.type(within(add).getByRole('textbox', { name: 'Medication' }), 'Metformin');
    await user.type(within(add).getByRole('textbox', { name: 'Details' }), 'With meals');
    return add;
  }

  it('at set times: the start defaults to the date, times come from presets and typing, days are toggled', async () => {
    saveAnswers = [() => json(201, { ...scheduled, id: 57 })];
    const { onClose, user } = await renderForm({ record: null, patientId: 12 });
    const add = await startNew(user);
    const date = (within(add).getByLabelText(/^Date/) as HTMLInputElement).value;

    await user.click(within(add).getByRole('radio', { name: doseTexts.scheduleLabels.fixed }));
    expect(within(add).getByLabelText(doseTexts.startDate)).toHaveValue(date);
    // Choosing the schedule offers one empty time, focused by Add time later.
    const first = within(add).getByRole('textbox', { name: scheduleTexts.timeLabel(1) });
    expect(first).toHaveValue('');
    await user.click(within(add).getByRole('button', { name: 'Morning 08:00' }));
    expect(first).toHaveValue('08:00');
    expect(within(add).getByRole('button', { name: 'Morning 08:00' })).toBeDisabled();
    await user.click(within(add).getByRole('button', { name: scheduleTexts.addTime }));
    const second = within(add).getByRole('textbox', { name: scheduleTexts.timeLabel(2) });
    await waitFor(() => expect(second).toHaveFocus());
    // "2000" reads as 20:00 on leaving the field.
    await user.type(second, '2000');
    await user.tab();
    expect(second).toHaveValue('20:00');

    const everyDay = within(add).getByRole('button', { name: doseTexts.everyDay });
    expect(everyDay).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(add).getByRole('button', { name: 'Saturday' }));
    await user.click(within(add).getByRole('button', { name: 'Sunday' }));
    expect(everyDay).toHaveAttribute('aria-pressed', 'false');
    expect(within(add).getByRole('button', { name: 'Sunday' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.type(within(add).getByRole('spinbutton', { name: doseTexts.durationDays }), '30');
    await user.click(within(add).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      schedule: 'fixed',
      startDate: date,
      endDate: null,
      durationDays: 30,
      doseTimes: ['08:00', '20:00'],
      weekdays: [1, 2, 3, 4, 5],
      prnMinIntervalMinutes: null,
      prnMaxPerDay: null,
    });
  });

  it('every day is sent as no weekdays, and a removed time is left out', async () => {
    saveAnswers = [() => json(201, { ...scheduled, id: 57 })];
    const { onClose, user } = await renderForm({ record: null, patientId: 12 });
    const add = await startNew(user);
    await user.click(within(add).getByRole('radio', { name: doseTexts.scheduleLabels.fixed }));
    await user.click(within(add).getByRole('button', { name: 'Morning 08:00' }));
    await user.click(within(add).getByRole('button', { name: 'Midday 13:00' }));
    await user.click(within(add).getByRole('button', { name: 'Evening 20:00' }));
    await user.click(within(add).getByRole('button', { name: scheduleTexts.removeTime(2) }));
    await user.click(within(add).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ doseTimes: ['08:00', '20:00'], weekdays: null });
  });

  it('as needed: interval and daily limit, no times or days sent', async () => {
    saveAnswers = [() => json(201, { ...scheduled, id: 58, schedule: 'prn' })];
    const { onClose, user } = await renderForm({ record: null, patientId: 12 });
    const add = await startNew(user);
    await user.click(within(add).getByRole('radio', { name: doseTexts.scheduleLabels.prn }));
    expect(within(add).queryByRole('textbox', { name: scheduleTexts.timeLabel(1) })).toBeNull();
    await user.type(within(add).getByRole('spinbutton', { name: doseTexts.prnMinInterval }), '240');
    await user.type(within(add).getByRole('spinbutton', { name: doseTexts.prnMaxPerDay }), '4');
    await user.click(within(add).getByRole('combobox', { name: doseTexts.route }));
    await user.click(screen.getByRole('option', { name: doseTexts.routeLabels.oral }));
    await user.click(within(add).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({
      schedule: 'prn',
      route: 'oral',
      doseTimes: null,
      weekdays: null,
      prnMinIntervalMinutes: 240,
      prnMaxPerDay: 4,
    });
  });

  it('shows the shared messages under the fields and sends nothing', async () => {
    saveAnswers = [];
    const { user } = await renderForm({ record: null, patientId: 12 });
    const add = await startNew(user);
    await user.click(within(add).getByRole('radio', { name: doseTexts.scheduleLabels.fixed }));
    await user.type(
      within(add).getByRole('textbox', { name: scheduleTexts.timeLabel(1) }),
      '25:00',
    );
    await user.click(within(add).getByRole('button', { name: doseTexts.everyDay }));
    for (const day of [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]) {
      await user.click(within(add).getByRole('button', { name: day }));
    }
    await user.type(within(add).getByLabelText(doseTexts.endDate), '2020-01-01');
    await user.type(within(add).getByRole('spinbutton', { name: doseTexts.durationDays }), '5');
    await user.click(within(add).getByRole('button', { name: 'Save' }));

    expect(
      await within(add).findByRole('textbox', { name: scheduleTexts.timeLabel(1) }),
    ).toHaveAccessibleDescription(doseTexts.doseTimeInvalid);
    expect(within(add).getByText(doseTexts.weekdaysInvalid)).toBeInTheDocument();
    expect(within(add).getByText(doseTexts.endAndDuration)).toBeInTheDocument();
    expect(within(add).getByText(doseTexts.endBeforeStart)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('at set times needs a time, and as needed needs its limits', async () => {
    saveAnswers = [];
    const { user } = await renderForm({ record: null, patientId: 12 });
    const add = await startNew(user);
    await user.click(within(add).getByRole('radio', { name: doseTexts.scheduleLabels.fixed }));
    await user.click(within(add).getByRole('button', { name: scheduleTexts.removeTime(1) }));
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await within(add).findByText(doseTexts.doseTimesRequired)).toBeInTheDocument();

    await user.click(within(add).getByRole('radio', { name: doseTexts.scheduleLabels.prn }));
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await within(add).findByText(doseTexts.prnMinIntervalInvalid)).toBeInTheDocument();
    expect(within(add).getByText(doseTexts.prnMaxPerDayInvalid)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('edits a scheduled prescription with its times, days and dates filled in', async () => {
    saveAnswers = [() => json(200, scheduled)];
    const { onClose, user } = await renderForm({ record: scheduled });
    expect(
      within(form()).getByRole('radio', { name: doseTexts.scheduleLabels.fixed }),
    ).toBeChecked();
    expect(within(form()).getByRole('textbox', { name: scheduleTexts.timeLabel(1) })).toHaveValue(
      '08:00',
    );
    expect(within(form()).getByRole('textbox', { name: scheduleTexts.timeLabel(2) })).toHaveValue(
      '20:00',
    );
    expect(within(form()).getByRole('button', { name: 'Saturday' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(form()).getByLabelText(doseTexts.endDate)).toHaveValue('2025-03-31');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({
      route: 'oral',
      instructions: 'With food',
      schedule: 'fixed',
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      doseTimes: ['08:00', '20:00'],
      weekdays: [1, 2, 3, 4, 5],
    });
  });

  it('a prescription without a schedule is saved as one without, as before', async () => {
    saveAnswers = [() => json(200, record)];
    const { onClose, user } = await renderForm({ record });
    expect(
      within(form()).getByRole('radio', { name: doseTexts.scheduleLabels.none }),
    ).toBeChecked();
    expect(within(form()).queryByLabelText(doseTexts.startDate)).toBeNull();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({
      medication: 'Penicillin V',
      schedule: null,
      startDate: null,
      doseTimes: null,
      weekdays: null,
      prnMinIntervalMinutes: null,
    });
  });

  it('a refusal to change the times of a prescription with recorded doses is shown in the form', async () => {
    saveAnswers = [() => json(409, { message: doseTexts.scheduleLocked })];
    const { onClose, user } = await renderForm({ record: scheduled });
    await user.click(within(form()).getByRole('button', { name: 'Midday 13:00' }));
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    expect(await within(form()).findByRole('alert')).toHaveTextContent(doseTexts.scheduleLocked);
    expect(sent).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText(clinicalTexts.errorSavingPrescription)).toBeNull();
    expect(within(form()).getByRole('textbox', { name: scheduleTexts.timeLabel(3) })).toHaveValue(
      '13:00',
    );
  });

  it('a 400 on the times is shown under them', async () => {
    saveAnswers = [
      () =>
        json(400, { message: 'Invalid input', errors: { doseTimes: doseTexts.doseTimesRepeated } }),
    ];
    const { onClose, user } = await renderForm({ record: scheduled });
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await within(form()).findByText(doseTexts.doseTimesRepeated)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
