import { importTexts, patientTexts } from '../shared/messages.ts';
import { expectAccessible } from './support/a11y.ts';
import { expect, send, signIn, test } from './fixtures.ts';

/** The bootstrap admin of e2e/global-setup.ts: a doctor with admin privileges. */
const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };

const HEADER =
  'First Name,Last Name,Date of Birth,Gender,Address,Phone Number,Emergency Contact,Emergency Contact Phone';
const line = (first: string, last: string, dob: string) =>
  `${first},${last},${dob},Female,"4 Mill Road, Springfield",555-0140,Kim ${last},555-0141`;
const csvFile = (name: string, rows: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...rows].join('\r\n') + '\r\n'),
});

test('an admin checks a CSV, sees its problems and duplicate, fixes it and imports the patients', async ({
  page,
}) => {
  const stamp = `Imp${Date.now().toString(36)}`;
  await signIn(page, admin);
  // A patient already in the agency: the file repeats it.
  await send(page.request, 'POST', '/api/patients', {
    firstName: 'Olive',
    lastName: stamp,
    dob: '1936-04-05',
    gender: 'Female',
    address: '9 Pond Street, Springfield',
    phoneNumber: '555-0150',
    emergencyContact: 'Tom Olive',
    emergencyContactPhone: '555-0151',
  });

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Import patients' })
    .click();
  await expect(page).toHaveURL(/\/import-patients$/);
  await expect(page.getByRole('heading', { name: importTexts.title, level: 1 })).toBeVisible();
  await expect(page.getByText(importTexts.allOrNothing).first()).toBeVisible();
  await expect(page.getByRole('link', { name: importTexts.template })).toHaveAttribute(
    'download',
    'patients-template.csv',
  );
  await expectAccessible(page, 'import patients, empty');

  // First file: row 3 has a date of birth in the future, row 4 repeats a patient of the agency.
  const fileInput = page.getByLabel(importTexts.chooseFile);
  await fileInput.setInputFiles(
    csvFile('first.csv', [
      line('Ivy', stamp, '1940-02-03'),
      line('Bad', stamp, '2999-01-01'),
      line('OLIVE', stamp.toLowerCase(), '1936-04-05'),
    ]),
  );
  await expect(page.getByText(importTexts.chosen('first.csv'))).toBeVisible();
  const importButton = page.getByRole('button', { name: /^Import \d+ patients?$/ });
  await expect(importButton).toBeDisabled();
  await page.getByRole('button', { name: importTexts.check }).click();

  const problems = page.getByRole('table', { name: importTexts.problemsTitle });
  await expect(problems).toBeVisible();
  const problem = problems.getByRole('row').filter({ hasText: patientTexts.dobInFuture });
  await expect(problem.getByRole('cell').nth(0)).toHaveText('3');
  await expect(problem.getByRole('cell').nth(1)).toHaveText('Date of Birth');
  const duplicates = page.getByRole('table', { name: importTexts.duplicatesTitle });
  const duplicate = duplicates.getByRole('row').filter({ hasText: `OLIVE ${stamp.toLowerCase()}` });
  await expect(duplicate.getByRole('cell').nth(0)).toHaveText('4');
  await expect(duplicate).toContainText(importTexts.inAgency);
  await expect(page.getByText(importTexts.fixFirst)).toBeVisible();
  await expect(importButton).toBeDisabled();
  await expectAccessible(page, 'import patients, file with problems');

  // Nothing was saved by the check.
  const before = await page.request.get(`/api/patients?q=${stamp}`);
  expect(((await before.json()) as unknown[]).length).toBe(1);

  // The fixed file: the bad date corrected, the duplicate still there (it is left out).
  await fileInput.setInputFiles(
    csvFile('fixed.csv', [
      line('Ivy', stamp, '1940-02-03'),
      line('Basil', stamp, '1939-01-01'),
      line('OLIVE', stamp.toLowerCase(), '1936-04-05'),
    ]),
  );
  await expect(page.getByRole('table', { name: importTexts.problemsTitle })).toHaveCount(0);
  await page.getByRole('button', { name: importTexts.check }).click();
  await expect(page.getByText(importTexts.summary(2, 0, 0))).toBeVisible();
  await expect(page.getByRole('table', { name: importTexts.problemsTitle })).toHaveCount(0);
  await expect(page.getByRole('table', { name: importTexts.duplicatesTitle })).toBeVisible();

  await page.getByRole('button', { name: importTexts.importButton(2) }).click();
  const dialog = page.getByRole('dialog', { name: importTexts.confirmTitle });
  await expect(dialog).toContainText(importTexts.allOrNothing);
  await dialog.getByRole('button', { name: importTexts.confirm, exact: true }).click();
  await expect(page.getByText(importTexts.doneSummary(2, 0, 0))).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: importTexts.imported(2) })).toBeVisible();

  await page.getByRole('link', { name: importTexts.toPatients }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await page.getByLabel(patientTexts.searchLabel).fill(stamp);
  const table = page.getByRole('table', { name: 'Patients' });
  await expect(table.getByRole('row').filter({ hasText: 'Ivy' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Basil' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Olive' })).toHaveCount(1);
});

test('the import screen works by keyboard on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, admin);
  await page.goto('/import-patients');
  await expect(page.getByRole('heading', { name: importTexts.title, level: 1 })).toBeVisible();
  await page.getByLabel(importTexts.chooseFile).setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"resourceType":'),
  });
  const check = page.getByRole('button', { name: importTexts.check });
  await check.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: importTexts.malformedJson }),
  ).toBeVisible();
  // Nothing is wider than the phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'import patients on a phone, malformed file');
});
