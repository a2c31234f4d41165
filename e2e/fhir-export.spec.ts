import { readFileSync } from 'node:fs';
import { fhirTexts } from '../shared/messages.ts';
import { fhirResourceTypes } from '../shared/schemas/fhir.ts';
import { expectAccessible } from './support/a11y.ts';
import { expect, registerAccount, send, signIn, test } from './fixtures.ts';

/** The bootstrap admin of e2e/global-setup.ts: a doctor with admin privileges. */
const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };

interface Resource {
  resourceType: string;
  id: string;
  [key: string]: any;
}

test("a doctor downloads a patient's FHIR record from the chart", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Nora', secondName: `Fhir${stamp}` });
  await signIn(page, doctor);
  const patient = await send(page.request, 'POST', '/api/patients', {
    firstName: 'Edith',
    lastName: `Export${stamp}`,
    dob: '1936-05-02',
    gender: 'Female',
    address: '8 Mill Road, Springfield',
    phoneNumber: '555-0150',
    emergencyContact: 'Paul Export',
    emergencyContactPhone: '555-0151',
  });
  await send(page.request, 'POST', '/api/vital-signs', {
    patientId: patient.id,
    takenAt: '2026-01-10T08:00:00.000Z',
    systolic: 131,
    diastolic: 84,
    pulse: 70,
  });

  await page.goto(`/patients/${patient.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Export${stamp}`);
  const link = page.getByRole('link', { name: fhirTexts.downloadRecord });
  await expect(link).toBeVisible();
  await expectAccessible(page, 'the chart with its FHIR download');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`patient-${patient.id}-fhir.json`);
  const bundle = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    resourceType: string;
    type: string;
    entry: { resource: Resource }[];
  };
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.type).toBe('collection');
  const resources = bundle.entry.map((e) => e.resource);
  const person = resources.find((r) => r.resourceType === 'Patient')!;
  expect(person.name[0]).toMatchObject({ family: `Export${stamp}`, given: ['Edith'] });
  const bp = resources.find((r) => r.resourceType === 'Observation' && r.id.endsWith('-bp'))!;
  expect(bp.component.map((c: any) => c.valueQuantity.value)).toEqual([131, 84]);
});

test('an admin downloads the agency export, one file and then all, with their progress', async ({
  page,
}) => {
  await signIn(page, admin);
  await page.goto('/');
  await page.getByRole('link', { name: 'Agency export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: fhirTexts.agencyTitle })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: fhirTexts.downloadType('Patient') })).toBeVisible();
  await expectAccessible(page, 'the agency export on a phone');

  const manifest = (await (await page.request.get('/api/fhir/export')).json()) as {
    output: { type: string; count: number }[];
  };
  const patients = manifest.output.find((o) => o.type === 'Patient')!.count;
  expect(patients).toBeGreaterThan(0);

  // One file, by keyboard: its progress shows, then the browser saves it.
  const button = page.getByRole('button', { name: fhirTexts.downloadType('Patient') });
  await button.focus();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Enter'),
  ]);
  expect(download.suggestedFilename()).toBe('Patient.ndjson');
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(lines.length).toBeGreaterThanOrEqual(patients);
  expect(lines.every((line) => (JSON.parse(line) as Resource).resourceType === 'Patient')).toBe(
    true,
  );
  await expect(page.getByText(/Patient\.ndjson downloaded: [\d,]+ resources\./)).toBeVisible();

  // Every file, one after another, each with "n of N resources" as it arrives.
  await page.setViewportSize({ width: 1280, height: 900 });
  const names: string[] = [];
  page.on('download', (d) => names.push(d.suggestedFilename()));
  // Each file's answer held back a little, so its progress is on screen long enough to see.
  await page.route('**/api/fhir/export/*.ndjson', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: fhirTexts.downloadAll, exact: true }).click();
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await expect(page.getByText(/ of [\d,]+ resources/)).toBeVisible();
  await expect(page.getByText(fhirTexts.allDone(fhirResourceTypes.length))).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => names.length).toBe(fhirResourceTypes.length);
  expect(names).toEqual(fhirResourceTypes.map((type) => `${type}.ndjson`));
  await expectAccessible(page, 'the agency export after downloading');
});

test('the agency export is not offered to a doctor, and its files are refused', async ({
  page,
}) => {
  const doctor = await registerAccount('doctor');
  await signIn(page, doctor);
  const res = await page.request.get('/api/fhir/export/Patient.ndjson');
  expect(res.status()).toBe(403);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Agency export' })).toHaveCount(0);
});
