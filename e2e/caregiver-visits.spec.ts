import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, localParts, zonedInstant } from '../shared/dose-schedule.ts';
import { visitDayTexts, visitTexts } from '../shared/messages.ts';
import type { AgencySettings } from '../shared/schemas/doses.ts';
import type { Visit } from '../shared/schemas/visits.ts';
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

test.use({ viewport: { width: 390, height: 844 } });

const MINUTE = 60_000;

/** The height of a control a thumb has to find. */
async function expectBigTarget(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
}

/** A screenshot of what the phone's screen shows (a dialog fills it), when asked for. */
async function shootScreen(page: Page, name: string) {
  if (!screenshots) return;
  // Let the dialog's fade-in finish.
  await page.waitForTimeout(500);
  for (const notice of await page.locator('.Toastify__toast').all()) await notice.click();
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
}

interface Setup {
  stamp: string;
  zone: string;
  today: string;
  doctorApi: APIRequestContext;
  caregiver: Account;
}

/** A doctor, a caregiver on a care team, and the agency's zone. */
async function setUp(playwright: Parameters<typeof apiSession>[0], name: string): Promise<Setup> {
  // Letters only: a digit in a name could read as an account id on the screen.
  const stamp = Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
  const doctor = await registerAccount('doctor', { firstName: 'Cora', secondName: `Plan${stamp}` });
  const caregiver = await registerAccount('caregiver', {
    firstName: name,
    secondName: `Visit${stamp}`,
  });
  const doctorApi = await apiSession(playwright, doctor);
  const settings = (await (await doctorApi.get('/api/agency-settings')).json()) as AgencySettings;
  const today = localParts(new Date(), settings.timeZone).date;
  return { stamp, zone: settings.timeZone, today, doctorApi, caregiver };
}

/** A patient with the caregiver on their care team (the doctor creating it is on it too). */
async function addPatient(setup: Setup, firstName: string, address: string) {
  const created = await send(setup.doctorApi, 'POST', '/api/patients', {
    firstName,
    lastName: `Home${setup.stamp}`,
    dob: '1936-02-11',
    gender: 'Female',
    address,
    phoneNumber: '555-0170',
    emergencyContact: 'Rob Home',
    emergencyContactPhone: '555-0171',
  });
  await send(setup.doctorApi, 'POST', `/api/patients/${created.id}/care-team`, {
    userId: setup.caregiver.id,
  });
  return { id: created.id, name: `${firstName} Home${setup.stamp}` };
}

/** Plans a visit through the API, as a doctor on the care team does from the rota. */
async function planVisit(
  setup: Setup,
  patientId: number,
  start: Date,
  minutes: number,
  fields: { serviceType?: string; tasks?: string[]; instructions?: string } = {},
): Promise<Visit> {
  const res = await setup.doctorApi.post('/api/visits', {
    headers: { 'X-Requested-With': 'ElderCare' },
    data: {
      patientId,
      caregiverId: setup.caregiver.id,
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + minutes * MINUTE).toISOString(),
      serviceType: fields.serviceType ?? 'personal-care',
      instructions: fields.instructions ?? '',
      tasks: fields.tasks ?? [],
    },
  });
  expect(res.ok(), `POST /api/visits: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Visit;
}

const visitOf = async (request: APIRequestContext, id: number) => {
  const res = await request.get(`/api/visits/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Visit;
};

