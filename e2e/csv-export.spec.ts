import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expectAccessible } from './support/a11y.ts';
import {
  apiSession,
  expect,
  registerAccount,
  send,
  signIn,
  test,
  type Account,
} from './fixtures.ts';

/**
 * "Download CSV" on a list gives exactly the rows the list shows with its filters (all pages),
 * as a file named after the list and the day; the admin's audit log downloads the same way.
 */

/** The bootstrap admin of e2e/global-setup.ts. */
const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };

test.describe.configure({ mode: 'serial' });

let doctor: Account;
let stamp: string;
const patientIds: Record<string, number> = {};

test.beforeAll(async ({ playwright }) => {
  stamp = Date.now().toString(36);
  doctor = await registerAccount('doctor', { firstName: 'Cora', secondName: `Sheets${stamp}` });
  const doc = await apiSession(playwright, doctor);
  for (const first of ['Ivy', 'Oak']) {
    const { id } = await send(doc, 'POST', '/api/patients', {
      firstName: first,
      lastName: `Csv${stamp}`,
      dob: '1941-04-04',
      gender: 'Female',
      address: '5 Quay Street, Springfield',
      phoneNumber: '555-0150',
      emergencyContact: 'Lee Kin',
      emergencyContactPhone: '555-0151',
    });
    patientIds[first] = id;
  }
  const records: [string, string, string][] = [
    ['Ivy', '2026-02-02T10:00:00Z', '=HYPERLINK("http://evil.example","Ivy first")'],
    ['Oak', '2026-02-03T10:00:00Z', 'Oak only'],
    ['Ivy', '2026-02-04T10:00:00Z', 'Ivy, second; with "quotes"'],
  ];
  for (const [who, dateOfVisit, diagnosis] of records) {
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

/** Clicks the list's download button and reads the file it saves. */
async function downloadFrom(page: Page, name: RegExp): Promise<{ file: Download; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ]);
  const path = await file.path();
  return { file, text: await readFile(path!, 'utf8') };
}

const rowsOf = (text: string): Record<string, string>[] => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1), { columns: true }) as Record<string, string>[];
};

test('a doctor filters medical records by patient and downloads exactly those rows', async ({
  page,
}) => {
  await signIn(page, doctor);
  await page.goto(`/medical-records?patientId=${patientIds.Ivy}`);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).not.toContainText('Oak only');
  await expectAccessible(page, 'medical records with the CSV button');

  const { file, text } = await downloadFrom(page, /Download CSV of Medical Records/);
  expect(file.suggestedFilename()).toMatch(/^medical-records-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = rowsOf(text);
  expect(rows.map((r) => r.Diagnosis)).toEqual([
    'Ivy, second; with "quotes"',
    `'=HYPERLINK("http://evil.example","Ivy first")`,
  ]);
  expect(new Set(rows.map((r) => r['Patient name']))).toEqual(new Set([`Ivy Csv${stamp}`]));
  await expect(page.getByRole('button', { name: /Download CSV of Medical Records/ })).toBeEnabled();
});

test('an admin downloads the audit log filtered to exports', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/audit?action=export');
  await expect(page.getByRole('table')).toBeVisible();
  const { file, text } = await downloadFrom(page, /Download CSV of Audit log/);
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = rowsOf(text);
  expect(rows.length).toBeGreaterThan(0);
  expect(new Set(rows.map((r) => r.Action))).toEqual(new Set(['export']));
  // The doctor's download above is among them, for medical records.
  expect(
    rows.some((r) => r.Entity === 'medical-record' && r['User id'] === String(doctor.id)),
  ).toBe(true);
});

test('an admin downloads Users, Deleted Records and Reminders, each named and headed', async ({
  page,
}) => {
  await signIn(page, admin);
  const lists: [string, RegExp, RegExp, string[]][] = [
    ['/users', /Download CSV of Users/, /^users-/, ['Id', 'Username', 'First name', 'Role']],
    [
      '/deleted-records',
      /Download CSV of Deleted Records/i,
      /^deleted-records-/,
      ['Type', 'Id', 'Patient name', 'Deleted at'],
    ],
    ['/reminders', /Download CSV of Reminders/, /^reminders-/, ['Id', 'Message', 'Date']],
  ];
  for (const [path, button, name, headers] of lists) {
    await page.goto(path);
    const { file, text } = await downloadFrom(page, button);
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`${name.source}\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const [header] = parse(text.slice(1), { to_line: 1 }) as string[][];
    expect(header).toEqual(expect.arrayContaining(headers));
  }
});

test('a doctor downloads their notifications from the Notifications screen', async ({ page }) => {
  await signIn(page, doctor);
  await page.goto('/notifications');
  const { file, text } = await downloadFrom(page, /Download CSV of Notifications/);
  expect(file.suggestedFilename()).toMatch(/^notifications-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header] = parse(text.slice(1), { to_line: 1 }) as string[][];
  expect(header).toEqual(['Id', 'Message', 'Kind', 'Link', 'Created at']);
});
