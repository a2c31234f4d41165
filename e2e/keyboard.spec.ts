import type { Locator, Page } from '@playwright/test';
import { localParts } from '../shared/dose-schedule.ts';
import { appointmentTexts, chartTexts, doseTexts, notices } from '../shared/messages.ts';
import type { AgencySettings } from '../shared/schemas/doses.ts';
import { apiSession, expect, registerAccount, send, signIn, test } from './fixtures.ts';

// Dates are typed into the browser's own date and time fields, whose order follows the locale.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

/** Whether `target` has the keyboard focus now. */
const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses `key` (Tab or Shift+Tab) until `target` has the focus, as a keyboard user walks the
 * page; fails after `limit` presses.
 */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 60) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/**
 * `target` has the focus and shows it: an outline, MUI's keyboard-focus style (a control's
 * ripple and shade), or a text field's focused frame.
 */
async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused();
  const shown = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return (
      outline ||
      element.classList.contains('Mui-focusVisible') ||
      element.closest('.MuiInputBase-root.Mui-focused') !== null
    );
  });
  expect(shown, 'a visible focus indicator').toBe(true);
}

/** Focus is on some control or heading of the page, never dropped to <body>. */
async function expectFocusKept(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none'))
    .not.toMatch(/^(BODY|HTML|none)$/);
  // ...and in sight: below the fixed top bar, above the bottom of the screen.
  const place = await page.evaluate(() => {
    const box = document.activeElement!.getBoundingClientRect();
    const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    return { top: box.top, bottom: box.bottom, bar, height: window.innerHeight };
  });
  expect(place.top, 'the focused element is not under the top bar').toBeGreaterThanOrEqual(
    place.bar,
  );
  expect(place.bottom).toBeLessThanOrEqual(place.height);
}

/**
 * Walks a dialog with Tab past its last control and back with Shift+Tab: focus never leaves it,
 * and from the last control Tab comes back round to the first.
 */
async function expectFocusTrapped(page: Page, dialog: Locator, first: Locator) {
  await tabTo(page, first);
  const inside = () =>
    dialog.evaluate((element) => element.contains(document.activeElement)).catch(() => false);
  let stops = 0;
  do {
    await page.keyboard.press('Tab');
    stops += 1;
    expect(await inside(), `focus left the dialog after ${stops} Tab presses`).toBe(true);
  } while (!(await hasFocus(first)) && stops < 30);
  // Round once and back to the first control: every control of the dialog was passed.
  await expect(first).toBeFocused();
  expect(stops).toBeGreaterThan(1);
  await page.keyboard.press('Shift+Tab');
  expect(await inside(), 'Shift+Tab from the first control left the dialog').toBe(true);
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
}

/** Types a date and time into a focused datetime-local field, segment by segment. */
async function typeDateTime(page: Page, ymd: string, hour: number, minute: number) {
  const [year, month, day] = ymd.split('-');
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  await page.keyboard.type(`${month}${day}${year}`);
  // The year takes up to six digits, so it does not move on by itself: the arrow does.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type(
    `${String(twelve).padStart(2, '0')}${String(minute).padStart(2, '0')}${hour < 12 ? 'A' : 'P'}`,
  );
}

/** The screen's main heading: where focus lands after a sign-in or a route change. */
const mainHeading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

