import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { localParts, zonedInstant } from '../shared/dose-schedule.ts';
import { chartTexts, doseTexts, marChartTexts, patientTexts } from '../shared/messages.ts';
import type { AgencySettings, Mar } from '../shared/schemas/doses.ts';
import { apiSession, expect, registerAccount, send, shoot, signIn, test } from './fixtures.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const shiftMonth = (month: string, by: number) => {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + mon - 1 + by;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
};
const daysIn = (month: string) => {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon, 0)).getUTCDate();
};
const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** The letters a day's cell shows in the row of a medication and time. */
const cellOf = (page: Page, medication: string, time: string, day: number): Locator =>
  page
    .locator('table.mar-grid tbody')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${medication}`) }) })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: time, exact: true }) })
    .getByRole('cell')
    .nth(day - 1)
    .locator('.mar-code');

/** Records outcomes a few at a time (the server takes them in any order). */
async function recordAll(request: APIRequestContext, bodies: object[]) {
  for (let i = 0; i < bodies.length; i += 8) {
    await Promise.all(
      bodies.slice(i, i + 8).map((body) => send(request, 'POST', '/api/doses', body)),
    );
  }
}

test('the MAR chart: a month of outcomes by code and colour, the legend, as-needed doses and adherence; months move; it prints on one A4 landscape page width', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Cora', secondName: `Marr${stamp}` });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Gil',
    secondName: `Keeper${stamp}`,
  });
  const lastName = `Moss${stamp}`;

  await signIn(page, doctor);
  const settings = (await (
    await page.request.get('/api/agency-settings')
  ).json()) as AgencySettings;
  const zone = settings.timeZone;
  const thisMonth = localParts(new Date(), zone).date.slice(0, 7);
  const month = shiftMonth(thisMonth, -1);
  const days = daysIn(month);
  const at = (day: number, time: string) =>
    zonedInstant(`${month}-${pad(day)}`, time, zone).toISOString();

  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Edna',
    lastName,
    dob: '1940-02-03',
    gender: 'Female',
    address: '5 Lark Rise, Springfield',
    phoneNumber: '555-0190',
    emergencyContact: 'Ray Moss',
    emergencyContactPhone: '555-0191',
  });
  await send(page.request, 'POST', `/api/patients/${patient.id}/care-team`, {
    userId: caregiver.id,
  });
  const prescription = (fields: object) =>
    send(page.request, 'POST', '/api/prescriptions', {
      patientId: patient.id,
      date: `${month}-01`,
      details: 'Medication round',
      startDate: `${month}-01`,
      ...fields,
    });
  const metformin = await prescription({
    medication: 'Metformin',
    dosage: '500 mg',
    route: 'oral',
    instructions: 'With food',
    schedule: 'fixed',
    doseTimes: ['08:00', '20:00'],
  });
  const vitamin = await prescription({
    medication: 'Vitamin D',
    dosage: '1000 IU',
    route: 'oral',
    schedule: 'fixed',
    doseTimes: ['12:00'],
    weekdays: [1],
  });
  const paracetamol = await prescription({
    medication: 'Paracetamol',
    dosage: '1 g',
    route: 'oral',
    schedule: 'prn',
    prnMinIntervalMinutes: 240,
    prnMaxPerDay: 4,
  });

  // Last month's round, recorded by the caregiver: nearly every dose given, a few not.
  const dose = (prescriptionId: number, scheduledAt: string, outcome: object) => ({
    patientId: patient.id,
    prescriptionId,
    scheduledAt,
    ...outcome,
  });
  const exceptions: Record<string, object | null> = {
    '2 08:00': { outcome: 'given', givenAt: new Date(Date.parse(at(2, '08:00')) + 2 * 3600_000) },
    '3 08:00': { outcome: 'refused', note: 'Said she felt sick' },
    '4 08:00': { outcome: 'not-given', reason: 'asleep', note: 'Sound asleep, tried twice' },
    '5 08:00': null,
    '9 20:00': { outcome: 'not-given', reason: 'out-of-stock', note: 'Pharmacy delivery late' },
  };
  const bodies: object[] = [];
  for (let day = 1; day <= days; day += 1) {
    for (const time of ['08:00', '20:00']) {
      const scheduledAt = at(day, time);
      const exception = exceptions[`${day} ${time}`];
      if (exception === null) continue;
      bodies.push(
        dose(metformin.id, scheduledAt, exception ?? { outcome: 'given', givenAt: scheduledAt }),
      );
    }
  }
  const caregiverApi = await apiSession(playwright, caregiver);
  await recordAll(caregiverApi, bodies);
  await send(caregiverApi, 'POST', '/api/doses', {
    patientId: patient.id,
    prescriptionId: paracetamol.id,
    outcome: 'given',
    givenAt: at(10, '14:15'),
    prnReason: 'Headache',
  });
  await caregiverApi.dispose();
  // The Mondays' vitamin, given by the doctor.
  const mondays = Array.from({ length: days }, (_, i) => i + 1).filter(
    (day) => isoWeekday(`${month}-${pad(day)}`) === 1,
  );
  await recordAll(
    page.request,
    mondays.map((day) =>
      dose(vitamin.id, at(day, '12:00'), { outcome: 'given', givenAt: at(day, '12:00') }),
    ),
  );

  // This month opens without a month in the address.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/patients/${patient.id}/mar`);
  await expect(
    page.getByRole('heading', { level: 1, name: `${doseTexts.marTitle}: ${monthName(thisMonth)}` }),
  ).toBeVisible();

  // Last month, by its button: the address keeps it.
  await page.getByRole('button', { name: doseTexts.marPrevious }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]month=${month}`));
  await expect(
    page.getByRole('heading', { level: 1, name: `${doseTexts.marTitle}: ${monthName(month)}` }),
  ).toBeVisible();
  const facts = page.getByRole('article').locator('dl').first();
  await expect(facts).toContainText(`Edna ${lastName}`);
  await expect(facts).toContainText('Feb 03, 1940');
  await expect(facts).toContainText(zone);

  const grid = page.getByRole('table', {
    name: marChartTexts.caption(`Edna ${lastName}`, monthName(month)),
  });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('columnheader')).toHaveCount(2 + days);
  await expect(grid.getByRole('rowheader', { name: /^Metformin/ })).toContainText('500 mg · Oral');
  await expect(grid.getByRole('rowheader', { name: /^Metformin/ })).toContainText('With food');
  // Each outcome's letters: initials given, L late, R refused, the reason's letter, M missed.
  await expect(cellOf(page, 'Metformin', '08:00', 1)).toHaveText('GK');
  await expect(cellOf(page, 'Metformin', '08:00', 2)).toHaveText('GK L');
  await expect(cellOf(page, 'Metformin', '08:00', 3)).toHaveText('R');
  await expect(cellOf(page, 'Metformin', '08:00', 4)).toHaveText('S');
  await expect(cellOf(page, 'Metformin', '08:00', 5)).toHaveText('M');
  await expect(cellOf(page, 'Metformin', '20:00', 9)).toHaveText('O');
  await expect(cellOf(page, 'Metformin', '20:00', 5)).toHaveText('GK');
  // ... each with its colour as well.
  await expect(cellOf(page, 'Metformin', '08:00', 3)).toHaveClass(/mar-tone-refused/);
  await expect(cellOf(page, 'Metformin', '08:00', 5)).toHaveClass(/mar-tone-missed/);
  const given = await cellOf(page, 'Metformin', '08:00', 1).evaluate(
    (el) => getComputedStyle(el).backgroundColor,
  );
  const refused = await cellOf(page, 'Metformin', '08:00', 3).evaluate(
    (el) => getComputedStyle(el).backgroundColor,
  );
  expect(given).not.toBe(refused);
  // The Mondays-only vitamin: the doctor's initials on Mondays, a dash on other days.
  const notMonday = mondays[0] === 1 ? 2 : 1;
  await expect(cellOf(page, 'Vitamin D', '12:00', mondays[0]!)).toHaveText('CM');
  await expect(cellOf(page, 'Vitamin D', '12:00', notMonday)).toHaveText('–');
  await expect(
    grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '12:00', exact: true }) })
      .getByRole('cell')
      .nth(notMonday - 1),
  ).toHaveAttribute('title', marChartTexts.noDose);

  // The legend, the as-needed doses and adherence as the API counts it.
  const legend = page.getByRole('region', { name: doseTexts.marLegend });
  for (const text of Object.values(doseTexts.marCodes)) {
    await expect(legend.getByText(text, { exact: true })).toBeVisible();
  }
  const prn = page.getByRole('region', { name: doseTexts.marPrn });
  const prnRow = prn.getByRole('row', { name: /Paracetamol/ });
  await expect(prnRow).toContainText('Headache');
  await expect(prnRow).toContainText(`Gil Keeper${stamp} (GK)`);
  const answer = (await (
    await page.request.get(`/api/patients/${patient.id}/mar?month=${month}`)
  ).json()) as Mar;
  const adherence = page.getByRole('region', { name: doseTexts.adherence });
  await expect(adherence).toContainText(
    doseTexts.adherenceValue(answer.adherence.days30.given, answer.adherence.days30.scheduled),
  );
  await expect(adherence).toContainText(
    doseTexts.adherenceValue(answer.adherence.days7.given, answer.adherence.days7.scheduled),
  );

  // The grid scrolls sideways from the keyboard, the medication and time staying in view.
  const scroller = page.getByRole('region', { name: marChartTexts.scrollLabel });
  await scroller.focus();
  await expect(scroller).toBeFocused();
  const metforminHead = grid.getByRole('rowheader', { name: /^Metformin/ });
  const headLeft = (await metforminHead.boundingBox())!.x;
  for (let i = 0; i < 10; i += 1) await scroller.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect((await metforminHead.boundingBox())!.x).toBeCloseTo(headLeft, 0);
  await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
  await shoot(page, 'mar-desktop-light');

  // Printed: the sheet alone, the whole month one A4 landscape page wide (277 mm = 1047 px).
  await page.setViewportSize({ width: 1047, height: 740 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.MuiAppBar-root')).toBeHidden();
  await expect(page.getByRole('button', { name: doseTexts.marPrint })).toBeHidden();
  const fit = await page.evaluate(() => {
    const scroll = document.querySelector<HTMLElement>('.mar-scroll')!;
    const table = document.querySelector<HTMLElement>('.mar-grid')!;
    const med = document.querySelector<HTMLElement>('.mar-grid .mar-med')!;
    return {
      tableRight: table.getBoundingClientRect().right,
      scrollWidth: scroll.scrollWidth,
      clientWidth: scroll.clientWidth,
      sticky: getComputedStyle(med).position,
      text: getComputedStyle(table).color,
      background: getComputedStyle(document.body).backgroundColor,
      pageWidth: document.documentElement.clientWidth,
    };
  });
  expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.tableRight).toBeLessThanOrEqual(fit.pageWidth);
  expect(fit.sticky).toBe('static');
  expect(fit.text).toBe('rgb(0, 0, 0)');
  expect(fit.background).toBe('rgb(255, 255, 255)');
  // No colour on paper: the letters carry the meaning.
  expect(
    await cellOf(page, 'Metformin', '08:00', 3).evaluate(
      (el) => getComputedStyle(el).backgroundColor,
    ),
  ).toBe('rgba(0, 0, 0, 0)');
  await expect(cellOf(page, 'Metformin', '08:00', 3)).toHaveText('R');
  await shoot(page, 'mar-print');

  const pdf = await page.pdf({ format: 'A4', landscape: true, printBackground: false });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?!s)/g) ?? [];
  expect(pages.length).toBeGreaterThanOrEqual(1);
  // A4 landscape: wider than tall (points).
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  expect(box).not.toBeNull();
  expect(Number(box![1])).toBeGreaterThan(Number(box![2]));
  expect(Number(box![1])).toBeCloseTo(842, -1);
  await page.emulateMedia({ media: 'screen' });

  // Next goes back to this month; a month the API cannot take says so.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: doseTexts.marNext }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]month=${thisMonth}`));
  await expect(
    page.getByRole('heading', { level: 1, name: `${doseTexts.marTitle}: ${monthName(thisMonth)}` }),
  ).toBeVisible();
  await page.goto(`/patients/${patient.id}/mar?month=2025-13`);
  await expect(page.getByText(doseTexts.monthInvalid)).toBeVisible();
  await page.getByRole('button', { name: marChartTexts.thisMonth }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${doseTexts.marTitle}: ${monthName(thisMonth)}` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: chartTexts.backToChart })).toHaveAttribute(
    'href',
    `/patients/${patient.id}`,
  );

  // A phone in dark mode at a large font: the same sheet, scrolling sideways.
  if (process.env.SCREENSHOTS) {
    await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: true, fontSize: 20 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/patients/${patient.id}/mar?month=${month}`);
    await expect(grid).toBeVisible();
    await shoot(page, 'mar-phone-dark');
    await send(page.request, 'PUT', '/api/users/me/settings', { darkMode: false, fontSize: 16 });
  }
});

test('the care summary links to the MAR; a patient without scheduled medication gets the empty sheet; outside the care team it is not found', async ({
  page,
}) => {
  const doctor = await registerAccount('doctor');
  const outsider = await registerAccount('caregiver');
  await signIn(page, doctor);
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Olaf',
    lastName: `Other${Date.now().toString(36)}`,
    dob: '1938-07-01',
    gender: 'Male',
    address: '1 Elm Road',
    phoneNumber: '555-0100',
    emergencyContact: 'Una Other',
    emergencyContactPhone: '555-0101',
  });
  // From the care summary to the MAR: nothing scheduled, nothing as needed.
  await page.goto(`/patients/${patient.id}/summary`);
  await page.getByRole('link', { name: doseTexts.openMar }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}/mar$`));
  await expect(page.getByText(doseTexts.marEmpty)).toBeVisible();
  await expect(page.getByText(doseTexts.marNoPrn)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('region', { name: doseTexts.marLegend })).toBeVisible();

  await signIn(page, outsider);
  await page.goto(`/patients/${patient.id}/mar`);
  await expect(page.getByText(patientTexts.patientNotFound)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
