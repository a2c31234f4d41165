import { expect, test } from './fixtures.ts';

/**
 * The API reference at /api/docs, in a real browser under the app's Content-Security-Policy:
 * it renders the document's operations, and nothing is refused (a refused script or style is a
 * console error, which the fixture fails on, and a `securitypolicyviolation` event, counted here).
 */
test.describe('API reference', () => {
  test('renders the operations of the document with no CSP refusal', async ({ page }) => {
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));

    // Swagger UI draws only the operations near the screen; a deep link opens one where it is.
    const response = await page.goto('/api/docs#/patients/listPatients');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page).toHaveTitle('ElderCare System API reference');

    // The document's title and a known operation, with its method, path, summary and id, open.
    await expect(
      page.getByRole('heading', { level: 1, name: /ElderCare System API/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', {
        name: /^GET \/api\/patients The patients in the caller.s scope.* listPatients$/,
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try it out' })).toBeVisible();
    await expect(page.getByText('Order: name, -name, dateOfBirth').first()).toBeVisible();

    // A restore reads with its action before the id.
    await page.goto('/api/docs#/medical%20records/restoreMedicalRecord');
    await page.reload();
    await expect(
      page.getByRole('button', {
        name: /^POST \/api\/medical-records\/restore\/\{id\} .* restoreMedicalRecord$/,
      }),
    ).toBeVisible();

    expect(violations).toEqual([]);
    // Everything came from this server: no CDN, so the page works offline.
    const origin = new URL(page.url()).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual(
      [],
    );
  });
});
