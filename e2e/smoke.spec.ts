import { expect, test } from './fixtures.ts';

test('/ lands on /login with the page title and the themed login screen', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Login – ElderCare System');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(249, 250, 252)'); // #F9FAFC
});

test('an unknown path shows a not-found page with a way back', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back to the start' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
