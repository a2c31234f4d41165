import type { Page } from '@playwright/test';
import { apiSession, expect, registerAccount, send, test, type Account } from './fixtures.ts';

/**
 * Stored XSS: script-bearing text goes into every free-text field of every record type through
 * the API (as its authors would enter it), then every screen of every role is rendered in
 * Chromium. No payload may run, and none may turn into an element: the text must show as text.
 * The Content-Security-Policy would block an inline handler anyway; the DOM checks are what
 * prove the rendering escapes, and a CSP report would show as a console error, which fails too.
 */

const IMG = '<img src=x onerror="window.__xss=1">';
const SVG = '"><svg onload=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const JS_URL = 'javascript:window.__xss=1';
/** For fields of up to 50 characters. */
const SHORT = SVG;
const LONG = `x ${IMG} ${SVG} ${SCRIPT} ${JS_URL}`;
const NAME = `Ada${IMG}`;

const ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' };

type RoleName = 'doctor' | 'caregiver' | 'patient' | 'admin';

interface World {
  accounts: Record<RoleName, Pick<Account, 'username' | 'password'>>;
  patientId: number;
}

const inDays = (days: number, hour = 10) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

/** A profile whose every free-text field carries a payload. */
const profileOf = (account: Account) => ({
  firstName: NAME,
  secondName: `Smith${SVG}`,
  email: `${account.username}@example.test`,
  primaryLocation: LONG.slice(0, 200),
  secondaryLocation: LONG.slice(0, 200),
  phoneNumber: SHORT,
});

let world: World;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const doctor = await registerAccount('doctor', { firstName: NAME, secondName: `Doc${SVG}` });
  const caregiver = await registerAccount('caregiver', { firstName: NAME, secondName: SHORT });
  const patientAccount = await registerAccount('patient', {
    firstName: NAME,
    secondName: `Pat${SVG}`,
  });

  const doc = await apiSession(playwright, doctor);
  const patient = await send(doc, 'POST', '/api/patients', {
    firstName: NAME,
    lastName: `Lovelace${SVG}`,
    dob: '1940-12-10',
    gender: SHORT,
    address: LONG,
    phoneNumber: SHORT,
    emergencyContact: LONG,
    emergencyContactPhone: IMG,
  });
  await send(doc, 'POST', `/api/patients/${patient.id}/care-team`, { userId: caregiver.id });
  await send(doc, 'PUT', `/api/patients/${patient.id}/account`, {
    username: patientAccount.username,
  });
  // Booking tells the patient (a notification quoting the location).
  await send(doc, 'POST', '/api/appointments', {
    patientId: patient.id,
    doctorId: doctor.id,
    appointmentDate: inDays(2),
    location: LONG,
  });
  await send(doc, 'POST', '/api/appointments', {
    patientId: patient.id,
    doctorId: doctor.id,
    appointmentDate: inDays(-2),
    location: JS_URL,
  });
  const record = {
    patientId: patient.id,
    doctorId: doctor.id,
    dateOfVisit: inDays(-3),
    location: LONG,
    diagnosis: LONG,
    treatmentPlan: LONG,
    notes: LONG,
  };
  await send(doc, 'POST', '/api/medical-records', record);
  // A deleted one, for the admin's Deleted Records screen.
  const doomed = await send(doc, 'POST', '/api/medical-records', { ...record, diagnosis: IMG });
  await send(doc, 'DELETE', `/api/medical-records/${doomed.id}`);
  // Telling the caregiver quotes the patient's name.
  await send(doc, 'POST', '/api/prescriptions', {
    patientId: patient.id,
    date: inDays(-1).slice(0, 10),
    medication: LONG.slice(0, 200),
    dosage: LONG.slice(0, 100),
    duration: SHORT,
    details: LONG,
  });
  await send(doc, 'POST', '/api/medications', {
    patientId: patient.id,
    date: inDays(-1, 8),
    details: LONG,
  });
  await send(doc, 'POST', '/api/reminders', { message: LONG, date: inDays(1) });
  await send(doc, 'PUT', `/api/users/username/${doctor.username}`, profileOf(doctor));
  await doc.dispose();

  const care = await apiSession(playwright, caregiver);
  // Filing tells the doctors on the care team.
  await send(care, 'POST', '/api/progress-reports', {
    patientId: patient.id,
    caregiverId: caregiver.id,
    date: inDays(-1, 17),
    summary: LONG,
    recommendations: LONG,
    overallHealth: SHORT,
  });
  await send(care, 'POST', '/api/medications', {
    patientId: patient.id,
    date: inDays(0, 8),
    details: LONG,
  });
  // Due in a moment: it fires into a notification (and a live toast) while the screens load.
  await send(care, 'POST', '/api/reminders', {
    message: LONG,
    date: new Date(Date.now() + 3_000).toISOString(),
  });
  await send(care, 'PUT', `/api/users/username/${caregiver.username}`, profileOf(caregiver));
  await care.dispose();

  const own = await apiSession(playwright, patientAccount);
  // A request tells the doctor, quoting the patient's name.
  await send(own, 'POST', '/api/appointments', {
    patientId: patient.id,
    doctorId: doctor.id,
    appointmentDate: inDays(5),
    location: LONG,
  });
  await send(own, 'POST', '/api/reminders', { message: LONG, date: inDays(1) });
  await send(
    own,
    'PUT',
    `/api/users/username/${patientAccount.username}`,
    profileOf(patientAccount),
  );
  await own.dispose();

  const admin = await apiSession(playwright, ADMIN);
  await send(admin, 'POST', '/api/reminders', { message: LONG, date: inDays(1) });
  await admin.dispose();

  world = {
    accounts: { doctor, caregiver, patient: patientAccount, admin: ADMIN },
    patientId: patient.id,
  };
});

