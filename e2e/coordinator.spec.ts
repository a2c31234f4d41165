import type { APIRequestContext } from '@playwright/test';
import {
  apiErrors,
  chartTexts,
  coordinatorTexts,
  rotaTexts,
  screenAccessTexts,
  timesheetTexts,
  visitTexts,
} from '../shared/messages.ts';
import { expectAccessible } from './support/a11y.ts';
import { setTheme } from './support/a11y-screens.ts';
import {
  apiSession,
  expect,
  registerAccount,
  send,
  shoot,
  signIn,
  test,
  type Account,
} from './fixtures.ts';

test.use({ viewport: { width: 1366, height: 900 } });

/** The bootstrap admin of e2e/global-setup.ts, who appoints the coordinator. */
const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };

const minute = 60_000;
/** Now, to the minute, moved by some minutes: visits are planned on whole minutes. */
const at = (minutes: number) =>
  new Date(Math.floor(Date.now() / minute) * minute + minutes * minute);

const nameOf = (a: Account) => `${a.firstName} ${a.secondName}`;

interface World {
  coordinator: Account;
  grace: Account;
  tom: Account;
  patient: { id: number; name: string };
  doctorApi: APIRequestContext;
}

/**
 * The agency through the API: an office coordinator appointed by the admin, a doctor with a
 * patient who has a recorded allergy, and two caregivers on the patient's care team. Grace's
 * visit started 40 minutes ago and she has not checked in (late); a second visit, under way
 * since 5 minutes ago, has nobody assigned. Both overlap now, so both are today's whatever the
 * hour.
 */
async function setUp(playwright: Parameters<typeof apiSession>[0]): Promise<World> {
  const stamp = Date.now().toString(36);
  const coordinator = await registerAccount('caregiver', {
    privileges: 'editor',
    firstName: 'Olive',
    secondName: `Office${stamp}`,
  });
  const adminApi = await apiSession(playwright, admin);
  await send(adminApi, 'PATCH', `/api/users/${coordinator.id}`, { role: 'coordinator' });
  const doctor = await registerAccount('doctor', { firstName: 'Cora', secondName: `Plan${stamp}` });
  const grace = await registerAccount('caregiver', {
    firstName: 'Grace',
    secondName: `Round${stamp}`,
  });
  const tom = await registerAccount('caregiver', { firstName: 'Tom', secondName: `Round${stamp}` });
  const doctorApi = await apiSession(playwright, doctor);
  const created = await send(doctorApi, 'POST', '/api/patients', {
    firstName: 'Iris',
    lastName: `Office${stamp}`,
    dob: '1938-05-14',
    gender: 'Female',
    address: '3 Mill Lane, Springfield',
    phoneNumber: '555-0140',
    emergencyContact: 'Rob Mill',
    emergencyContactPhone: '555-0141',
  });
  await send(doctorApi, 'POST', '/api/allergies', {
    patientId: created.id,
    substance: 'Penicillin',
    reaction: 'Hives',
    onset: '2019-05-01',
    status: 'active',
  });
  for (const member of [grace, tom]) {
    await send(doctorApi, 'POST', `/api/patients/${created.id}/care-team`, { userId: member.id });
  }
  const plan = (caregiver: Account | null, start: Date, end: Date) =>
    send(doctorApi, 'POST', '/api/visits', {
      patientId: created.id,
      caregiverId: caregiver?.id ?? null,
      plannedStart: start.toISOString(),
      plannedEnd: end.toISOString(),
      serviceType: 'personal-care',
      tasks: [],
    });
  await plan(grace, at(-40), at(80));
  await plan(null, at(-5), at(55));
  return {
    coordinator,
    grace,
    tom,
    patient: { id: created.id, name: `Iris Office${stamp}` },
    doctorApi,
  };
}

