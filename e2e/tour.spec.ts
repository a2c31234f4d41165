import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  apiSession,
  expect,
  registerAccount,
  send,
  test,
  writeHeaders,
  type Account,
} from './fixtures.ts';
import { projectRoot } from './support/server.ts';

/**
 * A tour of every screen as each role (doctor, caregiver, patient with a linked record, admin),
 * in light and dark mode, at the default and a large font size, at desktop and phone widths.
 * With TOUR_SHOTS=1, full-page screenshots land in .tmp/tour/ for checking by eye. The assertions are the ones an
 * elderly user depends on: one h1 per screen, no sideways scrolling, a name on every control,
 * targets large enough to hit, a working skip link, and a quiet console: no error of any kind,
 * not even a 4xx line for an expected state such as a guest's first look at /login.
 */
test.use({ strictConsole: true });

const shotDir = path.join(projectRoot, '.tmp', 'tour');
mkdirSync(shotDir, { recursive: true });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface Look {
  dark: boolean;
  fontSize: number;
}

interface World {
  doctor: Account;
  caregiver: Account;
  patientAccount: Account;
  admin: Account;
  walterId: number;
}

// ---------------------------------------------------------------------------------------------
// Data, set up through the API as the people themselves would enter it.

const at = (days: number, hours: number, minutes = 0) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hours, minutes, 0, 0);
  return d.toISOString();
};
const day = (days: number) => at(days, 12).slice(0, 10);

async function buildWorld(playwright: Parameters<typeof apiSession>[0]): Promise<World> {
  const doctor = await registerAccount('doctor', { firstName: 'Helen', secondName: 'Morales' });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Maria',
    secondName: 'Santos',
  });
  const patientAccount = await registerAccount('patient', {
    firstName: 'Walter',
    secondName: 'Brooks',
  });
  // An admin: asks for it at sign-up, the bootstrap admin grants it.
  const admin = await registerAccount('doctor', {
    firstName: 'Alex',
    secondName: 'Adminson',
    privileges: 'admin',
  });
  const root = await apiSession(playwright, {
    username: 'e2e-admin',
    password: 'e2e-admin-password',
  });
  await send(root, 'PATCH', `/api/users/${admin.id}`, { request: 'grant' });
  await root.dispose();

  const doc = await apiSession(playwright, doctor);
  const patients = [
    {
      firstName: 'Walter',
      lastName: 'Brooks',
      dob: '1938-04-12',
      gender: 'Male',
      address: '221 Maple Avenue, Apartment 4B, Springfield, IL 62704',
      phoneNumber: '(217) 555-0142',
      emergencyContact: 'Linda Brooks (daughter)',
      emergencyContactPhone: '(217) 555-0199',
    },
    {
      firstName: 'Eleanor',
      lastName: 'Whitfield-Harrington',
      dob: '1941-09-30',
      gender: 'Female',
      address: '14 Orchard Lane, Riverside Gardens, Springfield, IL 62711',
      phoneNumber: '(217) 555-0178',
      emergencyContact: 'Thomas Whitfield',
      emergencyContactPhone: '(217) 555-0110',
    },
    {
      firstName: 'Harold',
      lastName: 'Jenkins',
      dob: '1935-01-05',
      gender: 'Male',
      address: '9 Church Street, Springfield',
      phoneNumber: '(217) 555-0123',
      emergencyContact: 'Margaret Jenkins',
      emergencyContactPhone: '(217) 555-0124',
    },
  ];
  const ids: number[] = [];
  for (const p of patients) ids.push((await send(doc, 'POST', '/api/patients', p)).id);
  const [walterId, eleanorId] = ids as [number, number, number];
  for (const id of [walterId, eleanorId]) {
    await send(doc, 'POST', `/api/patients/${id}/care-team`, { userId: caregiver.id });
  }
  await send(doc, 'PUT', `/api/patients/${walterId}/account`, {
    username: patientAccount.username,
  });

  const appointments: [number, string, string][] = [
    [walterId, at(1, 10), 'Springfield Family Clinic, Room 12'],
    [eleanorId, at(1, 14, 30), 'Home visit, 14 Orchard Lane'],
    [walterId, at(4, 9, 15), 'Memorial Hospital, Cardiology Wing, 2nd floor'],
    [walterId, at(-6, 11), 'Springfield Family Clinic, Room 12'],
  ];
  for (const [patientId, appointmentDate, location] of appointments) {
    await send(doc, 'POST', '/api/appointments', { patientId, appointmentDate, location });
  }
  await send(doc, 'POST', '/api/medical-records', {
    patientId: walterId,
    doctorId: doctor.id,
    dateOfVisit: at(-6, 11),
    location: 'Springfield Family Clinic',
    diagnosis: 'Hypertension, stage 1',
    treatmentPlan: 'Lisinopril 10 mg once daily; low-salt diet; recheck blood pressure in 4 weeks',
    notes: 'Reports occasional dizziness when standing up quickly in the morning.',
  });
  await send(doc, 'POST', '/api/medical-records', {
    patientId: eleanorId,
    doctorId: doctor.id,
    dateOfVisit: at(-3, 15),
    location: 'Home visit',
    diagnosis: 'Type 2 diabetes, well controlled',
    treatmentPlan: 'Continue metformin 500 mg twice daily',
    notes: '',
  });
  await send(doc, 'POST', '/api/prescriptions', {
    patientId: walterId,
    date: day(-6),
    medication: 'Lisinopril',
    dosage: '10 mg once daily',
    duration: '30 days',
    details: 'Take in the morning with a glass of water.',
  });
  await send(doc, 'POST', '/api/prescriptions', {
    patientId: eleanorId,
    date: day(-3),
    medication: 'Metformin',
    dosage: '500 mg twice daily',
    duration: '90 days',
    details: 'With meals.',
  });
  await send(doc, 'POST', '/api/medications', {
    patientId: walterId,
    date: at(-1, 8, 30),
    details: 'Lisinopril 10 mg given with breakfast',
  });
  await doc.dispose();

  const care = await apiSession(playwright, caregiver);
  await send(care, 'POST', '/api/progress-reports', {
    patientId: walterId,
    caregiverId: caregiver.id,
    date: at(-1, 17),
    summary: 'Walked twice around the block, ate well, blood pressure 132/84.',
    recommendations: 'Keep the morning walk; remind him to stand up slowly.',
    overallHealth: 'Stable',
  });
  await send(care, 'POST', '/api/medications', {
    patientId: eleanorId,
    date: at(0, 8),
    details: 'Metformin 500 mg given with breakfast',
  });
  await send(care, 'POST', '/api/reminders', {
    message: "Check Walter's blood pressure",
    date: at(1, 9),
  });
  // A day with a reminder only: the calendar must not call it a day with appointments.
  await send(care, 'POST', '/api/reminders', {
    message: 'Collect the prescription refill for Eleanor at the pharmacy on Main Street',
    date: at(2, 16),
  });
  await care.dispose();

  return { doctor, caregiver, patientAccount, admin, walterId };
}

