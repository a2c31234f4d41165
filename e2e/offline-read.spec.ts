import type { Page } from '@playwright/test';
import { addDays, localParts, zonedInstant } from '../shared/dose-schedule.ts';
import { chartTexts, offlineReadTexts, offlineTexts, visitDayTexts } from '../shared/messages.ts';
import type { AgencySettings } from '../shared/schemas/doses.ts';
import { apiSession, expect, registerAccount, send, shoot, signIn, test } from './fixtures.ts';
import { dropOfflineNoise, waitForServiceWorker } from './support/offline-world.ts';

// The app's service worker lets a reload with no connection open the
// app; nothing here routes requests through page.route, which the worker would bypass.
test.use({ serviceWorkers: 'allow' });

const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

/** A caregiver with two patients on their care team, each with the facts a chart leads with. */
async function setUp(playwright: Parameters<typeof apiSession>[0]) {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Cora', secondName: `Off${stamp}` });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Grace',
    secondName: `Off${stamp}`,
  });
  const doctorApi = await apiSession(playwright, doctor);
  const settings = (await (await doctorApi.get('/api/agency-settings')).json()) as AgencySettings;
  const today = localParts(new Date(), settings.timeZone).date;
  const yesterday = addDays(today, -1);

  const patient = async (firstName: string, allergy: string, condition: string) => {
    const { id } = await send(doctorApi, 'POST', '/api/patients', {
      firstName,
      lastName: `Off${stamp}`,
      dob: '1937-04-02',
      gender: 'Female',
      address: '3 Mill Lane, Springfield',
      phoneNumber: '555-0140',
      emergencyContact: 'Rob Mill',
      emergencyContactPhone: '555-0141',
    });
    await send(doctorApi, 'POST', `/api/patients/${id}/care-team`, { userId: caregiver.id });
    await send(doctorApi, 'POST', '/api/allergies', {
      patientId: id,
      substance: allergy,
      reaction: 'Hives',
      onset: '2019-05-01',
      status: 'active',
    });
    await send(doctorApi, 'POST', '/api/conditions', {
      patientId: id,
      name: condition,
      onset: '2018-01-01',
      status: 'active',
      note: '',
    });
    return { id, name: `${firstName} Off${stamp}` };
  };
  const iris = await patient('Iris', 'Penicillin', 'Type 2 diabetes');
  const owen = await patient('Owen', 'Latex', 'Heart failure');

  // A dose due ten minutes ago, on the caregiver's round.
  await send(doctorApi, 'POST', '/api/prescriptions', {
    patientId: iris.id,
    date: yesterday,
    startDate: yesterday,
    route: 'oral',
    details: 'After meals',
    medication: 'Metformin',
    dosage: '500 mg',
    schedule: 'fixed',
    doseTimes: [localParts(new Date(Date.now() - 10 * MINUTE), settings.timeZone).time],
  });
  await send(doctorApi, 'POST', '/api/vital-signs', {
    patientId: iris.id,
    takenAt: inMinutes(-120),
    pulse: 72,
  });
  // A visit under way now, and one tomorrow at 10:00.
  const plan = (patientId: number, start: string, end: string) =>
    send(doctorApi, 'POST', '/api/visits', {
      patientId,
      caregiverId: caregiver.id,
      plannedStart: start,
      plannedEnd: end,
      serviceType: 'personal-care',
      tasks: ['Help with shower'],
    });
  // Five minutes ago, but never before midnight in the agency's zone: the visit is today's.
  const underWay = Math.max(
    Date.now() - 5 * MINUTE,
    zonedInstant(today, '00:00', settings.timeZone).getTime(),
  );
  await plan(
    iris.id,
    new Date(underWay).toISOString(),
    new Date(underWay + 60 * MINUTE).toISOString(),
  );
  const tomorrow = zonedInstant(addDays(today, 1), '10:00', settings.timeZone);
  await plan(
    owen.id,
    tomorrow.toISOString(),
    new Date(tomorrow.getTime() + 60 * MINUTE).toISOString(),
  );
  await doctorApi.dispose();

  const care = await apiSession(playwright, caregiver);
  await send(care, 'POST', '/api/progress-reports', {
    patientId: iris.id,
    caregiverId: caregiver.id,
    date: inMinutes(-20 * 60),
    summary: 'Walked around the block, ate well.',
    recommendations: 'Keep the morning walk.',
    overallHealth: 'Stable',
  });
  await care.dispose();
  return { caregiver, iris, owen };
}

/** Goes to a screen through the sidebar, as a person does (no page load). */
async function open(page: Page, label: string) {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label });
  await link.click();
  // The screen shown before stays until the next one's code has loaded: only once the sidebar
  // marks the new one does the text looked for come from it (a chart's Metformin otherwise
  // passes for the Prescriptions list's, whose read is then left unfinished and never kept).
  await expect(link).toHaveAttribute('aria-current', 'page');
}

