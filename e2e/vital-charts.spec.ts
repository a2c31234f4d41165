import type { Page } from '@playwright/test';
import { chartTexts, thresholdTexts, vitalSignTexts } from '../shared/messages.ts';
import { expect, registerAccount, send, signIn, test } from './fixtures.ts';

/** A doctor with a patient of their own (the creator is on the care team). */
async function doctorWithPatient(page: Page, name: string) {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', {
    firstName: 'Rhea',
    secondName: `Range${stamp}`,
  });
  await signIn(page, doctor);
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: name,
    lastName: `Chart${stamp}`,
    dob: '1936-05-06',
    gender: 'Female',
    address: '5 Elm Row, Springfield',
    phoneNumber: '555-0120',
    emergencyContact: 'Ivo Chart',
    emergencyContactPhone: '555-0121',
  });
  return { doctor, patientId: patient.id };
}

const vitalsTab = (patientId: number) => `/patients/${patientId}?tab=vital-signs`;

test('a doctor sets a range, records a reading outside it, and sees it flagged in the list and the chart’s table', async ({
  page,
}) => {
  const { patientId } = await doctorWithPatient(page, 'Flora');
  // One reading within every range, so the pulse chart is there before the ranges change.
  await send(page.request, 'POST', '/api/vital-signs', {
    patientId,
    takenAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    pulse: 72,
  });
  await page.goto(vitalsTab(patientId));

  const charts = page.getByRole('region', { name: chartTexts.chartsTitle });
  const pulseChart = charts.getByRole('region', { name: 'Pulse (/min)' });
  await expect(
    pulseChart.getByText(`Range 50–100 /min (${thresholdTexts.bandDefault})`),
  ).toBeVisible();
  // The chart is drawn (its library arrives with it) with the one reading marked.
  await expect(pulseChart.locator('svg .MuiLineChart-mark')).toHaveCount(1);

  // The pulse range for this patient: 60–90, narrower than the default 50–100.
  await charts.getByRole('button', { name: thresholdTexts.open }).click();
  const dialog = page.getByRole('dialog', { name: thresholdTexts.editTitle });
  const pulseRow = dialog.getByRole('group', { name: 'Pulse (/min)' });
  await expect(pulseRow.getByText(thresholdTexts.isDefault, { exact: true })).toBeVisible();
  // A lower bound above the upper one is refused under the field, and nothing is saved.
  await pulseRow.getByRole('textbox', { name: 'Low' }).fill('120');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(pulseRow.getByText(thresholdTexts.lowBelowHigh)).toBeVisible();
  await pulseRow.getByRole('textbox', { name: 'Low' }).fill('60');
  await pulseRow.getByRole('textbox', { name: 'High' }).fill('90');
  await expect(pulseRow.getByText(thresholdTexts.ownNote, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(thresholdTexts.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(pulseChart.getByText(`Range 60–90 /min (${thresholdTexts.bandOwn})`)).toBeVisible();

  // A pulse of 95: within the default range, outside this patient's.
  const list = page.getByRole('region', { name: vitalSignTexts.title, exact: true });
  await list.getByRole('button', { name: vitalSignTexts.addTitle }).click();
  const form = page.getByRole('dialog', { name: vitalSignTexts.addTitle });
  await form.getByRole('spinbutton', { name: 'Pulse (/min)' }).fill('95');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(vitalSignTexts.added)).toBeVisible();

  const flaggedRow = list.getByRole('row').filter({ hasText: '95' });
  await expect(flaggedRow).toContainText(thresholdTexts.outOfRange);
  await expect(flaggedRow.locator('strong')).toHaveText(`95 ↑ (${thresholdTexts.above})`);
  await expect(list.getByRole('row').filter({ hasText: '72' })).not.toContainText(
    thresholdTexts.outOfRange,
  );

  // The chart marks it apart and its table alternative lists it as out of range.
  await expect(pulseChart.getByText(vitalSignTexts.outOfRangeCount(1))).toBeVisible();
  await expect(pulseChart.locator('[data-flagged="true"]')).toHaveCount(1);
  const table = pulseChart.getByRole('table', {
    name: vitalSignTexts.tableCaption('Pulse (/min)', vitalSignTexts.spanWords['30']),
  });
  await expect(table.getByRole('row').filter({ hasText: '95' })).toContainText(
    thresholdTexts.outOfRange,
  );
  await pulseChart.getByRole('button', { name: vitalSignTexts.showTable }).click();
  await expect(table).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: '72' })).toContainText(
    vitalSignTexts.inRange,
  );

  // The span switch is keyboard-usable: Tab reaches it, Enter picks a span.
  const span = charts.getByRole('group', { name: vitalSignTexts.spanLabel });
  await span.getByRole('button', { name: vitalSignTexts.spans['7'] }).focus();
  await page.keyboard.press('Enter');
  await expect(span.getByRole('button', { name: vitalSignTexts.spans['7'] })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(
    pulseChart.getByRole('table', {
      name: vitalSignTexts.tableCaption('Pulse (/min)', vitalSignTexts.spanWords['7']),
    }),
  ).toBeAttached();
});

