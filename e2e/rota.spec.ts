import type { Locator, Page } from '@playwright/test';
import { addDays, localParts, zonedInstant } from '../shared/dose-schedule.ts';
import { rotaTexts, visitTexts } from '../shared/messages.ts';
import type { AgencySettings } from '../shared/schemas/doses.ts';
import type { RotaWeek } from '../shared/schemas/visits.ts';
import { weekOf } from '../shared/visit-rules.ts';
import { apiSession, expect, registerAccount, send, shoot, signIn, test } from './fixtures.ts';

test.use({ viewport: { width: 1366, height: 900 } });

/** Presses Tab until `target` has the focus: the way a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, max = 400) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('The element never took the focus');
}

/** Types a date into a date field the way Chromium's en-US field reads keys: MMDDYYYY. */
async function typeDate(page: Page, date: string) {
  const [y, m, d] = date.split('-');
  await page.keyboard.type(`${m}${d}${y}`);
}

const long = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

test('a supervisor plans a weekly series with the keyboard, edits this and following, cancels one, is refused an overlap, and opens the day', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const admin = await apiSession(playwright, {
    username: 'e2e-admin',
    password: 'e2e-admin-password',
  });
  // A caregiver with the supervisor privilege (granted by the admin) plans the rota.
  const supervisor = await registerAccount('caregiver', {
    privileges: 'supervisor',
    firstName: 'Sue',
    secondName: `Planner${stamp}`,
  });
  await send(admin, 'PATCH', `/api/users/${supervisor.id}`, { request: 'grant' });
  const grace = await registerAccount('caregiver', {
    firstName: 'Grace',
    secondName: `Rota${stamp}`,
  });
  const tom = await registerAccount('caregiver', { firstName: 'Tom', secondName: `Rota${stamp}` });

  const patient = async (firstName: string) => {
    const created = await send(admin, 'POST', '/api/patients', {
      firstName,
      lastName: `Rota${stamp}`,
      dob: '1938-05-14',
      gender: 'Female',
      address: '3 Mill Lane, Springfield',
      phoneNumber: '555-0140',
      emergencyContact: 'Rob Mill',
      emergencyContactPhone: '555-0141',
    });
    for (const member of [grace, tom]) {
      await send(admin, 'POST', `/api/patients/${created.id}/care-team`, { userId: member.id });
    }
    return created;
  };
  const iris = await patient('Iris');
  await patient('Owen');
  for (const title of ['Help with shower', 'Prepare lunch']) {
    await send(admin, 'POST', '/api/care-plan-tasks', { patientId: iris.id, title });
  }

  const settings = (await (await admin.get('/api/agency-settings')).json()) as AgencySettings;
  const zone = settings.timeZone;
  const today = localParts(new Date(), zone).date;
  // Next week's Monday and Thursday, and the Monday after: all in the future.
  const monday = weekOf(addDays(today, 7)).weekStart;
  const thursday = addDays(monday, 3);
  const nextMonday = addDays(monday, 7);
  const nextThursday = addDays(monday, 10);
  const until = addDays(monday, 13);

  // Tom has a visit to Iris that week, then leaves her care team: the rota flags it.
  const sup = await apiSession(playwright, supervisor);
  const tomVisit = await send(sup, 'POST', '/api/visits', {
    patientId: iris.id,
    caregiverId: tom.id,
    plannedStart: new Date(`${addDays(monday, 1)}T12:00:00Z`).toISOString(),
    plannedEnd: new Date(`${addDays(monday, 1)}T13:00:00Z`).toISOString(),
    serviceType: 'companionship',
  });
  await send(admin, 'DELETE', `/api/patients/${iris.id}/care-team/${tom.id}`);

  await signIn(page, supervisor);
  await page.goto('/caregiver-dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rota' }).click();
  await expect(page).toHaveURL(/\/rota$/);
  await expect(page.getByRole('heading', { level: 1, name: rotaTexts.title })).toBeVisible();
  await page.getByRole('button', { name: rotaTexts.nextWeek }).click();
  await expect(page).toHaveURL(new RegExp(`view=week&week=${monday}`));

  // The conflict is listed above the grid and leads to its visit.
  const conflicts = page.getByRole('region', { name: rotaTexts.conflictsTitle(1) });
  await expect(conflicts).toBeVisible();
  await expect(conflicts).toContainText(`Tom Rota${stamp}`);
  await conflicts.getByRole('button', { name: new RegExp(`^${rotaTexts.showVisit}`) }).click();
  const tomBlock = page.locator(`#rota-visit-${tomVisit.id}`);
  await expect(tomBlock).toBeFocused();
  await expect(tomBlock).toContainText(rotaTexts.conflictMark);

  // The series, planned from Grace's Monday cell with the keyboard alone.
  const grid = page.getByRole('region', { name: rotaTexts.gridLabel });
  await tabTo(
    page,
    grid.getByRole('button', {
      name: rotaTexts.addVisitFor(`Grace Rota${stamp}`, long(monday)),
    }),
  );
  await page.keyboard.press('Enter');
  const plan = page.getByRole('dialog', { name: rotaTexts.planTitle });
  await expect(plan).toBeVisible();
  await tabTo(page, plan.getByRole('combobox', { name: /^Patient/ }));
  await page.keyboard.type(`Iris Rota${stamp}`);
  await expect(page.getByRole('option', { name: new RegExp(`Iris Rota${stamp}`) })).toBeVisible();
  // The search has settled when Iris is the only option left (other tests' patients share the
  // database): only then does the first option below the field mean her.
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(plan.getByRole('combobox', { name: visitTexts.caregiver })).toHaveText(
    `Grace Rota${stamp}`,
  );
  // The care plan's tasks are copied in.
  await expect(plan.getByRole('textbox', { name: 'Task 1' })).toHaveValue('Help with shower');
  await expect(plan.getByRole('textbox', { name: 'Task 2' })).toHaveValue('Prepare lunch');
  await tabTo(page, plan.getByRole('textbox', { name: /^Start time/ }));
  await page.keyboard.type('0900');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1000');
  await tabTo(page, plan.getByRole('combobox', { name: /^Type of service/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Personal care' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(plan.getByRole('combobox', { name: /^Type of service/ })).toHaveText(
    'Personal care',
  );
  await tabTo(page, plan.getByRole('checkbox', { name: rotaTexts.repeatWeekly }));
  await page.keyboard.press('Space');
  await expect(plan.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
  await tabTo(page, plan.getByRole('checkbox', { name: 'Thursday' }));
  await page.keyboard.press('Space');
  await tabTo(page, plan.getByLabel(/^Until/));
  await typeDate(page, until);
  await expect(plan.getByLabel(/^Until/)).toHaveValue(until);
  await shoot(page, 'rota-plan-dialog');
  await tabTo(page, plan.getByRole('button', { name: rotaTexts.plan }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(rotaTexts.plannedMany(4))).toBeVisible();
  await expect(plan).toBeHidden();

  const graceRow = grid.getByRole('row').filter({ hasText: `Grace Rota${stamp}` });
  const blocks = graceRow.getByRole('button', { name: new RegExp(`Iris Rota${stamp}`) });
  await expect(blocks).toHaveCount(2);
  await expect(blocks.nth(0)).toContainText('09:00–10:00');
  await expect(blocks.nth(0)).toContainText(visitTexts.statusLabels.planned);
  await expect(graceRow).toContainText(rotaTexts.plannedHours('2 h'));

  // Thursday and every later visit move to 08:30.
  await tabTo(page, blocks.nth(1));
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: new RegExp(rotaTexts.detailsTitle) });
  await expect(details).toContainText(long(thursday));
  await expect(details.getByRole('button', { name: rotaTexts.edit })).toBeFocused();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: rotaTexts.editTitle });
  const start = edit.getByRole('textbox', { name: /^Start time/ });
  await expect(start).toHaveValue('09:00');
  await tabTo(page, start);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('08:30');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('09:30');
  await tabTo(page, edit.getByRole('radio', { name: rotaTexts.applyToOne }));
  await page.keyboard.press('ArrowDown');
  await expect(edit.getByRole('radio', { name: rotaTexts.applyToFollowing })).toBeChecked();
  await tabTo(page, edit.getByRole('button', { name: rotaTexts.save }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(rotaTexts.updated)).toBeVisible();
  // The focus is back on the visit that was opened.
  await expect(blocks.nth(1)).toBeFocused();
  await expect(blocks.nth(0)).toContainText('09:00–10:00');
  await expect(blocks.nth(1)).toContainText('08:30–09:30');

  // A clash with Grace's Monday visit is refused, naming it.
  await page.getByRole('button', { name: rotaTexts.planVisit }).click();
  await expect(plan).toBeVisible();
  await plan.getByRole('combobox', { name: /^Patient/ }).fill(`Owen Rota${stamp}`);
  await page.getByRole('option', { name: new RegExp(`Owen Rota${stamp}`) }).click();
  await plan.getByRole('combobox', { name: visitTexts.caregiver }).click();
  await page.getByRole('option', { name: `Grace Rota${stamp}` }).click();
  await plan.getByLabel(/^Date/).fill(monday);
  await plan.getByRole('textbox', { name: /^Start time/ }).fill('09:30');
  await plan.getByRole('textbox', { name: /^End time/ }).fill('10:30');
  await plan.getByRole('combobox', { name: /^Type of service/ }).click();
  await page.getByRole('option', { name: 'Meal preparation' }).click();
  await plan.getByRole('button', { name: rotaTexts.plan }).click();
  const clash = plan.getByRole('alert');
  await expect(clash).toContainText(rotaTexts.overlapTitle);
  await expect(clash).toContainText(`Grace Rota${stamp} is already booked with Iris Rota${stamp}`);
  await plan.getByRole('button', { name: rotaTexts.cancel }).click();
  await expect(plan).toBeHidden();
  await expect(blocks).toHaveCount(2);
  await shoot(page, 'rota-week-light');

  // The week after: both visits moved; the Monday one is cancelled with a reason.
  await page.getByRole('button', { name: rotaTexts.nextWeek }).click();
  await expect(page).toHaveURL(new RegExp(`week=${nextMonday}`));
  await expect(blocks).toHaveCount(2);
  await expect(blocks.nth(0)).toContainText('08:30–09:30');
  await expect(blocks.nth(1)).toContainText('08:30–09:30');
  await blocks.nth(0).focus();
  await page.keyboard.press('Space');
  await expect(details).toContainText(long(nextMonday));
  await details.getByRole('button', { name: rotaTexts.cancelVisit }).click();
  const cancel = page.getByRole('dialog', { name: rotaTexts.cancelTitle });
  await cancel.getByRole('button', { name: rotaTexts.confirmCancel }).click();
  await expect(cancel.getByText(visitTexts.reasonRequired)).toBeVisible();
  await cancel.getByRole('textbox', { name: /^Reason/ }).fill('Iris is in hospital');
  await cancel.getByRole('radio', { name: rotaTexts.applyToOne }).check();
  await cancel.getByRole('button', { name: rotaTexts.confirmCancel }).click();
  await expect(page.getByText(rotaTexts.cancelled)).toBeVisible();
  await expect(blocks.nth(0)).toContainText(visitTexts.statusLabels.cancelled);
  await expect(blocks.nth(1)).toContainText(visitTexts.statusLabels.planned);
  const week = (await (await sup.get(`/api/rota?week=${nextMonday}`)).json()) as RotaWeek;
  const mine = week.visits.filter((v) => v.caregiverId === grace.id);
  expect(mine.map((v) => [v.localDate, v.startTime, v.status, v.cancelReason])).toEqual([
    [nextMonday, '08:30', 'cancelled', 'Iris is in hospital'],
    [nextThursday, '08:30', 'planned', null],
  ]);

  // The day view of the first Monday: Grace's visit with its status.
  await page.goto(`/rota?view=day&date=${monday}`);
  const list = page.getByRole('list', { name: rotaTexts.dayListLabel(long(monday)) });
  await expect(list).toContainText(`Iris Rota${stamp}`);
  await expect(list).toContainText(`Grace Rota${stamp}`);
  await expect(list).toContainText(rotaTexts.notCheckedIn);
  const counts = page.getByRole('list', { name: rotaTexts.dayCounts });
  await expect(counts.locator('[data-count="planned"]')).toContainText(/\d+Planned/);
  await shoot(page, 'rota-day');

  // Dark mode.
  await page.goto(`/rota?view=week&week=${monday}`);
  await expect(blocks).toHaveCount(2);
  await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: true });
  await page.reload();
  await expect(blocks).toHaveCount(2);
  await shoot(page, 'rota-week-dark');
  await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: false });
});