test('keyboard only: a doctor signs in, adds an appointment with the patient picker and the date field, deletes one from its row, uses the account menu and the chart tabs', async ({
  page,
  playwright,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Kim', secondName: `Keys${stamp}` });
  const doctorApi = await apiSession(playwright, doctor);
  const patient = await send(doctorApi, 'POST', '/api/patients', {
    firstName: 'Tab',
    lastName: `Walker${stamp}`,
    dob: '1940-03-02',
    gender: 'Female',
    address: '5 Key Street, Springfield',
    phoneNumber: '555-0170',
    emergencyContact: 'Ray Walker',
    emergencyContactPhone: '555-0171',
  });
  const day = tomorrow();
  // One appointment there already, to be deleted from its row.
  const old = await send(doctorApi, 'POST', '/api/appointments', {
    doctorId: doctor.id,
    patientId: patient.id,
    appointmentDate: `${day}T09:00:00Z`,
    location: `Room old ${stamp}`,
  });

  // Sign in by keyboard: Tab to Username, type, Tab, type, Enter.
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(doctor.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(doctor.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard$/);
  // Focus moves to the dashboard's main heading, and the title names the screen.
  await expect.soft(mainHeading(page, /./)).toBeFocused();
  await expect.soft(page).toHaveTitle(/Dashboard/);

  // The sidebar's Appointments link, by Tab and Enter.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, nav.getByRole('link', { name: 'Appointments' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/appointments$/);
  await expect.soft(mainHeading(page, 'Appointments')).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: `Room old ${stamp}` })).toBeVisible();

  // Add Appointment: the dialog traps focus, Escape closes it and focus returns to the button.
  const add = page.getByRole('button', { name: 'Add Appointment' });
  await tabTo(page, add);
  await expectFocusRing(add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  await expect(dialog).toBeVisible();
  const doctorField = dialog.getByLabel('Doctor username');
  await expectFocusTrapped(page, dialog, doctorField);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // Again, and this time fill it in.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, doctorField);
  await expect(doctorField).toHaveValue(doctor.username);
  await page.keyboard.press('Tab');
  const picker = dialog.getByRole('combobox', { name: 'Patient' });
  await expectFocusRing(picker);
  await page.keyboard.type(`Walker${stamp}`);
  const option = page.getByRole('option', { name: `Tab Walker${stamp} (ID ${patient.id})` });
  await expect(option).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(`Tab Walker${stamp} (ID ${patient.id})`);
  const date = dialog.getByLabel('Appointment Date');
  await tabTo(page, date);
  await typeDateTime(page, day, 14, 30);
  await expect(date).toHaveValue(`${day}T14:30`);
  const location = dialog.getByLabel('Location');
  await tabTo(page, location);
  await page.keyboard.type(`Room new ${stamp}`);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(notices.appointmentAdded).last()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Room new ${stamp}` })).toBeVisible();
  await expect(add).toBeFocused();

  // Delete from a row: the confirm dialog holds Cancel first, traps focus, Escape returns
  // focus to the row's Delete button; deleting moves focus to a heading, never to <body>.
  const remove = page.getByRole('button', { name: `Delete appointment ${old.id}` });
  await tabTo(page, remove);
  await expectFocusRing(remove);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: appointmentTexts.deleteTitle });
  await expect(confirm).toBeVisible();
  const cancel = confirm.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeFocused();
  await expectFocusTrapped(page, confirm, cancel);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `Room old ${stamp}` })).toHaveCount(0);
  await expectFocusKept(page);

  // The account menu: Enter opens it on its first item, arrows move, Escape closes it and
  // focus returns to the account button.
  const account = page.getByRole('button', { name: /Kim Keys/ });
  await tabTo(page, account, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expectFocusRing(menu.getByRole('menuitem', { name: 'Settings' }));
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();

  // The patient's chart from the new appointment's row, and its tabs by arrow keys.
  const row = page.getByRole('row').filter({ hasText: `Room new ${stamp}` });
  await tabTo(page, row.getByRole('link', { name: `Tab Walker${stamp}` }));
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/patients/${patient.id}$`));
  const tabs = page.getByRole('tablist', { name: chartTexts.sectionsLabel });
  const selected = tabs.getByRole('tab', { selected: true });
  await tabTo(page, selected);
  const first = (await selected.textContent()) ?? '';
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: first, exact: true })).not.toBeFocused();
  const second = page.locator(':focus');
  await expect(second).toHaveRole('tab');
  await expectFocusRing(second);
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: first, exact: true })).toBeFocused();
});