test('a user who chose °F sees temperatures in °F and enters 98.6 °F, stored as 37.0 °C', async ({
  page,
}) => {
  const { patientId } = await doctorWithPatient(page, 'Fahr');
  await send(page.request, 'POST', '/api/vital-signs', {
    patientId,
    takenAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    temperatureC: 37.5,
    note: 'Morning',
  });

  // The unit is chosen on the Settings screen and kept with the account.
  await page.goto('/settings');
  await page.getByRole('radio', { name: vitalSignTexts.unitNames.F }).check();
  await page.getByRole('radio', { name: vitalSignTexts.unitNames['mg/dL'] }).check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();

  await page.goto(vitalsTab(patientId));
  const list = page.getByRole('region', { name: vitalSignTexts.title, exact: true });
  await expect(list.getByRole('columnheader', { name: 'Temp °F' })).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: 'Morning' })).toContainText('99.5');

  await list.getByRole('button', { name: vitalSignTexts.addTitle }).click();
  const form = page.getByRole('dialog', { name: vitalSignTexts.addTitle });
  const temperature = form.getByRole('spinbutton', { name: 'Temperature (°F)' });
  // Bounds in °F: 40 °C (104 °F) passes, 120 °F does not.
  await temperature.fill('120');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText(vitalSignTexts.outOfRangeIn('Temperature', 86, 109.4, '°F', 1)),
  ).toBeVisible();
  await temperature.fill('98.6');
  await form.getByRole('textbox', { name: 'Note' }).fill('Evening');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(vitalSignTexts.added)).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: 'Evening' })).toContainText('98.6');

  // Stored in °C.
  const stored = (await (
    await page.request.get(`/api/vital-signs/patient/${patientId}`)
  ).json()) as { note: string; temperatureC: number | null }[];
  expect(stored.find((r) => r.note === 'Evening')?.temperatureC).toBe(37);

  // Editing shows 98.6 °F again.
  await list
    .getByRole('row')
    .filter({ hasText: 'Evening' })
    .getByRole('button', { name: /^Edit vital signs/ })
    .click();
  const edit = page.getByRole('dialog', { name: vitalSignTexts.editTitle });
  await expect(edit.getByRole('spinbutton', { name: 'Temperature (°F)' })).toHaveValue('98.6');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The chart and its table speak °F too.
  const chart = page
    .getByRole('region', { name: chartTexts.chartsTitle })
    .getByRole('region', { name: 'Temperature (°F)' });
  await expect(chart.getByText(`Range 96.8–100 °F (${thresholdTexts.bandDefault})`)).toBeVisible();
  const table = chart.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: '98.6' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: '99.5' })).toHaveCount(1);
});
