import { expect, registerAccount, send, signIn, test } from './fixtures.ts';

// The device sits in London; the patient chooses New York in Settings.
test.use({ timezoneId: 'Europe/London' });

test('a chosen time zone shows notification and appointment times in that zone', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor');
  const patientAccount = await registerAccount('patient', {
    firstName: 'Zoe',
    secondName: `Zone${stamp}`,
  });

  // The patient chooses New York in Settings.
  await signIn(page, patientAccount);
  await page.goto('/settings');
  const picker = page.getByRole('combobox', { name: 'Time zone' });
  await expect(picker).toHaveValue("Use this device's time zone (Europe/London)");
  await picker.fill('New York');
  await page.getByRole('option', { name: 'America/New York' }).click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated').first()).toBeVisible();

  // A doctor books an appointment at 15:00 UTC for the patient's record.
  const doctorContext = await browser.newContext({ timezoneId: 'Europe/London' });
  const doctorPage = await doctorContext.newPage();
  await signIn(doctorPage, doctor);
  const patient = await send(doctorPage.request, 'POST', '/api/patients', {
    firstName: 'Zoe',
    lastName: `Zone${stamp}`,
    dob: '1940-01-02',
    gender: 'Female',
    address: '1 Elm Street',
    phoneNumber: '555-0100',
    emergencyContact: 'Sam Zone',
    emergencyContactPhone: '555-0101',
  });
  await send(doctorPage.request, 'PUT', `/api/patients/${patient.id}/account`, {
    username: patientAccount.username,
  });
  await send(doctorPage.request, 'POST', '/api/appointments', {
    patientId: patient.id,
    appointmentDate: '2027-01-15T15:00:00.000Z',
    location: 'Clinic',
  });
  await doctorContext.close();

  // The patient reads both in New York time, with the zone named (it is not the device's).
  await page.goto('/notifications');
  await expect(
    page.getByText('New appointment on Jan 15, 2027, 10:00 AM EST at Clinic').first(),
  ).toBeVisible();
  await page.goto('/patient-appointments');
  await expect(page.getByText('Jan 15, 2027, 10:00 AM EST').first()).toBeVisible();
});
