/**
 * WCAG 2.2 AA as axe-core checks it (see e2e/support/a11y-screens.ts), part 2: a caregiver and
 * a patient with data, fresh accounts of each role with nothing yet, and screens while loading.
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
  settled,
  themes,
  type World,
} from './support/a11y-screens.ts';
import { expect, registerAccount, signIn, test } from './fixtures.ts';

test.use(a11yUse);

let world: World;
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(60_000);
  world = await buildWorld(playwright);
});
test.afterAll(() => console.log(axeTimeSpent()));

test('a caregiver: screens with data, the chart, report, reminder, dose and check-in dialogs', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, world.caregiver);
  for (const theme of themes) {
    await setTheme(page, theme);
    await checkScreens(page, 'caregiver', theme, [
      '/caregiver-dashboard',
      '/patients',
      '/prescriptions-medication',
      '/progress-report',
      '/timesheets',
      '/notifications',
      '/settings',
    ]);
    await checkChart(page, 'caregiver', theme, world.patientId);

    await open(page, '/progress-report');
    await checkDialog(
      page,
      `add progress report ${theme}`,
      page.getByRole('button', { name: 'Add Progress Report' }),
    );
    await open(page, '/caregiver-dashboard');
    await checkDialog(
      page,
      `add reminder ${theme}`,
      page.getByRole('button', { name: 'Add Reminder' }),
    );
    await checkDialog(
      page,
      `record dose ${theme}`,
      page.getByRole('button', { name: /^Not given: Metformin/ }).first(),
    );
    await checkDialog(
      page,
      `check-in ${theme}`,
      page.getByRole('button', { name: /^Check in to / }).first(),
      { emptySubmit: false },
    );
    await checkMenus(page, `caregiver ${theme}`);
  }
  await setTheme(page, 'light');
});

test('a patient linked to a record: own screens, own chart, request dialog, menus', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, world.patient);
  for (const theme of themes) {
    await setTheme(page, theme);
    await checkScreens(page, 'patient', theme, [
      '/patient-dashboard',
      '/patient-appointments',
      '/access-log',
      '/notifications',
      '/settings',
      '/profile',
    ]);
    await checkChart(page, 'patient', theme, world.patientId, false);
    await open(page, '/patient-appointments');
    await checkDialog(
      page,
      `request appointment ${theme}`,
      page.getByRole('button', { name: 'Add Appointment' }),
    );
    await checkMenus(page, `patient ${theme}`);
  }
  await setTheme(page, 'light');
});

test('empty states: fresh accounts of each role with nothing yet', async ({ page }) => {
  test.setTimeout(240_000);
  const screens: Record<'doctor' | 'caregiver' | 'patient', string[]> = {
    doctor: [
      '/dashboard',
      '/patients',
      '/appointments',
      '/medical-records',
      '/prescriptions-medication',
      '/progress-report',
      '/rota',
      '/notifications',
    ],
    caregiver: ['/caregiver-dashboard', '/patients', '/timesheets', '/notifications'],
    patient: ['/patient-dashboard', '/patient-appointments', '/access-log', '/notifications'],
  };
  for (const role of ['doctor', 'caregiver', 'patient'] as const) {
    await signIn(page, await registerAccount(role));
    for (const theme of themes) {
      await setTheme(page, theme);
      await checkScreens(page, `empty ${role}`, theme, screens[role]);
    }
  }
});

test('loading: the patients list and a dashboard while their data is on its way', async ({
  page,
}) => {
  await signIn(page, world.doctor);
  for (const theme of themes) {
    await setTheme(page, theme);
    for (const [path, api] of [
      ['/patients', /\/api\/patients(\?|$)/],
      ['/dashboard', /\/api\/(appointments|doses|patients)\b/],
    ] as const) {
      let release: () => void = () => {};
      const held = new Promise<void>((done) => (release = done));
      await page.route(api, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('[role="progressbar"], .MuiSkeleton-root').first()).toBeVisible();
      await checkBothSizes(page, `${path} loading ${theme}`);
      release();
      await settled(page);
      await page.unroute(api);
    }
  }
  await setTheme(page, 'light');
});
