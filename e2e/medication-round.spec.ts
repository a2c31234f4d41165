import type { Page } from '@playwright/test';
import { addDays, localParts } from '../shared/dose-schedule.ts';
import { formatDate } from '../shared/format.ts';
import { doseRoundTexts, doseTexts } from '../shared/messages.ts';
import type { AgencySettings } from '../shared/schemas/doses.ts';
import {
  apiSession,
  expect,
  registerAccount,
  screenshots,
  send,
  shoot,
  signIn,
  test,
} from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** The agency's local date and 'HH:MM' some minutes before now. */
const localAgo = (zone: string, minutes: number) =>
  localParts(new Date(Date.now() - minutes * 60_000), zone);

/** A dose's time as the list writes it: its date too when it is not today's. */
const shownTime = ({ date, time }: { date: string; time: string }, today: string) =>
  date === today ? time : `${formatDate(date).replace(/, \d{4}$/, '')} ${time}`;

/** The height of a button a thumb has to find. */
async function expectBigTarget(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
}

test('a caregiver on a phone does the medication round: given in one tap, refused with a note, an as-needed dose and its refusal too soon, a dose recorded twice; the chart shows the outcomes', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', {
    firstName: 'Cora',
    secondName: `Round${stamp}`,
  });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Gil',
    secondName: `Keeper${stamp}`,
  });
  const colleague = await registerAccount('caregiver', {
    firstName: 'Fern',
    secondName: `Other${stamp}`,
  });

  // The patients, their care team and their prescriptions, through the doctor's session.
  const doctorApi = await apiSession(playwright, doctor);
  const settings = (await (await doctorApi.get('/api/agency-settings')).json()) as AgencySettings;
  const zone = settings.timeZone;
  const today = localParts(new Date(), zone).date;
  const yesterday = addDays(today, -1);
  // One dose due (10 minutes ago), one late (2 hours ago), one missed (5 hours ago): each has
  // exactly one dose in the last 24 hours whatever the time of day the test runs.
  const due = localAgo(zone, 10);
  const late = localAgo(zone, 120);
  const missed = localAgo(zone, 300);
  const dueTime = shownTime(due, today);
  const lateTime = shownTime(late, today);
  const missedTime = shownTime(missed, today);

  const patient = async (firstName: string, lastName: string) => {
    const created = await send(doctorApi, 'POST', '/api/patients', {
      firstName,
      lastName,
      dob: '1938-05-14',
      gender: 'Female',
      address: '3 Mill Lane, Springfield',
      phoneNumber: '555-0140',
      emergencyContact: 'Rob Mill',
      emergencyContactPhone: '555-0141',
    });
    for (const member of [caregiver, colleague]) {
      await send(doctorApi, 'POST', `/api/patients/${created.id}/care-team`, {
        userId: member.id,
      });
    }
    return created;
  };
  const iris = await patient('Iris', `Round${stamp}`);
  const owen = await patient('Owen', `Round${stamp}`);
  const prescribe = (patientId: number, fields: object) =>
    send(doctorApi, 'POST', '/api/prescriptions', {
      patientId,
      date: yesterday,
      details: 'Medication round',
      startDate: yesterday,
      route: 'oral',
      ...fields,
    });
  await prescribe(iris.id, {
    medication: 'Metformin',
    dosage: '500 mg',
    instructions: 'With food',
    schedule: 'fixed',
    doseTimes: [due.time],
  });
  await prescribe(iris.id, {
    medication: 'Ramipril',
    dosage: '5 mg',
    schedule: 'fixed',
    doseTimes: [late.time],
  });
  await prescribe(iris.id, {
    medication: 'Amlodipine',
    dosage: '10 mg',
    schedule: 'fixed',
    doseTimes: [missed.time],
  });
  await prescribe(iris.id, {
    medication: 'Paracetamol',
    dosage: '1 g',
    schedule: 'prn',
    prnMinIntervalMinutes: 240,
    prnMaxPerDay: 4,
  });
  const donepezil = await prescribe(owen.id, {
    medication: 'Donepezil',
    dosage: '5 mg',
    schedule: 'fixed',
    doseTimes: [due.time],
  });

  // The round, on the caregiver's phone.
  await signIn(page, caregiver);
  await page.goto('/caregiver-dashboard');
  const card = page.getByRole('region', { name: doseTexts.dueNowTitle });
  const irisDoses = card.getByRole('region', { name: `Iris Round${stamp}` });
  await expect(irisDoses).toBeVisible();
  await expect(irisDoses.getByRole('link', { name: `Iris Round${stamp}` })).toHaveAttribute(
    'href',
    `/patients/${iris.id}`,
  );
  await expect(card.getByRole('region', { name: `Owen Round${stamp}` })).toContainText('Donepezil');
  // Oldest first, each with its status in words.
  await expect(irisDoses.getByRole('heading', { level: 4 })).toHaveText([
    doseRoundTexts.timeHeading(missedTime),
    doseRoundTexts.timeHeading(lateTime),
    doseRoundTexts.timeHeading(dueTime),
    doseTexts.asNeededTitle,
  ]);
  for (const status of ['Missed', 'Late', 'Due']) {
    await expect(irisDoses.getByText(status, { exact: true })).toBeVisible();
  }
  await expect(irisDoses).toContainText('Oral · With food');
  await expectBigTarget(page, `Given: Metformin at ${dueTime}`);
  await expectBigTarget(page, `Not given: Ramipril at ${lateTime}`);
  await shoot(page, 'medication-round-due');

  // Given, in one tap: the notice, and the dose leaves the list.
  await page.getByRole('button', { name: `Given: Metformin at ${dueTime}`, exact: true }).click();
  await expect(page.getByText(doseTexts.recorded).last()).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Given: Metformin at ${dueTime}`, exact: true }),
  ).toHaveCount(0);

  // Refused, with the note the dialog asks for.
  await page
    .getByRole('button', { name: `Not given: Ramipril at ${lateTime}`, exact: true })
    .click();
  const notGiven = page.getByRole('dialog', {
    name: doseTexts.recordTitle('Ramipril', lateTime),
  });
  await notGiven.getByRole('button', { name: doseRoundTexts.save }).click();
  await expect(notGiven.getByText(doseTexts.noteRequired)).toBeVisible();
  await notGiven.getByRole('textbox', { name: doseTexts.note }).fill('Said she felt sick');
  // The dialog fills the phone's screen: the screen, not the page under it.
  if (screenshots) {
    // Let the dialog's fade-in finish: the steps above can take less than it.
    await page.waitForTimeout(500);
    for (const notice of await page.locator('.Toastify__toast').all()) await notice.click();
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    await page.screenshot({ path: 'docs/screenshots/medication-round-not-given.png' });
  }
  await notGiven.getByRole('button', { name: doseRoundTexts.save }).click();
  await expect(notGiven).toBeHidden();
  await expect(
    page.getByRole('button', { name: `Not given: Ramipril at ${lateTime}`, exact: true }),
  ).toHaveCount(0);

  // An as-needed dose, then a second one too soon: the server's refusal says when.
  const givePrn = async (reason: string) => {
    await page.getByRole('button', { name: 'Give a dose of Paracetamol' }).click();
    const dialog = page.getByRole('dialog', { name: doseTexts.prnTitle('Paracetamol') });
    await dialog.getByRole('textbox', { name: doseTexts.prnReason }).fill(reason);
    await dialog.getByRole('button', { name: doseRoundTexts.save }).click();
    return dialog;
  };
  const first = await givePrn('Headache');
  await expect(first).toBeHidden();
  await expect(irisDoses).toContainText(doseTexts.prnCount(1, 4));
  const second = await givePrn('Headache again');
  await expect(second.getByRole('alert')).toContainText('Too soon after the last dose');
  await expect(second).toContainText(doseTexts.prnCount(1, 4));
  await second.getByRole('button', { name: doseRoundTexts.cancel }).click();
  await expect(second).toBeHidden();

  // A colleague records Owen's dose meanwhile: tapping it here names who did.
  const colleagueApi = await apiSession(playwright, colleague);
  const owenDose = await colleagueApi.get('/api/doses/due');
  const scheduledAt = (
    (await owenDose.json()) as {
      patients: { patientId: number; doses: { prescriptionId: number; scheduledAt: string }[] }[];
    }
  ).patients
    .find((p) => p.patientId === owen.id)!
    .doses.find((d) => d.prescriptionId === donepezil.id)!.scheduledAt;
  await send(colleagueApi, 'POST', '/api/doses', {
    patientId: owen.id,
    prescriptionId: donepezil.id,
    scheduledAt,
    outcome: 'given',
  });
  await page.getByRole('button', { name: `Given: Donepezil at ${dueTime}`, exact: true }).click();
  await expect(page.getByText(`already recorded by Fern Other${stamp}`)).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Given: Donepezil at ${dueTime}`, exact: true }),
  ).toHaveCount(0);

  // The chart's medication tab shows the outcomes (on their days) and adherence.
  await page.goto(`/patients/${iris.id}?tab=medication`);
  const round = page.getByRole('region', { name: /^(Today's doses|Doses on )/ });
  const showDay = (date: string) =>
    page.getByLabel(doseRoundTexts.date, { exact: true }).fill(date);
  await expect(round).toContainText(doseTexts.todayTitle);
  await showDay(due.date);
  await expect(round.getByRole('listitem').filter({ hasText: 'Metformin' })).toContainText(
    `Given by Gil Keeper${stamp}`,
  );
  await showDay(late.date);
  await expect(round).toContainText(`Refused by Gil Keeper${stamp} · Said she felt sick`);
  await showDay(missed.date);
  await expect(round.getByRole('listitem').filter({ hasText: 'Amlodipine' })).toContainText(
    'Missed',
  );
  await showDay(today);
  await expect(round).toContainText(doseRoundTexts.prnGivenTitle);
  await expect(round).toContainText('Headache');
  await expect(round).toContainText(doseTexts.adherence7);
  await expect(round).toContainText(/\d+% \(\d+ of \d+\)/);
  await expect(round.getByRole('link', { name: doseTexts.openMar })).toHaveAttribute(
    'href',
    `/patients/${iris.id}/mar`,
  );
  await shoot(page, 'medication-round-chart');
});
