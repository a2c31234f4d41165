import type { Locator } from '@playwright/test';
import { allergyTexts, clinicalTexts, notices } from '../shared/messages.ts';
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

test('a prescription that matches an allergy is saved only once the doctor confirms it', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Alma', secondName: `Rx${stamp}` });
  await signIn(page, doctor);
  const lastName = `Allergic${stamp}`;
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Ada',
    lastName,
    dob: '1939-02-11',
    gender: 'Female',
    address: '8 Oak Street, Springfield',
    phoneNumber: '555-0170',
    emergencyContact: 'Ben Oak',
    emergencyContactPhone: '555-0171',
  });
  // The allergy is recorded as the doctor, through the page's own session.
  const allergy = await page.request.post('/api/allergies', {
    data: { patientId: patient.id, substance: 'Penicillin', reaction: 'Rash' },
    headers: { 'x-requested-with': 'ElderCare' },
  });
  expect(allergy.status(), await allergy.text()).toBe(201);

  const listed = async () =>
    (
      (await (
        await page.request.get(`/api/prescriptions/patient/${patient.id}`)
      ).json()) as Prescription[]
    ).map((p) => p.medication);

  await page.goto('/prescriptions-medication');
  await page.getByRole('button', { name: 'Add Prescription' }).click();
  const form = page.getByRole('dialog', { name: 'Add Prescription' });
  await pick(form, 'Patient', lastName);
  await form.getByRole('textbox', { name: 'Medication' }).fill('Penicillin V');
  await form.getByRole('textbox', { name: 'Dosage' }).fill('250 mg four times a day');
  await form.getByRole('textbox', { name: 'Duration' }).fill('7 days');
  await form.getByRole('textbox', { name: 'Details' }).fill('For the chest infection');
  await form.getByRole('button', { name: 'Save' }).click();

  // The confirmation names the allergy and its reaction, with the server's words.
  const confirm = page.getByRole('dialog', { name: allergyTexts.confirmTitle });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(allergyTexts.conflict('Penicillin'));
  const matches = confirm.getByRole('list', { name: allergyTexts.conflictListLabel });
  await expect(matches.getByRole('listitem')).toHaveText([
    `Penicillin — ${allergyTexts.conflictReaction('Rash')}`,
  ]);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shoot(page, 'prescription-allergy-confirm');

  // Cancel: nothing is saved, and the form is still open with what was typed.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(form).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Medication' })).toHaveValue('Penicillin V');
  await expect(form.getByRole('textbox', { name: 'Dosage' })).toHaveValue(
    '250 mg four times a day',
  );
  await expect(page.getByText(clinicalTexts.errorSavingPrescription)).toHaveCount(0);
  expect(await listed()).toEqual([]);

  // Confirm: saved once, and listed.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: allergyTexts.confirm }).click();
  await expect(page.getByText(notices.prescriptionAdded)).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Penicillin V' });
  await expect(row).toContainText('250 mg four times a day');
  await expect(row.getByRole('link', { name: `Ada ${lastName}` })).toBeVisible();
  expect(await listed()).toEqual(['Penicillin V']);

  // A medication that matches nothing is saved without a question.
  await page.getByRole('button', { name: 'Add Prescription' }).click();
  await pick(form, 'Patient', lastName);
  await form.getByRole('textbox', { name: 'Medication' }).fill('Paracetamol');
  await form.getByRole('textbox', { name: 'Details' }).fill('For the fever');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.prescriptionAdded).first()).toBeVisible();
  await expect(form).toBeHidden();
  await expect(confirm).toHaveCount(0);
  expect((await listed()).sort()).toEqual(['Paracetamol', 'Penicillin V']);
});