// ---------------------------------------------------------------------------------------------
// Checks.

async function setLook(page: Page, look: Look) {
  const res = await page.request.put('/api/users/me/settings', {
    data: { darkMode: look.dark, fontSize: look.fontSize },
    headers: writeHeaders,
  });
  expect(res.ok(), `settings: ${res.status()}`).toBe(true);
}

async function signIn(page: Page, account: Pick<Account, 'username' | 'password'>, look: Look) {
  await page.context().clearCookies();
  const res = await page.request.post('/api/users/login', {
    data: { username: account.username, password: account.password },
  });
  expect(res.ok()).toBe(true);
  await setLook(page, look);
}

/** Waits until the screen has loaded: no spinner or skeleton left. */
async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  // After a resize the layout re-renders for the new width and then slides (the sidebar's
  // width): measure the layout a user is left with, not a frame before or during that.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await animationsDone(page);
  await expect(
    page.locator(
      '[role="status"][aria-label="Loading"], .MuiSkeleton-root, main .MuiCircularProgress-root',
    ),
  ).toHaveCount(0);
}

/** Waits until dialogs, menus and drawers have finished sliding or fading in. */
const animationsDone = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      // MUI's slides and fades are CSS transitions; spinners and toast timers are animations.
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
      ),
  );

async function closeToasts(page: Page) {
  for (const notice of await page.locator('.Toastify__toast').all()) {
    await notice.click().catch(() => undefined);
  }
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
}

