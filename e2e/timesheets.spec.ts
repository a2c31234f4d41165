import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { addDays, localParts } from '../shared/dose-schedule.ts';
import { timesheetTexts, visitTexts } from '../shared/messages.ts';
import type { AgencySettings } from '../shared/schemas/doses.ts';
import { timesheetCsvColumns, type Visit } from '../shared/schemas/visits.ts';
import {
  apiSession,
  expect,
  registerAccount,
  screenshots,
  send,
  shoot,
  signIn,
  test,
  type Account,
} from './fixtures.ts';
import { expectNoSidewaysScroll } from './support/a11y.ts';

test.use({ viewport: { width: 1366, height: 900 } });

/** The bootstrap admin of e2e/global-setup.ts, who grants the supervisor's privilege. */
const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };

const minute = 60_000;
/** Now, to the minute, moved by some minutes: visits are planned on whole minutes. */
const at = (minutes: number) =>
  new Date(Math.floor(Date.now() / minute) * minute + minutes * minute);

const refused = { status: 'refused' } as const;

interface World {
  stamp: string;
  zone: string;
  from: string;
  to: string;
  supervisor: Account;
  doctor: Account;
  grace: Account;
  tom: Account;
  doctorApi: APIRequestContext;
  patient: { id: number; name: string };
  /** Grace's visit: checked in 30 minutes late, checked out at once. */
  lateVisit: Visit;
}

/**
 * The agency through the API: a supervisor (granted by the admin), a doctor who keeps the
 * patient's care plan and plans visits, two caregivers on the patient's care team; Grace checks
 * in late to a visit and leaves at once, Tom checks in on time and is still there.
 */
async function setUp(playwright: Parameters<typeof apiSession>[0]): Promise<World> {
  const stamp = Date.now().toString(36);
  const supervisor = await registerAccount('doctor', {
    privileges: 'supervisor',
    firstName: 'Sam',
    secondName: `Office${stamp}`,
  });
  const adminApi = await apiSession(playwright, admin);
  await send(adminApi, 'PATCH', `/api/users/${supervisor.id}`, { request: 'grant' });
  const doctor = await registerAccount('doctor', { firstName: 'Cora', secondName: `Plan${stamp}` });
  const grace = await registerAccount('caregiver', {
    firstName: 'Grace',
    secondName: `Sheet${stamp}`,
  });
  const tom = await registerAccount('caregiver', { firstName: 'Tom', secondName: `Sheet${stamp}` });

  const doctorApi = await apiSession(playwright, doctor);
  const settings = (await (await doctorApi.get('/api/agency-settings')).json()) as AgencySettings;
  const zone = settings.timeZone;
  const today = localParts(new Date(), zone).date;
  const created = await send(doctorApi, 'POST', '/api/patients', {
    firstName: 'Iris',
    lastName: `Visit${stamp}`,
    dob: '1938-05-14',
    gender: 'Female',
    address: '3 Mill Lane, Springfield',
    phoneNumber: '555-0140',
    emergencyContact: 'Rob Mill',
    emergencyContactPhone: '555-0141',
  });
  for (const member of [grace, tom]) {
    await send(doctorApi, 'POST', `/api/patients/${created.id}/care-team`, { userId: member.id });
  }
  const plan = (caregiver: Account, start: Date, end: Date, tasks: string[]) =>
    send(doctorApi, 'POST', '/api/visits', {
      patientId: created.id,
      caregiverId: caregiver.id,
      plannedStart: start.toISOString(),
      plannedEnd: end.toISOString(),
      serviceType: 'personal-care',
      tasks,
    });
  const late = await plan(grace, at(-30), at(30), ['Help with shower']);
  const onTime = await plan(tom, at(-5), at(55), []);

  const graceApi = await apiSession(playwright, grace);
  await send(graceApi, 'POST', `/api/visits/${late.id}/check-in`, { location: refused });
  const planned = (await (await graceApi.get(`/api/visits/${late.id}`)).json()) as Visit;
  const lateVisit = (await send(graceApi, 'POST', `/api/visits/${late.id}/check-out`, {
    location: { status: 'shared', latitude: 51.5074, longitude: -0.1278, accuracy: 12 },
    tasks: planned.tasks.map((t) => ({ id: t.id, status: 'done' })),
    note: 'All well',
  })) as unknown as Visit;
  const tomApi = await apiSession(playwright, tom);
  await send(tomApi, 'POST', `/api/visits/${onTime.id}/check-in`, { location: refused });

  return {
    stamp,
    zone,
    from: addDays(today, -1),
    to: addDays(today, 1),
    supervisor,
    doctor,
    grace,
    tom,
    doctorApi,
    patient: { id: created.id, name: `Iris Visit${stamp}` },
    lateVisit,
  };
}