test('on a phone at font size 24 the week scrolls sideways inside its own region and nothing is cut off', async ({
  page,
  playwright,
}) => {
  const stamp = Date.now().toString(36);
  const admin = await apiSession(playwright, {
    username: 'e2e-admin',
    password: 'e2e-admin-password',
  });
  const supervisor = await registerAccount('caregiver', {
    privileges: 'supervisor',
    firstName: 'Phil',
    secondName: `Phone${stamp}`,
  });
  await send(admin, 'PATCH', `/api/users/${supervisor.id}`, { request: 'grant' });
  const rhoda = await registerAccount('caregiver', {
    firstName: 'Rhoda',
    secondName: `Phone${stamp}`,
  });
  const vera = await send(admin, 'POST', '/api/patients', {
    firstName: 'Vera',
    lastName: `Phone${stamp}`,
    dob: '1941-02-03',
    gender: 'Female',
    address: '9 Quay Street, Springfield',
    phoneNumber: '555-0150',
    emergencyContact: 'Ned Quay',
    emergencyContactPhone: '555-0151',
  });
  await send(admin, 'POST', `/api/patients/${vera.id}/care-team`, { userId: rhoda.id });
  const settings = (await (await admin.get('/api/agency-settings')).json()) as AgencySettings;
  const today = localParts(new Date(), settings.timeZone).date;
  const sup = await apiSession(playwright, supervisor);
  await send(sup, 'POST', '/api/visits', {
    patientId: vera.id,
    caregiverId: rhoda.id,
    plannedStart: zonedInstant(today, '00:30', settings.timeZone).toISOString(),
    plannedEnd: zonedInstant(today, '01:00', settings.timeZone).toISOString(),
    serviceType: 'nursing',
  });
  await signIn(page, supervisor);
  await send(page.request, 'PUT', '/api/users/me/settings', { fontSize: 24 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/rota');
  await expect(page.getByRole('heading', { level: 1, name: rotaTexts.title })).toBeVisible();
  const grid = page.getByRole('region', { name: rotaTexts.gridLabel });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('button', { name: new RegExp(`Vera Phone${stamp}`) })).toBeVisible();
  // The page itself does not scroll sideways; the grid does.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
  const scroll = await grid.evaluate((el) => ({ inner: el.scrollWidth, outer: el.clientWidth }));
  expect(scroll.inner).toBeGreaterThan(scroll.outer);
  const plan = page.getByRole('button', { name: rotaTexts.planVisit });
  expect((await plan.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await shoot(page, 'rota-phone');
  await page.getByRole('button', { name: rotaTexts.dayView, exact: true }).click();
  await expect(page).toHaveURL(/view=day/);
  await expect(page.getByRole('list', { name: rotaTexts.dayCounts })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await send(page.request, 'PUT', '/api/users/me/settings', { fontSize: 16 });
});
