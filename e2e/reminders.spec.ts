import type { Page } from '@playwright/test';
import { notices, notificationTexts, reminderTexts, validation } from '../shared/messages.ts';
import { expect, loginViaApi, registerAccount, shoot, test, writeHeaders } from './fixtures.ts';

/**
 * Records the text of every toast a page shows, so a test can tell one appeared even if it
 * closed again (after 5 s) before the test looked.
 */
const recordToasts = (page: Page) =>
  page.context().addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    const scan = () => {
      for (const element of document.querySelectorAll('.Toastify__toast')) {
        const text = element.textContent ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(scan).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
const toastsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);

const toast = (page: Page, text: string) =>
  page.locator('.Toastify__toast', { hasText: text }).first();
const bell = (page: Page, unread: number) =>
  page.getByRole('link', { name: notificationTexts.bellLabel(unread), exact: true });
const card = (page: Page, message: string) =>
  page.getByRole('listitem', { name: message, exact: true });

/** A datetime-local value `seconds` from now, in the browser's own zone, seconds included. */
const localTimeAhead = (page: Page, seconds: number) =>
  page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, seconds);

async function saveSettings(page: Page, settings: { notificationsEnabled: boolean }) {
  const res = await page.request.put('/api/users/me/settings', {
    data: settings,
    headers: writeHeaders,
  });
  expect(res.ok(), `settings: ${res.status()} ${await res.text()}`).toBe(true);
}

async function addReminderViaApi(page: Page, message: string, date: Date) {
  const res = await page.request.post('/api/reminders', {
    data: { message, date: date.toISOString() },
    headers: writeHeaders,
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('a reminder set a few seconds ahead arrives live in every tab; Dismiss clears it everywhere', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await recordToasts(page);
  const caregiver = await registerAccount('caregiver');
  await loginViaApi(page, caregiver);

  // First visit: the seed's presets, once.
  await page.goto('/caregiver-dashboard');
  await expect(toast(page, notices.presetRemindersLoaded)).toBeVisible();
  const reminders = page.getByRole('list', { name: reminderTexts.title });
  await expect(reminders.getByText('Administer medication')).toBeVisible();
  await expect(reminders.getByText('Blood pressure check')).toBeVisible();
  await expect(bell(page, 0)).toBeVisible();

  // Both fields are required.
  await page.getByRole('button', { name: reminderTexts.addTitle }).click();
  const dialog = page.getByRole('dialog', { name: reminderTexts.addTitle });
  await dialog.getByLabel(reminderTexts.messageLabel).fill('   ');
  await dialog.getByRole('button', { name: reminderTexts.addTitle }).click();
  await expect(dialog.getByText(validation.reminderBoth)).toHaveCount(2);
  await expect(toast(page, validation.reminderBoth)).toBeVisible();

  // A second tab of the same browser, already on the Notifications page.
  const second = await page.context().newPage();
  await second.goto('/notifications');
  await expect(second.getByText(notificationTexts.empty)).toBeVisible();
  await expect(bell(second, 0)).toBeVisible();

  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
  const message = `Check blood sugar ${Date.now().toString(36)}`;
  await dialog.getByLabel(reminderTexts.messageLabel).fill(message);
  await dialog.getByLabel(reminderTexts.dateLabel).fill(await localTimeAhead(page, 12));
  await dialog.getByRole('button', { name: reminderTexts.addTitle }).click();
  await expect(toast(page, notices.reminderAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(reminders.getByText(message)).toBeVisible();
  await shoot(page, 'caregiver-dashboard');

  // The first tab goes to the Notifications page through the bell, without a reload.
  await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(page).toHaveURL(/\/notifications$/);

  // At its time the reminder arrives: toast, card and count, in both tabs.
  for (const tab of [page, second]) {
    await expect(card(tab, message)).toBeVisible({ timeout: 30_000 });
    await expect(bell(tab, 1)).toBeVisible();
    await expect.poll(() => toastsSeen(tab)).toContain(message);
  }
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    'same page',
  );
  await page.mouse.move(600, 600);
  await shoot(page, 'notifications');

  // Dismissed in the second tab, it leaves the first one too.
  await card(second, message).getByRole('button', { name: notificationTexts.dismiss }).click();
  await expect(toast(second, notices.notificationDismissed)).toBeVisible();
  for (const tab of [second, page]) {
    await expect(card(tab, message)).toHaveCount(0);
    await expect(bell(tab, 0)).toBeVisible();
    await expect(tab.getByText(notificationTexts.empty)).toBeVisible();
  }

  // Back on the dashboard: no presets again, the plain notice.
  await page.goto('/caregiver-dashboard');
  await expect(toast(page, notices.remindersLoaded)).toBeVisible();
  await expect(reminders.getByText('Administer medication')).toHaveCount(1);
  await second.close();
});

test('with notifications off in Settings the list fills without a toast; on, a system notification shows too', async ({
  page,
}) => {
  // A stand-in for the browser's Notification that records what would be shown.
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(_title: string, options?: { body?: string }) {
        shown.push(options?.body ?? '');
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = FakeNotification;
  });
  await recordToasts(page);
  const caregiver = await registerAccount('caregiver');
  await loginViaApi(page, caregiver);
  await saveSettings(page, { notificationsEnabled: false });

  await page.goto('/notifications');
  await expect(page.getByText(notificationTexts.disabledInSettings)).toBeVisible();
  await expect(page.getByText(notificationTexts.empty)).toBeVisible();
  const quiet = `Quiet reminder ${Date.now().toString(36)}`;
  await addReminderViaApi(page, quiet, new Date(Date.now() - 1000));
  await expect(card(page, quiet)).toBeVisible({ timeout: 20_000 });
  await expect(bell(page, 1)).toBeVisible();
  expect(await toastsSeen(page)).not.toContain(quiet);
  expect(
    await page.evaluate(
      () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
    ),
  ).toEqual([]);

  await saveSettings(page, { notificationsEnabled: true });
  await page.reload();
  await expect(card(page, quiet)).toBeVisible();
  const loud = `Loud reminder ${Date.now().toString(36)}`;
  await addReminderViaApi(page, loud, new Date(Date.now() - 1000));
  await expect(toast(page, loud)).toBeVisible({ timeout: 20_000 });
  await expect(card(page, loud)).toBeVisible();
  await expect(bell(page, 2)).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
      ),
    )
    .toEqual([loud]);
});