const nameOf = (a: Account) => `${a.firstName} ${a.secondName}`;

test('a supervisor opens timesheets, sees the figures and a late check-in, corrects a time with a reason and downloads the CSV', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const w = await setUp(playwright);
  await signIn(page, w.supervisor);
  await page.goto('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Timesheets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: timesheetTexts.title })).toBeVisible();
  // The period and the caregiver live in the address.
  await page.goto(`/timesheets?from=${w.from}&to=${w.to}`);
  const summary = page.getByRole('table', { name: timesheetTexts.summaryTitle });
  const graceRow = summary.getByRole('row').filter({ hasText: nameOf(w.grace) });
  await expect(graceRow).toBeVisible();
  await expect(summary.getByRole('row').filter({ hasText: nameOf(w.tom) })).toBeVisible();
  await shoot(page, 'timesheet-summary-desktop');
  await graceRow.getByRole('button', { name: timesheetTexts.openOf(nameOf(w.grace)) }).click();
  await expect(page).toHaveURL(new RegExp(`caregiver=${w.grace.id}`));

  const sheet = page.getByRole('table', { name: timesheetTexts.sheetTitle(nameOf(w.grace)) });
  const row = sheet.getByRole('row').filter({ hasText: w.patient.name });
  await expect(row).toHaveCount(1);
  const start = localParts(new Date(w.lateVisit.plannedStart), w.zone);
  const end = localParts(new Date(w.lateVisit.plannedEnd), w.zone);
  // A visit around now crosses midnight late in the evening: its end then carries its date.
  const endText = end.date === start.date ? end.time : `${end.date} ${end.time}`;
  await expect(row).toContainText(visitTexts.timeRange(start.time, endText));
  await expect(row).toContainText(visitTexts.serviceTypeLabels['personal-care']);
  await expect(row.getByText(timesheetTexts.exceptionChips.late, { exact: true })).toBeVisible();
  await expect(row).toContainText(visitTexts.statusLabels.completed);
  // 60 planned minutes.
  await expect(row.getByRole('cell', { name: '60', exact: true })).toBeVisible();
  const totals = page.getByRole('region', { name: timesheetTexts.totalsTitle });
  await expect(totals).toContainText('1:00');
  await shoot(page, 'timesheet-desktop-light');

  await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: true });
  await page.reload();
  await expect(row).toBeVisible();
  await shoot(page, 'timesheet-desktop-dark');
  await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: false });
  await page.reload();

  // The correction: check-in moved back to the planned start, with a reason.
  await row.getByRole('button', { name: /^Correct times of the visit to/ }).click();
  const dialog = page.getByRole('dialog', { name: timesheetTexts.correctTitle });
  await expect(dialog).toBeVisible();
  const checkIn = dialog.getByLabel(timesheetTexts.checkInAt);
  await checkIn.fill(`${start.date}T${start.time}`);
  // Without a reason nothing is sent.
  await dialog.getByRole('button', { name: timesheetTexts.save }).click();
  await expect(dialog.getByText(visitTexts.reasonRequired)).toBeVisible();
  await dialog.getByLabel(/Reason for the correction/).fill('Phone had no signal at the door');
  // Typing clears the field's message.
  await expect(dialog.getByText(visitTexts.reasonRequired)).toBeHidden();
  if (screenshots) {
    // The label's move above the typed text is animated: let it end before the picture.
    await dialog.getByLabel(timesheetTexts.checkInAt).focus();
    await page.waitForTimeout(400);
  }
  await shoot(page, 'timesheet-correction');
  await dialog.getByRole('button', { name: timesheetTexts.save }).click();
  await expect(page.getByText(timesheetTexts.corrected)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    row.getByText(timesheetTexts.exceptionChips.corrected, { exact: true }),
  ).toBeVisible();
  await expect(row).toContainText(start.time);
  await row.getByRole('button', { name: timesheetTexts.earlierTimes(1) }).click();
  await expect(row).toContainText('Phone had no signal at the door');
  await expect(row).toContainText(`by ${nameOf(w.supervisor)}`);

  // The CSV of the sheet: a real download under the server's name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: timesheetTexts.downloadCsv }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`timesheet-${w.from}-${w.to}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toBe(timesheetCsvColumns.join(','));
  const line = lines.find((l) => l.startsWith(`${w.lateVisit.id},`));
  expect(line).toBeDefined();
  expect(line).toContain(`Personal care,${w.patient.name},${w.patient.id},${nameOf(w.grace)}`);
  expect(line).toContain('Position not shared (refused)');
  expect(line).toContain('51.5074,-0.1278 (±12 m)');
  expect(line).toContain(`${start.date} ${start.time}`);
  expect(line).toContain(visitTexts.exceptionLabels.corrected);
  expect(lines.some((l) => l.includes(nameOf(w.tom)))).toBe(false);
});

