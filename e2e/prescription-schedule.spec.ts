import type { Locator } from '@playwright/test';
import { agencyTexts, doseTexts, notices, scheduleTexts } from '../shared/messages.ts';
import type { AgencySettings } from '../shared/schemas/doses.ts';
import type { Prescription } from '../shared/schemas/prescriptions.ts';
import { expect, registerAccount, send, shoot, signIn, test } from './fixtures.ts';

/** Chooses a person in a picker by typing part of their name. */
async function pick(dialog: Locator, label: string, search: string) {
  const box = dialog.getByRole('combobox', { name: label });
  await box.fill(search);
  await dialog
    .page()
    .getByRole('option', { name: new RegExp(search) })
    .click();
  await expect(box).toHaveValue(new RegExp(search));
}

test('a doctor gives prescriptions a schedule at set times and as needed, and sees them listed', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', {
    firstName: 'Rita',
    secondName: `Rounds${stamp}`,
  });
  await signIn(page, doctor);
  const lastName = `Scheduled${stamp}`;
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Iris',
    lastName,
    dob: '1938-06-02',
    gender: 'Female',
    address: '3 Mill Lane, Springfield',
    phoneNumber: '555-0180',
    emergencyContact: 'Tom Mill',
    emergencyContactPhone: '555-0181',
  });

  await page.goto('/prescriptions-medication');
  const form = page.getByRole('dialog', { name: 'Add Prescription' });

  // At set times: two of the common times, weekdays only, a month long.
  await page.getByRole('button', { name: 'Add Prescription' }).click();
  await pick(form, 'Patient', lastName);
  await form.getByRole('textbox', { name: 'Medication' }).fill('Metformin');
  await form.getByRole('textbox', { name: 'Dosage' }).fill('500 mg');
  await form.getByRole('textbox', { name: 'Details' }).fill('For the diabetes');
  await form.getByRole('combobox', { name: doseTexts.route }).click();
  await page.getByRole('option', { name: doseTexts.routeLabels.oral }).click();
  await form.getByRole('textbox', { name: doseTexts.instructions }).fill('With food');
  await form.getByRole('radio', { name: doseTexts.scheduleLabels.fixed }).check();
  await form.getByRole('button', { name: 'Morning 08:00' }).click();
  await form.getByRole('button', { name: scheduleTexts.addTime }).click();
  // Typed as four digits, read as 20:00.
  await expect(form.getByRole('textbox', { name: scheduleTexts.timeLabel(2) })).toBeFocused();
  await page.keyboard.type('2000');
  await form.getByRole('button', { name: 'Saturday' }).click();
  await form.getByRole('button', { name: 'Sunday' }).click();
  await expect(form.getByRole('button', { name: 'Sunday' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await form.getByRole('spinbutton', { name: doseTexts.durationDays }).fill('30');
  await shoot(page, 'prescription-schedule-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.prescriptionAdded)).toBeVisible();
  await expect(form).toBeHidden();

  const metformin = page.getByRole('row').filter({ hasText: 'Metformin' });
  await expect(metformin).toContainText('08:00, 20:00 · Mon–Fri');
  await expect(metformin).toContainText(doseTexts.routeLabels.oral);

  // As needed: every 4 hours, at most 4 a day.
  await page.getByRole('button', { name: 'Add Prescription' }).click();
  await pick(form, 'Patient', lastName);
  await form.getByRole('textbox', { name: 'Medication' }).fill('Paracetamol');
  await form.getByRole('textbox', { name: 'Dosage' }).fill('1 g');
  await form.getByRole('textbox', { name: 'Details' }).fill('For knee pain');
  await form.getByRole('radio', { name: doseTexts.scheduleLabels.prn }).check();
  await form.getByRole('spinbutton', { name: doseTexts.prnMinInterval }).fill('240');
  await form.getByRole('spinbutton', { name: doseTexts.prnMaxPerDay }).fill('4');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.prescriptionAdded).first()).toBeVisible();
  await expect(form).toBeHidden();
  const paracetamol = page.getByRole('row').filter({ hasText: 'Paracetamol' });
  await expect(paracetamol).toContainText('As needed: every 4 h, max 4/24 h');
  await shoot(page, 'prescription-schedule-list');

  // What the server keeps is what the form showed.
  const saved = (await (
    await page.request.get(`/api/prescriptions/patient/${patient.id}`)
  ).json()) as Prescription[];
  const fixed = saved.find((p) => p.medication === 'Metformin');
  expect(fixed).toMatchObject({
    schedule: 'fixed',
    route: 'oral',
    instructions: 'With food',
    doseTimes: ['08:00', '20:00'],
    weekdays: [1, 2, 3, 4, 5],
  });
  expect(fixed?.startDate).toBeTruthy();
  expect(fixed?.endDate).toBeTruthy();
  expect(saved.find((p) => p.medication === 'Paracetamol')).toMatchObject({
    schedule: 'prn',
    prnMinIntervalMinutes: 240,
    prnMaxPerDay: 4,
    doseTimes: null,
  });

  // A time that is not one shows the shared message, and nothing is saved.
  await page.getByRole('button', { name: 'Add Prescription' }).click();
  await pick(form, 'Patient', lastName);
  await form.getByRole('textbox', { name: 'Medication' }).fill('Ramipril');
  await form.getByRole('textbox', { name: 'Details' }).fill('For blood pressure');
  await form.getByRole('radio', { name: doseTexts.scheduleLabels.fixed }).check();
  const time = form.getByRole('textbox', { name: scheduleTexts.timeLabel(1) });
  await time.fill('25:00');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(doseTexts.doseTimeInvalid)).toBeVisible();
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  const after = (await (
    await page.request.get(`/api/prescriptions/patient/${patient.id}`)
  ).json()) as Prescription[];
  expect(after.map((p) => p.medication).sort()).toEqual(['Metformin', 'Paracetamol']);
});

test('an administrator sets the agency time zone', async ({ page }) => {
  const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };
  await signIn(page, admin);
  const before = (await (await page.request.get('/api/agency-settings')).json()) as AgencySettings;
  try {
    await page.goto('/settings');
    const card = page.getByRole('form', { name: agencyTexts.title });
    const zone = card.getByRole('combobox', { name: agencyTexts.timeZone });
    await expect(zone).toHaveValue(before.timeZone);
    const next = before.timeZone === 'America/New_York' ? 'Europe/Paris' : 'America/New_York';
    await zone.fill(next.split('/')[1]!);
    await page.getByRole('option', { name: next }).click();
    await expect(zone).toHaveValue(next);
    await card.getByRole('button', { name: scheduleTexts.saveAgency }).click();
    await expect(page.getByText(agencyTexts.saved)).toBeVisible();
    await shoot(page, 'agency-settings');
    const stored = (await (
      await page.request.get('/api/agency-settings')
    ).json()) as AgencySettings;
    expect(stored).toEqual({ ...before, timeZone: next });
  } finally {
    // Other specs read doses in the agency's zone: leave it as it was.
    await send(page.request, 'PUT', '/api/agency-settings', before);
  }

  // A doctor without the agency privilege has no such card.
  const doctor = await registerAccount('doctor');
  await signIn(page, doctor);
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
  await expect(page.getByRole('form', { name: agencyTexts.title })).toHaveCount(0);
});
