import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type APIResponse } from '@playwright/test';
import { appUpdateTexts, timesheetTexts } from '../shared/messages.ts';
import { expect, loginViaApi, registerAccount, test } from './fixtures.ts';
import { dropOfflineNoise, waitForServiceWorker } from './support/offline-world.ts';
import { startServer } from './support/server.ts';

// The rest of the suite blocks service workers (playwright.config.ts); these tests are about it.
test.use({ serviceWorkers: 'allow' });

/** A PNG's width and height, read from its header. */
async function pngSize(res: APIResponse) {
  const body = await res.body();
  expect(body.subarray(1, 4).toString()).toBe('PNG');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

test('the web manifest is linked and valid, with its icons and the theme colour', async ({
  page,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as {
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'ElderCare System',
    short_name: 'ElderCare',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#2170CD',
    background_color: '#F9FAFC',
  });
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
    expect(await pngSize(image), icon.src).toBe(icon.sizes);
  }
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(await pngSize(await page.request.get(touchIcon!))).toBe('180x180');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#2170CD');

  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toMatch(/javascript/);

  // The manifest as the browser itself parsed it.
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
  expect(parsed.errors).toEqual([]);
});

/**
 * The full Chromium for Chrome's own installability check: the headless shell the suite runs
 * in answers it with no errors even for a page with no manifest at all.
 */
const fullChromium = [process.env.CHROMIUM_FULL_PATH, '/usr/bin/chromium', '/usr/bin/google-chrome']
  .filter((candidate): candidate is string => Boolean(candidate))
  .find((candidate) => existsSync(candidate));

test('Chrome finds the app installable once its service worker runs the page', async ({
  baseURL,
}) => {
  test.skip(!fullChromium, "Chrome's installability check needs the full Chromium");
  // A profile of its own: in Playwright's usual (incognito) contexts Chrome never offers to
  // install, and says so ("in-incognito").
  const profile = mkdtempSync(path.join(tmpdir(), 'eldercare-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: fullChromium,
    headless: true,
    baseURL,
    serviceWorkers: 'allow',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const errorIds = async () =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map(
        ({ errorId }) => errorId,
      );
    // The check is real: a page with no manifest is not installable.
    await page.goto('/api/health');
    expect(await errorIds()).toContain('no-manifest');
    await page.goto('/login');
    await waitForServiceWorker(page);
    expect(await errorIds()).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('after one visit the login screen, other screens and every file of the app open offline', async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.goto('/login');
  await waitForServiceWorker(page);
  await context.setOffline(true);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  // A screen's own chunk, loaded when it is first opened, comes from the worker's keeping.
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('button', { name: /sign up/i })).toBeVisible();
  // So does a page opened by its address.
  await page.goto('/forgot-password');
  await expect(page.getByLabel(/email|username/i).first()).toBeVisible();

  // Every script, style and font of this build is kept, so no screen depends on the network.
  const buildDir = process.env.E2E_BUILD_DIR;
  expect(buildDir, 'E2E_BUILD_DIR (e2e/global-setup.ts)').toBeTruthy();
  const files = readdirSync(path.join(buildDir!, 'client/assets'))
    .filter((name) => /\.(?:js|css|woff2)$/.test(name))
    .map((name) => `/assets/${name}`);
  expect(files.length).toBeGreaterThan(20);
  const missing = await page.evaluate(async (urls) => {
    const failed: string[] = [];
    for (const url of urls) {
      const res = await fetch(url).catch((error: unknown) => String(error));
      if (typeof res === 'string' || !res.ok) {
        failed.push(`${url}: ${typeof res === 'string' ? res : res.status}`);
      }
    }
    return failed;
  }, files);
  expect(missing).toEqual([]);
  // The API is never answered from the worker's keeping.
  const api = await page.evaluate(() =>
    fetch('/api/health').then(
      (res) => `answered ${res.status}`,
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');
  dropOfflineNoise(consoleErrors);
});

test('a signed-in caregiver opens their dashboard from / and moves between screens offline', async ({
  page,
  context,
  consoleErrors,
}) => {
  const caregiver = await registerAccount('caregiver');
  await loginViaApi(page, caregiver);
  // The manifest's start_url: each role lands on their own dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/caregiver-dashboard$/);
  await waitForServiceWorker(page);
  await context.setOffline(true);

  const nav = page.getByRole('navigation');
  for (const [label, url, heading] of [
    ['Patients', /\/patients$/, 'Patients'],
    ['Progress Report', /\/progress-report/, 'Progress Report'],
    ['Timesheets', /\/timesheets$/, timesheetTexts.title],
    ['Settings', /\/settings$/, 'Settings'],
  ] as const) {
    await nav.getByRole('link', { name: label }).first().click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  }
  dropOfflineNoise(consoleErrors);
});

test('a new version waits until Reload, then takes over with one reload', async ({ page }) => {
  // A server of its own on a copy of the build, so the next version can be published to it
  // without touching the files the other tests are served.
  const buildDir = process.env.E2E_BUILD_DIR!;
  const clientDir = mkdtempSync(path.join(tmpdir(), 'eldercare-pwa-client-'));
  cpSync(path.join(buildDir, 'client'), clientDir, { recursive: true });
  const server = await startServer(
    buildDir,
    { CLIENT_DIST_DIR: clientDir },
    { database: 'embedded' },
  );
  try {
    await page.goto(`${server.url}/login`);
    await waitForServiceWorker(page);
    const notice = page.getByTestId('app-update');
    await expect(notice).toBeEmpty();

    // The next build: the same files with a new index.html, so a new sw.js.
    const worker = path.join(clientDir, 'sw.js');
    const current = readFileSync(worker, 'utf8');
    const entry = /\{url:"index\.html",revision:"([0-9a-f]+)"\}/.exec(current);
    expect(entry, 'index.html in the precache list of sw.js').toBeTruthy();
    const next = current.replace(entry![0], '{url:"index.html",revision:"next-build"}');
    writeFileSync(worker, next);
    writeFileSync(`${worker}.br`, brotliCompressSync(next));
    writeFileSync(`${worker}.gz`, gzipSync(next));

    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(notice).toContainText(appUpdateTexts.ready);
    // The page goes on with the version it started with until the user says so.
    expect(loads).toBe(0);

    await notice.getByRole('button', { name: appUpdateTexts.reload }).click();
    await expect.poll(() => loads).toBe(1);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(notice).toBeEmpty();
    // The new version's page replaced the old one in the worker's keeping.
    const precachedPages = () =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls.filter((url) => url.includes('index.html'));
      });
    await expect
      .poll(precachedPages)
      .toEqual([expect.stringContaining('__WB_REVISION__=next-build')]);
    await page.waitForTimeout(1000);
    expect(loads, 'one reload only').toBe(1);
  } finally {
    await page.close();
    await server.stop();
    rmSync(clientDir, { recursive: true, force: true });
  }
});
