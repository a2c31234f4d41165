import { passwordResetTexts as texts } from '../shared/messages.ts';
import {
  baseUrl,
  expect,
  loginThroughUi,
  registerAccount,
  shoot,
  test,
  searchUsers,
} from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';

const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };
const newPassword = 'a-fresh-start-password-9';

test('an admin makes a reset link; the user who forgot the password sets a new one and logs in with it', async ({
  page,
  browser,
}) => {
  const account = await registerAccount('caregiver');

  await loginThroughUi(page, admin);
  await page.goto('/users');
  await searchUsers(page, account.username);
  await page.getByRole('button', { name: texts.resetLinkAria(account.username) }).click();
  const dialog = page.getByRole('dialog', { name: texts.resetLinkTitle(account.username) });
  await expect(dialog.getByText(texts.resetLinkConfirm(account.username))).toBeVisible();
  await dialog.getByRole('button', { name: texts.resetLinkMake }).click();
  const field = dialog.getByRole('textbox', { name: 'Link' });
  await expect(field).toHaveValue(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByText(texts.resetLinkSessions, { exact: false })).toBeVisible();
  await shoot(page, 'password-reset-link');
  const link = await field.inputValue();
  expect(link.startsWith(baseUrl())).toBe(true);
  await dialog.getByRole('button', { name: texts.close }).click();

  // The user, in a browser of their own.
  const context = await browser.newContext({ baseURL: baseUrl() });
  const userPage = await context.newPage();
  await userPage.goto(link);
  await expect(userPage.getByText(texts.resetFor(account.username))).toBeVisible();
  // The sign-up's rules and messages.
  await userPage.getByRole('textbox', { name: texts.newPassword, exact: true }).fill('short');
  await userPage.getByRole('textbox', { name: texts.confirmPassword }).fill('other');
  await userPage.getByRole('button', { name: texts.savePassword }).click();
  await expect(userPage.getByText('Password must be at least 8 characters long')).toBeVisible();
  await userPage.getByRole('textbox', { name: texts.newPassword, exact: true }).fill(newPassword);
  await userPage.getByRole('button', { name: texts.savePassword }).click();
  await expect(userPage.getByText(texts.passwordsDiffer)).toBeVisible();
  await expectAccessible(userPage, 'the reset form with its errors');
  await userPage.getByRole('textbox', { name: texts.confirmPassword }).fill(newPassword);
  await shoot(userPage, 'password-reset-form');
  await userPage.getByRole('button', { name: texts.savePassword }).click();
  await expect(userPage).toHaveURL(/\/login$/);
  await expect(userPage.getByText(texts.passwordReset)).toBeVisible();

  // The old password fails, the new one works.
  await userPage.getByLabel('Username').fill(account.username);
  await userPage.getByLabel('Password').fill(account.password);
  await userPage.getByRole('button', { name: 'Login' }).click();
  await expect(userPage.getByText('Login failed')).toBeVisible();
  await loginThroughUi(userPage, { username: account.username, password: newPassword });

  // The link worked once.
  await userPage.context().clearCookies();
  await userPage.goto(link);
  await expect(userPage.getByText(texts.linkInvalid)).toBeVisible();
  await expect(userPage.getByRole('link', { name: texts.askNewLink })).toBeVisible();
  await expectAccessible(userPage, 'a spent reset link');
  await context.close();
});

test('"Forgot password?" asks for a username or email and answers the same for anyone', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: texts.forgotLink }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: texts.sendLink }).click();
  await expect(page.getByText(texts.usernameOrEmailRequired)).toBeVisible();
  await shoot(page, 'forgot-password');
  await expectAccessible(page, 'forgot password, with its error');
  await page.getByLabel(texts.usernameOrEmail).fill('someone-who-does-not-exist');
  await page.getByRole('button', { name: texts.sendLink }).click();
  await expect(page.getByRole('status').getByText(texts.requestAccepted)).toBeVisible();
  await expect(page.getByText(texts.noEmailHint)).toBeVisible();
  await expectAccessible(page, 'forgot password, answered');
  await page.getByRole('link', { name: texts.backToLogin }).click();
  await expect(page).toHaveURL(/\/login$/);
});
