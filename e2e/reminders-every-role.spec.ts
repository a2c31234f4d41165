import type { Page } from '@playwright/test';
import { notices, reminderTexts, validation } from '../shared/messages.ts';
import { expectAccessible } from './support/a11y.ts';
import { expect, loginThroughUi, registerAccount, test, type Role } from './fixtures.ts';

/**
 * Every role has a Reminders screen for its own reminders; the seed's presets stay a
 * caregiver's. On a phone, notices do not cover the top bar.
 */

const toast = (page: Page, text: string) =>
  page.locator('.Toastify__toast', { hasText: text }).first();

/** A datetime-local value `hours` from now, in the browser's own zone. */
const localTimeAhead = (page: Page, hours: number) =>
  page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, hours);

/** Counts every notice saying `text` that appears, even one that closed before a test looked. */
const countToasts = (page: Page, text: string) =>
  page.context().addInitScript((wanted) => {
    const seen = new WeakSet<Element>();
    const state = window as unknown as { toastCount: number };
    state.toastCount = 0;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('.Toastify__toast')) {
        if (!seen.has(element) && element.textContent?.includes(wanted)) {
          seen.add(element);
          state.toastCount += 1;
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, text);
const toastCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { toastCount: number }).toastCount);

/** Axe on the screen once fades and slides have ended (it would measure a colour half way). */
async function expectAccessibleSettled(page: Page, what: string) {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((animation) => {
      const end = Number(animation.effect?.getComputedTiming().endTime);
      return Number.isFinite(end) && end < 2_000;
    });
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  await expectAccessible(page, what);
}

