import type { Page } from '@playwright/test';
import { appointmentTexts, notices, validation } from '../shared/messages.ts';
import type { Appointment } from '../shared/schemas/appointments.ts';
import { expect, registerAccount, send, shoot, signIn, test } from './fixtures.ts';

// The browser sits in New York, the server in UTC: every date on screen must be the viewer's.
const zone = 'America/New_York';
test.use({ timezoneId: zone });

/** A calendar day in the viewer's zone, `days` from today: its parts and the labels shown. */
function viewerDay(days: number) {
  const when = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(when); // 2026-01-16
  const noonUtc = new Date(`${ymd}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(noonUtc);
  return {
    ymd,
    month: ymd.slice(0, 7),
    /** 'Jan 16, 2026' as the product shows dates. */
    short: part({ month: 'short', day: '2-digit', year: 'numeric' }),
    /** 'January 16, 2026' as the calendar names its day buttons. */
    long: part({ month: 'long', day: 'numeric', year: 'numeric' }),
  };
}

/** Opens the calendar on the month of `day` (it opens on this month) and clicks the day. */
async function chooseCalendarDay(page: Page, day: ReturnType<typeof viewerDay>) {
  const today = viewerDay(0);
  if (day.month > today.month)
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: new RegExp(`^${day.long}`) }).click();
}

test('a doctor plans a visit, the patient sees and requests, the caregiver sees it', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Dora', secondName: `Doc${stamp}` });
  const caregiver = await registerAccount('caregiver');
  const patientAccount = await registerAccount('patient', {
    firstName: 'Edna',
    secondName: `Visit${stamp}`,
  });
  const lastName = `Visit${stamp}`;

  // A doctor with no patients yet: every figure 0 and nothing upcoming.
  await signIn(page, doctor);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Upcoming Appointments' })).toBeVisible();
  await expect(page.getByText(appointmentTexts.noUpcoming)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Appointment Calendar' })).toBeVisible();
  await expect(page.getByLabel('Appointments: 0')).toBeVisible();
  await expect(page.getByText(appointmentTexts.noAppointmentsOnDay)).toBeVisible();
  await shoot(page, 'doctor-dashboard-empty');

  // The patient record, its care team and its account, through the patients API.
  const patient = (await send(page.request, 'POST', '/api/patients', {
    firstName: 'Edna',
    lastName,
    dob: '1938-04-02',
    gender: 'Female',
    address: '3 Birch Lane, Springfield',
    phoneNumber: '555-0142',
    emergencyContact: 'Tom Visit',
    emergencyContactPhone: '555-0143',
  })) as { id: number };
  await send(page.request, 'POST', `/api/patients/${patient.id}/care-team`, {
    userId: caregiver.id,
  });
  await send(page.request, 'PUT', `/api/patients/${patient.id}/account`, {
    username: patientAccount.username,
  });

  // Add: the dialog shows the seed's messages, then books the visit.
  const tomorrow = viewerDay(1);
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByText(appointmentTexts.noAppointments)).toBeVisible();
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  await expect(dialog.getByLabel('Doctor username')).toHaveValue(doctor.username);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  for (const message of [
    validation.patientIdRequired,
    validation.appointmentDateRequired,
    validation.locationRequired,
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByRole('combobox', { name: 'Patient' }).fill(lastName);
  await page.getByRole('option', { name: new RegExp(lastName) }).click();
  await dialog.getByLabel('Appointment Date').fill(`${tomorrow.ymd}T10:00`);
  await dialog.getByLabel('Location').fill('Room 12');
  await shoot(page, 'appointment-dialog');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(notices.appointmentAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Room 12' });
  await expect(row).toContainText(`${tomorrow.short}, 10:00 AM`);
  await expect(row).toContainText(`Edna ${lastName}`);
  await expect(row).toContainText(doctor.username);

  // Edit: pre-filled, then moved to 11:30 in room 14.
  await row.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Appointment' });
  await expect(edit.getByLabel('Location')).toHaveValue('Room 12');
  await expect(edit.getByLabel('Appointment Date')).toHaveValue(`${tomorrow.ymd}T10:00`);
  await expect(edit.getByRole('combobox', { name: 'Patient' })).toHaveValue(
    new RegExp(`Edna ${lastName}`),
  );
  await edit.getByLabel('Appointment Date').fill(`${tomorrow.ymd}T11:30`);
  await edit.getByLabel('Location').fill('Room 14');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.appointmentUpdated)).toBeVisible();
  const moved = page.getByRole('row').filter({ hasText: 'Room 14' });
  await expect(moved).toContainText(`${tomorrow.short}, 11:30 AM`);
  await shoot(page, 'appointments');

  // The server holds the instant the viewer meant: 11:30 in New York.
  const stored = (await (await page.request.get('/api/appointments')).json()) as Appointment[];
  const visit = stored.find((a) => a.location === 'Room 14')!;
  expect(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(new Date(visit.appointmentDate)),
  ).toBe('11:30');

  // Dashboard: the figure, the upcoming list and the marked day on the calendar.
  await page.goto('/dashboard');
  await expect(page.getByLabel('Appointments: 1')).toBeVisible();
  const upcoming = page.getByRole('list', { name: 'Upcoming Appointments' });
  await expect(upcoming).toContainText(`Patient ID: ${patient.id} (Edna ${lastName})`);
  await expect(upcoming).toContainText(`${tomorrow.short}, 11:30 AM`);
  await expect(upcoming).toContainText('Location: Room 14');
  await chooseCalendarDay(page, tomorrow);
  await expect(
    page.getByRole('button', { name: new RegExp(`^${tomorrow.long}.*has appointments`) }),
  ).toBeVisible();
  const dayList = page.getByRole('list', { name: `Appointments on ${tomorrow.short}` });
  await expect(dayList).toContainText('Room 14');
  // Double arrows move 12 months; the label drills up to year, decade and century views.
  const navigation = page.getByRole('button', { name: 'Change the view' });
  const year = Number(tomorrow.ymd.slice(0, 4));
  const monthLabel = (await navigation.textContent())!; // e.g. 'January 2026'
  expect(monthLabel).toMatch(new RegExp(`${year}$`));
  await page.getByRole('button', { name: 'Jump forward' }).click();
  await expect(navigation).toHaveText(monthLabel.replace(String(year), String(year + 1)));
  await page.getByRole('button', { name: 'Jump back' }).click();
  await expect(navigation).toHaveText(monthLabel);
  await navigation.click();
  await expect(navigation).toHaveText(String(year));
  await page.getByRole('button', { name: 'Jump forward' }).click(); // 10 years
  await expect(navigation).toHaveText(String(year + 10));
  await page.getByRole('button', { name: 'Jump back' }).click();
  await navigation.click();
  await expect(navigation).toHaveText(/^\d{4} – \d{4}$/);
  await navigation.click();
  const century = (await navigation.textContent())!;
  expect(century).toMatch(/^\d{4} – \d{4}$/);
  await expect(navigation).toBeDisabled(); // the century is the widest view
  await page.getByRole('button', { name: 'Previous', exact: true }).click(); // 100 years
  await expect(navigation).not.toHaveText(century);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(navigation).toHaveText(century);
  // Drilling down through the marked decade, year and month leads back to the marked day.
  for (let level = 0; level < 3; level += 1) {
    await page
      .getByRole('button', { name: /has appointments/ })
      .first()
      .click();
  }
  await expect(navigation).toHaveText(monthLabel);
  await page
    .getByRole('button', { name: new RegExp(`^${tomorrow.long}.*has appointments`) })
    .click();
  await expect(dayList).toContainText('Room 14');
  await shoot(page, 'doctor-dashboard');

  // Dark mode restyles the calendar with the theme's dark paper, not react-calendar's white.
  await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: true });
  await page.reload();
  await expect(page.getByLabel('Appointments: 1')).toBeVisible();
  const markedDay = page.getByRole('button', { name: /has appointments/ });
  await expect(markedDay).toBeVisible();
  await expect(page.locator('.react-calendar')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(markedDay).toHaveCSS('color', 'rgb(242, 243, 245)'); // the dark theme's text
  await shoot(page, 'doctor-dashboard-dark');
  await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: false });

  // The linked patient sees the visit and asks for another one.
  await signIn(page, patientAccount);
  await page.goto('/patient-appointments');
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Room 14' })).toContainText(
    `${tomorrow.short}, 11:30 AM`,
  );
  await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  const nextWeek = viewerDay(7);
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const request = page.getByRole('dialog', { name: 'Add Appointment' });
  const doctorChoice = request.getByRole('combobox', { name: 'Doctor' });
  await expect(doctorChoice).toContainText(`Dora Doc${stamp}`);
  await expect(doctorChoice).not.toContainText(doctor.username);
  await request.getByLabel('Appointment Date').fill(`${nextWeek.ymd}T09:15`);
  await request.getByLabel('Location').fill('Home visit');
  await request.getByRole('button', { name: 'Request' }).click();
  await expect(page.getByText(notices.appointmentAdded)).toBeVisible();
  const requested = page.getByRole('row').filter({ hasText: 'Home visit' });
  await expect(requested).toContainText(`${nextWeek.short}, 09:15 AM`);
  await expect(requested.getByRole('button', { name: /^Cancel/ })).toBeVisible();
  await shoot(page, 'patient-appointments');

  // The caregiver of that patient sees both visits.
  await signIn(page, caregiver);
  const seen = (await (await page.request.get('/api/appointments')).json()) as Appointment[];
  expect(seen.map((a) => a.location).sort()).toEqual(['Home visit', 'Room 14']);
  // ...and on the calendar of their dashboard: the day is marked and lists the visit.
  await page.goto('/caregiver-dashboard');
  await expect(page.getByRole('group', { name: /Calendar/ })).toBeVisible();
  await chooseCalendarDay(page, tomorrow);
  // This calendar also marks reminders, so a marked day says what it holds.
  await expect(
    page.getByRole('button', { name: new RegExp(`^${tomorrow.long}.*, 1 appointment$`) }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Room 14');

  // The doctor deletes the first visit, after confirming.
  await signIn(page, doctor);
  await page.goto('/appointments');
  const toDelete = page.getByRole('row').filter({ hasText: 'Room 14' });
  await toDelete.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: appointmentTexts.deleteTitle });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(notices.appointmentDeleted)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Room 14' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Home visit' })).toBeVisible();
});
