import path from 'node:path';
import type { Page } from '@playwright/test';
import { notices } from '../shared/messages.ts';
import { expect, loginThroughUi, registerAccount, test } from './fixtures.ts';
import { projectRoot } from './support/server.ts';

// Screenshots of the account screens for checking by eye against the seed's visual theme. They
// replace the ones in docs/ only when asked (SCREENSHOTS=1 npx playwright test ...); otherwise
// they go with the test's results, so a test run leaves the tree as it was.
const shot = (name: string) =>
  process.env.SCREENSHOTS
    ? path.join(projectRoot, 'docs', 'screenshots', `${name}.png`)
    : test.info().outputPath(`${name}.png`);

/** Waits until the notices have closed (5 s), so they do not cover the screen. */
async function closeToasts(page: Page) {
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
}

test('screenshots: Login and Sign Up', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.screenshot({ path: shot('login'), fullPage: true });

  await page.goto('/signup');
  await page.getByLabel('Privileges').selectOption('supervisor');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await page.screenshot({ path: shot('signup'), fullPage: true });
});

test('screenshots: the doctor layout open and collapsed, Settings in dark mode', async ({
  page,
}) => {
  const doctor = await registerAccount('doctor', { firstName: 'Grace', secondName: 'Hopper' });
  await loginThroughUi(page, doctor);
  await closeToasts(page);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: shot('doctor-layout-open') });

  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await page.waitForTimeout(500);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link').nth(1).hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await page.waitForTimeout(400); // the tooltip's fade-in
  await page.screenshot({ path: shot('doctor-layout-collapsed') });
  await page.getByRole('button', { name: 'Expand menu' }).click();

  await page.goto('/settings');
  await page.getByLabel('Dark Mode').check();
  await expect(page.getByText(notices.themeDark)).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: shot('settings-dark') });
});

test('screenshots: Profile and the admin Users screen', async ({ page }) => {
  await registerAccount('caregiver', { privileges: 'supervisor' });
  await page.setViewportSize({ width: 1280, height: 960 });
  await loginThroughUi(page, { username: 'e2e-admin', password: 'e2e-admin-password' });
  await page.goto('/profile');
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await page.waitForTimeout(300);
  await page.screenshot({ path: shot('profile') });
  await closeToasts(page);
  await page.goto('/users');
  await expect(page.getByRole('button', { name: /^Approve/ }).first()).toBeVisible();
  await page.screenshot({ path: shot('users') });
});
