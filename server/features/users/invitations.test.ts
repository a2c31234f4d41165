import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, invitationTexts } from '../../../shared/messages.ts';
import {
  accountTokens,
  agencySettings,
  auditLog,
  patients,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { createSession } from '../../auth/sessions.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { csvTable, exportRowsOf } from '../../test/csv.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { writeAgencySettings } from '../../test/agency-settings.ts';

const APP_URL = 'https://care.example.test';
const DAY_MS = 24 * 60 * 60_000;
let counter = 0;

const signUpBody = (role: string, privileges = 'viewer') => {
  counter += 1;
  const username = `signup_${counter}_${Math.random().toString(36).slice(2, 7)}`;
  return {
    username,
    firstName: 'Sam',
    secondName: 'Signup',
    email: `${username}@example.test`,
    password: 'a-long-fresh-password',
    primaryLocation: 'Springfield',
    role,
    privileges,
  };
};

const joinBody = (token: string, extra: Record<string, unknown> = {}) => {
  counter += 1;
  const username = `joiner_${counter}_${Math.random().toString(36).slice(2, 7)}`;
  return {
    token,
    username,
    firstName: 'Ivy',
    secondName: 'Invited',
    email: `${username}@example.test`,
    password: 'a-long-fresh-password',
    primaryLocation: 'Springfield',
    ...extra,
  };
};

const setPolicy = (t: TestApp, signUpPolicy: string) =>
  writeAgencySettings(t.app.db, () =>
    t.app.db
      .insert(agencySettings)
      .values({
        id: 1,
        timeZone: 'UTC',
        doseWindowMinutes: 60,
        doseMissedAfterMinutes: 240,
        signUpPolicy,
      })
      .onConflictDoUpdate({ target: agencySettings.id, set: { signUpPolicy } }),
  );

describe('first run and the sign-up policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('on an empty database: first run, sign-up open whatever the saved policy; the first account is admin', async () => {
    await setPolicy(t, 'closed');
    const status = await call(t.app, 'GET', '/api/users/sign-up-status');
    expect(status.status).toBe(200);
    expect(status.json).toEqual({ firstRun: true, signUp: 'open' });

    const first = await call(t.app, 'POST', '/api/users/register', {
      body: signUpBody('caregiver', 'viewer'),
    });
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json.privileges).toBe('admin');

    const after = await call(t.app, 'GET', '/api/users/sign-up-status');
    expect(after.json).toEqual({ firstRun: false, signUp: 'closed' });
  });

  it("'closed' refuses every sign-up with 403 and a clear message; nothing is written", async () => {
    await setPolicy(t, 'closed');
    const before = await t.app.db.$count(users);
    const auditBefore = await t.app.db.$count(auditLog);
    for (const role of ['patient', 'doctor']) {
      const res = await call(t.app, 'POST', '/api/users/register', { body: signUpBody(role) });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(invitationTexts.signUpClosed);
    }
    expect(await t.app.db.$count(users)).toBe(before);
    expect(await t.app.db.$count(auditLog)).toBe(auditBefore);
  });

  it("'patients' lets a patient sign up and refuses staff with 403 and a clear message", async () => {
    await setPolicy(t, 'patients');
    expect((await call(t.app, 'GET', '/api/users/sign-up-status')).json).toEqual({
      firstRun: false,
      signUp: 'patients',
    });
    const before = await t.app.db.$count(users);
    const staff = await call(t.app, 'POST', '/api/users/register', {
      body: signUpBody('caregiver'),
    });
    expect(staff.status).toBe(403);
    expect(staff.json.message).toBe(invitationTexts.signUpPatientsOnly);
    expect(await t.app.db.$count(users)).toBe(before);
    const patient = await call(t.app, 'POST', '/api/users/register', {
      body: signUpBody('patient'),
    });
    expect(patient.status).toBe(201);
  });

  it("'open' lets anyone sign up, as before", async () => {
    await setPolicy(t, 'open');
    const res = await call(t.app, 'POST', '/api/users/register', { body: signUpBody('doctor') });
    expect(res.status).toBe(201);
  });

  it('a refused sign-up does not tell whether the username is taken', async () => {
    await setPolicy(t, 'closed');
    const [taken] = await t.app.db.select({ username: users.username }).from(users).limit(1);
    const res = await call(t.app, 'POST', '/api/users/register', {
      body: { ...signUpBody('patient'), username: taken!.username },
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(invitationTexts.signUpClosed);
    await setPolicy(t, 'open');
  });
});

