import type { Locator, Page } from '@playwright/test';
import { addDays, localParts } from '../shared/dose-schedule.ts';
import type { AgencySettings } from '../shared/schemas/doses.ts';
import {
  apiSession,
  expect,
  registerAccount,
  send,
  signIn,
  test,
  writeHeaders,
  type Account,
} from './fixtures.ts';
import { settled } from './support/a11y-screens.ts';

/**
 * Large text on a phone (WCAG 1.4.4 and 1.4.10): at the user's font size 24 (and 32 for the
 * caregiver, who works from a phone), on a 390 x 844 touch screen, every screen of every role, the chart's tabs and the main dialogs keep
 * their words on screen. The page never scrolls sideways, no text ends beyond the right edge
 * and no button or link cuts its words off. A wide table may scroll inside its own box.
 */

const phone = { width: 390, height: 844 };
test.use({ viewport: phone, hasTouch: true, isMobile: true });

const sizes = [24, 32] as const;
const ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' };
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

interface World {
  doctor: Account;
  caregiver: Account;
  coordinator: Account;
  patient: Account;
  patientId: number;
}

let world: World;

test.beforeAll(async ({ playwright }) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', {
    firstName: 'Bartholomew',
    secondName: `Featherstonehaugh${stamp}`,
  });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Gwendolyn',
    secondName: `Size${stamp}`,
  });
  const patient = await registerAccount('patient', {
    firstName: 'Wilhelmina',
    secondName: `Size${stamp}`,
  });

  const doc = await apiSession(playwright, doctor);
  const settings = (await (await doc.get('/api/agency-settings')).json()) as AgencySettings;
  const today = localParts(new Date(), settings.timeZone).date;
  const { id: patientId } = await send(doc, 'POST', '/api/patients', {
    firstName: 'Wilhelmina',
    lastName: `Size${stamp}`,
    dob: '1939-03-14',
    gender: 'Female',
    address: '12 Elm Street, Springfield',
    phoneNumber: '555-0170',
    emergencyContact: 'Benedict Size',
    emergencyContactPhone: '555-0171',
  });
  await send(doc, 'POST', `/api/patients/${patientId}/care-team`, { userId: caregiver.id });
  await send(doc, 'PUT', `/api/patients/${patientId}/account`, { username: patient.username });
  for (const hours of [26, 50, -50]) {
    await send(doc, 'POST', '/api/appointments', {
      patientId,
      doctorId: doctor.id,
      appointmentDate: inHours(hours),
      location: 'Springfield Community Clinic, Room 4',
    });
  }
  await send(doc, 'POST', '/api/medical-records', {
    patientId,
    doctorId: doctor.id,
    dateOfVisit: inHours(-72),
    location: 'Room 4',
    diagnosis: 'Mild hypertension',
    treatmentPlan: 'Less salt, a walk a day',
    notes: 'Feels well',
  });
  const prescription = {
    patientId,
    date: addDays(today, -1),
    startDate: addDays(today, -1),
    route: 'oral',
    details: 'After meals',
  };
  // A dose due now and one as needed, for the medication round and its dialogs.
  await send(doc, 'POST', '/api/prescriptions', {
    ...prescription,
    medication: 'Hydrochlorothiazide',
    dosage: '12.5 mg',
    duration: '30 days',
    schedule: 'fixed',
    doseTimes: [localParts(new Date(Date.now() - 10 * 60_000), settings.timeZone).time],
  });
  await send(doc, 'POST', '/api/prescriptions', {
    ...prescription,
    medication: 'Paracetamol',
    dosage: '1 g',
    duration: '5 days',
    schedule: 'prn',
    prnMinIntervalMinutes: 240,
    prnMaxPerDay: 4,
  });
  await send(doc, 'POST', '/api/vital-signs', { patientId, takenAt: inHours(-2), pulse: 72 });
  await send(doc, 'POST', '/api/vital-signs', { patientId, takenAt: inHours(-26), pulse: 131 });
  for (const start of [-0.1, 25]) {
    await send(doc, 'POST', '/api/visits', {
      patientId,
      caregiverId: caregiver.id,
      plannedStart: inHours(start),
      plannedEnd: inHours(start + 1),
      serviceType: 'personal-care',
      tasks: ['Help with shower'],
    });
  }
  // The office: a coordinator appointed by the admin, and a visit with nobody, already late.
  await send(doc, 'POST', '/api/visits', {
    patientId,
    caregiverId: null,
    plannedStart: inHours(-0.7),
    plannedEnd: inHours(1.3),
    serviceType: 'companionship',
    tasks: ['Read the morning paper together'],
  });
  await send(doc, 'POST', '/api/reminders', { message: 'Call the pharmacy', date: inHours(30) });
  await doc.dispose();
  const coordinator = await registerAccount('caregiver', {
    firstName: 'Philippa',
    secondName: `Coordinator${stamp}`,
  });
  const admin = await apiSession(playwright, ADMIN);
  await send(admin, 'PATCH', `/api/users/${coordinator.id}`, { role: 'coordinator' });
  await admin.dispose();

  const care = await apiSession(playwright, caregiver);
  await send(care, 'POST', '/api/progress-reports', {
    patientId,
    caregiverId: caregiver.id,
    date: inHours(-20),
    summary: 'Walked around the block, ate well.',
    recommendations: 'Keep the morning walk.',
    overallHealth: 'Stable',
  });
  await send(care, 'POST', '/api/medications', {
    patientId,
    date: inHours(-20),
    details: 'Hydrochlorothiazide 12.5 mg given with breakfast',
  });
  await send(care, 'POST', '/api/reminders', { message: 'Bring the towels', date: inHours(30) });
  await care.dispose();

  world = { doctor, caregiver, coordinator, patient, patientId };
});

