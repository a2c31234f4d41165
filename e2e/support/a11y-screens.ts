import type { Locator, Page } from '@playwright/test';
import { addDays, localParts } from '../../shared/dose-schedule.ts';
import type { AgencySettings } from '../../shared/schemas/doses.ts';
import {
  apiSession,
  expect,
  registerAccount,
  send,
  writeHeaders,
  type Account,
} from '../fixtures.ts';
import { accessibilityViolations } from './a11y.ts';

/**
 * WCAG 2.2 AA, as axe-core checks it, on every screen of every role: with data and empty, in
 * the light and the dark theme, on a desktop (1366 x 900) and a phone (390 x 844); the main
 * dialogs open and showing their validation messages; the menus and the phone's sidebar open;
 * a list and a dashboard while they load. Every check of a test runs even after one fails, so
 * a failure names every element at fault at once.
 */

export const desktop = { width: 1366, height: 900 };
export const phone = { width: 390, height: 844 };
export type Theme = 'light' | 'dark';
export const themes: Theme[] = ['light', 'dark'];

// A control that is not there fails its step at once, not at the end of the test.
/** What every accessibility spec uses: reduced motion (which the app honours) ends fades at once. */
export const a11yUse = {
  viewport: desktop,
  actionTimeout: 10_000,
  reducedMotion: 'reduce',
} as const;

export const ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' };

export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export interface World {
  doctor: Account;
  caregiver: Account;
  patient: Account;
  patientId: number;
}

/** Signs up a doctor, a caregiver and a linked patient, with a patient and data for each screen. */
export async function buildWorld(playwright: Parameters<typeof apiSession>[0]): Promise<World> {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Nora', secondName: `Axe${stamp}` });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Gwen',
    secondName: `Axe${stamp}`,
  });
  const patient = await registerAccount('patient', {
    firstName: 'Audrey',
    secondName: `Axe${stamp}`,
  });

  const doc = await apiSession(playwright, doctor);
  const settings = (await (await doc.get('/api/agency-settings')).json()) as AgencySettings;
  const today = localParts(new Date(), settings.timeZone).date;
  const { id: patientId } = await send(doc, 'POST', '/api/patients', {
    firstName: 'Audrey',
    lastName: `Axe${stamp}`,
    dob: '1939-03-14',
    gender: 'Female',
    address: '12 Elm Street, Springfield',
    phoneNumber: '555-0170',
    emergencyContact: 'Ben Axe',
    emergencyContactPhone: '555-0171',
  });
  await send(doc, 'POST', `/api/patients/${patientId}/care-team`, { userId: caregiver.id });
  await send(doc, 'PUT', `/api/patients/${patientId}/account`, { username: patient.username });
  for (const hours of [26, -50]) {
    await send(doc, 'POST', '/api/appointments', {
      patientId,
      doctorId: doctor.id,
      appointmentDate: inHours(hours),
      location: 'Room 4',
    });
  }
  await send(doc, 'POST', '/api/medical-records', {
    patientId,
    doctorId: doctor.id,
    dateOfVisit: inHours(-72),
    location: 'Room 4',
    diagnosis: 'Mild hypertension',
    treatmentPlan: 'Less salt, a walk a day',
    notes: 'Feels well',
  });
  const prescription = {
    patientId,
    date: addDays(today, -1),
    startDate: addDays(today, -1),
    route: 'oral',
    details: 'After meals',
  };
  // A dose due now, for the caregiver's medication round.
  await send(doc, 'POST', '/api/prescriptions', {
    ...prescription,
    medication: 'Metformin',
    dosage: '500 mg',
    duration: '30 days',
    schedule: 'fixed',
    doseTimes: [localParts(new Date(Date.now() - 10 * 60_000), settings.timeZone).time],
  });
  await send(doc, 'POST', '/api/prescriptions', {
    ...prescription,
    medication: 'Paracetamol',
    dosage: '1 g',
    duration: '5 days',
    schedule: 'prn',
    prnMinIntervalMinutes: 240,
    prnMaxPerDay: 4,
  });
  await send(doc, 'POST', '/api/vital-signs', {
    patientId,
    takenAt: inHours(-2),
    pulse: 72,
  });
  // A visit that can be checked in to now, and one tomorrow.
  for (const start of [-0.1, 25]) {
    await send(doc, 'POST', '/api/visits', {
      patientId,
      caregiverId: caregiver.id,
      plannedStart: inHours(start),
      plannedEnd: inHours(start + 1),
      serviceType: 'personal-care',
      tasks: ['Help with shower'],
    });
  }
  await send(doc, 'POST', '/api/reminders', { message: 'Call the pharmacy', date: inHours(30) });
  await doc.dispose();

  const care = await apiSession(playwright, caregiver);
  await send(care, 'POST', '/api/progress-reports', {
    patientId,
    caregiverId: caregiver.id,
    date: inHours(-20),
    summary: 'Walked around the block, ate well.',
    recommendations: 'Keep the morning walk.',
    overallHealth: 'Stable',
  });
  await send(care, 'POST', '/api/medications', {
    patientId,
    date: inHours(-20),
    details: 'Metformin 500 mg given with breakfast',
  });
  await send(care, 'POST', '/api/reminders', {
    message: 'Bring the new towels',
    date: inHours(30),
  });
  await care.dispose();

  const own = await apiSession(playwright, patient);
  await send(own, 'POST', '/api/reminders', { message: 'Drink water', date: inHours(30) });
  await own.dispose();

  return { doctor, caregiver, patient, patientId };
}

/** A screen's loading indicators (a notice's countdown bar is not one). */
const loadingIndicators =
  '[role="progressbar"]:not(.Toastify *), [role="status"][aria-label="Loading"], .MuiSkeleton-root';

