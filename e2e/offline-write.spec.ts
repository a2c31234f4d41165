import { chartTexts, offlineTexts, visitDayTexts } from '../shared/messages.ts';
import type { PatientDoseDay } from '../shared/schemas/doses.ts';
import type { AuditEntry } from '../shared/schemas/audit.ts';
import type { Visit } from '../shared/schemas/visits.ts';
import { apiSession, expect, send, signIn, test } from './fixtures.ts';
import { ADMIN } from './support/a11y-screens.ts';
import {
  buildWorld,
  doseRow,
  dropOfflineNoise,
  givenButton,
  goInApp,
  openDashboard,
  status,
  waitForServiceWorker,
} from './support/offline-world.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a caregiver records a dose, a check-in, a progress report and a vital reading offline; back online each reaches the server once, marked as recorded offline', async ({
  page,
  context,
  playwright,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const world = await buildWorld(playwright);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 51.5074, longitude: -0.1278, accuracy: 12 });
  await signIn(page, world.caregiver);
  await openDashboard(page, world);

  // The chart, once online (in the app, no reload): its screen and its tabs are loaded.
  await page
    .getByRole('region', { name: visitDayTexts.title })
    .getByRole('link', { name: world.patient.name })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: world.patient.name })).toBeVisible();
  await page.getByRole('tab', { name: chartTexts.tabs.progressReports }).click();
  await expect(page.getByRole('button', { name: 'Add Progress Report' })).toBeVisible();
  await page.getByRole('tab', { name: chartTexts.tabs.vitals }).click();
  await expect(page.getByRole('button', { name: 'Add vital signs' })).toBeVisible();
  await goInApp(page, '/caregiver-dashboard');
  await expect(givenButton(page, world)).toBeVisible();

  // The signal goes.
  await context.setOffline(true);
  await expect(status(page)).toContainText(offlineTexts.offline);

  // The dose: kept on the phone, said so on its row, and not recordable twice.
  await givenButton(page, world).click();
  await expect(page.getByText(offlineTexts.queued).first()).toBeVisible();
  await expect(
    doseRow(page, world).getByText(offlineTexts.waitingToSend, { exact: true }),
  ).toBeVisible();
  await expect(givenButton(page, world)).toHaveCount(0);
  await expect(status(page)).toContainText(offlineTexts.waitingCount(1));

  // The check-in: the visit shows as checked in, waiting to send, and can be checked out.
  await page.getByRole('button', { name: visitDayTexts.checkInAction(world.patient.name) }).click();
  const checkIn = page.getByRole('dialog', {
    name: visitDayTexts.checkInTitle(world.patient.name),
  });
  await checkIn.getByRole('button', { name: visitDayTexts.checkInConfirm }).click();
  await expect(checkIn).toBeHidden();
  const visitBlock = page
    .getByRole('region', { name: visitDayTexts.title })
    .getByRole('region', { name: new RegExp(world.patient.name) });
  await expect(visitBlock).toContainText('(waiting to send)');
  await expect(visitBlock.getByText(offlineTexts.waitingToSend, { exact: true })).toBeVisible();
  await expect(
    page.getByRole('button', { name: visitDayTexts.checkOutAction(world.patient.name) }),
  ).toBeVisible();
  await expect(status(page)).toContainText(offlineTexts.waitingCount(2));

  // A progress report and a vital signs reading, from the chart, still offline.
  await visitBlock.getByRole('link', { name: world.patient.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: world.patient.name })).toBeVisible();
  await page.getByRole('tab', { name: chartTexts.tabs.progressReports }).click();
  await page.getByRole('button', { name: 'Add Progress Report' }).click();
  const report = page.getByRole('dialog', { name: 'Add Progress Report' });
  await report.getByLabel('Summary').fill(`Ate well offline ${world.stamp}`);
  await report.getByLabel('Recommendations').fill('Keep walking daily');
  await report.getByRole('button', { name: 'Save' }).click();
  await expect(report).toBeHidden();
  await expect(status(page)).toContainText(offlineTexts.waitingCount(3));

  await page.getByRole('tab', { name: chartTexts.tabs.vitals }).click();
  await page.getByRole('button', { name: 'Add vital signs' }).click();
  const reading = page.getByRole('dialog', { name: 'Add vital signs' });
  await reading.getByLabel(/^Pulse/).fill('72');
  await reading.getByLabel('Note').fill(`Offline reading ${world.stamp}`);
  await reading.getByRole('button', { name: 'Save' }).click();
  await expect(reading).toBeHidden();
  await expect(status(page)).toContainText(offlineTexts.waitingCount(4));

  // The list of what waits.
  await status(page).getByRole('button', { name: offlineTexts.openUnsent }).click();
  const unsent = page.getByRole('dialog', { name: offlineTexts.unsentTitle });
  await expect(unsent.getByTestId('unsent-change')).toHaveCount(4);
  await expect(unsent.getByTestId('unsent-change').first()).toContainText(
    `${world.dose.medication} 500 mg, ${world.dose.time.split(' ').at(-1)}, ${world.patient.name}: given`,
  );
  // Each named by its patient, as the chart read on this phone names them.
  await expect(unsent.getByTestId('unsent-change').nth(2)).toContainText(
    `Progress report, ${world.patient.name},`,
  );
  await expect(unsent.getByTestId('unsent-change').nth(3)).toContainText(
    `Vital signs reading, ${world.patient.name},`,
  );
  await unsent.getByRole('button', { name: offlineTexts.close }).click();

  // The signal returns: everything is sent, in order, and the banner says so.
  await context.setOffline(false);
  await expect(status(page)).toContainText(offlineTexts.backOnline(4), { timeout: 30_000 });

  // Each change exists once on the server.
  const api = world.doctorApi;
  const day = (await (
    await api.get(`/api/patients/${world.patient.id}/doses`)
  ).json()) as PatientDoseDay;
  const outcomes = day.doses.filter((d) => d.medication === world.dose.medication && d.outcome);
  expect(outcomes).toHaveLength(1);
  const visit = (await (await api.get(`/api/visits/${world.visit.id}`)).json()) as Visit;
  expect(visit.status).toBe('in-progress');
  expect(visit.checkInAt).not.toBeNull();
  const reports = (await (
    await api.get(`/api/progress-reports?patientId=${world.patient.id}`)
  ).json()) as { summary: string }[];
  expect(reports.filter((r) => r.summary === `Ate well offline ${world.stamp}`)).toHaveLength(1);
  const readings = (await (
    await api.get(`/api/vital-signs?patientId=${world.patient.id}`)
  ).json()) as { note: string; pulse: number | null }[];
  expect(readings.filter((r) => r.note === `Offline reading ${world.stamp}`)).toHaveLength(1);

  // The audit trail says each was recorded offline, once.
  const adminApi = await apiSession(playwright, ADMIN);
  const rows = (await (
    await adminApi.get(`/api/audit?patientId=${world.patient.id}&limit=200`)
  ).json()) as AuditEntry[];
  const offline = rows.filter((row) => row.details?.recordedOffline === true);
  const byEntity = (entity: string) => offline.filter((row) => row.entity === entity);
  expect(byEntity('dose')).toHaveLength(1);
  expect(byEntity('visit')).toHaveLength(1);
  expect(byEntity('progress-report')).toHaveLength(1);
  expect(byEntity('vital-sign')).toHaveLength(1);
  for (const row of offline) expect(row.userId).toBe(world.caregiver.id);
  dropOfflineNoise(consoleErrors);
});

