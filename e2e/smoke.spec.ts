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

test('the page shell names the product before any script has run; the app takes its place', async ({
  page,
}) => {
  // Scripts held back, as on a slow phone while they download.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const shell = page.locator('#root > .app-shell');
  await expect(shell).toHaveText('ElderCare System');
  await expect(shell).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(shell).toHaveCount(0);
});
