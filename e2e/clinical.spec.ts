import type { Locator, Page } from '@playwright/test';
import { clinicalTexts, notices, validation } from '../shared/messages.ts';
import {
  expect,
  registerAccount,
  send,
  shoot,
  signIn,
  test,
  writeHeaders,
  type Account,
} from './fixtures.ts';

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

/** A patient on the doctor's care team (the doctor adds it), with the caregiver and account. */
async function setUpPatient(
  page: Page,
  doctor: Account,
  caregiver: Account | null,
  patientAccount: Account | null,
  lastName: string,
) {
  await signIn(page, doctor);
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Ada',
    lastName,
    dob: '1940-12-10',
    gender: 'Female',
    address: '12 Elm Street, Springfield',
    phoneNumber: '555-0100',
    emergencyContact: 'Byron Lovelace',
    emergencyContactPhone: '555-0101',
  });
  if (caregiver) {
    await send(page.request, 'POST', `/api/patients/${patient.id}/care-team`, {
      userId: caregiver.id,
    });
  }
  if (patientAccount) {
    await send(page.request, 'PUT', `/api/patients/${patient.id}/account`, {
      username: patientAccount.username,
    });
  }
  return patient as { id: number };
}

test('a doctor writes a record and a prescription, the caregiver reports and logs a dose, the patient sees it all', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Hugo', secondName: `Heal${stamp}` });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Cleo',
    secondName: `Care${stamp}`,
  });
  const patientAccount = await registerAccount('patient', {
    firstName: 'Ada',
    secondName: `Lovelace${stamp}`,
  });
  const lastName = `Lovelace${stamp}`;
  await setUpPatient(page, doctor, caregiver, patientAccount, lastName);

  // The doctor writes a medical record; an empty form shows the seed's messages.
  await page.goto('/medical-records');
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
  await expect(page.getByText(clinicalTexts.noMedicalRecords)).toBeVisible();
  await page.getByRole('button', { name: 'Add New Record' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add New Record' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    validation.patientIdRequired,
    validation.locationRequired,
    validation.diagnosisRequired,
    validation.treatmentPlanRequired,
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole('combobox', { name: 'Doctor' })).toHaveValue(/Hugo/);
  await pick(dialog, 'Patient', lastName);
  await dialog.getByRole('textbox', { name: 'Location' }).fill('Springfield Clinic');
  await dialog.getByRole('textbox', { name: 'Diagnosis' }).fill('Hypertension');
  await dialog.getByRole('textbox', { name: 'Treatment Plan' }).fill('Low-salt diet');
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Review in four weeks');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.medicalRecordAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  const recordRow = page.getByRole('row').filter({ hasText: 'Hypertension' });
  await expect(recordRow).toContainText(`Ada ${lastName}`);
  await expect(recordRow).toContainText(`Hugo Heal${stamp}`);

  // ...and corrects it.
  await recordRow.getByRole('button', { name: /^Edit record of/ }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Record' });
  await expect(dialog.getByRole('textbox', { name: 'Diagnosis' })).toHaveValue('Hypertension');
  await dialog.getByRole('textbox', { name: 'Treatment Plan' }).fill('Low-salt diet, daily walk');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.medicalRecordUpdated)).toBeVisible();
  await expect(recordRow).toContainText('Low-salt diet, daily walk');
  await shoot(page, 'medical-records');

  // The doctor writes a prescription.
  await page.goto('/prescriptions-medication');
  await page.getByRole('button', { name: 'Add Prescription' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Prescription' });
  await pick(dialog, 'Patient', lastName);
  await dialog.getByRole('textbox', { name: 'Medication' }).fill('Lisinopril');
  await dialog.getByRole('textbox', { name: 'Dosage' }).fill('10 mg once a day');
  await dialog.getByRole('textbox', { name: 'Duration' }).fill('30 days');
  await dialog.getByRole('textbox', { name: 'Details' }).fill('Take in the morning');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.prescriptionAdded)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Lisinopril' })).toContainText('30 days');

  // The caregiver files a progress report for the patient...
  await signIn(page, caregiver);
  await page.goto('/progress-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Progress Report' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Progress Report' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Progress Report' });
  await expect(dialog.getByRole('combobox', { name: 'Caregiver' })).toHaveValue(/Cleo/);
  await pick(dialog, 'Patient', lastName);
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('Ate well, walked twice');
  await dialog.getByRole('textbox', { name: 'Recommendations' }).fill('Keep up the walks');
  await dialog.getByRole('combobox', { name: 'Overall Health' }).click();
  await page.getByRole('option', { name: 'Good' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.progressReportAdded)).toBeVisible();
  const reportRow = page.getByRole('row').filter({ hasText: 'Ate well, walked twice' });
  await expect(reportRow).toContainText(/PR-\d{4}-\d{6}/);
  await expect(reportRow).toContainText(`Cleo Care${stamp}`);
  // The caregiver may edit their own report but not delete it.
  await expect(reportRow.getByRole('button', { name: /^Edit progress report/ })).toBeVisible();
  await expect(reportRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await shoot(page, 'progress-report');

  // ...sees the prescription and logs a dose given.
  await page.goto('/prescriptions-medication');
  await expect(page.getByRole('row').filter({ hasText: 'Lisinopril' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Prescription' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Medication' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Medication' });
  await pick(dialog, 'Patient', lastName);
  await dialog.getByRole('textbox', { name: 'Details' }).fill('Lisinopril 10 mg given');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.medicationAdded)).toBeVisible();
  const doseRow = page.getByRole('row').filter({ hasText: 'Lisinopril 10 mg given' });
  await expect(doseRow).toContainText(`Cleo Care${stamp} (caregiver)`);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  // The doctor sees the dose logged, with Edit and Delete on both tables.
  await signIn(page, doctor);
  await page.goto('/prescriptions-medication');
  await expect(page.getByRole('button', { name: 'Add Prescription' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Medication' })).toBeVisible();
  for (const text of ['Lisinopril 10 mg given', '30 days']) {
    const row = page.getByRole('row').filter({ hasText: text });
    await expect(row.getByRole('button', { name: /^Edit / })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Delete / })).toBeVisible();
  }
  await shoot(page, 'prescriptions-medication');

  // The patient sees all of it on their dashboard.
  await signIn(page, patientAccount);
  await page.goto('/patient-dashboard');
  const card = (title: string) => page.getByRole('region', { name: title });
  await expect(card('Recent Medical Records')).toContainText('Hypertension');
  await expect(card('Recent Medical Records')).toContainText('Low-salt diet, daily walk');
  await expect(card('Upcoming Appointments')).toContainText(clinicalTexts.noUpcomingAppointments);
  await expect(card('Progress Report')).toContainText('Good');
  await expect(card('Progress Report')).toContainText('Ate well, walked twice');
  await expect(card('Prescriptions')).toContainText('Lisinopril');
  await expect(card('Prescriptions')).toContainText('10 mg once a day');
  await expect(card('Prescriptions')).toContainText('30 days');
  await shoot(page, 'patient-dashboard');

  // ...reads each screen and cannot add or change anything.
  await page.goto('/medical-records');
  await expect(page.getByRole('row').filter({ hasText: 'Hypertension' })).toBeVisible();
  await page.goto('/progress-report');
  await expect(page.getByRole('row').filter({ hasText: 'Ate well' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Progress Report' })).toHaveCount(0);
  await page.goto('/prescriptions-medication');
  await expect(page.getByRole('row').filter({ hasText: 'Lisinopril 10 mg given' })).toBeVisible();
  for (const path of ['/medical-records', '/progress-report', '/prescriptions-medication']) {
    await page.goto(path);
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Add|Edit|Delete)/ })).toHaveCount(0);
  }
  const refused = await page.request.post('/api/medical-records', {
    data: {},
    headers: writeHeaders,
  });
  expect(refused.status()).toBe(403);
});

