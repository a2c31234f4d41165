import { ADMIN, buildWorld, type World } from './support/a11y-screens.ts';
import { expect, loginViaApi, shoot, test } from './fixtures.ts';

/*
 * People, not ids: a patient reads staff by name only; staff keep the seed's id columns with
 * the name beside them; the audit log's filters are pickers by name.
 */
let world: World;
test.beforeAll(async ({ playwright }) => {
  world = await buildWorld(playwright);
});

const doctorName = () => `${world.doctor.firstName} ${world.doctor.secondName}`;
const caregiverName = () => `${world.caregiver.firstName} ${world.caregiver.secondName}`;

test('a patient sees the doctor and caregiver by name, never their ids', async ({ page }) => {
  await loginViaApi(page, world.patient);
  await page.goto('/medical-records');
  const records = page.getByRole('table', { name: /medical records/i });
  await expect(records.getByRole('columnheader', { name: 'Doctor', exact: true })).toBeVisible();
  await expect(records.getByRole('columnheader', { name: 'Doctor ID' })).toHaveCount(0);
  await expect(records.getByRole('cell', { name: doctorName(), exact: true })).toBeVisible();

  await page.goto('/progress-report');
  const reports = page.getByRole('table', { name: /progress report/i });
  await expect(reports.getByRole('columnheader', { name: 'Caregiver', exact: true })).toBeVisible();
  await expect(reports.getByRole('cell', { name: caregiverName(), exact: true })).toBeVisible();
  await expect(reports).not.toContainText(`${world.caregiver.id}${caregiverName()}`);

  // Their own chart: the care team by name and role, no usernames.
  await page.goto(`/patients/${world.patientId}`);
  await page.getByRole('tab', { name: 'Details' }).click();
  const team = page.getByRole('table', { name: 'Care Team' });
  await expect(team.getByRole('cell', { name: doctorName(), exact: true })).toBeVisible();
  await expect(team.getByRole('columnheader', { name: 'Username' })).toHaveCount(0);
  await expect(team).not.toContainText(world.doctor.username);
});

test('staff keep the id columns with the name beside them', async ({ page }) => {
  await loginViaApi(page, world.doctor);
  await page.goto('/medical-records');
  const records = page.getByRole('table', { name: /medical records/i });
  await expect(records.getByRole('columnheader', { name: 'Doctor ID' })).toBeVisible();
  await expect(
    records.getByRole('cell', { name: `${world.doctor.id} ${doctorName()}` }),
  ).toBeVisible();
});

test('the audit log is filtered by choosing a user by name or username', async ({ page }) => {
  await loginViaApi(page, ADMIN);
  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const userFilter = page.getByRole('combobox', { name: 'User' });
  await userFilter.fill(world.caregiver.username);
  const option = page.getByRole('option', {
    name: `${caregiverName()} (${world.caregiver.username}) (ID ${world.caregiver.id})`,
  });
  await option.click();
  await expect(page).toHaveURL(new RegExp(`userId=${world.caregiver.id}`));
  // Every entry listed is the chosen person's, once the filtered page has replaced the first.
  const bodyRows = page.locator('tbody tr');
  await expect
    .poll(async () => {
      const texts = await bodyRows.allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes(`(ID ${world.caregiver.id})`));
    })
    .toBe(true);
  await shoot(page, 'audit-user-picker-desktop');
  // On a phone the picker opens full width, options by name.
  await page.setViewportSize({ width: 390, height: 844 });
  await userFilter.fill(world.caregiver.secondName);
  await expect(option).toBeVisible();
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: 'docs/screenshots/audit-user-picker-phone.png' });
  }
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(userFilter).toHaveValue('');
});
