import type { Page } from '@playwright/test';
import {
  allergyTexts,
  appointmentTexts,
  chartTexts,
  conditionTexts,
  notices,
  patientTexts,
} from '../shared/messages.ts';
import { expect, registerAccount, send, signIn, test } from './fixtures.ts';

/** The chart's tab of that name, chosen with the keyboard-usable tab list. */
const openTab = async (page: Page, name: string) => {
  await page
    .getByRole('tablist', { name: chartTexts.sectionsLabel })
    .getByRole('tab', { name })
    .click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
};

/** A patient added by the signed-in doctor, who is then on its care team. */
const addPatient = (page: Page, fields: Record<string, string>) =>
  send(page.request, 'POST', '/api/patients', {
    dob: '1940-02-03',
    gender: 'Female',
    address: '5 Lark Rise, Springfield',
    phoneNumber: '555-0190',
    emergencyContact: 'Ray Moss',
    emergencyContactPhone: '555-0191',
    ...fields,
  });

test('the chart: a doctor adds an allergy and a record with the patient preset, the timeline and the care summary show them; caregiver and patient read it', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', {
    firstName: 'Cora',
    secondName: `Chart${stamp}`,
  });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Gil',
    secondName: `Keeper${stamp}`,
  });
  const patientAccount = await registerAccount('patient', {
    firstName: 'Edna',
    secondName: `Moss${stamp}`,
  });
  const lastName = `Moss${stamp}`;

  await signIn(page, doctor);
  const patient = await addPatient(page, { firstName: 'Edna', lastName });
  await send(page.request, 'POST', `/api/patients/${patient.id}/care-team`, {
    userId: caregiver.id,
  });
  await send(page.request, 'PUT', `/api/patients/${patient.id}/account`, {
    username: patientAccount.username,
  });
  // Another patient, on nobody's team but the doctor's, for "no known allergies" and scope.
  const other = await addPatient(page, {
    firstName: 'Olaf',
    lastName: `Other${stamp}`,
    gender: 'Male',
    emergencyContact: 'Una Other',
  });

  // The header: who, age, allergies not yet asked about, care team, whom to call.
  await page.goto(`/patients/${patient.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edna ${lastName}` })).toBeVisible();
  await expect(page.getByText(/\d+ years · Date of birth Feb 03, 1940 · Female/)).toBeVisible();
  await expect(page.getByText(allergyTexts.notRecorded)).toBeVisible();
  const team = page.getByRole('list', { name: chartTexts.careTeam });
  await expect(team).toContainText(`Cora Chart${stamp} (Doctor)`);
  await expect(team).toContainText(`Gil Keeper${stamp} (Caregiver)`);
  await expect(
    page.getByRole('link', { name: chartTexts.callContact('Ray Moss', '555-0191') }),
  ).toHaveAttribute('href', 'tel:5550191');

  // An allergy, added from its tab: the form has no patient to choose, the header lists it.
  await openTab(page, chartTexts.tabs.problems);
  await page.getByRole('button', { name: allergyTexts.addTitle }).click();
  const allergyDialog = page.getByRole('dialog', { name: allergyTexts.addTitle });
  await allergyDialog.getByRole('button', { name: 'Save' }).click();
  await expect(allergyDialog.getByText(allergyTexts.substanceRequired)).toBeVisible();
  await allergyDialog.getByRole('textbox', { name: allergyTexts.substance }).fill('Penicillin');
  await allergyDialog.getByRole('textbox', { name: allergyTexts.reaction }).fill('Hives');
  await allergyDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(allergyTexts.added)).toBeVisible();
  await expect(allergyDialog).toBeHidden();
  const allergies = page.getByRole('region', { name: allergyTexts.title });
  await expect(allergies.getByRole('row').filter({ hasText: 'Penicillin' })).toContainText('Hives');
  const headerAllergies = page.getByRole('list', { name: chartTexts.allergies });
  await expect(headerAllergies).toContainText(allergyTexts.chip('Penicillin', 'Hives'));
  await expect(page.getByText(allergyTexts.notRecorded)).toHaveCount(0);
  // With an active allergy listed, "no known allergies" is not offered.
  await expect(page.getByRole('button', { name: allergyTexts.markNoKnown })).toHaveCount(0);

  // A condition too, so the header and the summary have one.
  await page.getByRole('button', { name: conditionTexts.addTitle }).click();
  const conditionDialog = page.getByRole('dialog', { name: conditionTexts.addTitle });
  await conditionDialog.getByRole('textbox', { name: conditionTexts.name }).fill('Hypertension');
  await conditionDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(conditionTexts.added)).toBeVisible();
  await expect(page.getByRole('list', { name: chartTexts.conditions })).toContainText(
    'Hypertension',
  );

  // A medical record from its tab: the patient is preset and cannot be changed.
  await openTab(page, chartTexts.tabs.medicalRecords);
  await page.getByRole('button', { name: 'Add New Record' }).click();
  const recordDialog = page.getByRole('dialog', { name: 'Add New Record' });
  const patientField = recordDialog.getByRole('combobox', { name: 'Patient' });
  await expect(patientField).toHaveValue(`Edna ${lastName} (ID ${patient.id})`);
  await expect(patientField).toBeDisabled();
  await recordDialog.getByRole('textbox', { name: 'Location' }).fill('Home visit');
  await recordDialog.getByRole('textbox', { name: 'Diagnosis' }).fill(`Seasonal cough ${stamp}`);
  await recordDialog.getByRole('textbox', { name: 'Treatment Plan' }).fill('Rest and fluids');
  await recordDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.medicalRecordAdded)).toBeVisible();
  await expect(
    page.getByRole('region', { name: chartTexts.tabs.medicalRecords }).getByRole('row', {
      name: new RegExp(`Seasonal cough ${stamp}`),
    }),
  ).toBeVisible();

  // The timeline shows both, newest first, and filters by type.
  await openTab(page, chartTexts.tabs.timeline);
  const timeline = page.getByRole('list', { name: chartTexts.timelineTitle });
  await expect(
    timeline.getByRole('button', { name: /^Allergy: Allergy: Penicillin/ }),
  ).toBeVisible();
  const recordEntry = timeline.getByRole('button', {
    name: new RegExp(`^Medical record: Seasonal cough ${stamp}`),
  });
  await expect(recordEntry).toBeVisible();
  await page
    .getByRole('group', { name: chartTexts.typeFilter })
    .getByRole('button', { name: 'Allergies' })
    .click();
  await expect(recordEntry).toBeHidden();
  await expect(timeline.getByRole('button', { name: /^Allergy: / })).toHaveCount(1);
  await page.getByRole('button', { name: chartTexts.clearFilters }).click();

  // An entry opens its record, read afresh, with Edit and Delete for the doctor.
  await recordEntry.click();
  const view = page.getByRole('dialog', { name: 'Medical record' });
  await expect(view.getByText('Rest and fluids')).toBeVisible();
  await expect(view.getByText('Home visit')).toBeVisible();
  await expect(view.getByRole('button', { name: chartTexts.edit })).toBeVisible();
  await expect(view.getByRole('button', { name: chartTexts.delete })).toBeVisible();
  // Edit opens the type's form on the record; the view then shows the record as saved.
  await view.getByRole('button', { name: chartTexts.edit }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Record' });
  await expect(editDialog.getByRole('combobox', { name: 'Patient' })).toBeDisabled();
  await editDialog.getByRole('textbox', { name: 'Location' }).fill('Clinic room 3');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.medicalRecordUpdated)).toBeVisible();
  await expect(view.getByText('Clinic room 3')).toBeVisible();
  await view.getByRole('button', { name: chartTexts.close }).click();
  await expect(view).toBeHidden();

  // The care summary: its sections, and on paper nothing but the summary.
  await page.getByRole('link', { name: chartTexts.printSummary }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}/summary$`));
  const summary = page.getByRole('article', {
    name: `${chartTexts.summaryTitle}: Edna ${lastName}`,
  });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('region', { name: chartTexts.allergies })).toContainText(
    'Penicillin: Hives',
  );
  await expect(summary.getByRole('region', { name: chartTexts.conditions })).toContainText(
    'Hypertension',
  );
  await expect(
    summary.getByRole('region', { name: chartTexts.currentPrescriptions }),
  ).toContainText(chartTexts.noCurrentPrescriptions);
  await expect(summary.getByRole('region', { name: chartTexts.lastVitals })).toBeVisible();
  await expect(summary.getByRole('region', { name: chartTexts.lastReports })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const print = page.getByRole('button', { name: chartTexts.print });
  await expect(nav).toBeVisible();
  await expect(print).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(nav).toBeHidden();
  await expect(print).toBeHidden();
  await expect(page.getByRole('banner').filter({ hasText: 'ElderCare System' })).toBeHidden();
  await expect(summary).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // "No known allergies", recorded by the doctor on a patient without any.
  await page.goto(`/patients/${other.id}?tab=allergies`);
  await page.getByRole('button', { name: allergyTexts.markNoKnown }).click();
  await page
    .getByRole('dialog', { name: allergyTexts.markNoKnownTitle })
    .getByRole('button', { name: allergyTexts.markNoKnownConfirm })
    .click();
  await expect(page.getByText(allergyTexts.markedNoKnown)).toBeVisible();
  // The header says so, unlike a patient never asked ("Allergies not recorded").
  await expect(page.locator('[data-allergy-status="none"]')).toHaveText(
    allergyTexts.noKnownAllergies,
  );
  await expect(page.getByText(allergyTexts.notRecorded)).toHaveCount(0);
  await expect(page.getByRole('button', { name: allergyTexts.markNoKnown })).toHaveCount(0);

  // The caregiver reads the chart; adds progress reports, never allergies or medical records.
  await signIn(page, caregiver);
  await page.goto(`/patients/${patient.id}`);
  await expect(page.getByRole('list', { name: chartTexts.allergies })).toContainText('Penicillin');
  await openTab(page, chartTexts.tabs.problems);
  await expect(
    page.getByRole('region', { name: allergyTexts.title }).getByRole('row', { name: /Penicillin/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: allergyTexts.addTitle })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit allergy/ })).toHaveCount(0);
  await openTab(page, chartTexts.tabs.medicalRecords);
  await expect(
    page.getByRole('row', { name: new RegExp(`Seasonal cough ${stamp}`) }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Record' })).toHaveCount(0);
  await openTab(page, chartTexts.tabs.progressReports);
  await expect(page.getByRole('button', { name: 'Add Progress Report' })).toBeVisible();
  // Not on the other patient's team: the same answer as a missing patient.
  await page.goto(`/patients/${other.id}`);
  await expect(page.getByText(patientTexts.patientNotFound)).toBeVisible();

  // The patient reads their own chart, without the staff's actions.
  await signIn(page, patientAccount);
  await page.goto(`/patients/${patient.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edna ${lastName}` })).toBeVisible();
  await expect(page.getByRole('list', { name: chartTexts.allergies })).toContainText('Penicillin');
  await expect(page.getByRole('link', { name: chartTexts.backToPatients })).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: chartTexts.timelineTitle }).getByRole('button', {
      name: new RegExp(`^Medical record: Seasonal cough ${stamp}`),
    }),
  ).toBeVisible();
  await openTab(page, chartTexts.tabs.problems);
  await expect(page.getByRole('button', { name: allergyTexts.addTitle })).toHaveCount(0);
  await page.goto(`/patients/${other.id}`);
  await expect(page.getByText(patientTexts.patientNotFound)).toBeVisible();

  // On a phone the chart fits the screen and the tab list scrolls sideways on its own.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/patients/${patient.id}`);
  await expect(
    page.getByRole('tab', { name: chartTexts.tabs.timeline, selected: true }),
  ).toBeVisible();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
  // Tabs follow the keyboard: arrow right moves to the next one.
  await page.getByRole('tab', { name: chartTexts.tabs.timeline }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: chartTexts.tabs.vitals })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('tab', { name: chartTexts.tabs.vitals, selected: true }),
  ).toBeVisible();
});

