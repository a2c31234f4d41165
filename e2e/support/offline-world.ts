import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, localParts, zonedInstant } from '../../shared/dose-schedule.ts';
import { formatDate } from '../../shared/format.ts';
import { doseRoundTexts, visitDayTexts } from '../../shared/messages.ts';
import type { AgencySettings } from '../../shared/schemas/doses.ts';
import type { Visit } from '../../shared/schemas/visits.ts';
import { apiSession, expect, registerAccount, send, type Account } from '../fixtures.ts';

/** The world of the offline specs: a caregiver's patient with a dose due and a visit open. */

/**
 * Lines the browser logs for the requests made with no connection (reads, health checks,
 * "net::ERR_INTERNET_DISCONNECTED"): the state under test, not an application error. A screen
 * whose code failed to load fails the test first; every other console error still fails it.
 */
export function dropOfflineNoise(consoleErrors: string[]) {
  expect(consoleErrors.join('\n')).not.toMatch(/dynamically imported module|module script/i);
  const others = consoleErrors.filter(
    (line) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(line),
  );
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

/** Waits until the app's service worker controls the page (it claims it on first install). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

export const MINUTE = 60_000;

/** A dose's time as the list writes it: its date too when it is not today's. */
const shownTime = ({ date, time }: { date: string; time: string }, today: string) =>
  date === today ? time : `${formatDate(date).replace(/, \d{4}$/, '')} ${time}`;

export interface World {
  stamp: string;
  zone: string;
  today: string;
  doctorApi: APIRequestContext;
  caregiver: Account;
  colleague: Account;
  patient: { id: number; name: string };
  /** The due dose: its medicine and its time as the list shows it. */
  dose: { medication: string; time: string; scheduledAt?: string };
  visit: Visit;
}

/**
 * A doctor, two caregivers on a patient's care team, a dose due ten minutes ago and a visit
 * that started ten minutes ago (check-in open), all through the API.
 */
export async function buildWorld(playwright: Parameters<typeof apiSession>[0]): Promise<World> {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Cora', secondName: `Off${stamp}` });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Gil',
    secondName: `Offline${stamp}`,
  });
  const colleague = await registerAccount('caregiver', {
    firstName: 'Fern',
    secondName: `Online${stamp}`,
  });
  const doctorApi = await apiSession(playwright, doctor);
  const settings = (await (await doctorApi.get('/api/agency-settings')).json()) as AgencySettings;
  const zone = settings.timeZone;
  const today = localParts(new Date(), zone).date;
  // Ten minutes ago, but never before midnight in the agency's zone: the dose and the visit are
  // today's (run just after midnight, ten minutes ago is yesterday).
  const tenMinutesAgo = Math.max(
    Date.now() - 10 * MINUTE,
    zonedInstant(today, '00:00', zone).getTime(),
  );
  const due = localParts(new Date(tenMinutesAgo), zone);

  const created = await send(doctorApi, 'POST', '/api/patients', {
    firstName: 'Helen',
    lastName: `Signal${stamp}`,
    dob: '1937-04-02',
    gender: 'Female',
    address: '9 Low Road, Springfield',
    phoneNumber: '555-0190',
    emergencyContact: 'Rob Signal',
    emergencyContactPhone: '555-0191',
  });
  for (const member of [caregiver, colleague]) {
    await send(doctorApi, 'POST', `/api/patients/${created.id}/care-team`, { userId: member.id });
  }
  const medication = `Paracetamol${stamp}`;
  await send(doctorApi, 'POST', '/api/prescriptions', {
    patientId: created.id,
    date: addDays(today, -1),
    details: 'Offline round',
    startDate: addDays(today, -1),
    route: 'oral',
    medication,
    dosage: '500 mg',
    schedule: 'fixed',
    doseTimes: [due.time],
  });
  const start = new Date(tenMinutesAgo);
  const res = await doctorApi.post('/api/visits', {
    headers: { 'X-Requested-With': 'ElderCare' },
    data: {
      patientId: created.id,
      caregiverId: caregiver.id,
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + 60 * MINUTE).toISOString(),
      serviceType: 'personal-care',
      instructions: '',
      tasks: [],
    },
  });
  expect(res.ok(), `POST /api/visits: ${res.status()} ${await res.text()}`).toBe(true);
  return {
    stamp,
    zone,
    today,
    doctorApi,
    caregiver,
    colleague,
    patient: { id: created.id, name: `Helen Signal${stamp}` },
    dose: { medication, time: shownTime(due, today) },
    visit: (await res.json()) as Visit,
  };
}

/** The dose's row on the dashboard's "Doses due now". */
export const doseRow = (page: Page, world: World) =>
  page.getByRole('listitem').filter({ hasText: world.dose.medication });

export const givenButton = (page: Page, world: World) =>
  page.getByRole('button', {
    name: doseRoundTexts.givenAction(world.dose.medication, world.dose.time),
    exact: true,
  });

/** The caregiver's dashboard, loaded online, with the chart's tabs visited once (their code). */
export async function openDashboard(page: Page, world: World) {
  await page.goto('/caregiver-dashboard');
  await expect(givenButton(page, world)).toBeVisible();
  await expect(
    page.getByRole('button', { name: visitDayTexts.checkInAction(world.patient.name) }),
  ).toBeVisible();
}

/** Moves to another screen inside the app (history, no page load), as a link would. */
export async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export const status = (page: Page) => page.getByTestId('connection-status');
