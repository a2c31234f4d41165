import type { Page } from '@playwright/test';
import {
  apiSession,
  expect,
  loginViaApi,
  registerAccount,
  send,
  shoot,
  test,
  type Account,
} from './fixtures.ts';

/*
 * A clinical list sorted by its headers and filtered by patient, doctor and a range of days,
 * all kept in the address: a reload (or a shared link) shows the same page.
 */
let caregiver: Account;
let stamp: string;
const zed = () => `Ava Zed${stamp}`;
const abe = () => `Bea Abe${stamp}`;

test.beforeAll(async ({ playwright }) => {
  stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Mira', secondName: `Lind${stamp}` });
  caregiver = await registerAccount('caregiver', { firstName: 'Tess', secondName: `Ode${stamp}` });
  const doc = await apiSession(playwright, doctor);
  const patientIds: Record<string, number> = {};
  for (const [firstName, lastName] of [
    ['Ava', `Zed${stamp}`],
    ['Bea', `Abe${stamp}`],
  ] as const) {
    const { id } = await send(doc, 'POST', '/api/patients', {
      firstName,
      lastName,
      dob: '1938-05-02',
      gender: 'Female',
      address: '3 Mill Lane, Springfield',
      phoneNumber: '555-0190',
      emergencyContact: 'Sam Kin',
      emergencyContactPhone: '555-0191',
    });
    patientIds[firstName] = id;
    await send(doc, 'POST', `/api/patients/${id}/care-team`, { userId: caregiver.id });
  }
  const visits: [string, string, string][] = [
    ['Ava', '2026-03-02T10:00:00Z', 'Sprained wrist'],
    ['Bea', '2026-03-05T10:00:00Z', 'Seasonal cold'],
    ['Ava', '2026-03-09T10:00:00Z', 'Wrist healing well'],
    ['Bea', '2026-03-12T10:00:00Z', 'Cold gone'],
  ];
  for (const [who, dateOfVisit, diagnosis] of visits) {
    await send(doc, 'POST', '/api/medical-records', {
      patientId: patientIds[who],
      doctorId: doctor.id,
      dateOfVisit,
      location: 'Home visit',
      diagnosis,
      treatmentPlan: 'Rest',
      notes: '',
    });
  }
});

const diagnosisCells = (page: Page) => page.locator('tbody tr').locator('td:nth-child(5)');

test('a caregiver sorts medical records by patient, filters them and keeps it all on reload', async ({
  page,
}) => {
  await loginViaApi(page, caregiver);
  await page.goto('/medical-records');
  const table = page.getByRole('table', { name: 'Medical Records' });
  const dateHeader = table.getByRole('columnheader', { name: 'Date of Visit' });
  await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(diagnosisCells(page)).toHaveText([
    'Cold gone',
    'Wrist healing well',
    'Seasonal cold',
    'Sprained wrist',
  ]);

  // Sorting by patient: Abe before Zed, each patient's visits newest first.
  await table.getByRole('button', { name: 'Patient ID' }).click();
  await expect(table.getByRole('columnheader', { name: 'Patient ID' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(dateHeader).not.toHaveAttribute('aria-sort', /.+/);
  await expect(diagnosisCells(page)).toHaveText([
    'Cold gone',
    'Seasonal cold',
    'Wrist healing well',
    'Sprained wrist',
  ]);
  await expect(page).toHaveURL(/sort=patient/);
  // A second click turns the order round.
  await table.getByRole('button', { name: 'Patient ID' }).click();
  await expect(diagnosisCells(page).first()).toHaveText('Wrist healing well');
  await expect(page).toHaveURL(/sort=-patient/);

  // Filtering by a patient picked by name, and by a range of days.
  const filters = page.getByRole('search', { name: 'Filter medical records' });
  await filters.getByRole('combobox', { name: 'Patient' }).fill(`Zed${stamp}`);
  await page.getByRole('option', { name: new RegExp(zed()) }).click();
  await expect(diagnosisCells(page)).toHaveText(['Wrist healing well', 'Sprained wrist']);
  await filters.getByLabel('From', { exact: true }).fill('2026-03-05');
  await expect(diagnosisCells(page)).toHaveText(['Wrist healing well']);
  await expect(page).toHaveURL(/patientId=\d+/);
  await expect(page).toHaveURL(/from=2026-03-05/);
  await shoot(page, 'sorted-filtered-list-desktop');

  // A reload shows the same sorted, filtered page, the patient by name in the picker.
  await page.reload();
  await expect(diagnosisCells(page)).toHaveText(['Wrist healing well']);
  await expect(filters.getByRole('combobox', { name: 'Patient' })).toHaveValue(new RegExp(zed()));
  await expect(filters.getByLabel('From', { exact: true })).toHaveValue('2026-03-05');
  await expect(table.getByRole('columnheader', { name: 'Patient ID' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // On a phone the filters fold behind one button that says how many are set.
  await page.setViewportSize({ width: 390, height: 844 });
  const toggle = page.getByRole('button', { name: 'Filters (2 set)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(filters).toBeHidden();
  await shoot(page, 'sorted-filtered-list-phone');
  await toggle.click();
  await expect(filters.getByRole('combobox', { name: 'Patient' })).toBeVisible();
  await expect(filters.getByLabel('To', { exact: true })).toBeInViewport();
  await shoot(page, 'sorted-filtered-list-phone-filters');

  // Nothing matches: the list says the filters hide rows, and Clear filters brings them back.
  await filters.getByLabel('From', { exact: true }).fill('2026-04-01');
  await expect(page.getByText('No medical records match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  // On a phone each record is a card: its diagnosis under the "Diagnosis" header.
  const cards = page.getByRole('list', { name: 'Medical Records' });
  await expect(cards.locator('dt:text-is("Diagnosis") + dd')).toHaveCount(4);
  await expect(page).not.toHaveURL(/patientId=/);
  await expect(page).not.toHaveURL(/from=/);
  // The order still reads without headers: the select above the cards says it.
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText(
    'Patient ID, descending',
  );
  // The other patient is still on the list, by name.
  await expect(cards.getByText(abe()).first()).toBeVisible();
});
