import { notices } from '../shared/messages.ts';
import { expect, loginThroughUi, registerAccount, test } from './fixtures.ts';

// WCAG 2.4.2, 2.4.3 and 4.1.3: each screen names the tab, focus follows the route to the new
// screen's heading, and notices are said politely without taking focus.

test('after login and each route change focus is on the new heading and the tab is named', async ({
  page,
}) => {
  const doctor = await registerAccount('doctor');
  await loginThroughUi(page, doctor);
  const dashboard = page.getByRole('heading', { level: 1, name: 'Doctor Dashboard' });
  await expect(dashboard).toBeFocused();
  await expect(page).toHaveTitle('Doctor Dashboard – ElderCare System');

  // A sidebar link, taken by keyboard.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Patients' })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeFocused();
  await expect(page).toHaveTitle('Patients – ElderCare System');

  // The next Tab starts at the top of the new screen's content, not back in the sidebar.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
  expect(inMain).toBe(true);

  // A deep link opened afresh keeps the browser's own start, and still names the tab.
  await page.goto('/settings');
  await expect(page).toHaveTitle('Settings – ElderCare System');
});

test('a notice is said through the polite live region, and focus stays put', async ({ page }) => {
  const doctor = await registerAccount('doctor');
  await loginThroughUi(page, doctor);
  await page.goto('/settings');
  const save = page.getByRole('button', { name: 'Save Settings' });
  await save.focus();
  await page.keyboard.press('Enter');
  // The notices' container is a polite live region; the toast a status, not an alert.
  const region = page.locator('section.Toastify');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toContainText(notices.settingsUpdated);
  await expect(region.getByRole('status')).toContainText(notices.settingsUpdated);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(save).toBeFocused();
});