test('keyboard only: a caregiver records a dose given and one refused with a note, focus staying on the round', async ({
  page,
  playwright,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor');
  const caregiver = await registerAccount('caregiver');
  const doctorApi = await apiSession(playwright, doctor);
  const settings = (await (await doctorApi.get('/api/agency-settings')).json()) as AgencySettings;
  const ago = (minutes: number) =>
    localParts(new Date(Date.now() - minutes * 60_000), settings.timeZone);
  const patient = await send(doctorApi, 'POST', '/api/patients', {
    firstName: 'Dot',
    lastName: `Keys${stamp}`,
    dob: '1936-07-09',
    gender: 'Female',
    address: '7 Key Street, Springfield',
    phoneNumber: '555-0172',
    emergencyContact: 'Al Keys',
    emergencyContactPhone: '555-0173',
  });
  await send(doctorApi, 'POST', `/api/patients/${patient.id}/care-team`, { userId: caregiver.id });
  const due = ago(10);
  const late = ago(120);
  const yesterday = localParts(new Date(Date.now() - 86_400_000), settings.timeZone).date;
  for (const [medication, at] of [
    ['Metformin', due],
    ['Ramipril', late],
  ] as const) {
    await send(doctorApi, 'POST', '/api/prescriptions', {
      patientId: patient.id,
      date: yesterday,
      details: 'Keyboard round',
      startDate: yesterday,
      route: 'oral',
      medication,
      dosage: '5 mg',
      schedule: 'fixed',
      doseTimes: [at.time],
    });
  }

  await signIn(page, caregiver);
  await page.goto('/caregiver-dashboard');
  const card = page.getByRole('region', { name: doseTexts.dueNowTitle });
  const given = card.getByRole('button', { name: /^Given: Metformin at / });
  await expect(given).toHaveAccessibleName(new RegExp(`${due.time}$`));
  await tabTo(page, given);
  await expectFocusRing(given);
  await page.keyboard.press('Enter');
  await expect(page.getByText(doseTexts.recorded).last()).toBeVisible();
  await expect(given).toHaveCount(0);
  // The row is gone: focus stays on the round, not on <body>.
  await expectFocusKept(page);

  // Not given: the dialog by Enter, the note typed, Save by keyboard.
  const notGiven = card.getByRole('button', { name: /^Not given: Ramipril at / });
  await tabTo(page, notGiven);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Ramipril at / });
  await expect(dialog).toBeVisible();
  const note = dialog.getByRole('textbox', { name: doseTexts.note });
  await expectFocusTrapped(page, dialog, dialog.getByRole('radio').first());
  await tabTo(page, note);
  await page.keyboard.type('Said she felt sick');
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(notGiven).toHaveCount(0);
  await expectFocusKept(page);
  await expect(card).toContainText(doseTexts.dueNowEmpty);
});

test('keyboard only: a patient requests an appointment and cancels it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Lou', secondName: `Doc${stamp}` });
  const own = await registerAccount('patient', { firstName: 'Pat', secondName: `Keys${stamp}` });
  await signIn(page, doctor);
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Pat',
    lastName: `Keys${stamp}`,
    dob: '1939-01-11',
    gender: 'Male',
    address: '9 Key Street, Springfield',
    phoneNumber: '555-0174',
    emergencyContact: 'Sue Keys',
    emergencyContactPhone: '555-0175',
  });
  await send(page.request, 'PUT', `/api/patients/${patient.id}/account`, {
    username: own.username,
  });

  await signIn(page, own);
  await page.goto('/patient-appointments');
  const add = page.getByRole('button', { name: 'Add Appointment' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  await expect(dialog).toBeVisible();
  // The doctor: a list opened by keyboard, the care team's one doctor chosen by arrows.
  const doctorSelect = dialog.getByRole('combobox', { name: /Doctor/ });
  await expectFocusTrapped(page, dialog, doctorSelect);
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await expect(listbox.getByRole('option', { name: new RegExp(`Lou Doc${stamp}`) })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(doctorSelect).toBeFocused();
  await expect(doctorSelect).toContainText(`Lou Doc${stamp}`);
  const day = tomorrow();
  const date = dialog.getByLabel('Appointment Date');
  await tabTo(page, date);
  await typeDateTime(page, day, 11, 15);
  await expect(date).toHaveValue(`${day}T11:15`);
  await tabTo(page, dialog.getByLabel('Location'));
  await page.keyboard.type(`Clinic ${stamp}`);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `Clinic ${stamp}` });
  await expect(row).toBeVisible();
  await expect(add).toBeFocused();

  // Cancel it from its row: the reason has the focus first; the record stays, marked cancelled.
  const cancel = row.getByRole('button', { name: /^Cancel appointment / });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Cancel appointment' });
  await expect(confirm.getByRole('textbox', { name: /Reason/ })).toBeFocused();
  await page.keyboard.type('Feeling better');
  const submit = confirm.getByRole('button', { name: 'Cancel appointment' });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('button', { name: /^Cancel appointment / })).toHaveCount(0);
  await expectFocusKept(page);

  // The bell: a link to the notifications, by Shift+Tab and Enter.
  const bell = page.getByRole('link', { name: /^Notifications, \d+ unread$/ });
  await tabTo(page, bell, 'Shift+Tab');
  await expectFocusRing(bell);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/notifications$/);
  await expect.soft(mainHeading(page, /./)).toBeFocused();
});