test('a dose kept on the phone that someone else records meanwhile is shown as not sent, with the reason', async ({
  page,
  playwright,
  context,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const world = await buildWorld(playwright);
  await signIn(page, world.caregiver);
  await openDashboard(page, world);

  await context.setOffline(true);
  await givenButton(page, world).click();
  await expect(
    doseRow(page, world).getByText(offlineTexts.waitingToSend, { exact: true }),
  ).toBeVisible();

  // Meanwhile a colleague, online, records the same dose.
  const colleagueApi = await apiSession(playwright, world.colleague);
  const day = (await (
    await colleagueApi.get(`/api/patients/${world.patient.id}/doses`)
  ).json()) as PatientDoseDay;
  const slot = day.doses.find((d) => d.medication === world.dose.medication)!;
  await send(colleagueApi, 'POST', '/api/doses', {
    patientId: world.patient.id,
    prescriptionId: slot.prescriptionId,
    scheduledAt: slot.scheduledAt,
    outcome: 'given',
    prnReason: '',
    note: '',
  });

  await context.setOffline(false);
  await expect(status(page)).toContainText(offlineTexts.refusedCount(1), { timeout: 30_000 });
  await status(page).getByRole('button', { name: offlineTexts.openUnsent }).click();
  const unsent = page.getByRole('dialog', { name: offlineTexts.unsentTitle });
  const entry = unsent.getByTestId('unsent-change');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(offlineTexts.notSent);
  // The server's own words: who recorded it.
  await expect(entry).toContainText(/Not saved: .*Fern/);

  // Removed only after saying it was not saved.
  await entry.getByRole('button', { name: /^Remove the unsent change/ }).click();
  const confirm = page.getByRole('dialog', { name: offlineTexts.dismissTitle });
  await expect(confirm).toContainText(offlineTexts.dismissMessage);
  await confirm.getByRole('button', { name: offlineTexts.dismiss }).click();
  await expect(unsent.getByText(offlineTexts.unsentEmpty)).toBeVisible();
  dropOfflineNoise(consoleErrors);
});

// The login screen opens offline once the app's files are on the phone.
test.describe(() => {
  test.use({ serviceWorkers: 'allow' });

  test('on a shared phone a change waits for the account that made it: signing out warns, a colleague signing in neither sees nor sends it, and it goes when its author signs in again', async ({
    page,
    playwright,
    context,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const world = await buildWorld(playwright);
    await signIn(page, world.caregiver);
    await openDashboard(page, world);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await givenButton(page, world).click();
    await expect(status(page)).toContainText(offlineTexts.waitingCount(1));
    // Still with no signal, the caregiver signs out: warned first.
    await page.getByRole('button', { name: /^Account of/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const warning = page.getByRole('dialog', { name: offlineTexts.signOutTitle });
    await expect(warning).toContainText(offlineTexts.signOutWarning(1));
    await warning.getByRole('button', { name: offlineTexts.signOutAnyway }).click();
    await expect(page).toHaveURL(/\/login/);

    // The colleague on the same phone, with the signal back: nothing waiting is shown, and
    // nothing is sent in their name.
    await signIn(page, world.colleague);
    await context.setOffline(false);
    await page.goto('/caregiver-dashboard');
    await expect(givenButton(page, world)).toBeVisible();
    await expect(status(page)).not.toContainText(offlineTexts.waitingCount(1));
    await expect(
      doseRow(page, world).getByText(offlineTexts.waitingToSend, { exact: true }),
    ).toHaveCount(0);
    const doseOutcomes = async () => {
      const day = (await (
        await world.doctorApi.get(`/api/patients/${world.patient.id}/doses`)
      ).json()) as PatientDoseDay;
      return day.doses.filter((d) => d.medication === world.dose.medication && d.outcome);
    };
    expect(await doseOutcomes()).toHaveLength(0);

    // Its author signs in again: it is sent, in their name.
    await signIn(page, world.caregiver);
    await page.goto('/caregiver-dashboard');
    await expect(status(page)).toContainText(offlineTexts.backOnline(1), { timeout: 30_000 });
    const outcomes = await doseOutcomes();
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]!.outcome!.recordedByName).toBe(
      `${world.caregiver.firstName} ${world.caregiver.secondName}`,
    );
    dropOfflineNoise(consoleErrors);
  });
});