test('a coordinator lands on their dashboard, sees the late and unassigned visits, assigns a caregiver, and reads a chart without its clinical facts', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const w = await setUp(playwright);
  await signIn(page, w.coordinator);
  // A screen typed in without its permission (a patient's own appointments) says so, with the
  // way back, instead of the error of a list the server refuses.
  await page.goto('/patient-appointments');
  await expect(page.getByRole('alert')).toHaveText(
    `${apiErrors.forbidden}. ${screenAccessTexts.refused}`,
  );
  await expect(page.getByText('Error fetching appointments')).toHaveCount(0);
  await page.getByRole('link', { name: screenAccessTexts.toDashboard }).click();
  await expect(page).toHaveURL(/\/coordinator-dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/coordinator-dashboard$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Coordinator Dashboard' }),
  ).toBeVisible();

  // The sidebar: the office's screens, no clinical list.
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Dashboard', 'Patients', 'Rota', 'Timesheets', 'Notifications']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  for (const name of ['Appointments', 'Medical Records', 'Prescriptions & Medication']) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  }

  // Grace's visit is late; the other has nobody.
  const late = page.getByRole('list', { name: coordinatorTexts.lateListLabel });
  await expect(late).toContainText(w.patient.name);
  await expect(late).toContainText(nameOf(w.grace));
  const unassigned = page.getByRole('list', { name: coordinatorTexts.unassignedListLabel });
  await expect(unassigned).toContainText(w.patient.name);
  await expectAccessible(page, 'coordinator dashboard');
  await shoot(page, 'coordinator-dashboard');

  // Assign Tom from the dashboard.
  await unassigned.getByRole('button', { name: /^Assign a caregiver/ }).click();
  const dialog = page.getByRole('dialog', { name: rotaTexts.editTitle });
  await dialog.getByRole('combobox', { name: visitTexts.caregiver }).click();
  await page.getByRole('option', { name: nameOf(w.tom) }).click();
  await dialog.getByRole('button', { name: rotaTexts.save }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(coordinatorTexts.noUnassigned)).toBeVisible();
  const all = page
    .getByRole('list', { name: coordinatorTexts.allListLabel })
    .or(page.getByRole('table', { name: coordinatorTexts.allListLabel }));
  await expect(all).toContainText(nameOf(w.tom));

  // The chart: details, care team and visits; no allergy, no clinical tab, no care summary.
  await page.goto(`/patients/${w.patient.id}`);
  await expect(page.getByRole('heading', { level: 1, name: w.patient.name })).toBeVisible();
  await expect(page.getByRole('tab', { name: timesheetTexts.visitsTab })).toBeVisible();
  await expect(page.getByRole('tab', { name: chartTexts.tabs.details })).toBeVisible();
  for (const name of [
    chartTexts.tabs.medicalRecords,
    chartTexts.tabs.prescriptions,
    chartTexts.tabs.vitals,
    chartTexts.tabs.problems,
  ]) {
    await expect(page.getByRole('tab', { name })).toHaveCount(0);
  }
  await expect(page.getByText('Penicillin')).toHaveCount(0);
  await expect(page.getByRole('link', { name: chartTexts.printSummary })).toHaveCount(0);
  await expectAccessible(page, 'a chart as a coordinator');

  // The server refuses the clinical record itself.
  const coordinatorApi = await apiSession(playwright, w.coordinator);
  for (const url of [
    `/api/allergies/patient/${w.patient.id}`,
    `/api/medical-records/patient/${w.patient.id}`,
  ]) {
    expect((await coordinatorApi.get(url)).status(), url).toBe(403);
  }

  // On a phone the dashboard reads without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/coordinator-dashboard');
  await expect(page.getByRole('list', { name: coordinatorTexts.lateListLabel })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shoot(page, 'coordinator-dashboard-phone');

  // Dark, on the phone: the tiles and chips keep their contrast.
  await setTheme(page, 'dark');
  await page.goto('/coordinator-dashboard');
  await expect(page.getByRole('list', { name: coordinatorTexts.lateListLabel })).toBeVisible();
  await expectAccessible(page, 'coordinator dashboard, dark, phone');
  await shoot(page, 'coordinator-dashboard-phone-dark');
  await setTheme(page, 'light');
});
