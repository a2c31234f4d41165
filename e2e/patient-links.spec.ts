import type { Locator, Page } from '@playwright/test';
import { thresholdTexts } from '../shared/messages.ts';
import { expect, registerAccount, send, shoot, signIn, test, type Account } from './fixtures.ts';

// The browser reads dates in UTC, like the server: "tomorrow at noon" is one day for both.
test.use({ timezoneId: 'UTC' });

/** Tomorrow, as the calendar names its day button ('January 16, 2026') and as ymd. */
function tomorrow() {
  const when = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const ymd = when.toISOString().slice(0, 10);
  const long = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${ymd}T12:00:00Z`));
  const nextMonth = ymd.slice(0, 7) > new Date().toISOString().slice(0, 7);
  return { ymd, long, nextMonth };
}

/** A patient on the doctor's care team (the doctor adds it), with an optional account. */
async function addPatient(page: Page, lastName: string, account: Account | null) {
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Ada',
    lastName,
    dob: '1941-05-20',
    gender: 'Female',
    address: '4 Linden Road, Springfield',
    phoneNumber: '555-0160',
    emergencyContact: 'Bea Linden',
    emergencyContactPhone: '555-0161',
  });
  if (account) {
    await send(page.request, 'PUT', `/api/patients/${patient.id}/account`, {
      username: account.username,
    });
  }
  return patient.id;
}

/** Follows the link with the patient's name and checks the chart of that patient opened. */
async function opensChart(page: Page, scope: Locator, name: string, patientId: number) {
  const link = scope.getByRole('link', { name, exact: true });
  await expect(link).toHaveAttribute('href', `/patients/${patientId}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patientId}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
}

test('patient names link to the chart for the care team, and a patient sees only their own linked', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Lena', secondName: `Link${stamp}` });
  const caregiver = await registerAccount('caregiver');
  const ownAccount = await registerAccount('patient', {
    firstName: 'Ada',
    secondName: `Own${stamp}`,
  });
  const ownName = `Ada Own${stamp}`;
  const otherName = `Ada Other${stamp}`;

  await signIn(page, doctor);
  const ownId = await addPatient(page, `Own${stamp}`, ownAccount);
  const otherId = await addPatient(page, `Other${stamp}`, null);
  for (const patientId of [ownId, otherId]) {
    await send(page.request, 'POST', `/api/patients/${patientId}/care-team`, {
      userId: caregiver.id,
    });
  }
  const day = tomorrow();
  for (const [patientId, location] of [
    [ownId, 'Room 21'],
    [otherId, 'Room 22'],
  ] as const) {
    await send(page.request, 'POST', '/api/appointments', {
      doctorId: doctor.id,
      patientId,
      appointmentDate: `${day.ymd}T12:00:00Z`,
      location,
      // Both at noon with the same doctor, on purpose.
      confirmOverlap: true,
    });
    await send(page.request, 'POST', '/api/medical-records', {
      patientId,
      doctorId: doctor.id,
      dateOfVisit: new Date().toISOString(),
      location,
      diagnosis: `Checked in ${location}`,
      treatmentPlan: 'Rest',
      notes: '',
    });
    await send(page.request, 'POST', '/api/prescriptions', {
      patientId,
      doctorId: doctor.id,
      date: new Date().toISOString().slice(0, 10),
      medication: `Paracetamol ${location}`,
      dosage: '500 mg',
      duration: '5 days',
      details: 'After meals',
    });
  }

  // The doctor: the appointments list...
  await page.goto('/appointments');
  const appointmentRow = page.getByRole('row').filter({ hasText: 'Room 21' });
  await opensChart(page, appointmentRow, ownName, ownId);
  await shoot(page, 'patient-link-chart');

  // ...a medical record, reached with the keyboard...
  await page.goto('/medical-records');
  const recordRow = page.getByRole('row').filter({ hasText: 'Checked in Room 22' });
  const recordLink = recordRow.getByRole('link', { name: otherName, exact: true });
  await recordLink.focus();
  await expect(recordLink).toBeFocused();
  // A visible focus ring, and an underline: more than colour tells it is a link.
  await expect(recordLink).toHaveCSS('outline-style', 'solid');
  await expect(recordLink).toHaveCSS('text-decoration-line', 'underline');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/patients/${otherId}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(otherName) })).toBeVisible();

  // ...the prescriptions table and the dashboard's upcoming appointments.
  await page.goto('/prescriptions-medication');
  await opensChart(
    page,
    page.getByRole('row').filter({ hasText: 'Paracetamol Room 21' }),
    ownName,
    ownId,
  );
  await page.goto('/dashboard');
  const upcoming = page.getByRole('list', { name: 'Upcoming Appointments' });
  await expect(upcoming).toContainText('Room 22');
  await opensChart(page, upcoming, otherName, otherId);

  // The caregiver: the calendar's day list on their dashboard.
  await signIn(page, caregiver);
  await page.goto('/caregiver-dashboard');
  if (day.nextMonth) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: new RegExp(`^${day.long}`) }).click();
  await opensChart(page, page.getByRole('list').filter({ hasText: 'Room 21' }), ownName, ownId);

  // A reading out of range: the doctor's 'vital-sign' notification opens the chart.
  await send(page.request, 'POST', '/api/vital-signs', {
    patientId: otherId,
    takenAt: new Date().toISOString(),
    pulse: 150,
  });
  await signIn(page, doctor);
  await page.goto('/notifications');
  const notice = page.getByRole('listitem').filter({
    hasText: thresholdTexts.alert(otherName, '').trim(),
  });
  await expect(notice).toBeVisible();
  const open = notice.getByRole('link', { name: 'Open' });
  await expect(open).toHaveAttribute('href', `/patients/${otherId}`);
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/patients/${otherId}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(otherName) })).toBeVisible();

  // The patient: their own name is a link to their own chart; the other patient never shows.
  await signIn(page, ownAccount);
  for (const [path, text] of [
    ['/patient-appointments', 'Room 21'],
    ['/medical-records', 'Checked in Room 21'],
    ['/prescriptions-medication', 'Paracetamol Room 21'],
  ] as const) {
    await page.goto(path);
    const row = page.getByRole('row').filter({ hasText: text });
    await expect(row.getByRole('link', { name: ownName, exact: true })).toHaveAttribute(
      'href',
      `/patients/${ownId}`,
    );
    await expect(page.getByText(otherName)).toHaveCount(0);
    await expect(page.locator(`a[href="/patients/${otherId}"]`)).toHaveCount(0);
  }
  await opensChart(
    page,
    page.getByRole('row').filter({ hasText: 'Paracetamol Room 21' }),
    ownName,
    ownId,
  );
});