const noHorizontalScroll = async (page: Page) =>
  page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    const culprits: string[] = [];
    if (scrollWidth > clientWidth + 1) {
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        const r = el.getBoundingClientRect();
        if (r.right > clientWidth + 1 && r.width > 0) {
          const kids = [...el.children].some(
            (c) => c.getBoundingClientRect().right > clientWidth + 1,
          );
          if (!kids)
            culprits.push(
              `${el.tagName}.${String(el.className).slice(0, 80)} right=${Math.round(r.right)}`,
            );
        }
      }
    }
    return {
      scrollWidth,
      clientWidth,
      ok: scrollWidth <= clientWidth + 1,
      culprits: culprits.slice(0, 6),
    };
  });

/** The controls the browser's accessibility tree gives no name (the same tree screen readers read). */
async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: {
        ignored: boolean;
        role?: { value: string };
        name?: { value: string };
        backendDOMNodeId?: number;
      }[];
    };
    const roles = new Set([
      'button',
      'textbox',
      'searchbox',
      'combobox',
      'checkbox',
      'switch',
      'radio',
      'spinbutton',
      'slider',
      'link',
      'menuitem',
      'tab',
      'listbox',
    ]);
    const found: string[] = [];
    for (const node of nodes) {
      if (node.ignored || !roles.has(node.role?.value ?? '')) continue;
      if ((node.name?.value ?? '').trim()) continue;
      let html = '';
      if (node.backendDOMNodeId) {
        const { object } = (await cdp.send('DOM.resolveNode', {
          backendNodeId: node.backendDOMNodeId,
        })) as { object: { objectId: string } };
        const { result } = (await cdp.send('Runtime.callFunctionOn', {
          objectId: object.objectId,
          functionDeclaration: 'function () { return this.outerHTML.slice(0, 160); }',
          returnByValue: true,
        })) as { result: { value: string } };
        html = result.value;
      }
      found.push(`${node.role?.value}: ${html}`);
    }
    return found;
  } finally {
    await cdp.detach();
  }
}