test('the Add Progress Report button shows exactly for caregivers who may add', async ({
  page,
}) => {
  const cases: [Account, boolean][] = [
    [await registerAccount('caregiver', { privileges: 'editor' }), true],
    [await registerAccount('caregiver', { privileges: 'viewer' }), false],
    [await registerAccount('doctor', { privileges: 'editor' }), false],
    [await registerAccount('doctor', { privileges: 'viewer' }), false],
    [await registerAccount('patient', { privileges: 'editor' }), false],
    [await registerAccount('patient', { privileges: 'viewer' }), false],
  ];
  for (const [account, shown] of cases) {
    await signIn(page, account);
    await page.goto('/progress-report');
    await expect(page.getByText(clinicalTexts.noProgressReports)).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Add Progress Report' }),
      `${account.role} ${account.username}`,
    ).toHaveCount(shown ? 1 : 0);
  }
});

test('deleting a record always asks first, and Cancel keeps it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor');
  const lastName = `Keep${stamp}`;
  const patient = await setUpPatient(page, doctor, null, null, lastName);
  await send(page.request, 'POST', '/api/medical-records', {
    patientId: patient.id,
    doctorId: doctor.id,
    dateOfVisit: new Date().toISOString(),
    location: 'Home visit',
    diagnosis: `Sprain ${stamp}`,
    treatmentPlan: 'Rest',
  });
  await page.goto('/medical-records');
  const row = page.getByRole('row').filter({ hasText: `Sprain ${stamp}` });
  await row.getByRole('button', { name: /^Delete record of/ }).click();
  const confirm = page.getByRole('dialog', { name: clinicalTexts.deleteMedicalRecordTitle });
  await expect(confirm).toContainText(clinicalTexts.deleteMessage);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Delete record of/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(notices.medicalRecordDeleted)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(clinicalTexts.noMedicalRecords)).toBeVisible();
});

test('a patient without a linked record sees every dashboard card empty', async ({ page }) => {
  const patientAccount = await registerAccount('patient');
  await signIn(page, patientAccount);
  await page.goto('/patient-dashboard');
  await expect(page.getByText(clinicalTexts.notLinked)).toBeVisible();
  for (const text of [
    clinicalTexts.noMedicalRecords,
    clinicalTexts.noUpcomingAppointments,
    clinicalTexts.noProgressReports,
    clinicalTexts.noPrescriptions,
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
});