describe('invitations', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: TestUser;
  let supervisor: TestUser;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ config: { smtpUrl: smtp.url, appUrl: APP_URL } });
    admin = await createUser(t.app.db, {
      role: 'doctor',
      privileges: 'admin',
      firstName: 'Ada',
      secondName: 'Admin',
    });
    supervisor = await createUser(t.app.db, { role: 'doctor', privileges: 'supervisor' });
    await setPolicy(t, 'closed');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invite = (body: Record<string, unknown>, token = admin.token) =>
    call(t.app, 'POST', '/api/invitations', { token, body });
  const accept = (body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/invitations/accept', { body });
  const view = (token: string) => call(t.app, 'GET', `/api/invitations/accept/${token}`);
  const list = () => call(t.app, 'GET', '/api/invitations', { token: admin.token });

  it('an admin invites by email: the link arrives, opens, and joins with the role and privileges, signed in', async () => {
    const res = await invite({
      email: 'carla@example.test',
      firstName: 'Carla',
      secondName: 'Care',
      role: 'caregiver',
      privileges: 'editor',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ emailed: true });
    expect(res.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(res.json.expiresAt).getTime()).toBe(t.clock.now().getTime() + 7 * DAY_MS);
    const email = await smtp.waitFor('carla@example.test');
    expect(email.raw).toContain(`${APP_URL}/join?token=${res.json.token}`);
    expect(email.raw).toContain('Ada Admin');

    const shown = await view(res.json.token);
    expect(shown.status).toBe(200);
    expect(shown.json).toEqual({
      role: 'caregiver',
      privileges: 'editor',
      firstName: 'Carla',
      secondName: 'Care',
      email: 'carla@example.test',
      invitedBy: 'Ada Admin',
      patientName: null,
    });

    // The policy is 'closed': an invitation works whatever it says.
    const body = joinBody(res.json.token, { email: 'carla@example.test' });
    const joined = await accept(body);
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
    expect(joined.json).toMatchObject({ role: 'caregiver' });
    expect(String(joined.headers['set-cookie'])).toContain('ec_session=');
    const me = await call(t.app, 'GET', '/api/users/me', { token: joined.json.token });
    expect(me.status).toBe(200);
    const [account] = await t.app.db.select().from(users).where(eq(users.username, body.username));
    expect(account).toMatchObject({
      role: 'caregiver',
      privileges: 'editor',
      requestedPrivileges: null,
    });
    const [tokenRow] = await t.app.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.id, res.json.id));
    expect(tokenRow!.usedAt).not.toBeNull();

    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'invitation'))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.userId, a.entityId])).toEqual(
      expect.arrayContaining([
        ['invite', admin.id, String(res.json.id)],
        ['accept-invitation', account!.id, String(res.json.id)],
      ]),
    );
    // No secret in any audit row.
    const everything = JSON.stringify(await t.app.db.select().from(auditLog));
    expect(everything).not.toContain(res.json.token);

    // Used: the link never works again, with the one message.
    const again = await accept(joinBody(res.json.token));
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(invitationTexts.invalidLink);
    expect((await view(res.json.token)).json.message).toBe(invitationTexts.invalidLink);
  });

  it('an admin who joins while the agency requires two-factor of staff is told to turn it on; an editor is not', async () => {
    await writeAgencySettings(t.app.db, () =>
      t.app.db.update(agencySettings).set({ requireTwoFactorForStaff: true }),
    );
    try {
      const staff = await invite({ role: 'doctor', privileges: 'admin' });
      const joinedStaff = await accept(joinBody(staff.json.token));
      expect(joinedStaff.status, JSON.stringify(joinedStaff.json)).toBe(200);
      expect(joinedStaff.json).toMatchObject({ role: 'doctor', twoFactorSetupRequired: true });
      const editor = await invite({ role: 'caregiver', privileges: 'editor' });
      const joinedEditor = await accept(joinBody(editor.json.token));
      expect(joinedEditor.status).toBe(200);
      expect(joinedEditor.json).not.toHaveProperty('twoFactorSetupRequired');
    } finally {
      await writeAgencySettings(t.app.db, () =>
        t.app.db.update(agencySettings).set({ requireTwoFactorForStaff: false }),
      );
    }
  });

  it('without an email nothing is sent and the answer says so', async () => {
    const before = smtp.received.length;
    const res = await invite({ role: 'doctor', privileges: 'viewer' });
    expect(res.status).toBe(201);
    expect(res.json.emailed).toBe(false);
    expect(smtp.received.length).toBe(before);
  });

  it('a link expires after the agency’s invitationDays (test clock)', async () => {
    await writeAgencySettings(t.app.db, () =>
      t.app.db.update(agencySettings).set({ invitationDays: 2 }),
    );
    const res = await invite({ role: 'caregiver', privileges: 'viewer' });
    expect(new Date(res.json.expiresAt).getTime()).toBe(t.clock.now().getTime() + 2 * DAY_MS);
    const start = t.clock.now();
    t.clock.advance(2 * DAY_MS + 1000);
    try {
      const shown = await view(res.json.token);
      expect(shown.status).toBe(404);
      expect(shown.json.message).toBe(invitationTexts.invalidLink);
      const joined = await accept(joinBody(res.json.token));
      expect(joined.status).toBe(404);
      expect(joined.json.message).toBe(invitationTexts.invalidLink);
      const adminNow = await createSession(t.app.db, admin.id, t.clock.now());
      const listed = await call(t.app, 'GET', '/api/invitations', { token: adminNow });
      expect(listed.json.find((r: { id: number }) => r.id === res.json.id).status).toBe('expired');
      const revoke = await call(t.app, 'DELETE', `/api/invitations/${res.json.id}`, {
        token: adminNow,
      });
      expect(revoke.status).toBe(409);
      expect(revoke.json.message).toBe(invitationTexts.notPending);
    } finally {
      t.clock.set(start);
      await writeAgencySettings(t.app.db, () =>
        t.app.db.update(agencySettings).set({ invitationDays: 7 }),
      );
    }
  });

  it('a forged link answers the same 404 and message as a used one', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(90)]) {
      const shown = await view(token);
      expect(shown.status).toBe(404);
      expect(shown.json.message).toBe(invitationTexts.invalidLink);
      const joined = await accept(joinBody(token));
      expect(joined.status).toBe(404);
      expect(joined.json.message).toBe(invitationTexts.invalidLink);
    }
  });

  it('the invitations download as CSV for admins: every row, never a token, formulas neutralised', async () => {
    const res = await invite({
      firstName: '=HYPERLINK("http://evil.example","x")',
      role: 'caregiver',
      privileges: 'viewer',
    });
    const before = await exportRowsOf(t.app.db, 'invitation');
    const csv = await call(t.app, 'GET', '/api/invitations.csv', { token: admin.token });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="invitations-/);
    const rows = csvTable(csv.response.body);
    expect(rows.length).toBe((await list()).json.length);
    expect(rows.find((r) => r.Id === String(res.json.id))).toMatchObject({
      'First name': `'=HYPERLINK("http://evil.example","x")`,
    });
    expect(csv.response.body).not.toContain(res.json.token);
    expect(await exportRowsOf(t.app.db, 'invitation')).toBe(before + 1);
    // Only admins: a supervisor is refused, and nothing is exported.
    const refused = await call(t.app, 'GET', '/api/invitations.csv', { token: supervisor.token });
    expect(refused.status).toBe(403);
    expect(await exportRowsOf(t.app.db, 'invitation')).toBe(before + 1);
  });

  it('the list shows status, who invited and when, never a token; revoking a pending one stops its link', async () => {
    const res = await invite({ firstName: 'Rex', role: 'doctor', privileges: 'editor' });
    const before = await list();
    expect(before.status).toBe(200);
    const row = before.json.find((r: { id: number }) => r.id === res.json.id);
    expect(row).toMatchObject({ status: 'pending', firstName: 'Rex', invitedBy: 'Ada Admin' });
    expect(JSON.stringify(before.json)).not.toContain(res.json.token);
    expect(new Set(before.json.map((r: { status: string }) => r.status))).toEqual(
      new Set(['pending', 'accepted']),
    );

    const revoked = await call(t.app, 'DELETE', `/api/invitations/${res.json.id}`, {
      token: admin.token,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.json.message).toBe(invitationTexts.revoked);
    const after = await list();
    expect(after.json.find((r: { id: number }) => r.id === res.json.id).status).toBe('revoked');
    const joined = await accept(joinBody(res.json.token));
    expect(joined.status).toBe(404);
    expect(joined.json.message).toBe(invitationTexts.invalidLink);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'revoke-invitation'), eq(auditLog.entityId, String(res.json.id))),
      );
    expect(audit).toMatchObject({ userId: admin.id, outcome: 'success' });

    // Revoked, accepted or expired: 409 with a clear message; unknown: 404.
    const twice = await call(t.app, 'DELETE', `/api/invitations/${res.json.id}`, {
      token: admin.token,
    });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe(invitationTexts.notPending);
    const accepted = after.json.find((r: { status: string }) => r.status === 'accepted');
    const onAccepted = await call(t.app, 'DELETE', `/api/invitations/${accepted.id}`, {
      token: admin.token,
    });
    expect(onAccepted.status).toBe(409);
    const missing = await call(t.app, 'DELETE', '/api/invitations/999999', { token: admin.token });
    expect(missing.status).toBe(404);
  });

  it('a taken username or email is refused like on sign-up, and the link stays usable', async () => {
    const res = await invite({ role: 'caregiver', privileges: 'viewer' });
    const [taken] = await t.app.db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, admin.id));
    const byName = await accept(
      joinBody(res.json.token, { username: taken!.username.toUpperCase() }),
    );
    expect(byName.status).toBe(409);
    expect(byName.json.message).toBe(apiErrors.usernameTaken);
    const byEmail = await accept(joinBody(res.json.token, { email: taken!.email }));
    expect(byEmail.status).toBe(409);
    expect(byEmail.json.message).toBe(apiErrors.emailTaken);
    expect((await view(res.json.token)).status).toBe(200);
    expect((await accept(joinBody(res.json.token))).status).toBe(200);
  });

  it('a patient invitation links its patient record; a record already linked is refused', async () => {
    const patient = await createPatient(t.app.db, {
      overrides: { firstName: 'Pat', lastName: 'Patient' },
    });
    const res = await invite({ role: 'patient', privileges: 'viewer', patientId: patient.id });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect((await view(res.json.token)).json.patientName).toBe('Pat Patient');
    // A second invitation for the same record, before the first is accepted.
    const second = await invite({ role: 'patient', privileges: 'viewer', patientId: patient.id });
    expect(second.status).toBe(201);

    const body = joinBody(res.json.token);
    const joined = await accept(body);
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
    const [account] = await t.app.db.select().from(users).where(eq(users.username, body.username));
    const [record] = await t.app.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(record!.accountUserId).toBe(account!.id);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'accept-invitation'), eq(auditLog.userId, account!.id)));
    expect(audit!.patientId).toBe(patient.id);

    // Now linked: a new invitation is refused, and the earlier one cannot steal the record.
    const third = await invite({ role: 'patient', privileges: 'viewer', patientId: patient.id });
    expect(third.status).toBe(409);
    expect(third.json.message).toBe(invitationTexts.patientAlreadyLinked);
    const usersBefore = await t.app.db.$count(users);
    const stolen = await accept(joinBody(second.json.token));
    expect(stolen.status).toBe(409);
    expect(stolen.json.message).toBe(invitationTexts.patientAlreadyLinked);
    expect(await t.app.db.$count(users)).toBe(usersBefore);
    const [still] = await t.app.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(still!.accountUserId).toBe(account!.id);
  });

  it('refuses a patient record for staff, an unknown record, and bad input with 400', async () => {
    const patient = await createPatient(t.app.db);
    const staff = await invite({ role: 'doctor', privileges: 'viewer', patientId: patient.id });
    expect(staff.status).toBe(400);
    expect(staff.json.errors.patientId).toBe(invitationTexts.patientOnlyForPatients);
    const unknown = await invite({ role: 'patient', privileges: 'viewer', patientId: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors.patientId).toBe(invitationTexts.patientNotFound);
    const badEmail = await invite({ role: 'patient', privileges: 'viewer', email: 'nope' });
    expect(badEmail.status).toBe(400);
    const noRole = await invite({ privileges: 'viewer' });
    expect(noRole.status).toBe(400);
  });

  it('anyone but an admin is refused (403, 401 without a session), and nothing is written', async () => {
    const before = await t.app.db.$count(accountTokens);
    const refused = await invite({ role: 'doctor', privileges: 'admin' }, supervisor.token);
    expect(refused.status).toBe(403);
    expect((await call(t.app, 'GET', '/api/invitations', { token: supervisor.token })).status).toBe(
      403,
    );
    expect((await call(t.app, 'POST', '/api/invitations', { body: {} })).status).toBe(401);
    expect(await t.app.db.$count(accountTokens)).toBe(before);
  });

  it('accepting with a session ends that session and starts a new one', async () => {
    const someone = await createUser(t.app.db, { role: 'caregiver', privileges: 'viewer' });
    const res = await invite({ role: 'caregiver', privileges: 'viewer' });
    const joined = await call(t.app, 'POST', '/api/invitations/accept', {
      token: someone.token,
      body: joinBody(res.json.token),
    });
    expect(joined.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/users/me', { token: someone.token })).status).toBe(401);
    const live = await t.app.db.select().from(sessions).where(eq(sessions.userId, someone.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
  });
});

describe('invitation rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { invitesPerHour: 3 } } });
  });
  afterAll(() => t.close());

  it('past INVITE_RATE_LIMIT checks per address an hour: 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i += 1) {
      last = await call(t.app, 'GET', `/api/invitations/accept/${'A'.repeat(43)}`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