/** Interactive things in the main area lower than 40 px (the clickable box, not the text). */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="combobox"], [role="switch"], [role="checkbox"], [role="tab"]';
    const found: string[] = [];
    for (const element of main.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('[aria-hidden="true"]')) continue;
      // The box a pointer hits: a text field's outline, a switch's whole label, or the entry a
      // stretched link or button covers with its ::after.
      const after = getComputedStyle(element, '::after');
      const stretched =
        after.content !== 'none' && after.position === 'absolute'
          ? (element.offsetParent as HTMLElement | null)
          : null;
      const box =
        element.closest<HTMLElement>('.MuiInputBase-root') ??
        element.closest<HTMLElement>('label') ??
        stretched ??
        element;
      const rect = box.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(box);
      if (style.visibility === 'hidden') continue;
      if (rect.height < 39.5) {
        const name =
          element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
        found.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(rect.height)}px`);
      }
    }
    return found;
  });

/**
 * Controls cut off by a box that hides its overflow (a table's pagination running off the edge
 * of its card, say). Tables themselves scroll sideways on purpose and are left out.
 */
const clippedControls = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const main = document.querySelector('main') ?? document.body;
    for (const element of main.querySelectorAll<HTMLElement>(
      'button, a[href], input, [role="combobox"]',
    )) {
      const rect = element.getBoundingClientRect();
      // A switch's native input is wider than its knob by design (the knob is the target).
      if (
        rect.width === 0 ||
        element.matches('.PrivateSwitchBase-input') ||
        element.closest('[aria-hidden="true"], .MuiTableContainer-root')
      )
        continue;
      for (let box = element.parentElement; box && box !== main; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const outer = box.getBoundingClientRect();
        if (
          rect.right > outer.right + 1 ||
          rect.bottom > outer.bottom + 1 ||
          rect.left < outer.left - 1
        ) {
          const name =
            element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
          found.push(`${element.tagName.toLowerCase()} "${name ?? ''}"`);
          break;
        }
      }
    }
    return found;
  });

/** Everything one screen gets wrong, as readable lines (an empty list is a pass). */
async function findProblems(page: Page, options: { targets: boolean }): Promise<string[]> {
  await settle(page);
  const found: string[] = [];
  const h1 = await page.locator('h1').count();
  if (h1 !== 1) found.push(`${h1} h1 elements`);
  const scroll = await noHorizontalScroll(page);
  if (!scroll.ok) {
    found.push(
      `scrolls sideways: ${scroll.scrollWidth} > ${scroll.clientWidth} (${scroll.culprits.join(' | ')})`,
    );
  }
  for (const control of await unnamedControls(page)) found.push(`no accessible name: ${control}`);
  for (const control of await clippedControls(page)) found.push(`cut off: ${control}`);
  if (options.targets) {
    for (const target of await smallTargets(page)) found.push(`target under 40 px: ${target}`);
  }
  return found;
}

/**
 * Screenshots for checking by eye, taken only when asked (TOUR_SHOTS=1 npx playwright test
 * e2e/tour.spec.ts): a full-page capture costs the browser more than the checks of its screen.
 */
const takeShots = Boolean(process.env.TOUR_SHOTS);

async function tourShot(page: Page, name: string, fullPage = false) {
  if (!takeShots) return;
  // A picture for the eye, not a check: on a machine under heavy load Chromium has been seen to
  // stall on a full-page capture, which must not fail the test.
  await page
    .screenshot({ path: path.join(shotDir, `${name}.png`), fullPage, timeout: 15_000 })
    .catch((error: Error) =>
      test
        .info()
        .annotations.push({ type: 'screenshot skipped', description: `${name}: ${error.message}` }),
    );
}

async function shoot(page: Page, name: string) {
  if (!takeShots) return;
  await closeToasts(page);
  await tourShot(page, name, true);
}

/** Each screen at desktop width (every check) and at phone width (layout checks). */
async function visit(page: Page, prefix: string, screens: [string, string][]) {
  for (const [slug, url] of screens) {
    await page.setViewportSize(DESKTOP);
    await page.goto(url);
    expect.soft(await findProblems(page, { targets: true }), `${prefix}-${slug}`).toEqual([]);
    await shoot(page, `${prefix}-${slug}`);
    await page.setViewportSize(PHONE);
    expect
      .soft(await findProblems(page, { targets: false }), `${prefix}-${slug}-phone`)
      .toEqual([]);
    await shoot(page, `${prefix}-${slug}-phone`);
  }
}

const doctorScreens = (w: World): [string, string][] => [
  ['dashboard', '/dashboard'],
  ['patients', '/patients'],
  ['patient', `/patients/${w.walterId}`],
  ['appointments', '/appointments'],
  ['medical-records', '/medical-records'],
  ['prescriptions', '/prescriptions-medication'],
  ['progress', '/progress-report'],
  ['reminders', '/reminders'],
  ['notifications', '/notifications'],
  ['settings', '/settings'],
  ['profile', '/profile'],
];
const caregiverScreens = (w: World): [string, string][] => [
  ['dashboard', '/caregiver-dashboard'],
  ['patients', '/patients'],
  ['patient', `/patients/${w.walterId}`],
  ['progress', '/progress-report'],
  ['prescriptions', '/prescriptions-medication'],
  ['reminders', '/reminders'],
  ['notifications', '/notifications'],
  ['settings', '/settings'],
];
const patientScreens = (): [string, string][] => [
  ['dashboard', '/patient-dashboard'],
  ['appointments', '/patient-appointments'],
  ['medical-records', '/medical-records'],
  ['prescriptions', '/prescriptions-medication'],
  ['progress', '/progress-report'],
  ['reminders', '/reminders'],
  ['notifications', '/notifications'],
  ['access-log', '/access-log'],
  ['profile', '/profile'],
];
const adminScreens = (): [string, string][] => [
  ['users', '/users'],
  ['audit', '/audit'],
  ['dashboard', '/dashboard'],
];

const LIGHT16: Look = { dark: false, fontSize: 16 };
const LIGHT22: Look = { dark: false, fontSize: 22 };
const DARK16: Look = { dark: true, fontSize: 16 };
const DARK22: Look = { dark: true, fontSize: 22 };
const lookName = (look: Look) => `${look.dark ? 'dark' : 'light'}${look.fontSize}`;

// Each role in one look by default (every look is covered by some role); TOUR_ALL_LOOKS=1 tours
// every role in all four (about four times as long).
const allLooks = [LIGHT16, DARK22, LIGHT22, DARK16];
const tours: { role: string; looks: Look[] }[] = [
  { role: 'doctor', looks: process.env.TOUR_ALL_LOOKS ? allLooks : [LIGHT16] },
  { role: 'caregiver', looks: process.env.TOUR_ALL_LOOKS ? allLooks : [DARK22] },
  { role: 'patient', looks: process.env.TOUR_ALL_LOOKS ? allLooks : [LIGHT22] },
  { role: 'admin', looks: process.env.TOUR_ALL_LOOKS ? allLooks : [DARK16] },
];

// ---------------------------------------------------------------------------------------------

let world: World;

test.beforeAll(async ({ playwright }) => {
  world = await buildWorld(playwright);
});

for (const { role, looks } of tours) {
  for (const look of looks) {
    test(`every ${role} screen reads well (${lookName(look)}): one h1, no sideways scroll, named controls, 40 px targets`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const account = {
        doctor: world.doctor,
        caregiver: world.caregiver,
        patient: world.patientAccount,
        admin: world.admin,
      }[role]!;
      const screens = {
        doctor: doctorScreens(world),
        caregiver: caregiverScreens(world),
        patient: patientScreens(),
        admin: adminScreens(),
      }[role]!;
      await signIn(page, account, look);
      await visit(page, `${role}-${lookName(look)}`, screens);
    });
  }
}

test('login and sign up read well on a desktop and a phone', async ({ page }) => {
  for (const [slug, url] of [
    ['login', '/login'],
    ['signup', '/signup'],
  ] as const) {
    await page.setViewportSize(DESKTOP);
    await page.goto(url);
    expect.soft(await findProblems(page, { targets: true }), slug).toEqual([]);
    await shoot(page, `guest-${slug}`);
    await page.setViewportSize(PHONE);
    expect.soft(await findProblems(page, { targets: false }), `${slug}-phone`).toEqual([]);
    await shoot(page, `guest-${slug}-phone`);
  }
});

test('Tab from the top reaches the skip link, which leads into the main content', async ({
  page,
}) => {
  await signIn(page, world.doctor, LIGHT16);
  await page.goto('/patients');
  await settle(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  // The first stop inside is the page's own first control, not the sidebar.
  await expect(page.getByRole('button', { name: 'Download CSV of Patients' })).toBeFocused();
});

test('the sidebar reaches the bottom of the window on a long page; the patients table keeps its actions in a row', async ({
  page,
}) => {
  await signIn(page, world.doctor, LIGHT22);
  await page.setViewportSize(DESKTOP);
  await page.goto('/prescriptions-medication');
  await settle(page);
  // Full-page screenshots cut the fixed sidebar at one window height; on screen it always
  // fills the window, scrolled or not.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const drawer = await page.locator('#sidebar .MuiDrawer-paper').boundingBox();
  expect(drawer!.y).toBeLessThanOrEqual(0);
  expect(drawer!.y + drawer!.height).toBeGreaterThanOrEqual(DESKTOP.height - 1);
  await tourShot(page, 'doctor-light22-scrolled-bottom');

  await page.goto('/patients');
  await settle(page);
  const row = page.getByRole('row').filter({ hasText: 'Whitfield-Harrington' });
  const edit = row.getByRole('button', { name: 'Edit Eleanor Whitfield-Harrington' });
  const remove = row.getByRole('button', { name: 'Delete Eleanor Whitfield-Harrington' });
  const team = row.getByRole('link', { name: 'Care team of Eleanor Whitfield-Harrington' });
  // One row of buttons, all in view without scrolling the table sideways.
  const boxes = await Promise.all([edit, remove, team].map((l) => l.boundingBox()));
  for (const box of boxes) {
    expect(Math.abs(box!.y - boxes[0]!.y)).toBeLessThan(2);
    expect(box!.x + box!.width).toBeLessThanOrEqual(DESKTOP.width);
  }
  await edit.focus();
  await expect(page.getByRole('tooltip', { name: 'Edit' })).toBeVisible();
  await animationsDone(page);
  await tourShot(page, 'doctor-light22-patients-tooltip');
});

test('on a phone the menu opens over the page and form dialogs fill the screen (dark, 22)', async ({
  page,
}) => {
  await signIn(page, world.doctor, DARK22);
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await settle(page);
  await closeToasts(page);
  await page.getByRole('button', { name: 'Expand menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Patients' })).toBeVisible();
  await animationsDone(page);
  await tourShot(page, 'phone-dark22-menu');
  await nav.getByRole('link', { name: 'Patients' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(nav.getByRole('link', { name: 'Patients' })).toBeHidden();

  for (const [button, title, url] of [
    ['Add Patient', 'Add Patient', '/patients'],
    ['Add Appointment', 'Add Appointment', '/appointments'],
    ['Add New Record', 'Add New Record', '/medical-records'],
    ['Add Prescription', 'Add Prescription', '/prescriptions-medication'],
  ] as const) {
    await page.goto(url);
    await settle(page);
    await closeToasts(page);
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    expect(await noHorizontalScroll(page)).toMatchObject({ ok: true });
    // Save stays in view at the bottom while the fields scroll.
    await expect(dialog.locator('button[type="submit"]')).toBeInViewport();
    expect.soft(await unnamedControls(page), `${title} dialog`).toEqual([]);
    await animationsDone(page);
    await tourShot(page, `phone-dark22-dialog-${button.toLowerCase().replaceAll(' ', '-')}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }

  // The question before a delete stays a small dialog, its buttons big enough to hit.
  await page.goto('/patients');
  await settle(page);
  await page.getByRole('button', { name: 'Delete Harold Jenkins' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete patient?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await animationsDone(page);
  await tourShot(page, 'phone-dark22-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
});

test('a caregiver calendar says a day holds reminders, not appointments; toasts read in dark mode', async ({
  page,
}) => {
  await signIn(page, world.caregiver, DARK16);
  await page.setViewportSize(DESKTOP);
  await page.goto('/caregiver-dashboard');
  // The dashboard's own notice, shown in the dark theme.
  const notice = page.locator('.Toastify__toast');
  await expect(notice).toBeVisible();
  await notice.hover(); // paused while the pointer rests on it
  await animationsDone(page);
  await tourShot(page, 'caregiver-dark16-toast');
  // Readable in the dark theme: light words on a dark notice.
  const colours = await notice.evaluate((element) => {
    const style = getComputedStyle(element);
    return { text: style.color, background: style.backgroundColor };
  });
  expect(colours).toEqual({ text: 'rgb(255, 255, 255)', background: 'rgb(18, 18, 18)' });
  await settle(page);
  const calendar = page.getByRole('group', { name: 'Calendar' });
  const inTwoDays = new Date(at(2, 16));
  const longDate = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(inTwoDays);
  if (inTwoDays.getMonth() === new Date().getMonth()) {
    const tile = calendar.getByRole('button', { name: new RegExp(`^${longDate}`) });
    await expect(tile).toHaveAccessibleName(new RegExp(`^${longDate}\\s*, 1 reminder$`));
  }
  const tomorrow = new Date(at(1, 9));
  if (tomorrow.getMonth() === new Date().getMonth()) {
    const name = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(tomorrow);
    await expect(
      calendar.getByRole('button', { name: new RegExp(`^${name}`) }),
    ).toHaveAccessibleName(new RegExp(`^${name}\\s*, 1 reminder, 2 appointments$`));
  }
});

test.describe('states provoked on purpose', () => {
  // A refusal is provoked here to show its error state; Chromium logs its 403 line.
  test.use({ strictConsole: false });

  test('empty and error states are shown, not blank screens', async ({ page }) => {
    const newcomer = await registerAccount('doctor', { firstName: 'Nina', secondName: 'Newcomer' });
    await signIn(page, newcomer, DARK16);
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard');
    await settle(page);
    await expect(page.getByText('No upcoming appointments.')).toBeVisible();
    await shoot(page, 'empty-doctor-dark16-dashboard');
    await page.goto('/patients');
    await settle(page);
    await expect(page.getByText('No patients found.')).toBeVisible();
    await shoot(page, 'empty-doctor-dark16-patients');

    // A refused list (here a 403 the server could send) shows the error and a way to try again.
    await page.route('**/api/medical-records/doctor/**', (route) =>
      route.fulfill({ status: 403, json: { message: 'Forbidden' } }),
    );
    await page.goto('/medical-records');
    await expect(
      page.locator('main').getByRole('alert').filter({ hasText: 'Error fetching medical records' }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await closeToasts(page);
    expect(await findProblems(page, { targets: true })).toEqual([]);
    await tourShot(page, 'error-doctor-dark16-medical-records');
  });
});