for (const role of ['doctor', 'patient'] as const satisfies Role[]) {
  test(`a ${role} opens Reminders from the sidebar, adds, edits and deletes a reminder`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await countToasts(page, notices.remindersLoaded);
    const account = await registerAccount(role);
    await loginThroughUi(page, account);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Reminders' })
      .click();
    await expect(page).toHaveURL(/\/reminders$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(reminderTexts.title);
    // Focus lands on the screen's heading, and the tab is named after it.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page).toHaveTitle(`${reminderTexts.title} – ElderCare System`);
    await expect(toast(page, notices.remindersLoaded)).toBeVisible();
    // No presets for this role: the list starts empty and nothing says presets were loaded.
    await expect(page.getByText(reminderTexts.empty)).toBeVisible();
    await expect(page.getByText(notices.presetRemindersLoaded)).toHaveCount(0);
    await expect(page.getByText('Administer medication')).toHaveCount(0);
    await expectAccessibleSettled(page, `${role} reminders, empty`);

    // Bad input first: both fields are required; a clear message, nothing stored.
    const addButton = page.getByRole('button', { name: reminderTexts.addTitle });
    await addButton.click();
    const addDialog = page.getByRole('dialog', { name: reminderTexts.addTitle });
    await addDialog.getByRole('button', { name: reminderTexts.addTitle }).click();
    await expect(addDialog.getByText(validation.reminderBoth)).toHaveCount(2);
    expect(await (await page.request.get('/api/reminders')).json()).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(addDialog).toBeHidden();

    // Add, by keyboard: the button opens the dialog on the message field; Enter on its button.
    const message = `Ring the pharmacy ${Date.now().toString(36)}`;
    await addButton.focus();
    await page.keyboard.press('Enter');
    await expect(addDialog.getByLabel(reminderTexts.messageLabel)).toBeFocused();
    await page.keyboard.type(message);
    await addDialog.getByLabel(reminderTexts.dateLabel).fill(await localTimeAhead(page, 26));
    await addDialog.getByRole('button', { name: reminderTexts.addTitle }).press('Enter');
    await expect(toast(page, notices.reminderAdded)).toBeVisible();
    await expect(addDialog).toBeHidden();
    const list = page.getByRole('list', { name: reminderTexts.title });
    await expect(list.getByText(message)).toBeVisible();
    await expect(list.getByText(reminderTexts.upcoming)).toBeVisible();
    await expectAccessibleSettled(page, `${role} reminders, one`);

    // Edit.
    const edited = `${message} and the optician`;
    await page.getByRole('button', { name: `${reminderTexts.edit}: ${message}` }).click();
    const editDialog = page.getByRole('dialog', { name: reminderTexts.editTitle });
    await expect(editDialog.getByLabel(reminderTexts.messageLabel)).toHaveValue(message);
    await editDialog.getByLabel(reminderTexts.messageLabel).fill(edited);
    await editDialog.getByRole('button', { name: reminderTexts.save }).click();
    await expect(toast(page, reminderTexts.updated)).toBeVisible();
    await expect(editDialog).toBeHidden();
    await expect(list.getByText(edited)).toBeVisible();

    // Delete: Cancel keeps it; Delete, confirmed, removes it.
    await page.getByRole('button', { name: `${reminderTexts.delete}: ${edited}` }).click();
    const confirm = page.getByRole('dialog', { name: reminderTexts.deleteTitle });
    await expect(confirm).toContainText(reminderTexts.deleteQuestion);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(list.getByText(edited)).toBeVisible();
    await page.getByRole('button', { name: `${reminderTexts.delete}: ${edited}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, reminderTexts.deleted)).toBeVisible();
    await expect(page.getByText(reminderTexts.empty)).toBeVisible();
    await expect(page.getByText(edited)).toHaveCount(0);

    // The saves above refetched the list: the loaded notice was said once, on the first load.
    expect(await toastCount(page)).toBe(1);
    const stored = await page.request.get('/api/reminders');
    expect(await stored.json()).toEqual([]);
  });
}

test('a notice shown on a phone stays one notice high when the screen turns wide', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const patient = await registerAccount('patient');
  await loginThroughUi(page, patient);
  await page.goto('/reminders');
  const notice = toast(page, notices.remindersLoaded);
  await expect(notice).toBeVisible();
  // A phone turned sideways, or a window widened: the notice stays where it was shown.
  await page.setViewportSize({ width: 1366, height: 900 });
  // The wide screen's place (below the top bar) has reached the notice's container.
  const container = page.locator('.Toastify__toast-container', { has: notice });
  await expect
    .poll(() => container.evaluate((element) => (element as HTMLElement).style.top))
    .toMatch(/px$/);
  const box = await notice.boundingBox();
  expect(box, 'the notice is still up').not.toBeNull();
  // It stretched from below the top bar to the foot of the page, over the screen, when the
  // wide screen's place below the top bar was given to the phone's bottom container too.
  expect(box!.height, `notice ${JSON.stringify(box)}`).toBeLessThan(200);
});

test('on a phone a loaded notice does not cover the top bar, and the screen reads at a large font', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const patient = await registerAccount('patient');
  await loginThroughUi(page, patient);

  await page.getByRole('button', { name: 'Expand menu' }).click();
  await page.locator('#sidebar').getByRole('link', { name: 'Reminders' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(reminderTexts.title);
  const notice = toast(page, notices.remindersLoaded);
  await expect(notice).toBeVisible();
  const header = await page.locator('header').boundingBox();
  // Wait for the notice to finish sliding in before measuring it.
  await expect
    .poll(async () => (await notice.boundingBox())?.y, { timeout: 5_000 })
    .toBeGreaterThan(0);
  await page.waitForTimeout(800);
  const box = await notice.boundingBox();
  expect(header).not.toBeNull();
  expect(box).not.toBeNull();
  const overlaps =
    box!.x < header!.x + header!.width &&
    header!.x < box!.x + box!.width &&
    box!.y < header!.y + header!.height &&
    header!.y < box!.y + box!.height;
  expect(
    overlaps,
    `notice ${JSON.stringify(box)} against the top bar ${JSON.stringify(header)}`,
  ).toBe(false);
  // Nor does it cover the screen's heading.
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(heading!.y + heading!.height);

  // A form opened while the notice shows fills the screen, and the notice moves above its
  // buttons: both take a tap. The pointer rests on the notice, which holds it open, and the
  // form is opened from the keyboard.
  await notice.hover();
  await page.getByRole('button', { name: reminderTexts.addTitle }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: reminderTexts.addTitle });
  await expect(form).toBeVisible();
  await expect(notice).toBeVisible();
  const actions = form.locator('.MuiDialogActions-root');
  await expect
    .poll(async () => {
      const [noticeBox, actionsBox] = [await notice.boundingBox(), await actions.boundingBox()];
      return noticeBox && actionsBox && noticeBox.y + noticeBox.height <= actionsBox.y;
    })
    .toBe(true);
  for (const name of [reminderTexts.cancel, reminderTexts.addTitle]) {
    const button = form.getByRole('button', { name, exact: true });
    const takesTap = await button.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && element.contains(hit);
    });
    expect(takesTap, `${name} is under the notice`).toBe(true);
  }
  await form.getByRole('button', { name: reminderTexts.cancel }).click();
  await expect(form).toBeHidden();

  // A large font: the add button and each reminder's buttons stay whole on the screen.
  const res = await page.request.put('/api/users/me/settings', {
    data: { fontSize: 32 },
    headers: { 'X-Requested-With': 'ElderCare' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.request.post('/api/reminders', {
    data: {
      message: 'Take the blue folder to the clinic, with the letter from the hospital',
      date: new Date(Date.now() + 30 * 3_600_000).toISOString(),
    },
    headers: { 'X-Requested-With': 'ElderCare' },
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(reminderTexts.title);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  for (const name of [
    reminderTexts.addTitle,
    /^Edit reminder: Take the blue folder/,
    /^Delete reminder: Take the blue folder/,
  ]) {
    const button = page.getByRole('button', { name });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await expectAccessibleSettled(page, 'patient reminders, phone, font 32');
});
