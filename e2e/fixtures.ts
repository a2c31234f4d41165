import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright test');
  return url;
};

// Chromium reports every 4xx answer as a console error; an expected refusal (a wrong password,
// a 401 for a guest) is not an application error, so only those network lines are let through.
const expectedNetworkNoise = /Failed to load resource: the server responded with a status of 4\d\d/;

export type Role = 'doctor' | 'caregiver' | 'patient';

export interface Account {
  username: string;
  password: string;
  firstName: string;
  secondName: string;
  role: Role;
  id: number;
}

let counter = 0;

/** Registers an account through the API (the way a sign-up would) and returns it. */
export async function registerAccount(
  role: Role,
  options: { privileges?: string; firstName?: string; secondName?: string } = {},
): Promise<Account> {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const account = {
    username: `${role}-${stamp}`,
    password: 'a-long-enough-password',
    firstName: options.firstName ?? `${role[0]!.toUpperCase()}${role.slice(1)}`,
    secondName: options.secondName ?? `Tester${counter}`,
    role,
  };
  const res = await fetch(`${baseUrl()}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...account,
      email: `${account.username}@example.test`,
      primaryLocation: 'Springfield',
      privileges: options.privileges ?? 'editor',
    }),
  });
  if (!res.ok) throw new Error(`register ${role} failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { id?: number };
  return { ...account, id: body.id ?? 0 };
}

/**
 * Signs the page's browser context in through the API (the session cookie lands in the
 * context), for tests whose subject is not the login screen itself.
 */
export async function loginViaApi(page: Page, account: Pick<Account, 'username' | 'password'>) {
  const res = await page.request.post('/api/users/login', {
    data: { username: account.username, password: account.password },
  });
  if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
}

/** Logs in through the login screen and waits for the dashboard. */
export async function loginThroughUi(page: Page, account: Pick<Account, 'username' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/dashboard/);
}

/** A signed-in browser's writes carry this header (a cross-site form cannot set it). */
export const writeHeaders = { 'X-Requested-With': 'ElderCare' };

/** Signs the page in afresh as `account`, dropping whoever was signed in before. */
export async function signIn(page: Page, account: Pick<Account, 'username' | 'password'>) {
  await page.context().clearCookies();
  await loginViaApi(page, account);
}

/** An API context of its own, signed in as `account`, for setting up data without a page. */
export async function apiSession(
  playwright: { request: { newContext(o: object): Promise<APIRequestContext> } },
  account: Pick<Account, 'username' | 'password'>,
) {
  const context = await playwright.request.newContext({ baseURL: baseUrl() });
  const res = await context.post('/api/users/login', {
    data: { username: account.username, password: account.password },
  });
  expect(res.ok(), `login ${account.username}: ${res.status()}`).toBe(true);
  return context;
}

/**
 * A write through the API (a page's `page.request` or an apiSession) that the test needs to
 * succeed: a refusal fails the test with the server's answer. Answers the created or changed
 * record's id (0 for a 204).
 */
export async function send(
  request: APIRequestContext,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<{ id: number }> {
  const res = await request.fetch(url, { method, data, headers: writeHeaders });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? { id: 0 } : ((await res.json()) as { id: number });
}

/** Screenshots for the docs are taken only when asked: SCREENSHOTS=1 npx playwright test ... */
export const screenshots = Boolean(process.env.SCREENSHOTS);

/** Saves a full-page screenshot for the docs when asked for. */
export async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  // Notices would cover the page's own buttons: close them first (they close on click).
  for (const notice of await page.locator('.Toastify__toast').all()) await notice.click();
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

export const test = base.extend<{ consoleErrors: string[]; strictConsole: boolean }>({
  /**
   * Whether even a 4xx line counts: a screen visited as its user would (no refusal provoked)
   * logs nothing at all, not even for an expected state such as a guest on /login.
   */
  strictConsole: [false, { option: true }],
  // Playwright reads the fixture's parameters from this destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  consoleErrors: [
    async ({ page, strictConsole }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (strictConsole || !expectedNetworkNoise.test(message.text())) {
          const where = message.location().url;
          errors.push(`${message.text()}${where ? ` (${where})` : ''} on ${page.url()}`);
        }
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Searches the Users screen for one account and waits until the list holds its row alone: a
 * button clicked while the list is still changing under the pointer can miss.
 */
export async function searchUsers(page: Page, username: string) {
  await page.getByLabel('Search users').fill(username);
  const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(username);
  return rows;
}
