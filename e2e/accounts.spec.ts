import type { Page } from '@playwright/test';
import { accountTexts, notices, validation } from '../shared/messages.ts';
import {
  baseUrl,
  expect,
  loginThroughUi,
  registerAccount,
  test,
  type Account,
  type Role,
  searchUsers,
} from './fixtures.ts';
import { startServer } from './support/server.ts';

let counter = 0;

interface SignUp {
  role: Role;
  privileges?: string;
  firstName?: string;
}

/** Fills the Sign Up screen and submits it; answers the new account. */
async function signUpThroughUi(page: Page, options: SignUp, origin = ''): Promise<Account> {
  counter += 1;
  const username = `${options.role}-ui-${Date.now().toString(36)}${counter}`;
  const account: Account = {
    username,
    password: 'a-long-enough-password',
    firstName: options.firstName ?? `${options.role[0]!.toUpperCase()}${options.role.slice(1)}`,
    secondName: `Signup${counter}`,
    role: options.role,
    id: 0,
  };
  await page.goto(`${origin}/signup`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('First Name').fill(account.firstName);
  await page.getByLabel('Second Name').fill(account.secondName);
  await page.getByLabel('Email').fill(`${username}@example.test`);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Primary Location').fill('Springfield');
  await page.getByLabel('Role').selectOption(options.role);
  await page.getByLabel('Privileges').selectOption(options.privileges ?? 'editor');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(notices.signupSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  return account;
}

async function sidebarLinks(page: Page): Promise<{ name: string; href: string | null }[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  const links = nav.getByRole('link');
  const count = await links.count();
  const out: { name: string; href: string | null }[] = [];
  for (let i = 0; i < count; i += 1) {
    const link = links.nth(i);
    out.push({ name: (await link.innerText()).trim(), href: await link.getAttribute('href') });
  }
  return out;
}

async function logoutThroughMenu(page: Page) {
  await page.getByRole('button', { name: /^Account of/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Logs in through the API with a token, for setting up data as another user. */
async function apiToken(account: Pick<Account, 'username' | 'password'>): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test.describe('sign up and land on the right dashboard', () => {
  const expected: Record<Role, { dashboard: RegExp; links: [string, string][] }> = {
    doctor: {
      dashboard: /\/dashboard$/,
      links: [
        ['Dashboard', '/dashboard'],
        ['Patients', '/patients'],
        ['Appointments', '/appointments'],
        ['Medical Records', '/medical-records'],
        ['Prescriptions & Medication', '/prescriptions-medication'],
        ['Progress Report', '/progress-report'],
        ['Rota', '/rota'],
        ['Reminders', '/reminders'],
        ['Notifications', '/notifications'],
        ['Settings', '/settings'],
      ],
    },
    caregiver: {
      dashboard: /\/caregiver-dashboard$/,
      links: [
        ['Dashboard', '/caregiver-dashboard'],
        ['Patients', '/patients'],
        ['Progress Report', '/progress-report'],
        ['Prescriptions & Medication', '/prescriptions-medication'],
        ['Timesheets', '/timesheets'],
        ['Reminders', '/reminders'],
        ['Notifications', '/notifications'],
        ['Settings', '/settings'],
      ],
    },
    patient: {
      dashboard: /\/patient-dashboard$/,
      links: [
        ['Dashboard', '/patient-dashboard'],
        ['Appointments', '/patient-appointments'],
        ['Reminders', '/reminders'],
        ['Notifications', '/notifications'],
        ['Settings', '/settings'],
        ['Who viewed my record', '/access-log'],
      ],
    },
  };

  for (const role of ['doctor', 'caregiver', 'patient'] as const) {
    test(`a ${role} signed up on the Sign Up screen logs in and sees the ${role} sidebar`, async ({
      page,
    }) => {
      const account = await signUpThroughUi(page, { role });
      await page.getByLabel('Username').fill(account.username);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Login successful')).toBeVisible();
      await expect(page).toHaveURL(expected[role].dashboard);
      await expect(page.getByRole('banner').getByText('ElderCare System')).toBeVisible();
      const links = await sidebarLinks(page);
      expect(links.map((l) => [l.name, l.href])).toEqual(expected[role].links);
      // The current screen's link is marked as selected.
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
      ).toHaveAttribute('aria-current', 'page');
    });
  }

  test('a signed-in user who opens /login is sent to their dashboard', async ({ page }) => {
    const account = await registerAccount('caregiver');
    await loginThroughUi(page, account);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/caregiver-dashboard$/);
  });

  test('/user-dashboard leads a patient to /patient-dashboard', async ({ page }) => {
    const account = await registerAccount('patient');
    await loginThroughUi(page, account);
    await page.goto('/user-dashboard');
    await expect(page).toHaveURL(/\/patient-dashboard$/);
  });

  test('a guest who opens a private screen lands on /login', async ({ page }) => {
    for (const path of ['/dashboard', '/settings', '/profile', '/users']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });
});

test.describe('Login form', () => {
  test('shows each required message under its empty field and sends nothing', async ({ page }) => {
    const loginCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/users/login')) loginCalls.push(r.url());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Username')).toHaveAccessibleDescription(
      validation.usernameRequired,
    );
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
      validation.passwordRequired,
    );
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(validation.passwordMin6);
    await expect(page.getByText(validation.usernameRequired)).toHaveCount(0);
    expect(loginCalls).toEqual([]);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows Login failed and stays on /login', async ({ page }) => {
    const account = await registerAccount('doctor');
    await page.goto('/login');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(notices.loginFailed)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('links to the Sign Up screen and back', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('Sign Up form', () => {
  test('shows each required message under its empty field', async ({ page }) => {
    const registerCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/users/register')) registerCalls.push(r.url());
    });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const expectedMessages: [string, string][] = [
      ['Username', validation.usernameRequired],
      ['First Name', validation.firstNameRequiredSignup],
      ['Second Name', validation.secondNameRequired],
      ['Email', validation.emailRequired],
      ['Password', validation.passwordRequired],
      ['Primary Location', validation.primaryLocationRequired],
      ['Role', validation.roleRequired],
      ['Privileges', validation.privilegesRequired],
    ];
    for (const [label, message] of expectedMessages) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(message);
    }
    expect(registerCalls).toEqual([]);
  });

  test('applies the new password policy: length and very common passwords', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(validation.passwordMin8);
    await page.getByLabel('Password').fill('12345678');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
      validation.passwordTooCommon,
    );
  });

  test('says that a supervisor or admin privilege waits for an admin', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByText(accountTexts.privilegeNeedsApproval)).toHaveCount(0);
    await page.getByLabel('Privileges').selectOption('supervisor');
    await expect(page.getByText(accountTexts.privilegeNeedsApproval)).toBeVisible();
    await page.getByLabel('Privileges').selectOption('viewer');
    await expect(page.getByText(accountTexts.privilegeNeedsApproval)).toHaveCount(0);
  });

  test('a taken username is shown under the Username field', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Username').fill('e2e-admin');
    await page.getByLabel('First Name').fill('Copy');
    await page.getByLabel('Second Name').fill('Cat');
    await page.getByLabel('Email').fill(`copy-${Date.now()}@example.test`);
    await page.getByLabel('Password').fill('a-long-enough-password');
    await page.getByLabel('Primary Location').fill('Springfield');
    await page.getByLabel('Role').selectOption('doctor');
    await page.getByLabel('Privileges').selectOption('viewer');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Username')).toHaveAccessibleDescription(
      'This username is already taken',
    );
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('the role comes from the server', () => {
  test('a patient who sets role doctor in browser storage sees no doctor screen or data', async ({
    page,
  }) => {
    // A doctor with a patient on their care team: data the patient must never see.
    const doctor = await registerAccount('doctor');
    const token = await apiToken(doctor);
    const secretName = `Secretperson${Date.now().toString(36)}`;
    const created = await fetch(`${baseUrl()}/api/patients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        firstName: secretName,
        lastName: 'Hidden',
        dob: '1940-01-01',
        gender: 'Female',
        address: '1 Hidden Road',
        phoneNumber: '555-0100',
        emergencyContact: 'Someone',
        emergencyContactPhone: '555-0101',
      }),
    });
    expect(created.status).toBe(201);

    const patient = await registerAccount('patient');
    await loginThroughUi(page, patient);
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    await page.evaluate(() => {
      for (const key of ['role', 'mockRole', 'userRole']) localStorage.setItem(key, 'doctor');
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/(patient-dashboard|login)$/);
    const links = await sidebarLinks(page);
    expect(links.map((l) => l.href)).not.toContain('/medical-records');

    const answer = await page.request.get('/api/patients');
    expect(answer.ok()).toBe(true);
    expect(await answer.text()).not.toContain(secretName);
    await page.goto('/patients');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(secretName)).toHaveCount(0);
  });

  test('a non-admin who opens /users sees a refusal, not the list', async ({ page }) => {
    const doctor = await registerAccount('doctor');
    await loginThroughUi(page, doctor);
    await page.goto('/users');
    await expect(page.getByRole('alert').getByText(accountTexts.adminOnly)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const links = await sidebarLinks(page);
    expect(links.map((l) => l.name)).not.toContain('Users');
  });
});

test.describe('session', () => {
  test('after logout, Back shows no private screen', async ({ page }) => {
    const doctor = await registerAccount('doctor');
    await loginThroughUi(page, doctor);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await logoutThroughMenu(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    // The session is gone on the server too.
    const me = await page.request.get('/api/users/me');
    expect(me.status()).toBe(401);
  });

  test('when the session ends, the next action returns to /login with a notice', async ({
    page,
    context,
  }) => {
    const caregiver = await registerAccount('caregiver');
    await loginThroughUi(page, caregiver);
    await context.clearCookies();
    // The next call to the server (this click, or the notification bell's own refresh, whichever
    // comes first) finds the session gone.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(notices.sessionExpired)).toBeVisible();
  });

  test('the sidebar collapses to icons with names and opens again', async ({ page }) => {
    const doctor = await registerAccount('doctor');
    await loginThroughUi(page, doctor);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const drawerWidth = () =>
      page.locator('#sidebar .MuiDrawer-paper').evaluate((el) => el.getBoundingClientRect().width);
    await expect.poll(drawerWidth).toBe(240);
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect.poll(drawerWidth).toBe(60);
    await expect(nav.getByRole('link', { name: 'Patients' })).toBeVisible();
    await expect(nav.getByText('Patients')).toHaveCount(0);
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect.poll(drawerWidth).toBe(240);
    await expect(nav.getByText('Patients')).toBeVisible();
  });

  test('on a narrow screen the sidebar is an overlay opened by the menu button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    const patient = await registerAccount('patient');
    await loginThroughUi(page, patient);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Expand menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(nav).toBeHidden();
  });

  test('keyboard users can skip to the main content', async ({ page }) => {
    const doctor = await registerAccount('doctor');
    await loginThroughUi(page, doctor);
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });
});

test.describe('Settings', () => {
  const bodyBackground = (page: Page) =>
    page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  test('dark mode switches at once, is announced, and is still on after a new login', async ({
    page,
  }) => {
    const doctor = await registerAccount('doctor');
    await loginThroughUi(page, doctor);
    await page.goto('/settings');
    expect(await bodyBackground(page)).toBe('rgb(249, 250, 252)');
    await page.getByLabel('Dark Mode').check();
    await expect(page.getByText(notices.themeDark)).toBeVisible();
    await expect.poll(() => bodyBackground(page)).not.toBe('rgb(249, 250, 252)');
    await logoutThroughMenu(page);
    expect(await bodyBackground(page)).toBe('rgb(249, 250, 252)');
    await loginThroughUi(page, doctor);
    await expect.poll(() => bodyBackground(page)).not.toBe('rgb(249, 250, 252)');
    await page.goto('/settings');
    await expect(page.getByLabel('Dark Mode')).toBeChecked();
    await page.getByLabel('Dark Mode').uncheck();
    await expect(page.getByText(notices.themeLight)).toBeVisible();
    await expect.poll(() => bodyBackground(page)).toBe('rgb(249, 250, 252)');
  });

  test('font size and notifications are saved by Save Settings and follow the user to another device', async ({
    page,
    browser,
  }) => {
    const doctor = await registerAccount('doctor');
    await loginThroughUi(page, doctor);
    await page.goto('/settings');
    const fontSize = page.getByLabel('Font Size');
    await expect(fontSize).toHaveValue('16');
    await fontSize.fill('20');
    await page.getByLabel('Enable Notifications').uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText(notices.settingsUpdated)).toBeVisible();
    const htmlFontSize = (p: Page) =>
      p.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(await htmlFontSize(page)).toBe('20px');

    // Another browser (a fresh context) gets the same settings at login.
    const other = await browser.newContext({ baseURL: baseUrl() });
    const otherPage = await other.newPage();
    await loginThroughUi(otherPage, doctor);
    await expect.poll(() => htmlFontSize(otherPage)).toBe('20px');
    await otherPage.goto('/settings');
    await expect(otherPage.getByLabel('Font Size')).toHaveValue('20');
    await expect(otherPage.getByLabel('Enable Notifications')).not.toBeChecked();
    await other.close();
  });

  test('a caregiver starts with font size 18', async ({ page }) => {
    const caregiver = await registerAccount('caregiver');
    await loginThroughUi(page, caregiver);
    await page.goto('/settings');
    await expect(page.getByLabel('Font Size')).toHaveValue('18');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
      '18px',
    );
  });
});

test.describe('Profile', () => {
  test('loads with a notice and saves changes', async ({ page }) => {
    const patient = await registerAccount('patient');
    await loginThroughUi(page, patient);
    await page.getByRole('button', { name: /^Account of/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(notices.profileLoaded)).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(patient.username);
    await expect(page.getByLabel('First Name')).toHaveValue(patient.firstName);
    await page.getByLabel('Phone Number').fill('555-0199');
    await page.getByLabel('First Name').fill('Renamed');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText(notices.profileUpdated)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account of Renamed/ })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Phone Number')).toHaveValue('555-0199');
  });

  test('a required field left empty is refused under the field', async ({ page }) => {
    const doctor = await registerAccount('doctor');
    await loginThroughUi(page, doctor);
    await page.goto('/profile');
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(validation.emailRequired);
  });

  test('changes the password: a wrong current password is shown under its field', async ({
    page,
  }) => {
    const doctor = await registerAccount('doctor');
    await loginThroughUi(page, doctor);
    await page.goto('/profile');
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password').fill('another-long-password');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByLabel('Current Password')).toHaveAccessibleDescription(
      'Current password is incorrect',
    );
    await page.getByLabel('Current Password').fill(doctor.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText(/^Password changed/)).toBeVisible();
    await logoutThroughMenu(page);
    await loginThroughUi(page, { username: doctor.username, password: 'another-long-password' });
  });
});

test.describe('Users (admin)', () => {
  test('an admin approves a requested supervisor privilege', async ({ page }) => {
    const requester = await registerAccount('caregiver', { privileges: 'supervisor' });
    await loginThroughUi(page, { username: 'e2e-admin', password: 'e2e-admin-password' });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Users' })
      .click();
    await expect(page).toHaveURL(/\/users$/);
    await searchUsers(page, requester.username);
    const row = page.getByRole('row').filter({ hasText: requester.username });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'Editor', exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Approve supervisor for ${requester.username}` }).click();
    await expect(page.getByText(accountTexts.requestGranted)).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Supervisor', exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

    const token = await apiToken(requester);
    const me = await fetch(`${baseUrl()}/api/users/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await me.json()) as { privileges: string }).privileges).toBe('supervisor');
  });

  test('an admin deactivates a user after confirming, and that user can no longer log in', async ({
    page,
  }) => {
    const target = await registerAccount('patient');
    await loginThroughUi(page, { username: 'e2e-admin', password: 'e2e-admin-password' });
    await page.goto('/users');
    await searchUsers(page, target.username);
    const row = page.getByRole('row').filter({ hasText: target.username });
    await row.getByRole('button', { name: `Deactivate ${target.username}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(target.username);
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(accountTexts.userDeactivated)).toBeVisible();
    await expect(row.getByText('Inactive')).toBeVisible();
    const login = await fetch(`${baseUrl()}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: target.username, password: target.password }),
    });
    expect(login.status).toBe(401);
  });
});

test('the first account signed up on an empty database becomes admin', async ({ page }) => {
  const buildDir = process.env.E2E_BUILD_DIR;
  if (!buildDir) throw new Error('E2E_BUILD_DIR is not set: run through playwright test');
  // On the embedded database whatever the rest of the suite runs on: the built server starting
  // on an empty data directory is what a newcomer's `npm start` does.
  const fresh = await startServer(buildDir, {}, { database: 'embedded' });
  try {
    const account = await signUpThroughUi(
      page,
      { role: 'doctor', privileges: 'viewer' },
      fresh.url,
    );
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`${fresh.url}/dashboard`);
    const me = await page.request.get(`${fresh.url}/api/users/me`);
    expect(((await me.json()) as { privileges: string }).privileges).toBe('admin');
    const links = await sidebarLinks(page);
    expect(links.map((l) => l.name)).toEqual(expect.arrayContaining(['Users', 'Audit Log']));
  } finally {
    // Leave the app first: its live reminder stream and queries would otherwise reach for the
    // stopped server and log a refused connection.
    await page.goto('about:blank');
    await fresh.stop();
  }
});
