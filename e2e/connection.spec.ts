import type { Route } from '@playwright/test';
import { apiErrors, connectionTexts } from '../shared/messages.ts';
import { expect, loginViaApi, registerAccount, test } from './fixtures.ts';

/** Every API call answered as the server does while its database is away. */
const outage = (route: Route) =>
  route.fulfill({
    status: 503,
    contentType: 'application/json',
    headers: { 'Retry-After': '5' },
    body: JSON.stringify({ message: apiErrors.unavailable }),
  });

test('an outage shows one calm reconnecting notice, no error notices, and clears once the server answers', async ({
  page,
  consoleErrors,
}) => {
  const doctor = await registerAccount('doctor');
  await loginViaApi(page, doctor);
  await page.goto('/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  const status = page.getByTestId('connection-status');
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).toBeEmpty();

  await page.route('**/api/**', outage);
  await page.getByRole('link', { name: 'Appointments' }).first().click();
  await expect(status).toContainText(connectionTexts.reconnecting);
  await expect(status).toContainText(connectionTexts.workKept);
  // The first health check has come and gone: still no red notice.
  await page.waitForRequest('**/api/health');
  await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);

  await page.unroute('**/api/**', outage);
  await expect(status).toContainText(connectionTexts.reconnected);
  await expect(status).toBeEmpty();
  await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);

  // The browser reports each 503 it was given; those were the point of the test.
  const others = consoleErrors.filter((line) => !/status of 503/.test(line));
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