test("a caregiver's day on a phone: check in sharing the position, check out with the tasks and a progress report; the patient sees who is coming", async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(150_000);
  const setup = await setUp(playwright, 'Gil');
  const iris = await addPatient(setup, 'Iris', '3 Mill Lane, Springfield');
  const owen = await addPatient(setup, 'Owen', '12 Church Street, Springfield');

  // Now (started five minutes ago), and one later today whose check-in is not open yet.
  const now = await planVisit(setup, iris.id, new Date(Date.now() - 5 * MINUTE), 60, {
    tasks: ['Help with shower', 'Prepare lunch'],
    instructions: 'Key in the safe by the door',
  });
  const laterStart = new Date(Date.now() + 120 * MINUTE);
  const laterToday = localParts(laterStart, setup.zone).date === setup.today;
  const later = await planVisit(setup, owen.id, laterStart, 45, {
    serviceType: 'meal-preparation',
    tasks: ['Prepare dinner'],
  });
  // Iris's coming visits: tomorrow at 10:00, and one the day after that is called off.
  const tomorrow = addDays(setup.today, 1);
  const coming = await planVisit(setup, iris.id, zonedInstant(tomorrow, '10:00', setup.zone), 60, {
    serviceType: 'companionship',
  });
  const calledOff = await planVisit(
    setup,
    iris.id,
    zonedInstant(addDays(setup.today, 2), '10:00', setup.zone),
    60,
  );
  await send(setup.doctorApi, 'POST', `/api/visits/${calledOff.id}/cancel`, {
    reason: 'Family visiting',
  });

  // The caregiver's phone shares its position.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 51.5074, longitude: -0.1278, accuracy: 12 });
  await signIn(page, setup.caregiver);
  await page.goto('/caregiver-dashboard');
  const card = page.getByRole('region', { name: visitDayTexts.title });
  await expect(card).toBeVisible();
  // First on the dashboard: the first card under the page's heading.
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(visitDayTexts.title);

  const irisBlock = card.getByRole('region', { name: new RegExp(iris.name) });
  const timeOf = (at: string | number) => localParts(new Date(at), setup.zone).time;
  await expect(irisBlock.getByRole('heading', { level: 3 })).toHaveText(
    `${visitTexts.timeRange(timeOf(now.plannedStart), timeOf(now.plannedEnd))} ${iris.name}`,
  );
  await expect(irisBlock.getByRole('link', { name: iris.name })).toHaveAttribute(
    'href',
    `/patients/${iris.id}`,
  );
  await expect(irisBlock).toContainText('3 Mill Lane, Springfield');
  await expect(irisBlock.getByRole('link', { name: 'Call 555-0170' })).toHaveAttribute(
    'href',
    'tel:5550170',
  );
  await expect(irisBlock).toContainText('Key in the safe by the door');
  await expect(irisBlock).toContainText(visitTexts.serviceTypeLabels['personal-care']);
  await expect(irisBlock.getByText(visitTexts.statusLabels.planned, { exact: true })).toBeVisible();
  await expect(irisBlock.getByRole('listitem')).toHaveText(['Help with shower', 'Prepare lunch']);
  await expectBigTarget(page, visitDayTexts.checkInAction(iris.name));
  if (laterToday) {
    const owenBlock = card.getByRole('region', { name: new RegExp(owen.name) });
    const opens = timeOf(Date.parse(later.plannedStart) - 60 * MINUTE);
    await expect(
      owenBlock.getByRole('button', { name: visitDayTexts.checkInAction(owen.name) }),
    ).toBeDisabled();
    await expect(owenBlock).toContainText(visitDayTexts.checkInOpensAt(opens));
  }
  await expectNoSidewaysScroll(page);
  await shoot(page, 'caregiver-visits-phone');

  // Check in: what happens to the position is said first, then the browser shares it.
  await page.getByRole('button', { name: visitDayTexts.checkInAction(iris.name) }).click();
  const checkIn = page.getByRole('dialog', { name: visitDayTexts.checkInTitle(iris.name) });
  await expect(checkIn).toContainText(visitDayTexts.positionExplain);
  await checkIn.getByRole('button', { name: visitDayTexts.checkInConfirm }).click();
  await expect(
    page.getByText(/^Checked in at \d{2}:\d{2} · position shared \(±12 m\)$/).first(),
  ).toBeVisible();
  await expect(checkIn).toBeHidden();
  await expect(
    irisBlock.getByText(visitTexts.statusLabels['in-progress'], { exact: true }),
  ).toBeVisible();
  const checkedIn = await visitOf(page.request, now.id);
  expect(checkedIn).toMatchObject({
    status: 'in-progress',
    checkInLocation: 'shared',
    checkInLatitude: 51.5074,
    checkInLongitude: -0.1278,
    checkInAccuracy: 12,
  });

  // Check out: every task, a reason for the one not done, a note, and a progress report.
  await expectBigTarget(page, visitDayTexts.checkOutAction(iris.name));
  await page.getByRole('button', { name: visitDayTexts.checkOutAction(iris.name) }).click();
  const checkOut = page.getByRole('dialog', { name: visitDayTexts.checkOutTitle(iris.name) });
  await checkOut.getByRole('button', { name: visitDayTexts.checkOutConfirm }).click();
  await expect(checkOut.getByText(visitTexts.taskOutcomesRequired)).toHaveCount(2);
  await checkOut
    .getByRole('radiogroup', { name: 'Help with shower' })
    .getByRole('radio', { name: 'Done', exact: true })
    .check();
  await checkOut
    .getByRole('radiogroup', { name: 'Prepare lunch' })
    .getByRole('radio', { name: 'Not done' })
    .check();
  await checkOut.getByRole('button', { name: visitDayTexts.checkOutConfirm }).click();
  await expect(checkOut.getByText(visitTexts.taskReasonRequired)).toBeVisible();
  await checkOut
    .getByRole('textbox', { name: visitDayTexts.taskReason('Prepare lunch') })
    .fill('She had eaten with her daughter');
  const note = `Cheerful today, walked to the garden ${setup.stamp}`;
  await checkOut.getByRole('textbox', { name: visitTexts.note }).fill(note);
  await checkOut.getByRole('checkbox', { name: visitDayTexts.createReport }).check();
  const doneChoice = checkOut
    .getByRole('radiogroup', { name: 'Help with shower' })
    .locator('label')
    .first();
  expect((await doneChoice.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
  // The dialog from its top (filling in the fields scrolled it down).
  await checkOut.locator('.MuiDialogContent-root').evaluate((el) => el.scrollTo(0, 0));
  await shootScreen(page, 'caregiver-visits-check-out');
  await checkOut.getByRole('button', { name: visitDayTexts.checkOutConfirm }).click();
  await expect(
    page.getByText(/^Checked out at \d{2}:\d{2} · position shared \(±12 m\)$/).first(),
  ).toBeVisible();
  await expect(page.getByText(visitDayTexts.reportFiled).first()).toBeVisible();
  await expect(checkOut).toBeHidden();
  await expect(
    irisBlock.getByText(visitTexts.statusLabels.completed, { exact: true }),
  ).toBeVisible();
  await expect(irisBlock).toContainText(
    'Prepare lunch — Not done: She had eaten with her daughter',
  );
  const checkedOut = await visitOf(page.request, now.id);
  expect(checkedOut.status).toBe('completed');
  expect(checkedOut.progressReportId).not.toBeNull();

  // Tomorrow, through the day switcher: Iris's next visit, its check-in not open yet.
  await card.getByRole('button', { name: visitDayTexts.nextDay }).click();
  const tomorrowCard = page.getByRole('region', { name: /^My visits on / });
  const tomorrowBlock = tomorrowCard.getByRole('region', { name: new RegExp(iris.name) });
  await expect(tomorrowBlock).toContainText(visitTexts.serviceTypeLabels.companionship);
  await expect(
    tomorrowBlock.getByRole('button', { name: visitDayTexts.checkInAction(iris.name) }),
  ).toBeDisabled();
  await tomorrowCard.getByRole('button', { name: visitDayTexts.today }).click();
  await expect(card.getByRole('region', { name: new RegExp(iris.name) })).toContainText(
    visitTexts.statusLabels.completed,
  );

  // The report is on the progress report list.
  await page.goto('/progress-report');
  await expect(page.getByText(note).first()).toBeVisible();

  // The same day in dark mode at a large font: nothing cut off.
  await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: true, fontSize: 24 });
  try {
    await page.goto('/caregiver-dashboard');
    await expect(card.getByRole('region', { name: new RegExp(iris.name) })).toContainText(
      visitTexts.statusLabels.completed,
    );
    await expectNoSidewaysScroll(page);
    if (laterToday) await expectBigTarget(page, visitDayTexts.checkInAction(owen.name));
    await shoot(page, 'caregiver-visits-phone-dark');
  } finally {
    await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: false, fontSize: 16 });
  }

  // The patient sees who is coming and when, and the visit called off.
  const patientAccount = await registerAccount('patient', {
    firstName: 'Iris',
    secondName: `Home${setup.stamp}`,
  });
  await send(setup.doctorApi, 'PUT', `/api/patients/${iris.id}/account`, {
    username: patientAccount.username,
  });
  await signIn(page, patientAccount);
  await page.goto('/patient-dashboard');
  const upcoming = page.getByRole('region', { name: visitDayTexts.upcomingTitle });
  const items = upcoming.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(
    `${visitDayTexts.comingWho}: ${setup.caregiver.firstName} ${setup.caregiver.secondName}`,
  );
  await expect(items.first()).toContainText(visitTexts.timeRange('10:00', '11:00'));
  await expect(items.first()).toContainText(visitTexts.serviceTypeLabels.companionship);
  await expect(items.nth(1)).toContainText(visitTexts.statusLabels.cancelled);
  await expect(items.nth(1)).toContainText(visitDayTexts.cancelledReason('Family visiting'));
  // No account ids on the screen: no number of its own beside the times and dates.
  const words = (await upcoming.innerText())
    .replace(/\b\d{1,2}:\d{2}\b/g, ' ')
    .replace(/\b[A-Z][a-z]{2,8}\.? \d{1,2}\b/g, ' ')
    .replace(/\b\d{4}\b/g, ' ');
  expect(words).not.toMatch(new RegExp(`\\b${setup.caregiver.id}\\b`));
  expect(coming.id).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'patient-upcoming-visits');
});

