import { calendarFeedTexts as texts } from '../shared/messages.ts';
import { expectAccessible } from './support/a11y.ts';
import { apiSession, expect, loginViaApi, registerAccount, send, shoot, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

const HOUR = 60 * 60_000;

test('a caregiver makes a calendar feed on the phone, copies it, sees a visit in it, and turns it off', async ({
  page,
  context,
  playwright,
}) => {
  const stamp = Date.now().toString(36);
  const doctor = await registerAccount('doctor', { firstName: 'Cora', secondName: `Feed${stamp}` });
  const caregiver = await registerAccount('caregiver', {
    firstName: 'Wendy',
    secondName: `Feed${stamp}`,
  });
  const doctorApi = await apiSession(playwright, doctor);
  const patient = await send(doctorApi, 'POST', '/api/patients', {
    firstName: 'Olwen',
    lastName: `Marsh${stamp}`,
    dob: '1938-04-02',
    gender: 'Female',
    address: '14 Quay Street, Portside',
    phoneNumber: '555-0190',
    emergencyContact: 'Rhys Marsh',
    emergencyContactPhone: '555-0191',
  });
  await send(doctorApi, 'POST', `/api/patients/${patient.id}/care-team`, {
    userId: caregiver.id,
  });
  const start = new Date(Date.now() + 2 * 24 * HOUR);
  const visit = await send(doctorApi, 'POST', '/api/visits', {
    patientId: patient.id,
    caregiverId: caregiver.id,
    plannedStart: start.toISOString(),
    plannedEnd: new Date(start.getTime() + HOUR).toISOString(),
    serviceType: 'personal-care',
    instructions: 'Spare key under the blue pot',
    tasks: ['Help with bathing'],
  });
  await doctorApi.dispose();

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginViaApi(page, caregiver);
  await page.goto('/profile');
  const card = page.locator('.MuiCard-root').filter({
    has: page.getByRole('heading', { name: texts.title, level: 2 }),
  });
  await expect(card.getByText(texts.off)).toBeVisible();

  // Made with the keyboard: the button is reached and pressed without a pointer.
  const makeButton = card.getByRole('button', { name: texts.create });
  await makeButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(texts.created)).toBeVisible();
  const field = card.getByRole('textbox', { name: texts.urlLabel });
  await expect(field).toHaveValue(/\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(card.getByText(texts.shownOnce)).toBeVisible();
  await card.getByRole('button', { name: texts.copy }).click();
  await expect(page.getByText(texts.copied)).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(await field.inputValue());
  expect(url.startsWith(new URL(page.url()).origin)).toBe(true);

  // Fits the phone: nothing pushed out sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'the calendar feed card with a new link');
  await shoot(page, 'calendar-feed-phone');

  // A calendar app sends no cookie: a fresh request context, the URL alone.
  const app = await playwright.request.newContext();
  try {
    const feed = await app.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = await feed.text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`UID:visit-${visit.id}@eldercare`);
    expect(ics).toContain('SUMMARY:Visit: O.M.');
    expect(ics).toContain('14 Quay Street');
    expect(ics).not.toContain('Olwen');
    expect(ics).not.toContain('Spare key');
    expect(ics).not.toContain('bathing');

    // The status shows the fetch after a reload, and the link is not shown again.
    await page.reload();
    await expect(card.getByText(/^Last fetched by a calendar app/)).toBeVisible();
    await expect(card.getByRole('textbox', { name: texts.urlLabel })).toHaveCount(0);

    // Turned off, with a confirmation: the URL answers 404.
    await card.getByRole('button', { name: texts.turnOff }).click();
    const dialog = page.getByRole('dialog', { name: texts.turnOffTitle });
    await expect(dialog.getByText(texts.turnOffBody)).toBeVisible();
    await expectAccessible(page, 'turning the calendar feed off, to confirm');
    await dialog.getByRole('button', { name: texts.turnOff }).click();
    await expect(page.getByText(texts.turnedOff)).toBeVisible();
    await expect(card.getByText(texts.off)).toBeVisible();
    expect((await app.get(url)).status()).toBe(404);
  } finally {
    await app.dispose();
  }
});

test('making a new link asks first and stops the old one', async ({
  page,
  context,
  playwright,
}) => {
  const doctor = await registerAccount('doctor');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginViaApi(page, doctor);
  await page.goto('/profile');
  const card = page.locator('.MuiCard-root').filter({
    has: page.getByRole('heading', { name: texts.title, level: 2 }),
  });
  await card.getByRole('button', { name: texts.create }).click();
  const field = card.getByRole('textbox', { name: texts.urlLabel });
  await expect(field).toHaveValue(/\.ics$/);
  const first = await field.inputValue();
  // On a phone the notice sits at the bottom, over the buttons: it closes on a tap.
  await page.getByText(texts.created).click();
  await expect(page.getByText(texts.created)).toHaveCount(0);

  await card.getByRole('button', { name: texts.rotate }).click();
  const dialog = page.getByRole('dialog', { name: texts.rotateTitle });
  await expect(dialog.getByText(texts.rotateBody)).toBeVisible();
  // Cancel keeps the link as it was.
  await dialog.getByRole('button', { name: texts.cancel }).click();
  await expect(field).toHaveValue(first);

  await card.getByRole('button', { name: texts.rotate }).click();
  await page
    .getByRole('dialog', { name: texts.rotateTitle })
    .getByRole('button', { name: texts.rotate })
    .click();
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();

  const app = await playwright.request.newContext();
  try {
    expect((await app.get(first)).status()).toBe(404);
    const fresh = await app.get(second);
    expect(fresh.status()).toBe(200);
    expect(await fresh.text()).toContain('BEGIN:VCALENDAR');
  } finally {
    await app.dispose();
  }
});
