import { expect, registerAccount, send, signIn, test, type Account } from './fixtures.ts';

/**
 * The audit log and Deleted Records keep their filters and order in the address: a filtered,
 * sorted page survives a reload (and so a bookmark or a shared link). Patients are picked by
 * name, deleted ones too, since both screens are about the past.
 */

/** The bootstrap admin of e2e/global-setup.ts: a doctor with admin privileges. */
const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };

const patientInput = (firstName: string, lastName: string) => ({
  firstName,
  lastName,
  dob: '1940-02-02',
  gender: 'Female',
  address: '8 Elm Row, Springfield',
  phoneNumber: '555-0170',
  emergencyContact: 'Jo Next',
  emergencyContactPhone: '555-0171',
});

let doctor: Account;

test.beforeAll(async () => {
  doctor = await registerAccount('doctor', { firstName: 'Audra', secondName: 'Trailing' });
});

test('an admin filters the audit log by user and patient, sorts oldest first, and a reload keeps it all', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const lastName = `Pastcase${stamp}`;
  // The doctor adds a patient, opens the chart twice; then the patient is deleted.
  await signIn(page, doctor);
  const patient = await send(page.request, 'POST', '/api/patients', patientInput('Ada', lastName));
  for (let i = 0; i < 2; i += 1) {
    expect((await page.request.get(`/api/patients/${patient.id}`)).ok()).toBe(true);
  }
  await signIn(page, admin);
  await send(page.request, 'DELETE', `/api/patients/${patient.id}`);

  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const userFilter = page.getByRole('combobox', { name: 'User' });
  await userFilter.fill(doctor.username);
  const userLabel = `Audra Trailing (${doctor.username}) (ID ${doctor.id})`;
  await page.getByRole('option', { name: userLabel }).click();
  // A deleted patient is still found, and said to be deleted.
  const patientFilter = page.getByRole('combobox', { name: 'Patient' });
  await patientFilter.fill(lastName);
  const patientLabel = `Ada ${lastName} (deleted) (ID ${patient.id})`;
  await page.getByRole('option', { name: patientLabel }).click();
  await expect(patientFilter).toHaveValue(patientLabel);

  const rows = page.locator('tbody tr');
  // Newest first: the second opening, the first, then the creation.
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Opened');
  await expect(rows.last()).toContainText('Added');

  const when = page.getByRole('columnheader', { name: 'When' });
  await expect(when).toHaveAttribute('aria-sort', 'descending');
  await when.getByRole('button').click();
  await expect(when).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText('Added');
  await expect(rows.last()).toContainText('Opened');
  await expect(page).toHaveURL(/[?&]sort=at(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]userId=${doctor.id}(&|$)`));
  await expect(page).toHaveURL(new RegExp(`[?&]patientId=${patient.id}(&|$)`));

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'User' })).toHaveValue(userLabel);
  await expect(page.getByRole('combobox', { name: 'Patient' })).toHaveValue(patientLabel);
  await expect(page.getByRole('columnheader', { name: 'When' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Added');
  await expect(rows.last()).toContainText('Opened');
  for (const row of await rows.all()) await expect(row).toContainText('Audra Trailing');

  // Clearing the filters empties the address of them, and keeps the order.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('combobox', { name: 'User' })).toHaveValue('');
  await expect(page).not.toHaveURL(/userId=|patientId=/);
  await expect(page).toHaveURL(/[?&]sort=at(&|$)/);
});

test('Deleted Records filtered by a deleted patient, kept on reload', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const lastName = `Goneby${stamp}`;
  await signIn(page, admin);
  const me = (await (await page.request.get('/api/users/me')).json()) as { id: number };
  const gone = await send(page.request, 'POST', '/api/patients', patientInput('Vera', lastName));
  // Another patient's deleted record: listed until the filter hides it.
  const other = await send(page.request, 'POST', '/api/patients', patientInput('Olga', lastName));
  const record = await send(page.request, 'POST', '/api/medical-records', {
    patientId: other.id,
    doctorId: me.id,
    dateOfVisit: '2025-11-20T09:30:00.000Z',
    location: 'Springfield Clinic',
    diagnosis: `Filtered away ${stamp}`,
    treatmentPlan: 'Rest',
    notes: '',
  });
  await send(page.request, 'DELETE', `/api/medical-records/${record.id}`);
  await send(page.request, 'DELETE', `/api/patients/${gone.id}`);

  await page.goto('/deleted-records');
  await expect(page.getByRole('heading', { level: 1, name: 'Deleted Records' })).toBeVisible();
  const otherRow = page.getByRole('row').filter({ hasText: `Filtered away ${stamp}` });
  await expect(otherRow).toHaveCount(1);

  const patientFilter = page.getByRole('combobox', { name: 'Patient' });
  await patientFilter.fill(`Vera ${lastName}`);
  const label = `Vera ${lastName} (deleted) (ID ${gone.id})`;
  await page.getByRole('option', { name: label }).click();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Patient');
  await expect(rows.first()).toContainText(`Vera ${lastName}`);
  await expect(otherRow).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`[?&]patientId=${gone.id}(&|$)`));

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Patient' })).toHaveValue(label);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Vera ${lastName}`);
});