/**
 * What runs off the screen or is cut off, each named by a selector and its words: the page
 * scrolling sideways, text ending beyond the right edge, a button or link cutting its words.
 */
function overflowProblems(scope: string): string[] {
  const root = [...document.querySelectorAll(scope)].pop() ?? document.body;
  const vw = window.innerWidth;
  const problems: string[] = [];
  const name = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 3;) {
      const classes = [...e.classList].filter((c) => !/^css-/.test(c)).slice(0, 2);
      parts.unshift(
        `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${classes.map((c) => `.${c}`).join('')}`,
      );
      e = e.parentElement;
    }
    const words = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${parts.join(' > ')} "${words}"`;
  };
  // Read by screen readers only: a 1 px clipped box, never seen.
  const unseen = (el: Element) => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.clip !== 'auto' || style.clipPath !== 'none') return true;
      const r = e.getBoundingClientRect();
      if (r.width <= 1 && r.height <= 1 && style.overflow !== 'visible') return true;
    }
    return false;
  };
  // Inside a box that scrolls sideways on its own (a wide table, scrolling tabs).
  const inScrollBox = (el: Element) => {
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const x = getComputedStyle(e).overflowX;
      if ((x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth) return true;
    }
    return false;
  };
  // A notice still sliding in (it may arrive after the wait for animations in `measure`):
  // measured where it stops, on a later screen, not on its way.
  const arriving = (el: Element) =>
    el
      .closest('.Toastify__toast')
      ?.getAnimations()
      .some((animation) => animation.playState === 'running') ?? false;
  const visible = (el: Element) =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    !unseen(el) &&
    !arriving(el);

  const page = document.documentElement.scrollWidth;
  if (page > vw) problems.push(`the page scrolls sideways: ${page} px wide in ${vw} px`);

  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const reported = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || reported.has(el) || !node.textContent?.trim()) continue;
    if (el.closest('script, style, noscript, title')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const right = Math.max(0, ...[...range.getClientRects()].map((r) => r.right));
    if (right > vw + 1 && visible(el) && !inScrollBox(el)) {
      reported.add(el);
      problems.push(`text beyond the right edge (${Math.round(right)} px): ${name(el)}`);
    }
  }

  const controls = root.querySelectorAll(
    'button, a[href], [role="button"], [role="tab"], [role="menuitem"], [role="link"]',
  );
  for (const control of controls) {
    if (!control.textContent?.trim() || !control.checkVisibility({ visibilityProperty: true })) {
      continue;
    }
    for (const el of [control, ...control.querySelectorAll('*')]) {
      // Only boxes with words (a ripple's empty box overflows by design).
      if (!(el instanceof HTMLElement) || !el.textContent?.trim()) continue;
      const cutWide = el.scrollWidth > el.clientWidth + 1;
      const cutHigh = el.scrollHeight > el.clientHeight + 1;
      if (!cutWide && !cutHigh) continue;
      const style = getComputedStyle(el);
      const hides = cutWide ? style.overflowX !== 'visible' : style.overflowY === 'hidden';
      if (hides && !unseen(el)) {
        problems.push(`${control.tagName.toLowerCase()} with words cut off: ${name(el)}`);
        break;
      }
    }
  }
  return problems;
}

/**
 * Measures the screen as it is now (`scope`: only the last element it matches, such as an open
 * dialog, for its own words; the page's width is always checked); a problem is recorded and
 * the run goes on.
 */
async function measure(page: Page, what: string, scope = 'body') {
  const started = Date.now();
  // A notice sliding in starts beyond the right edge: measured once it has arrived. A spinner's
  // endless animation is not waited for, nor a paused one (a notice's countdown stops while the
  // window is not focused, and finishes only when it is again), and no wait lasts over 5 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getTiming().iterations !== Infinity,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
  const problems = await page.evaluate(overflowProblems, scope);
  if (process.env.TEXT_SIZE_SHOTS) console.log(`${what}: measured in ${Date.now() - started} ms`);
  if (problems.length && process.env.TEXT_SIZE_SHOTS) {
    await page.screenshot({
      path: `/tmp/shots/text-size/${what.replace(/[^\w-]+/g, '_')}.png`,
      fullPage: true,
    });
  }
  expect.soft(problems, `text off screen or cut off on ${what}`).toEqual([]);
}

async function setFontSize(page: Page, fontSize: number) {
  const res = await page.request.put('/api/users/me/settings', {
    data: { fontSize },
    headers: writeHeaders,
  });
  expect(res.ok(), `font size ${fontSize}: ${res.status()}`).toBe(true);
}

/**
 * Opens a screen the way a link in the app does (no reload: the run stays fast), and waits
 * for its own heading. The first screen of a page is loaded.
 */
async function open(page: Page, path: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(path);
  } else {
    await page.evaluate((to) => {
      for (const heading of document.querySelectorAll('h1')) heading.dataset.left = '';
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.locator('h1:not([data-left])').first()).toBeVisible();
  await settled(page);
}

async function visit(page: Page, what: string, path: string) {
  const started = Date.now();
  await open(page, path);
  if (process.env.TEXT_SIZE_SHOTS)
    console.log(`${what} ${path}: open in ${Date.now() - started} ms`);
  await measure(page, `${what} ${path}`);
}

/** The chart and each of its tabs, then its summary and (when allowed) its MAR. */
async function visitChart(page: Page, what: string, mar: boolean) {
  const chart = `/patients/${world.patientId}`;
  await open(page, chart);
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  expect(count, 'the chart has tabs').toBeGreaterThan(1);
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await settled(page);
    await measure(page, `${what} chart tab ${(await tab.textContent()) ?? i}`);
  }
  await visit(page, what, `${chart}/summary`);
  if (mar) await visit(page, what, `${chart}/mar`);
}

/**
 * Opens a dialog, measures it (its buttons in view) and closes it. A long form (`scrolls`)
 * scrolls its fields under the title: there only its actions must be in view.
 */
async function visitDialog(page: Page, what: string, opener: Locator, scrolls = false) {
  await opener.click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  await settled(page);
  await measure(page, `${what} dialog`, '[role="dialog"]');
  const buttons = scrolls
    ? dialog.locator('.MuiDialogActions-root').getByRole('button')
    : dialog.getByRole('button');
  if (scrolls) expect(await buttons.count(), 'the form has its actions').toBeGreaterThan(0);
  for (const button of await buttons.all()) {
    if (await button.isVisible()) await expect(button).toBeInViewport();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const fontSize of sizes) {
  test(`a doctor with admin privileges at font size ${fontSize}: every screen, the chart, adding an appointment`, async ({
    page,
  }) => {
    // At 32 only the caregiver, who works from a phone, is measured: the suite's time is bounded.
    test.skip(fontSize !== 24, 'measured at 24');
    const what = `admin at ${fontSize}`;
    await signIn(page, ADMIN);
    await setFontSize(page, fontSize);
    try {
      for (const path of [
        '/dashboard',
        '/patients',
        '/appointments',
        '/medical-records',
        '/prescriptions-medication',
        '/progress-report',
        '/timesheets',
        '/rota',
        '/notifications',
        '/settings',
        '/profile',
        '/access-log',
        '/users',
        '/audit',
        '/deleted-records',
        '/agency-export',
        '/import-patients',
      ]) {
        await visit(page, what, path);
      }
      await visitChart(page, what, true);
      await open(page, '/appointments');
      await visitDialog(
        page,
        `${what} add appointment`,
        page.getByRole('button', { name: 'Add Appointment' }),
      );
    } finally {
      await setFontSize(page, 16);
    }
  });

  test(`a caregiver at font size ${fontSize}: every screen, the chart, a report and a dose`, async ({
    page,
  }) => {
    const what = `caregiver at ${fontSize}`;
    await signIn(page, world.caregiver);
    await setFontSize(page, fontSize);
    for (const path of [
      '/caregiver-dashboard',
      '/patients',
      '/prescriptions-medication',
      '/progress-report',
      '/timesheets',
      '/rota',
      '/notifications',
      '/settings',
      '/profile',
    ]) {
      await visit(page, what, path);
    }
    await visitChart(page, what, true);
    await open(page, '/progress-report');
    await visitDialog(
      page,
      `${what} add progress report`,
      page.getByRole('button', { name: 'Add Progress Report' }),
    );
    await page.goto('/caregiver-dashboard');
    await settled(page);
    await visitDialog(
      page,
      `${what} dose not given`,
      page.getByRole('button').filter({ hasText: 'Not given…' }).first(),
    );
    await visitDialog(
      page,
      `${what} as-needed dose`,
      page.getByRole('button').filter({ hasText: 'Give a dose' }).first(),
    );
  });

  // The coordinator's screens are the rota's and the chart's, which the other roles measure at
  // both sizes: their own are measured at 24 only, which keeps the suite's time down.
  test(`a coordinator at font size ${fontSize}: every screen, the chart, assigning a visit`, async ({
    page,
  }) => {
    test.skip(fontSize !== 24, 'measured at 24');
    const what = `coordinator at ${fontSize}`;
    await signIn(page, world.coordinator);
    await setFontSize(page, fontSize);
    for (const path of [
      '/patients',
      '/rota',
      '/timesheets',
      '/notifications',
      '/settings',
      '/profile',
      '/coordinator-dashboard',
    ]) {
      await visit(page, what, path);
    }
    await visitDialog(
      page,
      `${what} assign a visit`,
      page.getByRole('button', { name: /^Assign a caregiver/ }).first(),
      true,
    );
    await visitChart(page, what, false);
  });

  test(`a patient at font size ${fontSize}: every screen, their chart, requesting an appointment`, async ({
    page,
  }) => {
    test.skip(fontSize !== 24, 'measured at 24');
    const what = `patient at ${fontSize}`;
    await signIn(page, world.patient);
    await setFontSize(page, fontSize);
    for (const path of [
      '/patient-dashboard',
      '/patient-appointments',
      '/notifications',
      '/settings',
      '/profile',
      '/access-log',
    ]) {
      await visit(page, what, path);
    }
    // The patient's own Cancel buttons are in reach.
    await open(page, '/patient-appointments');
    const cancel = page.getByRole('button', { name: /^Cancel appointment/ }).first();
    // On a phone it ends its appointment's card, low on the page: shown in the middle of the
    // screen (the least scroll stops a fraction of a pixel short of its bottom edge).
    await cancel.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    await expect(cancel).toBeInViewport({ ratio: 1 });
    await visitChart(page, what, false);
    await open(page, '/patient-appointments');
    await visitDialog(
      page,
      `${what} request appointment`,
      page.getByRole('button', { name: 'Add Appointment' }),
    );
  });
}

test('with less motion asked for, the dialog, its backdrop and the phone’s drawer do not animate', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, world.doctor);
  /** The longest transition or animation of the elements in `scope`, in ms, and where. */
  const longestMotion = (scope: string) =>
    page.evaluate((selector) => {
      const ms = (value: string) =>
        Math.max(
          ...value
            .split(',')
            .map((v) => (v.trim().endsWith('ms') ? parseFloat(v) : parseFloat(v) * 1000)),
        );
      let longest = { ms: 0, where: '' };
      for (const root of document.querySelectorAll(selector)) {
        for (const el of [root, ...root.querySelectorAll('*')]) {
          // A notice's timer runs at its pace, unseen (opacity 0): it is not motion.
          if (el.matches('.Toastify__progress-bar--animated')) continue;
          const style = getComputedStyle(el);
          for (const value of [style.transitionDuration, style.animationDuration]) {
            if (ms(value) > longest.ms) {
              longest = { ms: ms(value), where: `${el.tagName} ${el.className.toString()}` };
            }
          }
        }
      }
      return longest;
    }, scope);
  await open(page, '/appointments');
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const inDialog = await longestMotion('.MuiDialog-root');
  expect(inDialog.ms, inDialog.where).toBeLessThanOrEqual(0.01);
  const onPage = await longestMotion('body');
  expect(onPage.ms, onPage.where).toBeLessThanOrEqual(0.01);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(page.locator('#sidebar .MuiDrawer-paper')).toBeVisible();
  const drawer = await longestMotion('#sidebar');
  expect(drawer.ms, drawer.where).toBeLessThanOrEqual(0.01);

  // The same dialog does move when no one asked for less (the check above measures something).
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/appointments');
  await settled(page);
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  await expect(dialog).toBeVisible();
  expect((await longestMotion('.MuiDialog-root')).ms).toBeGreaterThan(100);
});