/** Waits for the screen's heading and for every loading indicator to be gone. */
export async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator(loadingIndicators)).toHaveCount(0);
}

/** Two frames: the layout has followed a change of size or theme. */
export const painted = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

const axeTime = { runs: 0, ms: 0 };
/** How many axe runs a spec made and how long they took, for its log. */
export const axeTimeSpent = () => `axe: ${axeTime.runs} runs, ${Math.round(axeTime.ms / 1000)} s`;

/** One axe run; a failure is recorded and the test goes on, so one run names every fault. */
export async function check(page: Page, what: string) {
  const size = page.viewportSize();
  const where = `${what} (${size?.width}x${size?.height})`;
  // Fades and slides finish first: axe would measure a colour half way through.
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((animation) => {
      const end = Number(animation.effect?.getComputedTiming().endTime);
      return Number.isFinite(end) && end < 2_000;
    });
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  const started = Date.now();
  // The light theme gets every rule; the dark one the rules that depend on colour.
  const violations = await accessibilityViolations(page, {
    coloursOnly: currentTheme.get(page) === 'dark',
  });
  axeTime.runs += 1;
  axeTime.ms += Date.now() - started;
  expect.soft(violations, `axe violations on ${where}`).toEqual([]);
}

/** Checks the page as it is at both sizes, ending at the size it started at. */
export async function checkBothSizes(page: Page, what: string) {
  const start = page.viewportSize() ?? desktop;
  const other = start.width === desktop.width ? phone : desktop;
  await check(page, what);
  await page.setViewportSize(other);
  await painted(page);
  await check(page, what);
  await page.setViewportSize(start);
  await painted(page);
}

/** The theme each page was last switched to. */
const currentTheme = new WeakMap<Page, Theme>();

export async function setTheme(page: Page, theme: Theme) {
  currentTheme.set(page, theme);
  const res = await page.request.put('/api/users/me/settings', {
    data: { darkMode: theme === 'dark' },
    headers: writeHeaders,
  });
  expect(res.ok(), `dark mode ${theme}: ${res.status()}`).toBe(true);
  // The theme is read when the app starts: the next screen loads the app afresh.
  await page.goto('about:blank');
}

/**
 * Opens a screen the way a sidebar link does, inside the running app (quicker than loading the
 * page again), and waits for its own heading and data.
 */
export async function open(page: Page, path: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(path);
    await settled(page);
    return;
  }
  await page.evaluate((to) => {
    for (const heading of document.querySelectorAll('h1')) heading.dataset.before = 'true';
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.locator('h1:not([data-before])').first()).toBeVisible();
  await settled(page);
}

/** Opens each screen and checks it at both sizes. */
export async function checkScreens(page: Page, who: string, theme: Theme, paths: string[]) {
  for (const path of paths) {
    await open(page, path);
    await checkBothSizes(page, `${who} ${path} ${theme}`);
  }
}

/** The chart and every one of its tabs, its summary and (when allowed) its MAR. */
export async function checkChart(
  page: Page,
  who: string,
  theme: Theme,
  patientId: number,
  mar = true,
) {
  await open(page, `/patients/${patientId}`);
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  expect(count, 'the chart has tabs').toBeGreaterThan(1);
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent()) ?? `tab ${i}`;
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await settled(page);
    await checkBothSizes(page, `${who} chart tab ${name} ${theme}`);
  }
  const more = [`/patients/${patientId}/summary`, ...(mar ? [`/patients/${patientId}/mar`] : [])];
  await checkScreens(page, who, theme, more);
}

/**
 * Opens a dialog with `opener`, checks it, submits it empty (when it has a form) and checks it
 * with its messages, then closes it.
 */
export async function checkDialog(
  page: Page,
  what: string,
  opener: Locator,
  options: { emptySubmit?: boolean } = {},
) {
  await opener.click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  await settled(page);
  await check(page, `${what} open`);
  if (options.emptySubmit ?? true) {
    // The fields as they open (some are pre-filled): emptied, then the form sent.
    const typed = ['text', 'email', 'tel', 'number', 'search', 'password', 'date', 'time'];
    for (const field of await dialog.locator('input:not([readonly]), textarea').all()) {
      const type = (await field.getAttribute('type')) ?? 'text';
      const tag = await field.evaluate((e) => e.tagName);
      if ((tag === 'TEXTAREA' || typed.includes(type)) && (await field.isEditable())) {
        await field.fill('');
      }
    }
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    await check(page, `${what} with errors`);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/**
 * The account menu and the phone's sidebar drawer, open. (The bell is a link to the
 * notifications screen, checked on every screen.)
 */
export async function checkMenus(page: Page, who: string) {
  const account = page.locator('header button[aria-haspopup="menu"]');
  await account.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check(page, `${who} account menu`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  // The menu is gone only once its closing transition ends and it gives back the aria-hidden
  // it put on the rest of the page.
  await expect(page.locator('#user-menu')).toHaveCount(0);

  await page.setViewportSize(phone);
  await painted(page);
  await page.getByRole('button', { name: 'Expand menu' }).click();
  const drawer = page.locator('#sidebar .MuiDrawer-paper');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Focus goes into the drawer (Escape closes it only from there) and back to the button.
  await expect
    .poll(() => drawer.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  // Nothing hides the open drawer from screen readers.
  await expect
    .poll(() => drawer.evaluate((element) => element.closest('[aria-hidden="true"]') === null))
    .toBe(true);
  await check(page, `${who} sidebar drawer`);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeFocused();
  await page.setViewportSize(desktop);
  await painted(page);
}
