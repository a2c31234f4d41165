import { notificationTexts, thresholdTexts, vitalSignTexts } from '../shared/messages.ts';
import { expect, registerAccount, send, signIn, test } from './fixtures.ts';

test('an out-of-range reading taken by a caregiver reaches the doctor live, in another browser, once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', {
    firstName: 'Alma',
    secondName: `Alert${stamp}`,
  });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Cato',
    secondName: `Carer${stamp}`,
  });
  const patientName = `Ruth Range${stamp}`;

  // The doctor sets up the patient and the care team, then waits on the Notifications page.
  await signIn(page, doctor);
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Ruth',
    lastName: `Range${stamp}`,
    dob: '1936-07-02',
    gender: 'Female',
    address: '8 Elm Row, Springfield',
    phoneNumber: '555-0140',
    emergencyContact: 'Ned Range',
    emergencyContactPhone: '555-0141',
  });
  // The doctor who adds a patient is on its care team; the caregiver joins it.
  await send(page.request, 'POST', `/api/patients/${patient.id}/care-team`, {
    userId: caregiver.id,
  });
  await page.goto('/notifications');
  await expect(page.getByText(notificationTexts.empty)).toBeVisible();

  // The caregiver, in a browser of their own, records a pulse of 128 on the chart.
  const other = await browser.newContext();
  const carer = await other.newPage();
  await signIn(carer, caregiver);
  await carer.goto(`/patients/${patient.id}?tab=vital-signs`);
  const section = carer.getByRole('region', { name: vitalSignTexts.title, exact: true });
  await section.getByRole('button', { name: vitalSignTexts.addTitle }).click();
  const dialog = carer.getByRole('dialog', { name: vitalSignTexts.addTitle });
  await dialog.getByRole('spinbutton', { name: 'Pulse (/min)' }).fill('128');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(carer.getByText(vitalSignTexts.added)).toBeVisible();
  // The list flags it.
  const row = section.getByRole('row').filter({ hasText: '128' });
  await expect(row.getByText(thresholdTexts.outOfRange)).toBeVisible();

  // The doctor's page shows the alert without a reload: the patient, the value, the range.
  const alert = page.getByText(
    thresholdTexts.alert(patientName, 'pulse 128 /min (range 50–100 /min)'),
    { exact: false },
  );
  await expect(alert.first()).toBeVisible({ timeout: 15_000 });
  const card = page.getByRole('listitem').filter({ hasText: patientName });
  await expect(card).toHaveCount(1);

  // Editing the reading (still out of range) does not alert again.
  await row.getByRole('button', { name: /edit/i }).click();
  const edit = carer.getByRole('dialog', { name: vitalSignTexts.editTitle });
  await edit.getByRole('spinbutton', { name: 'Pulse (/min)' }).fill('131');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(carer.getByText(vitalSignTexts.updated)).toBeVisible();
  await carer.waitForTimeout(1500);
  await expect(card).toHaveCount(1);

  // The alert opens the patient's chart.
  await card.getByRole('link', { name: notificationTexts.open }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}`));
  await expect(page.getByRole('heading', { name: patientName, level: 1 })).toBeVisible();
  await other.close();
});
