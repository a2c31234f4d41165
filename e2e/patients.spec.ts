import type { Page } from '@playwright/test';
import { notices, patientTexts, validation } from '../shared/messages.ts';
import {
  expect,
  loginViaApi,
  registerAccount,
  test,
  writeHeaders,
  type Account,
} from './fixtures.ts';

// Screenshots for the docs are taken only when asked: SCREENSHOTS=1 npx playwright test ...
const screenshots = Boolean(process.env.SCREENSHOTS);
const shoot = async (page: Page, name: string) => {
  if (screenshots) await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
};

/** Each field of the patient dialog with the seed's message shown under it when empty. */
const seedMessages: [string, string][] = [
  ['First Name', validation.firstNameRequired],
  ['Last Name', validation.lastNameRequired],
  ['Date of Birth', validation.dobRequired],
  ['Gender', validation.genderRequired],
  ['Address', validation.addressRequired],
  ['Phone Number', validation.phoneRequired],
  ['Emergency Contact', validation.emergencyContactRequired],
  ['Emergency Contact Phone', validation.emergencyContactPhoneRequired],
];

async function signIn(page: Page, account: Account) {
  await page.context().clearCookies();
  await loginViaApi(page, account);
  await page.goto('/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
}

test('a doctor adds, edits, shares and deletes a patient; caregivers see only their own', async ({
  page,
}) => {
  const doctor = await registerAccount('doctor', { firstName: 'Dana', secondName: 'Doctor' });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Carla',
    secondName: `Giver${Date.now().toString(36)}`,
  });
  const otherCaregiver = await registerAccount('caregiver');
  const lastName = `Lovelace${Date.now().toString(36)}`;

  // The doctor opens an empty form and sees every seed message under its field.
  await signIn(page, doctor);
  await expect(page.getByText(patientTexts.noPatients)).toBeVisible();
  await page.getByRole('button', { name: 'Add Patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Patient' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  for (const [label, message] of seedMessages) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    // The message belongs to its field (aria-describedby), not just somewhere in the dialog.
    const role = label === 'Gender' ? 'combobox' : 'textbox';
    await expect(dialog.getByRole(role, { name: label, exact: true })).toHaveAccessibleDescription(
      message,
    );
  }
  await shoot(page, 'patient-dialog');

  // Filling the form clears the messages and adds the patient.
  await dialog.getByRole('textbox', { name: 'First Name', exact: true }).fill('Ada');
  await dialog.getByRole('textbox', { name: 'Last Name', exact: true }).fill(lastName);
  await dialog.getByRole('textbox', { name: 'Date of Birth', exact: true }).fill('1940-12-10');
  await dialog.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await dialog
    .getByRole('textbox', { name: 'Address', exact: true })
    .fill('12 Elm Street, Springfield');
  await dialog.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('555-0100');
  await dialog
    .getByRole('textbox', { name: 'Emergency Contact', exact: true })
    .fill('Byron Lovelace');
  await dialog
    .getByRole('textbox', { name: 'Emergency Contact Phone', exact: true })
    .fill('555-0101');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.patientAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: lastName });
  await expect(row).toContainText('Dec 10, 1940');
  await expect(row).toContainText('Female');
  await shoot(page, 'patients');

  // Edit pre-fills the dialog and saves the change.
  await row.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Patient' });
  await expect(edit.getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue('Ada');
  await expect(edit.getByRole('textbox', { name: 'Date of Birth', exact: true })).toHaveValue(
    '1940-12-10',
  );
  await edit.getByRole('textbox', { name: 'First Name', exact: true }).fill('Augusta');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.patientUpdated)).toBeVisible();
  await expect(row).toContainText('Augusta');

  // The care team view: assign the caregiver with the picker, by name.
  await row.getByRole('link', { name: /^Care team/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Augusta ${lastName}` })).toBeVisible();
  const team = page.getByRole('region', { name: 'Care team' });
  await expect(team.getByRole('cell', { name: 'Dana Doctor', exact: true })).toBeVisible();
  const picker = team.getByRole('combobox', { name: 'Caregiver' });
  await picker.fill(caregiver.secondName);
  await page.getByRole('option', { name: new RegExp(caregiver.secondName) }).click();
  await team.getByRole('button', { name: 'Add to care team' }).click();
  await expect(page.getByText(patientTexts.careTeamAdded)).toBeVisible();
  await expect(
    team.getByRole('cell', { name: `Carla ${caregiver.secondName}`, exact: true }),
  ).toBeVisible();
  await shoot(page, 'care-team');

  // That caregiver sees the patient, without Add or Actions.
  await signIn(page, caregiver);
  await expect(page.getByRole('row').filter({ hasText: lastName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Patient' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // Another caregiver does not.
  await signIn(page, otherCaregiver);
  await expect(page.getByText(patientTexts.noPatients)).toBeVisible();
  await expect(page.getByText(lastName)).toHaveCount(0);

  // The doctor deletes it, after confirming (Cancel first keeps it).
  await signIn(page, doctor);
  const doctorsRow = page.getByRole('row').filter({ hasText: lastName });
  await doctorsRow.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: patientTexts.deleteTitle });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(doctorsRow).toBeVisible();
  await doctorsRow.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(notices.patientDeleted)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: lastName })).toHaveCount(0);
});

test('the search field finds patients by name on the server', async ({ page }) => {
  const doctor = await registerAccount('doctor');
  await loginViaApi(page, doctor);
  const stamp = Date.now().toString(36);
  for (const [firstName, lastName] of [
    ['Marie', `Curie${stamp}`],
    ['Pierre', `Curie${stamp}`],
    ['Rosalind', `Franklin${stamp}`],
  ]) {
    const res = await page.request.post('/api/patients', {
      headers: writeHeaders,
      data: {
        firstName,
        lastName,
        dob: '1950-01-01',
        gender: 'Other',
        address: '1 Lab Road',
        phoneNumber: '555-0000',
        emergencyContact: 'Lab',
        emergencyContactPhone: '555-0001',
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/patients');
  await expect(page.getByRole('row').filter({ hasText: `Franklin${stamp}` })).toBeVisible();
  await page.getByLabel(patientTexts.searchLabel).fill(`curie${stamp}`);
  await expect(page.getByRole('row').filter({ hasText: `Franklin${stamp}` })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: `Curie${stamp}` })).toHaveCount(2);
});

test('an admin reads the audit log; a patient reads who viewed their record', async ({ page }) => {
  const doctor = await registerAccount('doctor', { firstName: 'Owen', secondName: 'Opener' });
  const patient = await registerAccount('patient', { privileges: 'viewer' });
  await loginViaApi(page, doctor);

  // The doctor adds a record for the patient and links the patient's account to it.
  const created = await page.request.post('/api/patients', {
    headers: writeHeaders,
    data: {
      firstName: 'Pat',
      lastName: `Ient${Date.now().toString(36)}`,
      dob: '1944-04-04',
      gender: 'Male',
      address: '4 Oak Lane',
      phoneNumber: '555-0400',
      emergencyContact: 'Kim',
      emergencyContactPhone: '555-0401',
    },
  });
  expect(created.status()).toBe(201);
  const record = (await created.json()) as { id: number; lastName: string };
  await page.goto(`/patients/${record.id}?tab=details`);
  const account = page.getByRole('region', { name: 'Patient account' });
  await account.getByLabel('Account username').fill(patient.username);
  await account.getByRole('button', { name: 'Link account' }).click();
  await expect(page.getByText(patientTexts.accountLinked)).toBeVisible();
  await expect(account).toContainText(patient.username);

  // The agency's admin (taken by the test run's setup) filters the audit log by patient.
  await page.context().clearCookies();
  await loginViaApi(page, { username: 'e2e-admin', password: 'e2e-admin-password' });
  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  // People are chosen by name: the picker holds the id.
  const patientFilter = page.getByRole('combobox', { name: 'Patient' });
  await patientFilter.fill(record.lastName);
  await page.getByRole('option', { name: `Pat ${record.lastName} (ID ${record.id})` }).click();
  await expect(patientFilter).toHaveValue(`Pat ${record.lastName} (ID ${record.id})`);
  const opened = page.getByRole('row').filter({ hasText: 'Opened' });
  await expect(opened).toHaveCount(1);
  await expect(opened).toContainText('Owen Opener');
  await expect(page.getByRole('row').filter({ hasText: 'Account link' })).toHaveCount(1);
  await shoot(page, 'audit');

  // The patient sees who opened their record, by name and role.
  await page.context().clearCookies();
  await loginViaApi(page, patient);
  await page.goto('/access-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Who viewed my record' })).toBeVisible();
  const seen = page.getByRole('row').filter({ hasText: 'Opened' });
  await expect(seen).toHaveCount(1);
  await expect(seen).toContainText('Owen Opener');
  await expect(seen).toContainText('Doctor');
  await shoot(page, 'access-log');
});
