/**
 * WCAG 2.2 AA as axe-core checks it (see e2e/support/a11y-screens.ts), part 1: guests, a doctor
 * with admin privileges and a doctor, their screens, chart, dialogs and menus, in both themes
 * and at both sizes. The checks are split over files so that they run side by side.
 */
import {
  a11yUse,
  axeTimeSpent,
  buildWorld,
  checkBothSizes,
  checkChart,
  checkDialog,
  checkMenus,
  checkScreens,
  open,
  setTheme,
  themes,
  ADMIN,
  type World,
} from './support/a11y-screens.ts';
import { expect, signIn, test } from './fixtures.ts';

test.use(a11yUse);

let world: World;
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(60_000);
  world = await buildWorld(playwright);
});
test.afterAll(() => console.log(axeTimeSpent()));

// A guest has no settings: the screens before signing in are always in the light theme.
test('guests: login, sign-up, a missing page, a wrong password and sign-up errors', async ({
  page,
}) => {
  for (const theme of ['light']) {
    await page.goto('/login');
    await expect(page.locator('h1').first()).toBeVisible();
    await checkBothSizes(page, `/login ${theme}`);
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.locator('.Toastify__toast').first()).toBeVisible();
    await checkBothSizes(page, `/login wrong password ${theme}`);

    await page.goto('/signup');
    await expect(page.locator('h1').first()).toBeVisible();
    await checkBothSizes(page, `/signup ${theme}`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await checkBothSizes(page, `/signup with errors ${theme}`);

    await page.goto('/no-such-page');
    await expect(page.locator('h1').first()).toBeVisible();
    await checkBothSizes(page, `404 ${theme}`);
  }
});

// The chart, its dialogs and the menus are the same for an admin as for the doctor below.
test('a doctor with admin privileges: every screen in the sidebar', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN);
  for (const theme of themes) {
    await setTheme(page, theme);
    await checkScreens(page, 'admin', theme, [
      '/dashboard',
      '/patients',
      '/appointments',
      '/medical-records',
      '/prescriptions-medication',
      '/progress-report',
      '/timesheets',
      '/rota',
      '/notifications',
      '/settings',
      '/profile',
      '/users',
      '/audit',
      '/deleted-records',
    ]);
  }
  await setTheme(page, 'light');
});

test('a doctor (editor): screens with data, the chart, every add dialog, menus', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, world.doctor);
  for (const theme of themes) {
    await setTheme(page, theme);
    await checkScreens(page, 'doctor', theme, [
      '/dashboard',
      '/patients',
      '/appointments',
      '/medical-records',
      '/prescriptions-medication',
      '/progress-report',
      '/rota',
      '/notifications',
    ]);
    await checkChart(page, 'doctor', theme, world.patientId);

    await open(page, '/patients');
    await checkDialog(
      page,
      `add patient ${theme}`,
      page.getByRole('button', { name: 'Add Patient' }),
    );
    await open(page, '/appointments');
    await checkDialog(
      page,
      `add appointment ${theme}`,
      page.getByRole('button', { name: 'Add Appointment' }),
    );
    await open(page, '/medical-records');
    await checkDialog(
      page,
      `add medical record ${theme}`,
      page.getByRole('button', { name: 'Add New Record' }),
    );
    await checkDialog(
      page,
      `confirm delete ${theme}`,
      page.getByRole('button', { name: /^Delete / }).first(),
      { emptySubmit: false },
    );
    await open(page, '/prescriptions-medication');
    await checkDialog(
      page,
      `add prescription ${theme}`,
      page.getByRole('button', { name: 'Add Prescription' }),
    );
    await open(page, '/rota');
    await checkDialog(
      page,
      `plan visit ${theme}`,
      page.getByRole('button', { name: 'Plan a visit' }),
    );
    await open(page, '/dashboard');
    await checkMenus(page, `doctor ${theme}`);
  }
  await setTheme(page, 'light');
});
