import type { Locator, Page } from '@playwright/test';
import { appointmentListTexts } from '../shared/schemas/appointments.ts';
import { expect, registerAccount, send, signIn, test } from './fixtures.ts';

// The browser sits in New York, the server in UTC: the From and To days are the viewer's.
const zone = 'America/New_York';
test.use({ timezoneId: zone });

/** A calendar day in the viewer's zone, `days` from today, as YYYY-MM-DD. */
function viewerDay(days: number): string {
  const when = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(when);
}

/** The table's data rows (the header row left out). */
const dataRows = (page: Page): Locator =>
  page.getByRole('table', { name: 'Appointments' }).locator('tbody tr');

test('a doctor sorts the appointments by a header and filters them; the address keeps both', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Lena', secondName: `List${stamp}` });
  await signIn(page, doctor);

  // Three patients on the doctor's care team; by date Moss comes first, by name Aalto.
  const names = { aalto: `Aalto${stamp}`, moss: `Moss${stamp}`, zorn: `Zorn${stamp}` };
  const ids: Record<string, number> = {};
  for (const [key, lastName] of Object.entries(names)) {
    const patient = await send(page.request, 'POST', '/api/patients', {
      firstName: 'Iva',
      lastName,
      dob: '1936-05-04',
      gender: 'Female',
      address: '4 Pine Road, Springfield',
      phoneNumber: '555-0170',
      emergencyContact: 'Tom Pine',
      emergencyContactPhone: '555-0171',
    });
    ids[key] = patient.id;
  }
  const plan: [string, number, string][] = [
    ['moss', 1, 'Room 31'],
    ['aalto', 1, 'Room 32'],
    ['zorn', 2, 'Room 33'],
    ['aalto', 3, 'Room 34'],
  ];
  for (const [key, days, location] of plan) {
    // 14:00 and 15:00 UTC: the morning of that day in New York.
    const hour = location === 'Room 32' ? 15 : 14;
    await send(page.request, 'POST', '/api/appointments', {
      patientId: ids[key],
      appointmentDate: `${viewerDay(days)}T${hour}:00:00Z`,
      location,
      confirmOverlap: true,
    });
  }

  // Upcoming, soonest first: the date header says so.
  await page.goto('/appointments');
  const rows = dataRows(page);
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText(names.moss);
  const dateHeader = page.getByRole('columnheader', { name: 'Appointment Date' });
  await expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');

  // The patient header: by name, then again the other way.
  const patientHeader = page.getByRole('columnheader', { name: 'Patient ID' });
  await expect(patientHeader).not.toHaveAttribute('aria-sort');
  await patientHeader.getByRole('button').click();
  await expect(patientHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText(names.aalto);
  await patientHeader.getByRole('button').click();
  await expect(patientHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(dateHeader).not.toHaveAttribute('aria-sort');
  await expect(rows.first()).toContainText(names.zorn);
  await expect(rows.nth(1)).toContainText(names.moss);
  await expect(page).toHaveURL(/[?&]sort=-patient(&|$)/);

  // A patient chosen by name in the filters.
  const filters = page.getByRole('search', { name: appointmentListTexts.filtersLabel });
  await filters.getByRole('combobox', { name: 'Patient' }).fill(names.aalto);
  await page.getByRole('option', { name: new RegExp(names.aalto) }).click();
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row).toContainText(names.aalto);
  await expect(page).toHaveURL(new RegExp(`[?&]patientId=${ids.aalto}(&|$)`));
  await expect(page).toHaveURL(/[?&]sort=-patient(&|$)/);

  // Reloaded, the same sorted, filtered list, the picker naming the patient.
  await page.reload();
  await expect(patientHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row).toContainText(names.aalto);
  await expect(filters.getByRole('combobox', { name: 'Patient' })).toHaveValue(
    new RegExp(names.aalto),
  );

  // From a day in the viewer's zone: only the later of Aalto's two visits; the period gives way.
  await filters.getByLabel('From', { exact: true }).fill(viewerDay(3));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Room 34');
  await expect(page.getByRole('button', { name: 'Upcoming' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // A To day before it: nothing matches, and the list says the filters hide rows.
  await filters.getByLabel('To', { exact: true }).fill(viewerDay(2));
  await expect(rows).toHaveCount(0);
  await expect(page.getByText(appointmentListTexts.noMatch)).toBeVisible();

  // Clear filters: every appointment again, still by patient, newest name first.
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText(names.zorn);
  await expect(patientHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(filters.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/patientId=|from=|to=/);
  const upcoming = page.getByRole('button', { name: 'Upcoming' });
  await expect(upcoming).toHaveAttribute('aria-pressed', 'true');

  // A period and a range of days stand in for each other.
  await page.getByRole('button', { name: 'Past' }).click();
  await expect(page).toHaveURL(/[?&]period=past(&|$)/);
  await expect(rows).toHaveCount(0);
  await filters.getByLabel('From', { exact: true }).fill(viewerDay(3));
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Past' })).toHaveAttribute('aria-pressed', 'false');
  await upcoming.click();
  await expect(rows).toHaveCount(4);
  await expect(filters.getByLabel('From', { exact: true })).toHaveValue('');
  await expect(page).not.toHaveURL(/from=|period=/);
  await expect(page).toHaveURL(/[?&]sort=-patient(&|$)/);
});