test('a caregiver who does not share the position checks in all the same, recorded as refused', async ({
  page,
  playwright,
}) => {
  const setup = await setUp(playwright, 'Hal');
  const ruth = await addPatient(setup, 'Ruth', '8 Oak Avenue, Springfield');
  const visit = await planVisit(setup, ruth.id, new Date(Date.now() - 2 * MINUTE), 30, {
    tasks: ['Check skin for pressure areas'],
  });
  // No permission granted: the browser refuses the position.
  await signIn(page, setup.caregiver);
  await page.goto('/caregiver-dashboard');
  await page.getByRole('button', { name: visitDayTexts.checkInAction(ruth.name) }).click();
  const dialog = page.getByRole('dialog', { name: visitDayTexts.checkInTitle(ruth.name) });
  await dialog.getByRole('button', { name: visitDayTexts.checkInConfirm }).click();
  await expect(
    page.getByText(/^Checked in at \d{2}:\d{2} · position not shared$/).first(),
  ).toBeVisible();
  const saved = await visitOf(page.request, visit.id);
  expect(saved).toMatchObject({
    status: 'in-progress',
    checkInLocation: 'refused',
    checkInLatitude: null,
    checkInLongitude: null,
    checkInAccuracy: null,
  });
  // The check-out dialog in dark mode at a large font: every choice whole on the phone.
  await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: true, fontSize: 24 });
  try {
    await page.goto('/caregiver-dashboard');
    await page.getByRole('button', { name: visitDayTexts.checkOutAction(ruth.name) }).click();
    const checkOut = page.getByRole('dialog', { name: visitDayTexts.checkOutTitle(ruth.name) });
    const task = checkOut.getByRole('radiogroup', { name: 'Check skin for pressure areas' });
    await task.getByRole('radio', { name: 'Not done' }).check();
    await expect(
      checkOut.getByRole('textbox', {
        name: visitDayTexts.taskReason('Check skin for pressure areas'),
      }),
    ).toBeVisible();
    for (const choice of await task.locator('label').all()) {
      const box = await choice.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    const overflow = await checkOut
      .locator('.MuiDialogContent-root')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shootScreen(page, 'caregiver-visits-check-out-dark');
    await checkOut.getByRole('button', { name: visitDayTexts.cancel }).click();
    await expect(checkOut).toBeHidden();
  } finally {
    await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: false, fontSize: 16 });
  }

  // A second check-in (a retried request) is refused with the time of the first, and changes
  // nothing.
  const retry = await page.request.post(`/api/visits/${visit.id}/check-in`, {
    headers: { 'X-Requested-With': 'ElderCare' },
    data: { location: { status: 'refused' } },
  });
  expect(retry.status()).toBe(409);
  expect((await visitOf(page.request, visit.id)).checkInAt).toBe(saved.checkInAt);
});
