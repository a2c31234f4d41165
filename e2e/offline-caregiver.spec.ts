import type { Page } from '@playwright/test';
import { chartTexts, offlineReadTexts, offlineTexts, visitDayTexts } from '../shared/messages.ts';
import type { AuditEntry } from '../shared/schemas/audit.ts';
import type { PatientDoseDay } from '../shared/schemas/doses.ts';
import type { Visit } from '../shared/schemas/visits.ts';
import { apiSession, expect, send, shoot, signIn, test } from './fixtures.ts';
import { ADMIN } from './support/a11y-screens.ts';
import { expectNoSidewaysScroll } from './support/a11y.ts';
import {
  buildWorld,
  doseRow,
  dropOfflineNoise,
  givenButton,
  openDashboard,
  status,
  waitForServiceWorker,
  type World,
} from './support/offline-world.ts';

/**
 * The caregiver’s phone with and without signal, end to end: the
 * service worker installed, every caregiver screen opened by its address with no connection
 * (each a page load the worker answers), a dose, a check-in and a progress report recorded
 * offline, the page closed and opened again, and back online each change on the server once
 * and once in the audit trail.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

/** Every screen of a caregiver's sidebar and menu, and the chart of their patient. */
const caregiverScreens = (world: World): [name: string, path: string][] => [
  ['dashboard', '/caregiver-dashboard'],
  ['patients', '/patients'],
  ['chart', `/patients/${world.patient.id}`],
  ['progress-report', '/progress-report'],
  ['prescriptions-medication', '/prescriptions-medication'],
  ['timesheets', '/timesheets'],
  ['reminders', '/reminders'],
  ['notifications', '/notifications'],
  ['settings', '/settings'],
  ['profile', '/profile'],
];

/** A screen opened by its address: its heading, and no error page in its place. */
async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
}

test('offline on the phone: every caregiver screen opens, a dose, a check-in and a report wait on the device through a closed page, and back online each reaches the server and the audit trail once', async ({
  page,
  context,
  playwright,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  const world = await buildWorld(playwright);
  await signIn(page, world.caregiver);
  await openDashboard(page, world);
  await waitForServiceWorker(page);

  // One visit online of each screen, at each text size: what the screens read is kept.
  for (const fontSize of [16, 24]) {
    await context.setOffline(false);
    await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: false, fontSize });
    for (const [, path] of caregiverScreens(world)) {
      await openScreen(page, path);
      // The screen's reads have answered, and the device's copy (written at most every half
      // second) has been saved before the next page load. Only the screen's own loading
      // indicators count: a notice's countdown bar is a progressbar too, and a notice of a dose
      // falling due may stay for its 5 s or longer (held while the window has no focus).
      await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0);
      await page.waitForTimeout(1000);
    }
    await openDashboard(page, world);

    // No signal: each screen is a page load the service worker answers, with the kept session
    // and the kept data, saying how old that data is.
    await context.setOffline(true);
    for (const [name, path] of caregiverScreens(world)) {
      await openScreen(page, path);
      await expect(status(page)).toContainText(offlineTexts.offline);
      await expect(page.getByText(offlineReadTexts.notAvailable)).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await shoot(page, `offline-caregiver-${name}-390-${fontSize}`);
    }
    const size = await page.evaluate(() =>
      Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
    );
    expect(size).toBe(fontSize);
  }

  // Still offline: a dose, a check-in and a progress report, each kept on the phone.
  await openDashboard(page, world);
  await givenButton(page, world).click();
  await expect(
    doseRow(page, world).getByText(offlineTexts.waitingToSend, { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: visitDayTexts.checkInAction(world.patient.name) }).click();
  const checkIn = page.getByRole('dialog', {
    name: visitDayTexts.checkInTitle(world.patient.name),
  });
  await checkIn.getByRole('button', { name: visitDayTexts.checkInConfirm }).click();
  await expect(checkIn).toBeHidden();
  const checkedInAt = Date.now();
  await openScreen(page, `/patients/${world.patient.id}`);
  await page.getByRole('tab', { name: chartTexts.tabs.progressReports }).click();
  await page.getByRole('button', { name: 'Add Progress Report' }).click();
  const report = page.getByRole('dialog', { name: 'Add Progress Report' });
  await report.getByLabel('Summary').fill(`Slept well, no signal ${world.stamp}`);
  await report.getByLabel('Recommendations').fill('Keep the evening walk');
  await report.getByRole('button', { name: 'Save' }).click();
  await expect(report).toBeHidden();
  await expect(status(page)).toContainText(offlineTexts.waitingCount(3));
  await shoot(page, 'offline-caregiver-waiting-390-24');

  // The page is closed and opened again, still with no signal: the changes are still waiting.
  await page.close();
  const again = await context.newPage();
  await openScreen(again, '/caregiver-dashboard');
  await expect(status(again)).toContainText(offlineTexts.waitingCount(3));
  await expect(
    doseRow(again, world).getByText(offlineTexts.waitingToSend, { exact: true }),
  ).toBeVisible();
  await expect(
    again.getByRole('button', { name: visitDayTexts.checkOutAction(world.patient.name) }),
  ).toBeVisible();

  // The signal returns: the three are sent, in order, and the banner says so.
  await context.setOffline(false);
  await expect(status(again)).toContainText(offlineTexts.backOnline(3), { timeout: 30_000 });
  await shoot(again, 'offline-caregiver-back-online-390-24');

  // Each change once on the server, the check-in at the time it was made on the phone.
  const api = world.doctorApi;
  const day = (await (
    await api.get(`/api/patients/${world.patient.id}/doses`)
  ).json()) as PatientDoseDay;
  expect(day.doses.filter((d) => d.medication === world.dose.medication && d.outcome)).toHaveLength(
    1,
  );
  const visit = (await (await api.get(`/api/visits/${world.visit.id}`)).json()) as Visit;
  expect(visit.status).toBe('in-progress');
  expect(Math.abs(Date.parse(visit.checkInAt!) - checkedInAt)).toBeLessThan(60_000);
  const reports = (await (
    await api.get(`/api/progress-reports?patientId=${world.patient.id}`)
  ).json()) as { summary: string }[];
  expect(reports.filter((r) => r.summary === `Slept well, no signal ${world.stamp}`)).toHaveLength(
    1,
  );

  // Once each in the audit trail, marked as recorded offline, by the caregiver.
  const adminApi = await apiSession(playwright, ADMIN);
  const rows = (await (
    await adminApi.get(`/api/audit?patientId=${world.patient.id}&limit=200`)
  ).json()) as AuditEntry[];
  const offline = rows.filter((row) => row.details?.recordedOffline === true);
  // The dose writes its medication record entry in the same change.
  expect(offline.map((row) => row.entity).sort()).toEqual([
    'dose',
    'medication',
    'progress-report',
    'visit',
  ]);
  for (const row of offline) expect(row.userId).toBe(world.caregiver.id);
  dropOfflineNoise(consoleErrors);
});