/** Goes to a screen through the phone's menu. */
async function openOnPhone(page: Page, label: string) {
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
}

const dataAge = (page: Page) => page.getByTestId('data-age');

/** The Prescriptions table of Prescriptions & Medication (the Medication table names drugs too). */
const prescriptionList = (page: Page) =>
  page.getByRole('region', { name: 'Prescriptions', exact: true });

/** A patient's row on the Patients list: a link of the first name, to the chart. */
const patientRow = (page: Page, firstName: string) =>
  page.getByRole('main').getByRole('link', { name: firstName, exact: true });

test('a caregiver reads the dashboard, the lists and the charts offline, each screen saying how old its data is; back online the notice goes', async ({
  page,
  context,
  playwright,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const { caregiver, iris, owen } = await setUp(playwright);
  await signIn(page, caregiver);

  // Online: the dashboard (the day's visits, the doses due), then the screens of the day.
  await page.goto('/caregiver-dashboard');
  // The day's visits: "My visits today", or "My visits on …" for another day.
  const visits = page.getByRole('region', { name: /^My visits / });
  await expect(visits).toContainText(iris.name);
  await expect(page.getByText('Metformin').first()).toBeVisible();
  await expect(dataAge(page)).toBeEmpty();

  await open(page, 'Patients');
  await expect(patientRow(page, 'Iris')).toBeVisible();
  await expect(patientRow(page, 'Owen')).toBeVisible();

  // Iris's chart, its prescriptions and vital signs; Owen's chart is never opened online.
  await patientRow(page, 'Iris').click();
  await expect(page.getByRole('heading', { level: 1, name: iris.name })).toBeVisible();
  await expect(page.getByText('Penicillin').first()).toBeVisible();
  await page.getByRole('tab', { name: chartTexts.tabs.prescriptions }).click();
  await expect(page.getByText('Metformin').first()).toBeVisible();
  await page.getByRole('tab', { name: chartTexts.tabs.vitals }).click();
  await expect(page.getByRole('cell', { name: '72', exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: chartTexts.tabs.timeline }).click();
  await expect(page.getByText('Walked around the block').first()).toBeVisible();

  await open(page, 'Prescriptions & Medication');
  await expect(prescriptionList(page).getByText('Metformin').first()).toBeVisible();
  await open(page, 'Progress Report');
  await expect(page.getByText('Walked around the block').first()).toBeVisible();
  await open(page, 'Dashboard');
  await expect(visits).toContainText(iris.name);
  // The dashboard reads each patient's chart ahead, and tomorrow's visits; then the device
  // keeps it all (saves are grouped, at most every half second).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const request = indexedDB.open('eldercare-offline-read');
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const tx = db.transaction('kv').objectStore('kv').getAllKeys();
        const keys = await new Promise<IDBValidKey[]>((resolve) => {
          tx.onsuccess = () => resolve(tx.result);
        });
        const cache = keys.find((key) => String(key).startsWith('queries:'));
        if (!cache) return '';
        const get = db.transaction('kv').objectStore('kv').get(cache);
        return new Promise<string>((resolve) => {
          get.onsuccess = () => resolve((get.result as { client: string }).client);
        });
      }),
    )
    .toContain('Heart failure');

  // Offline: every screen shows what was kept, and says how old it is.
  await context.setOffline(true);
  const notice = /Offline — showing what was saved at .+ \((just now|\d+ min ago)\)\./;
  await open(page, 'Patients');
  await expect(patientRow(page, 'Owen')).toBeVisible();
  await expect(dataAge(page)).toHaveText(notice);

  // Owen's chart, read ahead by the dashboard: his allergy and condition.
  await patientRow(page, 'Owen').click();
  await expect(page.getByRole('heading', { level: 1, name: owen.name })).toBeVisible();
  await expect(page.getByText('Latex').first()).toBeVisible();
  await expect(page.getByText('Heart failure').first()).toBeVisible();
  await expect(dataAge(page)).toHaveText(notice);
  // His timeline was never read: it says so rather than spinning or failing.
  await expect(page.getByText(offlineReadTexts.notAvailable)).toBeVisible();

  // Iris's chart and its tabs, as read this morning.
  await page.goBack();
  await patientRow(page, 'Iris').click();
  await expect(page.getByText('Penicillin').first()).toBeVisible();
  await expect(page.getByText('Type 2 diabetes').first()).toBeVisible();
  await expect(page.getByText('Walked around the block').first()).toBeVisible();
  await page.getByRole('tab', { name: chartTexts.tabs.prescriptions }).click();
  await expect(page.getByText('Metformin').first()).toBeVisible();
  await page.getByRole('tab', { name: chartTexts.tabs.vitals }).click();
  await expect(page.getByRole('cell', { name: '72', exact: true }).first()).toBeVisible();
  await expect(dataAge(page)).toHaveText(notice);

  await open(page, 'Prescriptions & Medication');
  await expect(prescriptionList(page).getByText('Metformin').first()).toBeVisible();
  await open(page, 'Progress Report');
  await expect(page.getByText('Walked around the block').first()).toBeVisible();
  await expect(dataAge(page)).toHaveText(notice);

  // The dashboard: today's visits and doses, and tomorrow's visits with the day switcher.
  await open(page, 'Dashboard');
  await expect(visits).toContainText(iris.name);
  await expect(page.getByText('Metformin').first()).toBeVisible();
  await expect(dataAge(page)).toHaveText(notice);
  await visits.getByRole('button', { name: visitDayTexts.nextDay }).click();
  await expect(visits).toContainText(owen.name);
  await visits.getByRole('button', { name: visitDayTexts.today }).click();
  await expect(visits).toContainText(iris.name);

  // With the app's service worker, a reload with no connection opens the same screens: the
  // person stays signed in (the user kept on the device) and reads what was kept.
  await context.setOffline(false);
  await page.reload();
  await waitForServiceWorker(page);
  await expect(visits).toContainText(iris.name);
  await context.setOffline(true);
  await page.reload();
  await expect(page).toHaveURL(/\/caregiver-dashboard$/);
  await expect(visits).toContainText(iris.name);
  await expect(dataAge(page)).toHaveText(notice);
  await open(page, 'Patients');
  await patientRow(page, 'Owen').click();
  await expect(page.getByText('Latex').first()).toBeVisible();
  await open(page, 'Dashboard');
  await expect(visits).toContainText(iris.name);

  // Back online: the screen is read afresh and the notice goes.
  await context.setOffline(false);
  await expect(dataAge(page)).toBeEmpty();
  await expect(visits).toContainText(iris.name);
  dropOfflineNoise(consoleErrors);
});

