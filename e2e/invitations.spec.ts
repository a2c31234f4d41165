import { invitationTexts as texts } from '../shared/messages.ts';
import { baseUrl, expect, loginThroughUi, shoot, test } from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';

const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };

// The sign-up policy is not changed here: the e2e server is shared by every spec, so the
// 'closed' and 'patients' policies are tested at API level and in the Sign Up screen's
// component test (client/features/auth/sign-up-policy.test.tsx).
test('an admin invites a caregiver; the caregiver opens the link in a browser of their own, joins and lands on their dashboard', async ({
  page,
  browser,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  await loginThroughUi(page, admin);
  await page.goto('/users');
  await page.getByRole('button', { name: texts.invite, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.inviteTitle });
  await expect(dialog.getByLabel(texts.role)).toHaveText(/Caregiver/);
  await dialog.getByLabel(texts.firstName).fill('Carla');
  await dialog.getByLabel(texts.secondName).fill(`Invitee ${suffix}`);
  await shoot(page, 'invite-dialog');
  await expectAccessible(page, 'the invite dialog');
  await dialog.getByRole('button', { name: texts.create }).click();
  const field = dialog.getByLabel(texts.link);
  await expect(field).toHaveValue(/\/join\?token=[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByText(texts.copyAndSend, { exact: false })).toBeVisible();
  await shoot(page, 'invite-link');
  await expectAccessible(page, 'the invite dialog with its link');
  const link = await field.inputValue();
  expect(link.startsWith(baseUrl())).toBe(true);
  await dialog.getByRole('button', { name: texts.close }).click();

  // The list shows it pending.
  const invitations = page
    .getByRole('region', { name: texts.listTitle })
    .or(page.locator('section[aria-labelledby="invitations-title"]'));
  const row = invitations.getByRole('row').filter({ hasText: `Invitee ${suffix}` });
  await expect(row.getByText(texts.statusPending)).toBeVisible();

  // The caregiver, in a browser of their own.
  const context = await browser.newContext({ baseURL: baseUrl() });
  const joiner = await context.newPage();
  await joiner.goto(link);
  await expect(joiner.getByText(/invites you as caregiver \(editor\)/)).toBeVisible();
  await expect(joiner.getByLabel(/^First Name/)).toHaveValue('Carla');
  const username = `invited_${suffix}`;
  await joiner.getByLabel(/^Username/).fill(username);
  await joiner.getByLabel(/^Email/).fill(`${username}@example.test`);
  await joiner.getByLabel(/^Password/).fill('a-long-fresh-password');
  await joiner.getByLabel(new RegExp(`^${texts.confirmPassword}`)).fill('a-long-fresh-password');
  await joiner.getByLabel(/^Primary Location/).fill('Springfield');
  await shoot(joiner, 'join');
  await expectAccessible(joiner, 'the join page');
  // On a phone the form fits the screen.
  await joiner.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(joiner, 'the join page on a phone');
  expect(
    await joiner.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await joiner.getByRole('button', { name: texts.joinSubmit }).click();
  await expect(joiner).toHaveURL(/\/caregiver-dashboard$/);

  // The link worked once.
  await joiner.context().clearCookies();
  await joiner.goto(link);
  await expect(joiner.getByText(texts.invalidLink)).toBeVisible();
  await context.close();

  await page.reload();
  await expect(row.getByText(texts.statusAccepted)).toBeVisible();
});

test('a pending invitation can be revoked after a confirmation', async ({ page }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  await loginThroughUi(page, admin);
  await page.goto('/users');
  await page.getByRole('button', { name: texts.invite, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.inviteTitle });
  await dialog.getByLabel(texts.firstName).fill(`Revoke ${suffix}`);
  await dialog.getByRole('button', { name: texts.create }).click();
  await expect(dialog.getByLabel(texts.link)).toHaveValue(/token=/);
  await dialog.getByRole('button', { name: texts.close }).click();
  await page.getByRole('button', { name: `${texts.revoke} Revoke ${suffix}` }).click();
  const confirm = page.getByRole('dialog', { name: texts.revokeTitle });
  await confirm.getByRole('button', { name: texts.revoke }).click();
  const row = page.getByRole('row').filter({ hasText: `Revoke ${suffix}` });
  await expect(row.getByText(texts.statusRevoked)).toBeVisible();
});