interface ScreenVisit {
  path: string;
  /** The screen shows stored text, so the payload must be on it as plain text. */
  showsPayload: boolean;
  /**
   * Typed into the screen's search field first: a list of the whole agency pages, and other
   * specs sharing the server may have pushed the payload's row past the first page.
   */
  search?: string;
}

function screensOf(role: RoleName, patientId: number): ScreenVisit[] {
  const chart = { path: `/patients/${patientId}`, showsPayload: true };
  const self = [
    { path: '/notifications', showsPayload: true },
    { path: '/settings', showsPayload: false },
    { path: '/profile', showsPayload: false },
  ];
  const doctor = [
    { path: '/dashboard', showsPayload: true },
    { path: '/patients', showsPayload: true },
    chart,
    { path: '/appointments', showsPayload: true },
    { path: '/medical-records', showsPayload: true },
    { path: '/prescriptions-medication', showsPayload: true },
    { path: '/progress-report', showsPayload: true },
    ...self,
  ];
  switch (role) {
    case 'doctor':
      return doctor;
    case 'admin':
      // The admin treats nobody and wrote nothing: only the agency-wide screens hold the
      // records; its own dashboard and lists (a doctor's own records) are still rendered.
      return [
        ...doctor.map((s) => ({
          ...s,
          showsPayload: s.path === '/patients' || s.path === chart.path,
          // The agency's whole list: the payload's patient is found by name.
          ...(s.path === '/patients' ? { search: 'Lovelace' } : {}),
        })),
        { path: '/users', showsPayload: true, search: world.accounts.doctor.username },
        { path: '/audit', showsPayload: false },
        { path: '/deleted-records', showsPayload: true },
      ];
    case 'caregiver':
      return [
        { path: '/caregiver-dashboard', showsPayload: true },
        { path: '/patients', showsPayload: true },
        chart,
        { path: '/prescriptions-medication', showsPayload: true },
        { path: '/progress-report', showsPayload: true },
        ...self,
      ];
    case 'patient':
      return [
        { path: '/patient-dashboard', showsPayload: true },
        { path: '/patient-appointments', showsPayload: true },
        { path: '/access-log', showsPayload: false },
        ...self,
      ];
  }
}

/** Elements and attributes a payload would have become, had it been parsed as HTML. */
async function injected(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const w = window as unknown as { __xss?: unknown };
    if (w.__xss !== undefined) found.push(`window.__xss = ${String(w.__xss)}`);
    const selectors = [
      'img[src="x"]',
      'svg[onload]',
      '[onerror]',
      '[onload]',
      'a[href^="javascript:" i]',
      '[src^="javascript:" i]',
      '[action^="javascript:" i]',
    ];
    for (const selector of selectors) {
      for (const element of document.querySelectorAll(selector)) {
        found.push(`${selector}: ${element.outerHTML.slice(0, 120)}`);
      }
    }
    for (const script of document.querySelectorAll('script')) {
      if (script.textContent?.includes('__xss')) found.push(`script: ${script.outerHTML}`);
    }
    return found;
  });
}

async function visit(page: Page, screen: ScreenVisit) {
  await page.goto(screen.path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(
    page.locator(
      '[role="status"][aria-label="Loading"], .MuiSkeleton-root, main .MuiCircularProgress-root',
    ),
  ).toHaveCount(0);
  if (screen.search) {
    await page.getByRole('searchbox').first().fill(screen.search);
    await expect(page.locator('main')).toContainText(screen.search);
  }
  if (screen.showsPayload) {
    // The stored text is on the screen, as text: the check below is not of an empty page.
    await expect(page.locator('main')).toContainText('window.__xss=1');
  }
  // An image that failed to load runs its onerror a moment later, not at insertion.
  await page.waitForTimeout(150);
  expect(await injected(page), `${screen.path}: injected markup`).toEqual([]);
}

for (const role of ['doctor', 'caregiver', 'patient', 'admin'] as const) {
  test(`no stored payload runs or becomes markup on any ${role} screen`, async ({ page }) => {
    test.setTimeout(120_000);
    const account = world.accounts[role];
    const res = await page.request.post('/api/users/login', {
      data: { username: account.username, password: account.password },
    });
    expect(res.ok()).toBe(true);
    for (const screen of screensOf(role, world.patientId)) await visit(page, screen);
  });
}
