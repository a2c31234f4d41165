import { vitalSignTexts } from '../shared/messages.ts';
import { vitalSignBounds } from '../shared/constants.ts';
import { expect, registerAccount, send, signIn, test } from './fixtures.ts';

// Where the screenshots of the section go when asked for: VITALS_SHOTS=/tmp/vitals npx playwright ...
const shots = process.env.VITALS_SHOTS;

test('a doctor records vital signs on the patient page and the patient sees them on theirs', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', {
    firstName: 'Vera',
    secondName: `Vitals${stamp}`,
  });
  const patientAccount = await registerAccount('patient', {
    firstName: 'Otto',
    secondName: `Pulse${stamp}`,
  });
  await signIn(page, doctor);
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Otto',
    lastName: `Pulse${stamp}`,
    dob: '1938-03-04',
    gender: 'Male',
    address: '3 Oak Lane, Springfield',
    phoneNumber: '555-0110',
    emergencyContact: 'Ida Pulse',
    emergencyContactPhone: '555-0111',
  });
  await send(page.request, 'PUT', `/api/patients/${patient.id}/account`, {
    username: patientAccount.username,
  });

  await page.goto(`/patients/${patient.id}?tab=vital-signs`);
  const section = page.getByRole('region', { name: vitalSignTexts.title, exact: true });
  await expect(
    section.getByRole('heading', { level: 2, name: vitalSignTexts.title }),
  ).toBeVisible();
  await expect(section.getByText(vitalSignTexts.empty)).toBeVisible();

  // A pulse of 900 is refused under its field, and nothing is added.
  await section.getByRole('button', { name: vitalSignTexts.addTitle }).click();
  const dialog = page.getByRole('dialog', { name: vitalSignTexts.addTitle });
  await expect(dialog.getByLabel(/^Taken at/)).not.toHaveValue('');
  await dialog.getByRole('spinbutton', { name: 'Pulse (/min)' }).fill('900');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const { min, max } = vitalSignBounds.pulse;
  await expect(
    dialog.getByText(vitalSignTexts.wholeNumberOutOfRange('pulse', min, max), { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}-dialog.png` });

  // A reading within bounds is added and shows who took it.
  await dialog.getByRole('spinbutton', { name: 'Systolic (mmHg)' }).fill('128');
  await dialog.getByRole('spinbutton', { name: 'Diastolic (mmHg)' }).fill('82');
  await dialog.getByRole('spinbutton', { name: 'Pulse (/min)' }).fill('72');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('After breakfast');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(vitalSignTexts.added)).toBeVisible();
  await expect(dialog).toBeHidden();
  const rows = section.getByRole('row').filter({ hasText: '128/82' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('72');
  await expect(rows).toContainText(`Vera Vitals${stamp}`);
  await expect(rows).toContainText('After breakfast');
  // The header row and the one reading: the refused pulse left nothing behind.
  await expect(section.getByRole('row')).toHaveCount(2);

  if (shots) {
    for (const notice of await page.locator('.Toastify__toast').all()) await notice.click();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: `${shots}-desktop-light.png`, fullPage: true });
  }

  // The patient opens their own page and reads the doctor's reading.
  await signIn(page, patientAccount);
  await page.goto(`/patients/${patient.id}?tab=vital-signs`);
  const own = page.getByRole('region', { name: vitalSignTexts.title, exact: true });
  await expect(own.getByRole('row').filter({ hasText: '128/82' })).toContainText(
    `Vera Vitals${stamp}`,
  );
  // A patient may record home readings, but only the care team changes the doctor's.
  await expect(own.getByRole('button', { name: vitalSignTexts.addTitle })).toBeVisible();
  await expect(own.getByRole('button', { name: /^Edit vital signs/ })).toHaveCount(0);

  // On a phone in dark mode each reading is a card, and the page does not scroll sideways.
  await signIn(page, doctor);
  await page.setViewportSize({ width: 390, height: 844 });
  await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: true });
  await page.goto(`/patients/${patient.id}?tab=vital-signs`);
  await expect(section.getByRole('listitem').filter({ hasText: '128/82' })).toBeVisible();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
  if (shots) await page.screenshot({ path: `${shots}-phone-dark.png`, fullPage: true });
});
