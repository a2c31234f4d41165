import { sessionTexts } from '../shared/messages.ts';
import { expectAccessible } from './support/a11y.ts';
import { ADMIN } from './support/a11y-screens.ts';
import {
  baseUrl,
  expect,
  loginViaApi,
  registerAccount,
  shoot,
  test,
  searchUsers,
} from './fixtures.ts';

test('a user signed in on two browsers ends the other one, which lands on /login at once', async ({
  page,
  browser,
}) => {
  const account = await registerAccount('caregiver');
  await loginViaApi(page, account);
  const otherContext = await browser.newContext({ baseURL: baseUrl() });
  const other = await otherContext.newPage();
  try {
    await loginViaApi(other, account);

    await page.goto('/profile');
    const list = page.getByRole('list', { name: sessionTexts.title });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(
      list.getByRole('listitem').filter({ hasText: sessionTexts.thisDevice }),
    ).toHaveCount(1);
    await shoot(page, 'profile-sessions');
    await expectAccessible(page, 'the sessions list');

    const otherRow = list.getByRole('listitem').filter({ hasNotText: sessionTexts.thisDevice });
    await otherRow.getByRole('button', { name: /^End / }).click();
    const dialog = page.getByRole('dialog', { name: sessionTexts.endTitle });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'ending a session, to confirm');
    await dialog.getByRole('button', { name: sessionTexts.end, exact: true }).click();
    await expect(page.getByText(sessionTexts.ended)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText(sessionTexts.onlyThisDevice)).toBeVisible();

    // The ended browser's next navigation finds no session.
    await other.goto('/profile');
    await expect(other).toHaveURL(/\/login/);
    // This one is still signed in.
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(1);
  } finally {
    await otherContext.close();
  }
});

test('an admin sees how many sessions a user has and ends them', async ({ page, browser }) => {
  const account = await registerAccount('doctor', { secondName: `Sessions${Date.now()}` });
  const userContext = await browser.newContext({ baseURL: baseUrl() });
  const userPage = await userContext.newPage();
  try {
    await loginViaApi(userPage, account);
    await loginViaApi(page, ADMIN);
    await page.goto('/users');
    await searchUsers(page, account.username);
    await page
      .getByRole('button', { name: `${sessionTexts.adminAction} of ${account.username}` })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(sessionTexts.adminLive(1))).toBeVisible();
    await shoot(page, 'users-end-sessions');
    await dialog.getByRole('button', { name: sessionTexts.adminConfirm }).click();
    await expect(page.getByText(sessionTexts.adminEnded(1))).toBeVisible();

    await userPage.goto('/profile');
    await expect(userPage).toHaveURL(/\/login/);
  } finally {
    await userContext.close();
  }
});
