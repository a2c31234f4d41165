import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { expect, registerAccount, screenshots, send, signIn, test } from './fixtures.ts';

// The browser reads dates in UTC, like this file: "in 9 days" is the same day for both.
test.use({ timezoneId: 'UTC' });

const dayMs = 24 * 60 * 60 * 1000;

/** A day `days` from today at `hour` UTC: the instant, and the labels the screens show. */
function dayFromNow(days: number, hour: number) {
  const when = new Date(Date.now() + days * dayMs);
  when.setUTCHours(hour, 0, 0, 0);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(when);
  return {
    iso: when.toISOString(),
    /** 'January 16, 2026': how the calendar names the day's button. */
    long: format({ month: 'long', day: 'numeric', year: 'numeric' }),
    /** 'Jan 16, 2026': how the day's list is headed. */
    short: format({ month: 'short', day: '2-digit', year: 'numeric' }),
  };
}

const focused = (page: Page) => page.locator(':focus');

/** Presses `key` until `target` has the focus (at most `max` times). */
async function pressUntilFocused(page: Page, key: string, target: Locator, max = 20) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/**
 * From the calendar's month label, Tab reaches the month arrows and then one day (today), the
 * arrows walk 9 days on (a week down, two days right), and Enter chooses it.
 */
async function walkToDay(page: Page, calendar: Locator, day: ReturnType<typeof dayFromNow>) {
  const today = dayFromNow(0, 12);
  await calendar.getByRole('button', { name: /change the view/ }).focus();
  await page.keyboard.press('Tab'); // ›
  await page.keyboard.press('Tab'); // »
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName(new RegExp(`^${today.long}`));
  // The month's days are one Tab stop: the others are out of the Tab order.
  await expect(calendar.locator('.react-calendar__tile[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(focused(page)).toHaveAccessibleName(new RegExp(`^${day.long}`));
  await page.keyboard.press('Enter');
}

test('a doctor finds the appointment on the calendar and opens it from the upcoming list, by keyboard', async ({
  page,
}) => {
  const doctor = await registerAccount('doctor');
  await signIn(page, doctor);
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Kay',
    lastName: `Keys${Date.now().toString(36)}`,
    dob: '1940-02-11',
    gender: 'Female',
    address: '9 Elm Road, Springfield',
    phoneNumber: '555-0170',
    emergencyContact: 'Lou Keys',
    emergencyContactPhone: '555-0171',
  });
  const day = dayFromNow(9, 14);
  const appointment = await send(page.request, 'POST', '/api/appointments', {
    doctorUsername: doctor.username,
    patientId: patient.id,
    appointmentDate: day.iso,
    location: 'Room 31',
  });

  await page.goto('/dashboard');
  const upcoming = page.getByRole('list', { name: 'Upcoming Appointments' });
  await expect(upcoming).toContainText('Room 31');
  const calendar = page.getByRole('group', { name: 'Appointment Calendar' });
  await expectAccessible(page, 'doctor dashboard');

  await walkToDay(page, calendar, day);
  await expect(focused(page)).toHaveAccessibleName(
    // Each appointment is said with its time, length and status.
    new RegExp(`^${day.long} ?, has appointments: 1: \\d\\d:\\d\\d [AP]M, 30 min, Scheduled$`),
  );
  const dayList = page.getByRole('list', { name: `Appointments on ${day.short}` });
  await expect(dayList).toContainText('Room 31');
  if (screenshots)
    await page.screenshot({ path: test.info().outputPath('doctor-calendar-keyboard.png') });

  // Back up the page to the upcoming entry; Enter opens it on the Appointments screen.
  const entry = upcoming
    .getByRole('listitem')
    .filter({ hasText: 'Room 31' })
    .getByRole('link', { name: day.short });
  await pressUntilFocused(page, 'Shift+Tab', entry);
  await expect(entry).toHaveAttribute('href', `/appointments?appointment=${appointment.id}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/appointments\\?appointment=${appointment.id}$`));
  const opened = page.getByRole('region', { name: /^Appointment on / });
  await expect(opened).toContainText('Location: Room 31');
  await expect(
    opened.getByRole('button', { name: `Edit appointment ${appointment.id}` }),
  ).toBeVisible();
  if (screenshots)
    await page.screenshot({
      path: test.info().outputPath('appointment-opened.png'),
      fullPage: true,
    });
  await expectAccessible(page, 'an appointment opened from the dashboard');
});

test("a caregiver walks the reminders calendar by keyboard to a reminder's day", async ({
  page,
}) => {
  const caregiver = await registerAccount('caregiver');
  await signIn(page, caregiver);
  const day = dayFromNow(9, 15);
  await send(page.request, 'POST', '/api/reminders', {
    message: 'Pick up the new glasses',
    date: day.iso,
  });

  await page.goto('/caregiver-dashboard');
  const calendar = page.getByRole('group', { name: 'Calendar', exact: true });
  await expect(calendar).toBeVisible();
  await walkToDay(page, calendar, day);
  await expect(focused(page)).toHaveAccessibleName(new RegExp(`^${day.long} ?, 1 reminder$`));
  await expect(page.getByRole('list', { name: day.short })).toContainText(
    'Pick up the new glasses',
  );
  if (screenshots)
    await page.screenshot({ path: test.info().outputPath('caregiver-calendar-keyboard.png') });
  await expectAccessible(page, 'caregiver dashboard, a day chosen');
});
