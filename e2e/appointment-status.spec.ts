import type { Page } from '@playwright/test';
import { fromDateTimeLocal } from '../shared/format.ts';
import { appointmentTexts } from '../shared/messages.ts';
import { type Appointment } from '../shared/schemas/appointments.ts';
import { appointmentStatusTexts } from '../shared/constants.ts';
import { expect, registerAccount, send, signIn, test } from './fixtures.ts';

// The browser sits in New York, the server in UTC: the calendar's days are the viewer's.
const zone = 'America/New_York';
test.use({ timezoneId: zone });

/** Tomorrow in the viewer's zone: its date and the labels the screens show. */
function tomorrow() {
  const when = new Date(Date.now() + 24 * 60 * 60 * 1000);
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

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('appointments as they happen: completed, no-show, and cancelled by the patient with a reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Ruth', secondName: `Doc${stamp}` });
  const patientAccount = await registerAccount('patient', {
    firstName: 'Stan',
    secondName: `Status${stamp}`,
  });
  const day = tomorrow();
  const at = (time: string) => fromDateTimeLocal(`${day.ymd}T${time}`, zone);

  // The doctor's patient, linked to the patient's account, with three visits tomorrow.
  await signIn(page, doctor);
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Stan',
    lastName: `Status${stamp}`,
    dob: '1941-05-06',
    gender: 'Male',
    address: '4 Oak Road, Springfield',
    phoneNumber: '555-0161',
    emergencyContact: 'Ann Status',
    emergencyContactPhone: '555-0162',
  });
  await send(page.request, 'PUT', `/api/patients/${patient.id}/account`, {
    username: patientAccount.username,
  });
  const book = (time: string, location: string, durationMinutes = 30) =>
    send(page.request, 'POST', '/api/appointments', {
      patientId: patient.id,
      appointmentDate: at(time),
      location,
      durationMinutes,
    });
  const held = await book('09:00', `Held ${stamp}`);
  const missed = await book('10:00', `Missed ${stamp}`, 60);
  const called = await book('11:30', `Called off ${stamp}`);

  // The doctor marks one completed and one a no-show from their Appointments screen.
  await page.goto('/appointments');
  await rowWith(page, `Held ${stamp}`)
    .getByRole('button', { name: `${appointmentStatusTexts.markCompleted} appointment ${held.id}` })
    .click();
  await expect(page.getByText(appointmentStatusTexts.statusChanged).first()).toBeVisible();
  await expect(rowWith(page, `Held ${stamp}`)).toContainText('Completed');
  await rowWith(page, `Missed ${stamp}`)
    .getByRole('button', { name: `${appointmentStatusTexts.markNoShow} appointment ${missed.id}` })
    .click();
  await expect(rowWith(page, `Missed ${stamp}`)).toContainText('No-show');
  await expect(rowWith(page, `Missed ${stamp}`)).toContainText('60 min');
  await expect(rowWith(page, `Called off ${stamp}`)).toContainText('Scheduled');

  // The patient sees the statuses, the doctor by name only, and may cancel only what is planned.
  await signIn(page, patientAccount);
  await page.goto('/patient-appointments');
  const calledRow = rowWith(page, `Called off ${stamp}`);
  await expect(calledRow).toContainText(`Ruth Doc${stamp}`);
  await expect(rowWith(page, `Held ${stamp}`)).toContainText('Completed');
  await expect(rowWith(page, `Missed ${stamp}`)).toContainText('No-show');
  await expect(page.getByRole('main')).not.toContainText(doctor.username);
  await expect(rowWith(page, `Held ${stamp}`).getByRole('button', { name: /^Cancel/ })).toHaveCount(
    0,
  );

  // Cancelling asks a reason: without one, the sentence and nothing changes.
  await calledRow.getByRole('button', { name: `Cancel appointment ${called.id}` }).click();
  const dialog = page.getByRole('dialog', { name: appointmentStatusTexts.cancelAction });
  const submit = dialog.getByRole('button', { name: appointmentStatusTexts.cancelAction });
  await submit.click();
  await expect(dialog.getByText(appointmentStatusTexts.reasonRequired)).toBeVisible();
  await expect(dialog).toBeVisible();
  const unchanged = (await (
    await page.request.get(`/api/appointments/${called.id}`)
  ).json()) as Appointment;
  expect(unchanged.status).toBe('scheduled');
  expect(unchanged.cancelReason).toBeNull();

  await dialog
    .getByRole('textbox', { name: appointmentStatusTexts.reasonLabel })
    .fill('My son cannot drive me that day');
  await submit.click();
  await expect(page.getByText(appointmentTexts.cancelled).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  // Kept, shown cancelled with the reason, and no longer cancellable.
  await expect(calledRow).toContainText('Cancelled');
  await expect(calledRow).toContainText('My son cannot drive me that day');
  await expect(calledRow.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);

  // The dashboard's upcoming card leaves it out.
  await page.goto('/patient-dashboard');
  const upcoming = page.getByRole('region', { name: 'Upcoming Appointments' });
  await expect(upcoming).toContainText(`Held ${stamp}`);
  await expect(upcoming).not.toContainText(`Called off ${stamp}`);
  await expect(page.getByRole('main')).not.toContainText(doctor.username);

  // The doctor sees it cancelled, with the reason, in the table and on the calendar.
  await signIn(page, doctor);
  await page.goto('/appointments');
  await expect(rowWith(page, `Called off ${stamp}`)).toContainText('Cancelled');
  await expect(rowWith(page, `Called off ${stamp}`)).toContainText(
    'My son cannot drive me that day',
  );
  await page.goto('/dashboard');
  // The calendar opens on this month: tomorrow may be in the next.
  const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  if (day.month > thisMonth.slice(0, 7))
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  // The day's name, then each appointment said with its time, length and status (Chrome may
  // put a space between the date and what follows).
  const said =
    ', has appointments: 3: 09:00 AM, 30 min, Completed; ' +
    '10:00 AM, 60 min, No-show; 11:30 AM, 30 min, Cancelled';
  const tile = page.getByRole('button', {
    name: new RegExp(`^${day.long} ?${said.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  });
  await tile.click();
  const dayList = page.getByRole('list', { name: `Appointments on ${day.short}` });
  const calledItem = dayList.getByRole('listitem').filter({ hasText: `Called off ${stamp}` });
  await expect(calledItem).toContainText('11:30 AM, 30 min · Cancelled');
  await expect(calledItem).toContainText('Reason: My son cannot drive me that day');
  await expect(calledItem.locator('s')).toHaveText('11:30 AM, 30 min');
  await expect(dayList.getByRole('listitem').filter({ hasText: `Held ${stamp}` })).toContainText(
    '09:00 AM, 30 min · Completed',
  );
  await expect(dayList.getByRole('listitem').filter({ hasText: `Missed ${stamp}` })).toContainText(
    '10:00 AM, 60 min · No-show',
  );
});