test('a caregiver sees only their own timesheet, and it reads on a phone at font size 24', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const w = await setUp(playwright);
  await signIn(page, w.tom);
  await page.goto('/caregiver-dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Timesheets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: timesheetTexts.title })).toBeVisible();
  await page.goto(`/timesheets?from=${w.from}&to=${w.to}&caregiver=${w.grace.id}`);
  // The caregiver in the address is not theirs to ask for: the sheet is their own.
  const sheet = page.getByRole('table', { name: timesheetTexts.sheetTitle(nameOf(w.tom)) });
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('combobox', { name: timesheetTexts.caregiverPicker })).toHaveCount(0);
  await expect(page.getByRole('table', { name: timesheetTexts.summaryTitle })).toHaveCount(0);
  await expect(sheet.getByRole('row')).toHaveCount(2);
  await expect(sheet).toContainText(visitTexts.statusLabels['in-progress']);
  await expect(page.getByRole('button', { name: /^Correct times/ })).toHaveCount(0);
  // The server refuses another caregiver's sheet and summary.
  const other = await page.request.get(
    `/api/timesheets?caregiverId=${w.grace.id}&from=${w.from}&to=${w.to}`,
  );
  expect(other.status()).toBe(403);
  expect(
    (await page.request.get(`/api/timesheets/summary?from=${w.from}&to=${w.to}`)).status(),
  ).toBe(403);

  // On a phone, at the largest font size.
  await send(page.request, 'PUT', '/api/users/me/settings', { fontSize: 24 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/timesheets?from=${w.from}&to=${w.to}`);
  // A card a visit instead of a table scrolled sideways.
  const cards = page.getByRole('list', { name: timesheetTexts.sheetTitle(nameOf(w.tom)) });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards).toContainText(w.patient.name);
  await expect(cards).toContainText(visitTexts.statusLabels['in-progress']);
  await expectNoSidewaysScroll(page);
  const download = page.getByRole('link', { name: timesheetTexts.downloadCsv });
  expect((await download.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
  for (const name of [timesheetTexts.thisWeek, timesheetTexts.lastMonth]) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
  }
  await shoot(page, 'timesheet-phone-font24');
  await send(page.request, 'PUT', '/api/users/me/settings', { fontSize: 16 });
});

test('a doctor keeps the care plan on the chart and a newly planned visit copies its tasks in order', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const w = await setUp(playwright);
  await signIn(page, w.doctor);
  await page.goto(`/patients/${w.patient.id}`);
  await page.getByRole('tab', { name: timesheetTexts.visitsTab }).click();
  await expect(page).toHaveURL(/tab=visits/);
  const plan = page.getByRole('region', { name: timesheetTexts.carePlanTitle });
  await expect(plan.getByText(timesheetTexts.carePlanEmpty)).toBeVisible();

  const add = async (title: string) => {
    await plan.getByRole('button', { name: timesheetTexts.addTask }).click();
    const dialog = page.getByRole('dialog', { name: timesheetTexts.addTaskTitle });
    await dialog.getByLabel(/Task/).fill(title);
    await dialog.getByRole('button', { name: timesheetTexts.addTask }).click();
    await expect(dialog).toBeHidden();
    await expect(plan.getByText(title, { exact: true })).toBeVisible();
  };
  // A blank task is refused in the form.
  await plan.getByRole('button', { name: timesheetTexts.addTask }).click();
  const blank = page.getByRole('dialog', { name: timesheetTexts.addTaskTitle });
  await blank.getByRole('button', { name: timesheetTexts.addTask }).click();
  await expect(blank.getByText(visitTexts.taskTitleRequired)).toBeVisible();
  await blank.getByRole('button', { name: timesheetTexts.cancel }).click();

  await add('Help with shower');
  await add('Prepare lunch');
  await add('Check skin for pressure areas');
  await add('Water the plants');
  const items = plan.getByRole('listitem');
  await plan
    .getByRole('button', { name: timesheetTexts.moveUp('Check skin for pressure areas') })
    .click();
  await expect(items.nth(1)).toContainText('Check skin for pressure areas');
  await plan.getByRole('button', { name: timesheetTexts.renameTask('Prepare lunch') }).click();
  const rename = page.getByRole('dialog', { name: timesheetTexts.editTaskTitle });
  await rename.getByLabel(/Task/).fill('Prepare a hot lunch');
  await rename.getByRole('button', { name: timesheetTexts.rename }).click();
  await expect(plan.getByText('Prepare a hot lunch', { exact: true })).toBeVisible();
  await plan.getByRole('button', { name: timesheetTexts.deleteTask('Water the plants') }).click();
  await page
    .getByRole('dialog', { name: timesheetTexts.deleteTaskTitle })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(plan.getByText('Water the plants', { exact: true })).toHaveCount(0);
  await expect(items).toHaveText([
    /Help with shower/,
    /Check skin for pressure areas/,
    /Prepare a hot lunch/,
  ]);

  // A visit planned without tasks copies the care plan's, in its order.
  const tomorrow = at(24 * 60);
  const planned = await send(w.doctorApi, 'POST', '/api/visits', {
    patientId: w.patient.id,
    caregiverId: w.grace.id,
    plannedStart: tomorrow.toISOString(),
    plannedEnd: new Date(tomorrow.getTime() + 60 * minute).toISOString(),
    serviceType: 'meal-preparation',
  });
  const visit = (await (await w.doctorApi.get(`/api/visits/${planned.id}`)).json()) as Visit;
  expect(visit.tasks.map((t) => t.title)).toEqual([
    'Help with shower',
    'Check skin for pressure areas',
    'Prepare a hot lunch',
  ]);

  // The chart lists it among the coming visits and opens its record.
  await page.reload();
  const coming = page.getByRole('region', { name: timesheetTexts.upcoming });
  const local = localParts(tomorrow, w.zone);
  const entry = coming.getByRole('listitem').filter({ hasText: 'Meal preparation' });
  await expect(entry).toContainText(local.time);
  const past = page.getByRole('region', { name: timesheetTexts.past });
  await expect(past).toContainText(visitTexts.statusLabels.completed);
  await shoot(page, 'chart-visits-desktop');
  await entry.getByRole('button', { name: /^View the visit of/ }).click();
  const record = page.getByRole('dialog', { name: 'Visit' });
  await expect(record).toContainText('Help with shower: Not marked');
  await expect(record).toContainText('Prepare a hot lunch: Not marked');
  await expect(record).toContainText(nameOf(w.grace));
  await record.getByRole('button', { name: 'Close' }).click();

  // Grace's completed visit shows where she checked in and out.
  await past
    .getByRole('listitem')
    .filter({ hasText: nameOf(w.grace) })
    .getByRole('button', { name: /^View the visit of/ })
    .click();
  await expect(record).toContainText('Position not shared (refused)');
  await expect(record).toContainText('Position shared, within 12 m');
  await expect(record).toContainText('Help with shower: Done');
  await expect(record).toContainText('All well');
});