test('on a phone at text size 24 in dark mode, the offline notice is read whole, nothing cut off', async ({
  page,
  context,
  playwright,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { caregiver, iris } = await setUp(playwright);
  await signIn(page, caregiver);
  await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: true, fontSize: 24 });

  await page.goto('/caregiver-dashboard');
  const visits = page.getByRole('region', { name: /^My visits / });
  await expect(visits).toContainText(iris.name);
  await expect(page.getByText('Metformin').first()).toBeVisible();
  await openOnPhone(page, 'Patients');
  await expect(patientRow(page, 'Iris')).toBeVisible();
  await openOnPhone(page, 'Dashboard');
  await expect(visits).toContainText(iris.name);
  // The device keeps the screens (saves are grouped, at most every half second).
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  // Away and back through the menu, as a person does: both come from what was kept.
  await openOnPhone(page, 'Patients');
  await expect(patientRow(page, 'Iris')).toBeVisible();
  await openOnPhone(page, 'Dashboard');
  await expect(visits).toContainText(iris.name);

  const notice = dataAge(page);
  await expect(notice).toHaveText(/^Offline — showing what was saved at /);
  // Whole on the screen: inside the phone's width, no sideways scroll, in the theme's text size.
  const box = await notice.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const fontSize = await notice.locator('p').evaluate((p) => getComputedStyle(p).fontSize);
  expect(Number.parseFloat(fontSize)).toBeGreaterThanOrEqual(24);
  await shoot(page, 'offline-caregiver-dashboard-24-dark');

  await context.setOffline(false);
  await expect(notice).toBeEmpty();
  dropOfflineNoise(consoleErrors);
});

test('on a wide screen at text size 24, the offline notice sits on the page beside the sidebar, open or collapsed, not under it', async ({
  page,
  context,
  playwright,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { caregiver, iris } = await setUp(playwright);
  await signIn(page, caregiver);
  await send(page.request, 'PUT', '/api/users/me/settings', { fontSize: 24 });
  await page.goto('/caregiver-dashboard');
  await expect(page.getByRole('region', { name: /^My visits / })).toContainText(iris.name);

  await context.setOffline(true);
  const notice = page.getByTestId('connection-status').locator('[data-stays]');
  await expect(notice).toContainText(offlineTexts.offline);
  const sidebar = page.locator('#sidebar .MuiDrawer-paper');
  for (const width of [240, 60]) {
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(width);
    // Its own width, centred on the page: clear of the sidebar, inside the window.
    await expect
      .poll(async () => {
        const box = await notice.boundingBox();
        return (
          box && [
            Math.round(box.x + box.width / 2),
            box.x >= width + 8,
            box.x + box.width <= 1366 - 8,
          ]
        );
      })
      .toEqual([Math.round(width + (1366 - width) / 2), true, true]);
    if (width === 240) await page.getByRole('button', { name: 'Collapse menu' }).click();
  }
  await shoot(page, 'offline-notice-wide-24');

  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  dropOfflineNoise(consoleErrors);
});
