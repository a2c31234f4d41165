import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { twoFactorTexts } from '../shared/messages.ts';
import { expect, loginThroughUi, registerAccount, shoot, test, searchUsers } from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';

const STEP_SECONDS = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/**
 * A code of a 30-second step later than `usedStep`: the server never accepts a step twice, so
 * after a code was used this waits (at most one step) for the next one.
 */
async function freshCode(page: Page, secret: string, usedStep: number) {
  while (stepNow() <= usedStep) await page.waitForTimeout(500);
  const step = stepNow();
  return { code: generateSync({ secret, epoch: step * STEP_SECONDS }), step };
}

async function logout(page: Page) {
  await page.getByRole('button', { name: /^Account of/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function passwordStep(page: Page, account: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(twoFactorTexts.enterCode)).toBeVisible();
}

test('a user turns on two-factor from the profile, then signs in with a code and with a recovery code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await registerAccount('doctor');
  await loginThroughUi(page, account);
  await page.goto('/profile');

  await page.getByRole('button', { name: twoFactorTexts.turnOn }).click();
  await expect(page.getByRole('img', { name: twoFactorTexts.qrAlt })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-key').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shoot(page, 'two-factor-setup');
  await expectAccessible(page, 'two-factor setup with its QR code');
  let { code, step } = await freshCode(page, secret, 0);
  await page.getByLabel(twoFactorTexts.codeLabel).fill(code);
  await page.getByRole('button', { name: twoFactorTexts.confirm }).click();

  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  await shoot(page, 'two-factor-recovery-codes');
  await expectAccessible(page, 'the recovery codes');
  await page.getByRole('button', { name: twoFactorTexts.saved }).click();
  await expect(page.getByText(twoFactorTexts.isOn)).toBeVisible();
  await expect(page.getByText(twoFactorTexts.codesLeft(10))).toBeVisible();

  // Password, then a code from the app.
  await logout(page);
  await passwordStep(page, account);
  const field = page.getByLabel(twoFactorTexts.codeLabel);
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await shoot(page, 'two-factor-login');
  await expectAccessible(page, 'the code step of login');
  ({ code, step } = await freshCode(page, secret, step));
  await field.fill(code);
  await page.getByRole('button', { name: twoFactorTexts.verify }).click();
  await page.waitForURL(/dashboard/);

  // Password, then a recovery code; it is then counted as used.
  await logout(page);
  await passwordStep(page, account);
  await page.getByRole('button', { name: twoFactorTexts.useRecoveryCode }).click();
  await page.getByLabel(twoFactorTexts.recoveryCodeLabel).fill(codes[0]!);
  await page.getByRole('button', { name: twoFactorTexts.verify }).click();
  await page.waitForURL(/dashboard/);
  await page.goto('/profile');
  await expect(page.getByText(twoFactorTexts.codesLeft(9))).toBeVisible();

  // The same recovery code never works twice; Back returns to the password form.
  await logout(page);
  await passwordStep(page, account);
  await page.getByRole('button', { name: twoFactorTexts.useRecoveryCode }).click();
  await page.getByLabel(twoFactorTexts.recoveryCodeLabel).fill(codes[0]!);
  await page.getByRole('button', { name: twoFactorTexts.verify }).click();
  await expect(page.getByText(twoFactorTexts.codeWrong)).toBeVisible();
  await expectAccessible(page, 'a wrong recovery code');
  await page.getByRole('button', { name: twoFactorTexts.back }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // An admin turns it off for someone who lost their phone and codes, after confirming; the
  // password alone then signs in.
  await loginThroughUi(page, { username: 'e2e-admin', password: 'e2e-admin-password' });
  await page.goto('/users');
  await searchUsers(page, account.username);
  const turnOff = page.getByRole('button', {
    name: `${twoFactorTexts.adminOffAction} for ${account.username}`,
  });
  await turnOff.click();
  const confirm = page.getByRole('dialog', {
    name: twoFactorTexts.adminOffTitle(account.username),
  });
  await confirm.getByRole('button', { name: twoFactorTexts.adminOffAction }).click();
  await expect(page.getByText(twoFactorTexts.adminOffDone(account.username))).toBeVisible();
  await expect(turnOff).toBeHidden();
  await logout(page);
  await loginThroughUi(page, account);
});
