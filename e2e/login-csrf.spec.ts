import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, registerAccount, test, type Account } from './fixtures.ts';

/**
 * An attacker's page on another origin (another port of the same host: another origin, and the
 * same site) that signs whoever opens it into the attacker's account with a multipart form
 * posted to the app's login, submitted as soon as it loads.
 */
function attackerPage(target: string, attacker: Account): string {
  return `<!doctype html>
<html><body>
<form id="f" method="POST" enctype="multipart/form-data" action="${target}/api/users/login">
  <input name="username" value="${attacker.username}">
  <input name="password" value="${attacker.password}">
</form>
<script>document.getElementById('f').submit();</script>
</body></html>`;
}

test.describe('login CSRF', () => {
  let attacker: Account;
  let server: Server;
  let evilOrigin: string;

  test.beforeAll(async ({ baseURL }) => {
    attacker = await registerAccount('patient');
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(attackerPage(baseURL!, attacker));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    evilOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test('a page on another origin that auto-submits a multipart login does not sign the victim in', async ({
    page,
    baseURL,
  }) => {
    const loginAnswer = page.waitForResponse((response) =>
      response.url().endsWith('/api/users/login'),
    );
    await page.goto(`${evilOrigin}/`);
    const answer = await loginAnswer;
    expect(answer.status()).toBe(403);

    const cookies = await page.context().cookies(baseURL!);
    expect(cookies.find((cookie) => cookie.name === 'ec_session')).toBeUndefined();

    // The victim then opens the app: still signed out, sent to the login screen.
    await page.goto(`${baseURL}/dashboard`);
    await expect(page).toHaveURL(/\/login/);
    const me = await page.request.get(`${baseURL}/api/users/me`);
    expect(me.status()).toBe(401);
  });

  test('the app’s own login form still signs in', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(attacker.username);
    await page.getByLabel('Password').fill(attacker.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/dashboard/);
  });
});
