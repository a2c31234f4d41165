import { deletedRecordTexts } from '../shared/messages.ts';
import { expect, screenshots, send, shoot, signIn, test } from './fixtures.ts';

/** The bootstrap admin of e2e/global-setup.ts: a doctor with admin privileges. */
const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };

test('an admin restores a deleted medical record from Deleted Records and it is back on Medical Records', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const diagnosis = `Restorable diagnosis ${stamp}`;
  await signIn(page, admin);

  const me = (await (await page.request.get('/api/users/me')).json()) as { id: number };
  const patient = (await send(page.request, 'POST', '/api/patients', {
    firstName: 'Rosa',
    lastName: `Restore${stamp}`,
    dob: '1938-03-14',
    gender: 'Female',
    address: '3 Oak Lane, Springfield',
    phoneNumber: '555-0190',
    emergencyContact: 'Tom Restore',
    emergencyContactPhone: '555-0191',
  })) as { id: number };
  const record = (await send(page.request, 'POST', '/api/medical-records', {
    patientId: patient.id,
    doctorId: me.id,
    dateOfVisit: '2025-11-20T09:30:00.000Z',
    location: 'Springfield Clinic',
    diagnosis,
    treatmentPlan: 'Rest and fluids',
    notes: '',
  })) as { id: number };
  if (screenshots) {
    // Other kinds of deleted record, so the screenshot shows the screen as admins meet it.
    const prescription = (await send(page.request, 'POST', '/api/prescriptions', {
      patientId: patient.id,
      date: '2025-11-21',
      medication: 'Amoxicillin',
      dosage: '500 mg three times a day',
      duration: '7 days',
      details: 'Finish the course',
    })) as { id: number };
    await send(page.request, 'DELETE', `/api/prescriptions/${prescription.id}`);
  }
  await send(page.request, 'DELETE', `/api/medical-records/${record.id}`);

  // Gone from Medical Records.
  await page.goto('/medical-records');
  await expect(page.getByRole('heading', { name: 'Medical Records', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Medical Records' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: diagnosis })).toHaveCount(0);

  // The admin's sidebar leads to Deleted Records.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Deleted Records' })
    .click();
  await expect(page).toHaveURL(/\/deleted-records$/);
  await expect(
    page.getByRole('heading', { name: deletedRecordTexts.title, level: 1 }),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: diagnosis });
  await expect(row).toContainText('Medical record');
  await expect(row).toContainText(`Rosa Restore${stamp}`);
  await shoot(page, 'deleted-records');

  // Only medical records, by the type filter.
  await page.getByRole('combobox', { name: deletedRecordTexts.typeLabel }).click();
  await page.getByRole('option', { name: 'Medical record', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Amoxicillin' })).toHaveCount(0);
  await expect(row).toBeVisible();

  // Cancel first: nothing happens.
  await row.getByRole('button', { name: /^Restore medical record/ }).click();
  const dialog = page.getByRole('dialog', { name: deletedRecordTexts.restoreTitle });
  await expect(dialog).toContainText(deletedRecordTexts.restoreMessage);
  // The dialog fades in: the backdrop's opacity reaches 1 when it is fully shown.
  if (screenshots) await expect(page.locator('.MuiBackdrop-root')).toHaveCSS('opacity', '1');
  await shoot(page, 'deleted-records-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /^Restore medical record/ }).click();
  await dialog.getByRole('button', { name: deletedRecordTexts.restore }).click();
  await expect(page.getByText(deletedRecordTexts.restored)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Back on Medical Records exactly as written.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Medical Records' })
    .click();
  const restored = page.getByRole('row').filter({ hasText: diagnosis });
  await expect(restored).toBeVisible();
  await expect(restored).toContainText('Springfield Clinic');
  await expect(restored).toContainText('Rest and fluids');
});