test('appointments from the chart: a doctor books, moves and deletes one with the patient preset; the patient opens My record from the sidebar', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Abe', secondName: `Book${stamp}` });
  const patientAccount = await registerAccount('patient', {
    firstName: 'Ivy',
    secondName: `Fern${stamp}`,
  });
  const lastName = `Fern${stamp}`;

  await signIn(page, doctor);
  const patient = await addPatient(page, { firstName: 'Ivy', lastName });
  await send(page.request, 'PUT', `/api/patients/${patient.id}/account`, {
    username: patientAccount.username,
  });

  // The Patients list names the patient with a link to the chart.
  await page.goto('/patients');
  await page.getByRole('searchbox', { name: patientTexts.searchLabel }).fill(lastName);
  const nameLink = page
    .getByRole('row')
    .filter({ hasText: lastName })
    .getByRole('link', { name: 'Ivy', exact: true });
  await expect(nameLink).toHaveAttribute('href', `/patients/${patient.id}`);
  await nameLink.click();
  await expect(page.getByRole('heading', { level: 1, name: `Ivy ${lastName}` })).toBeVisible();

  // Booked from the chart's tab: the patient is filled in and locked, the doctor is the caller.
  await openTab(page, chartTexts.tabs.appointments);
  await expect(page.getByText(chartTexts.noAppointments)).toBeVisible();
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  const patientField = dialog.getByRole('combobox', { name: 'Patient' });
  await expect(patientField).toHaveValue(`Ivy ${lastName} (ID ${patient.id})`);
  await expect(patientField).toBeDisabled();
  await expect(dialog.getByLabel('Doctor username')).toHaveValue(doctor.username);
  const day = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await dialog.getByLabel('Appointment Date').fill(`${day}T10:00`);
  await dialog.getByLabel('Location').fill(`Room ${stamp}`);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(notices.appointmentAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  const section = page.getByRole('region', { name: chartTexts.tabs.appointments });
  const row = section.getByRole('row').filter({ hasText: `Room ${stamp}` });
  await expect(row).toContainText(doctor.username);
  const booked = (await (
    await page.request.get(`/api/appointments/patient/${patient.id}`)
  ).json()) as { patientId: number; location: string }[];
  expect(booked).toEqual([expect.objectContaining({ patientId: patient.id })]);

  // Moved: the same dialog, pre-filled, the patient still locked.
  await row.getByRole('button', { name: /^Edit appointment/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Appointment' });
  await expect(edit.getByRole('combobox', { name: 'Patient' })).toBeDisabled();
  await expect(edit.getByLabel('Location')).toHaveValue(`Room ${stamp}`);
  await edit.getByLabel('Location').fill(`Hall ${stamp}`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notices.appointmentUpdated)).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: `Hall ${stamp}` })).toBeVisible();

  // A second one, then the first is deleted after confirming.
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  await dialog.getByLabel('Appointment Date').fill(`${day}T14:00`);
  await dialog.getByLabel('Location').fill(`Porch ${stamp}`);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(section.getByRole('row').filter({ hasText: `Porch ${stamp}` })).toBeVisible();
  await section
    .getByRole('row')
    .filter({ hasText: `Hall ${stamp}` })
    .getByRole('button', { name: /^Delete appointment/ })
    .click();
  await page
    .getByRole('dialog', { name: appointmentTexts.deleteTitle })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(notices.appointmentDeleted)).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: `Hall ${stamp}` })).toHaveCount(0);

  // The patient reaches their own chart from the sidebar, and reads the appointment there.
  await signIn(page, patientAccount);
  await page.goto('/patient-dashboard');
  const myRecord = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: 'My record',
    exact: true,
  });
  await expect(myRecord).toHaveAttribute('href', `/patients/${patient.id}`);
  await myRecord.click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Ivy ${lastName}` })).toBeVisible();
  await expect(myRecord).toHaveAttribute('aria-current', 'page');
  await openTab(page, chartTexts.tabs.appointments);
  await expect(
    page
      .getByRole('region', { name: chartTexts.tabs.appointments })
      .getByRole('row')
      .filter({ hasText: `Porch ${stamp}` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Appointment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit appointment/ })).toHaveCount(0);
});
