import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, apiErrors, notices, validation } from '../../../shared/messages.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { createRequestContext } from '../../auth/context.ts';
import { updateUser } from './user-admin.service.ts';

let seq = 0;
const signup = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    username: `person${seq}`,
    firstName: 'Grace',
    secondName: 'Hopper',
    email: `person${seq}@example.test`,
    password: 'a-long-enough-secret',
    primaryLocation: 'Springfield',
    role: 'doctor',
    privileges: 'viewer',
    ...overrides,
  };
};

describe('sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the first account on an empty database becomes admin, whatever it asked for', async () => {
    const res = await call(t.app, 'POST', '/api/users/register', {
      body: signup({ username: 'founder', privileges: 'viewer' }),
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      username: 'founder',
      role: 'doctor',
      privileges: 'admin',
      requestedPrivileges: null,
      message: notices.signupSuccess,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, res.json.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'register'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entityId).toBe(String(res.json.id));
  });

  it('a later account asking for admin or supervisor starts as editor with the request kept', async () => {
    for (const asked of ['admin', 'supervisor'] as const) {
      const res = await call(t.app, 'POST', '/api/users/register', {
        body: signup({ privileges: asked, role: 'patient' }),
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ privileges: 'editor', requestedPrivileges: asked });
    }
  });

  it('viewer and editor are granted as asked', async () => {
    for (const asked of ['viewer', 'editor'] as const) {
      const res = await call(t.app, 'POST', '/api/users/register', {
        body: signup({ privileges: asked, role: 'caregiver' }),
      });
      expect(res.json).toMatchObject({ privileges: asked, requestedPrivileges: null });
    }
  });

  it('the answer never contains the password or its hash', async () => {
    const body = signup();
    const res = await call(t.app, 'POST', '/api/users/register', { body });
    expect(JSON.stringify(res.json)).not.toContain(body.password);
    expect(res.json).not.toHaveProperty('passwordHash');
    expect(res.json).not.toHaveProperty('password');
  });

  it('each empty field answers its own message', async () => {
    const empty = {
      username: '',
      firstName: '',
      secondName: '',
      email: '',
      password: '',
      primaryLocation: '',
      role: '',
      privileges: '',
    };
    const res = await call(t.app, 'POST', '/api/users/register', { body: empty });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      username: validation.usernameRequired,
      firstName: validation.firstNameRequiredSignup,
      secondName: validation.secondNameRequired,
      email: validation.emailRequired,
      password: validation.passwordRequired,
      primaryLocation: validation.primaryLocationRequired,
      role: validation.roleRequired,
      privileges: validation.privilegesRequired,
    });
    expect(res.json.message).toBe(validation.usernameRequired);
    const missing = await call(t.app, 'POST', '/api/users/register', { body: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.errors).sort()).toEqual(Object.keys(empty).sort());
  });

  it('a whitespace-only field counts as empty', async () => {
    const res = await call(t.app, 'POST', '/api/users/register', {
      body: signup({ firstName: '   ' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ firstName: validation.firstNameRequiredSignup });
  });

  it('the new-password policy: at least 8, at most 128, not a very common one', async () => {
    const short = await call(t.app, 'POST', '/api/users/register', {
      body: signup({ password: 'abc1234' }),
    });
    expect(short.json.errors).toEqual({ password: validation.passwordMin8 });
    const common = await call(t.app, 'POST', '/api/users/register', {
      body: signup({ password: 'Password123' }),
    });
    expect(common.json.errors).toEqual({ password: validation.passwordTooCommon });
    const long = await call(t.app, 'POST', '/api/users/register', {
      body: signup({ password: 'x'.repeat(129) }),
    });
    expect(long.json.errors).toEqual({ password: validation.passwordTooLong });
    const max = await call(t.app, 'POST', '/api/users/register', {
      body: signup({ password: 'y'.repeat(64) + 'z'.repeat(64) }),
    });
    expect(max.status).toBe(201);
  });

  it('an invalid email, role or privilege is refused with its message', async () => {
    const res = await call(t.app, 'POST', '/api/users/register', {
      body: signup({ email: 'not-an-email', role: 'janitor', privileges: 'god' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      email: validation.emailInvalid,
      role: validation.roleRequired,
      privileges: validation.privilegesRequired,
    });
  });

  it('a username taken in another case answers 409 and changes nothing', async () => {
    await call(t.app, 'POST', '/api/users/register', { body: signup({ username: 'MaryJones' }) });
    const before = await t.app.db.select().from(users);
    const res = await call(t.app, 'POST', '/api/users/register', {
      body: signup({ username: 'maryjones' }),
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      message: apiErrors.usernameTaken,
      errors: { username: apiErrors.usernameTaken },
    });
    expect(await t.app.db.select().from(users)).toHaveLength(before.length);
  });

  it('an email taken in another case answers 409', async () => {
    await call(t.app, 'POST', '/api/users/register', {
      body: signup({ email: 'Shared@Example.test' }),
    });
    const res = await call(t.app, 'POST', '/api/users/register', {
      body: signup({ email: 'shared@example.TEST' }),
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      message: apiErrors.emailTaken,
      errors: { email: apiErrors.emailTaken },
    });
  });

  it('malformed JSON answers 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('a new account can log in right away', async () => {
    const body = signup({ role: 'caregiver' });
    await call(t.app, 'POST', '/api/users/register', { body });
    const res = await call(t.app, 'POST', '/api/users/login', {
      body: { username: body.username, password: body.password },
    });
    expect(res.status).toBe(200);
    expect(res.json.role).toBe('caregiver');
  });
});

describe('sign-up roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sign-up offers no coordinator role: an admin appoints one (400, nothing stored)', async () => {
    const before = await t.app.db.select().from(users);
    const res = await call(t.app, 'POST', '/api/users/register', {
      body: signup({ username: 'office.self', role: 'coordinator' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ role: validation.roleRequired });
    expect(await t.app.db.select().from(users)).toEqual(before);
  });
});

describe('sign-up race', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('when several first sign-ups arrive at once exactly one becomes admin', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(t.app, 'POST', '/api/users/register', { body: signup({ privileges: 'viewer' }) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(answers.filter((a) => a.json.privileges === 'admin')).toHaveLength(1);
  });

  it('the same username sent twice at once is stored once', async () => {
    const body = signup();
    const answers = await Promise.all([
      call(t.app, 'POST', '/api/users/register', { body }),
      call(t.app, 'POST', '/api/users/register', {
        body: { ...body, email: 'other@example.test' },
      }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

const loginAs = async (t: TestApp, username: string, password = TEST_PASSWORD) => {
  const res = await call(t.app, 'POST', '/api/users/login', { body: { username, password } });
  expect(res.status).toBe(200);
  return res.json.token as string;
};

const fullProfileBody = (profile: Record<string, unknown>, changes: Record<string, unknown>) => ({
  ...profile,
  ...changes,
});

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a user reads their own profile with the seed fields and an ISO createdAt', async () => {
    const doctor = await createUser(t.app.db, { role: 'doctor', privileges: 'viewer' });
    const res = await call(t.app, 'GET', `/api/users/username/${doctor.username}`, {
      token: doctor.token,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(
      [
        'id',
        'username',
        'firstName',
        'secondName',
        'email',
        'primaryLocation',
        'secondaryLocation',
        'phoneNumber',
        'role',
        'privileges',
        'createdAt',
      ].sort(),
    );
    expect(res.json).toMatchObject({ id: doctor.id, role: 'doctor', privileges: 'viewer' });
    expect(new Date(res.json.createdAt).toISOString()).toBe(res.json.createdAt);
  });

  it('another user’s profile answers 404, exactly like an unknown username', async () => {
    const a = await createUser(t.app.db, { role: 'doctor', privileges: 'supervisor' });
    const b = await createUser(t.app.db, { role: 'patient', privileges: 'viewer' });
    const other = await call(t.app, 'GET', `/api/users/username/${b.username}`, { token: a.token });
    const unknown = await call(t.app, 'GET', '/api/users/username/no-such-user', {
      token: a.token,
    });
    expect(other.status).toBe(404);
    expect(other.json).toEqual(unknown.json);
    const put = await call(t.app, 'PUT', `/api/users/username/${b.username}`, {
      token: a.token,
      body: { firstName: 'X', secondName: 'Y', email: 'x@example.test', primaryLocation: 'Z' },
    });
    expect(put.status).toBe(404);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, b.id));
    expect(row!.firstName).not.toBe('X');
  });

  it('an admin reads and updates any profile', async () => {
    const admin = await createUser(t.app.db, { role: 'doctor', privileges: 'admin' });
    const patient = await createUser(t.app.db, { role: 'patient', privileges: 'viewer' });
    const read = await call(t.app, 'GET', `/api/users/username/${patient.username}`, {
      token: admin.token,
    });
    expect(read.status).toBe(200);
    const put = await call(t.app, 'PUT', `/api/users/username/${patient.username}`, {
      token: admin.token,
      body: fullProfileBody(read.json, { phoneNumber: '555-0199' }),
    });
    expect(put.status).toBe(200);
    expect(put.json.phoneNumber).toBe('555-0199');
  });

  it('a profile save with the seed’s full body changes only the editable fields', async () => {
    const patient = await createUser(t.app.db, { role: 'patient', privileges: 'viewer' });
    const before = await call(t.app, 'GET', `/api/users/username/${patient.username}`, {
      token: patient.token,
    });
    const res = await call(t.app, 'PUT', `/api/users/username/${patient.username}`, {
      token: patient.token,
      body: fullProfileBody(before.json, {
        id: 999_999,
        username: 'someone-else',
        role: 'doctor',
        privileges: 'admin',
        createdAt: '2000-01-01T00:00:00.000Z',
        firstName: 'Edith',
        secondaryLocation: 'Shelbyville',
        phoneNumber: '555-0123',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: patient.id,
      username: patient.username,
      role: 'patient',
      privileges: 'viewer',
      createdAt: before.json.createdAt,
      firstName: 'Edith',
      secondaryLocation: 'Shelbyville',
      phoneNumber: '555-0123',
    });
    const me = await call(t.app, 'GET', '/api/users/me', { token: patient.token });
    expect(me.json).toMatchObject({ role: 'patient', privileges: 'viewer' });
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'update'));
    expect(audit.some((r) => r.entityId === String(patient.id) && r.userId === patient.id)).toBe(
      true,
    );
  });

  it('a profile save validates required fields and the email', async () => {
    const user = await createUser(t.app.db);
    const res = await call(t.app, 'PUT', `/api/users/username/${user.username}`, {
      token: user.token,
      body: { firstName: '', secondName: '', email: 'nope', primaryLocation: '' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      firstName: validation.firstNameRequiredSignup,
      secondName: validation.secondNameRequired,
      email: validation.emailInvalid,
      primaryLocation: validation.primaryLocationRequired,
    });
  });

  it('an email already used by another account answers 409', async () => {
    const a = await createUser(t.app.db);
    const b = await createUser(t.app.db);
    const profile = await call(t.app, 'GET', `/api/users/username/${a.username}`, {
      token: a.token,
    });
    const res = await call(t.app, 'PUT', `/api/users/username/${a.username}`, {
      token: a.token,
      body: fullProfileBody(profile.json, { email: `${b.username.toUpperCase()}@example.test` }),
    });
    expect(res.status).toBe(409);
    expect(res.json.errors).toEqual({ email: apiErrors.emailTaken });
    // Keeping one's own email (in another case) is fine.
    const same = await call(t.app, 'PUT', `/api/users/username/${a.username}`, {
      token: a.token,
      body: fullProfileBody(profile.json, { email: profile.json.email.toUpperCase() }),
    });
    expect(same.status).toBe(200);
  });

  it('a profile read never contains the password hash', async () => {
    const user = await createUser(t.app.db);
    const res = await call(t.app, 'GET', `/api/users/username/${user.username}`, {
      token: user.token,
    });
    expect(JSON.stringify(res.json)).not.toMatch(/argon2|passwordHash/);
  });
});

describe('settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('defaults: light, 16 (18 for caregivers), notifications on', async () => {
    const doctor = await createUser(t.app.db, { role: 'doctor' });
    const caregiver = await createUser(t.app.db, { role: 'caregiver' });
    expect(
      (await call(t.app, 'GET', '/api/users/me/settings', { token: doctor.token })).json,
    ).toEqual({
      darkMode: false,
      fontSize: 16,
      notificationsEnabled: true,
      temperatureUnit: 'C',
      glucoseUnit: 'mmol/L',
      timeZone: null,
    });
    expect(
      (await call(t.app, 'GET', '/api/users/me/settings', { token: caregiver.token })).json
        .fontSize,
    ).toBe(18);
  });

  it('a partial save changes only what it names, and follows the user to a new session', async () => {
    const user = await createUser(t.app.db, { role: 'patient', privileges: 'viewer' });
    const first = await call(t.app, 'PUT', '/api/users/me/settings', {
      token: user.token,
      body: { darkMode: true },
    });
    expect(first.json).toEqual({
      darkMode: true,
      fontSize: 16,
      notificationsEnabled: true,
      temperatureUnit: 'C',
      glucoseUnit: 'mmol/L',
      timeZone: null,
    });
    await call(t.app, 'PUT', '/api/users/me/settings', {
      token: user.token,
      body: { fontSize: 22, notificationsEnabled: false, temperatureUnit: 'F' },
    });
    const other = await loginAs(t, user.username);
    const me = await call(t.app, 'GET', '/api/users/me', { token: other });
    expect(me.json.settings).toEqual({
      darkMode: true,
      fontSize: 22,
      notificationsEnabled: false,
      temperatureUnit: 'F',
      glucoseUnit: 'mmol/L',
      timeZone: null,
    });
  });

  it('units: only C or F, mmol/L or mg/dL; a wrong one answers 400 with its message and changes nothing', async () => {
    const user = await createUser(t.app.db);
    const saved = await call(t.app, 'PUT', '/api/users/me/settings', {
      token: user.token,
      body: { glucoseUnit: 'mg/dL' },
    });
    expect(saved.json).toMatchObject({ temperatureUnit: 'C', glucoseUnit: 'mg/dL' });
    const wrong = await call(t.app, 'PUT', '/api/users/me/settings', {
      token: user.token,
      body: { temperatureUnit: 'K', glucoseUnit: 'mg/L', darkMode: true },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({
      temperatureUnit: accountMessages.temperatureUnit,
      glucoseUnit: accountMessages.glucoseUnit,
    });
    const after = await call(t.app, 'GET', '/api/users/me/settings', { token: user.token });
    expect(after.json).toMatchObject({
      darkMode: false,
      temperatureUnit: 'C',
      glucoseUnit: 'mg/dL',
    });
  });

  it('extra fields in a settings save change nothing else (no role or privilege change)', async () => {
    const patient = await createUser(t.app.db, { role: 'patient', privileges: 'viewer' });
    const res = await call(t.app, 'PUT', '/api/users/me/settings', {
      token: patient.token,
      body: { darkMode: true, role: 'doctor', privileges: 'admin', isActive: true, id: 1 },
    });
    expect(res.status).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, patient.id));
    expect(row).toMatchObject({ role: 'patient', privileges: 'viewer' });
  });

  it('a font size out of range or of the wrong type answers 400 and changes nothing', async () => {
    const user = await createUser(t.app.db);
    const big = await call(t.app, 'PUT', '/api/users/me/settings', {
      token: user.token,
      body: { fontSize: 99, darkMode: true },
    });
    expect(big.status).toBe(400);
    expect(big.json.errors).toEqual({ fontSize: accountMessages.fontSizeRange });
    const text = await call(t.app, 'PUT', '/api/users/me/settings', {
      token: user.token,
      body: { darkMode: 'yes' },
    });
    expect(text.status).toBe(400);
    const now = await call(t.app, 'GET', '/api/users/me/settings', { token: user.token });
    expect(now.json.darkMode).toBe(false);
  });
});

describe('password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a wrong current password answers 400 on currentPassword and keeps the old password', async () => {
    const user = await createUser(t.app.db);
    const res = await call(t.app, 'PUT', '/api/users/me/password', {
      token: user.token,
      body: { currentPassword: 'not-my-password', newPassword: 'a-brand-new-secret' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ currentPassword: accountMessages.currentPasswordWrong });
    await loginAs(t, user.username);
  });

  it('the new password follows the policy', async () => {
    const user = await createUser(t.app.db);
    const res = await call(t.app, 'PUT', '/api/users/me/password', {
      token: user.token,
      body: { currentPassword: '', newPassword: 'password' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      currentPassword: accountMessages.currentPasswordRequired,
      newPassword: validation.passwordTooCommon,
    });
  });

  it('a change ends every other session, keeps this one, and only the new password works', async () => {
    const user = await createUser(t.app.db);
    const other = await loginAs(t, user.username);
    const res = await call(t.app, 'PUT', '/api/users/me/password', {
      token: user.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-secret' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: accountMessages.passwordChanged });
    expect((await call(t.app, 'GET', '/api/users/me', { token: other })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/me', { token: user.token })).status).toBe(200);
    const old = await call(t.app, 'POST', '/api/users/login', {
      body: { username: user.username, password: TEST_PASSWORD },
    });
    expect(old.status).toBe(401);
    await loginAs(t, user.username, 'a-brand-new-secret');
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'password-change'));
    expect(audit.some((r) => r.userId === user.id && r.outcome === 'success')).toBe(true);
  });

  it('a viewer may change their own password', async () => {
    const viewer = await createUser(t.app.db, { role: 'caregiver', privileges: 'viewer' });
    const res = await call(t.app, 'PUT', '/api/users/me/password', {
      token: viewer.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'another-new-secret' },
    });
    expect(res.status).toBe(200);
  });
});

describe('admin: users and privilege requests', () => {
  let t: TestApp;
  let admin: { token: string; id: number };
  beforeAll(async () => {
    t = await createTestApp();
    const founder = signup({ username: 'agency-admin', role: 'doctor' });
    const reg = await call(t.app, 'POST', '/api/users/register', { body: founder });
    expect(reg.json.privileges).toBe('admin');
    admin = { id: reg.json.id, token: await loginAs(t, founder.username, founder.password) };
  });
  afterAll(() => t.close());

  const register = async (body: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', '/api/users/register', { body });
    expect(res.status).toBe(201);
    return res.json as { id: number; username: string };
  };

  it('the second account asks for admin, starts as editor, and the admin grants it', async () => {
    const body = signup({ role: 'doctor', privileges: 'admin' });
    const second = await register(body);
    const token = await loginAs(t, body.username as string, body.password as string);
    expect((await call(t.app, 'GET', '/api/users', { token })).status).toBe(403);
    const me = await call(t.app, 'GET', '/api/users/me', { token });
    expect(me.json).toMatchObject({ privileges: 'editor', requestedPrivileges: 'admin' });

    const pending = await call(t.app, 'GET', '/api/users?requested=true', { token: admin.token });
    expect(pending.json.map((u: { id: number }) => u.id)).toContain(second.id);

    const granted = await call(t.app, 'PATCH', `/api/users/${second.id}`, {
      token: admin.token,
      body: { request: 'grant' },
    });
    expect(granted.status).toBe(200);
    expect(granted.json).toMatchObject({ privileges: 'admin', requestedPrivileges: null });
    // The change applies to the live session at once.
    expect((await call(t.app, 'GET', '/api/users', { token })).status).toBe(200);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'user-update'));
    expect(audit.some((r) => r.entityId === String(second.id) && r.userId === admin.id)).toBe(true);
  });

  it('refusing a request drops it and keeps the privilege', async () => {
    const user = await register(signup({ role: 'caregiver', privileges: 'supervisor' }));
    const res = await call(t.app, 'PATCH', `/api/users/${user.id}`, {
      token: admin.token,
      body: { request: 'refuse' },
    });
    expect(res.json).toMatchObject({ privileges: 'editor', requestedPrivileges: null });
  });

  it('the list filters by role (patient includes legacy user), searches, pages, hides hashes', async () => {
    const legacy = await createUser(t.app.db, { role: 'user', privileges: 'viewer' });
    const patient = await register(signup({ role: 'patient', firstName: 'Zebedee' }));
    const doctors = await call(t.app, 'GET', '/api/users?role=doctor', { token: admin.token });
    expect(doctors.status).toBe(200);
    expect(doctors.json.every((u: { role: string }) => u.role === 'doctor')).toBe(true);
    const patients = await call(t.app, 'GET', '/api/users?role=patient', { token: admin.token });
    const ids = patients.json.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([legacy.id, patient.id]));
    expect(patients.headers['x-total-count']).toBe(String(patients.json.length));
    const found = await call(t.app, 'GET', '/api/users?q=zebed', { token: admin.token });
    expect(found.json.map((u: { id: number }) => u.id)).toEqual([patient.id]);
    const paged = await call(t.app, 'GET', '/api/users?limit=1&offset=1', { token: admin.token });
    expect(paged.json).toHaveLength(1);
    expect(Number(paged.headers['x-total-count'])).toBeGreaterThan(1);
    expect(JSON.stringify(doctors.json)).not.toMatch(/argon2|passwordHash/);
    const bad = await call(t.app, 'GET', '/api/users?role=janitor&limit=0', { token: admin.token });
    expect(bad.status).toBe(400);
  });

  it('an admin changes role and privileges', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver', privileges: 'viewer' });
    const res = await call(t.app, 'PATCH', `/api/users/${user.id}`, {
      token: admin.token,
      body: { role: 'doctor', privileges: 'editor' },
    });
    expect(res.json).toMatchObject({ role: 'doctor', privileges: 'editor' });
    const me = await call(t.app, 'GET', '/api/users/me', { token: user.token });
    expect(me.json).toMatchObject({ role: 'doctor', privileges: 'editor' });
  });

  it('deactivation ends every session of the account at once and blocks login', async () => {
    const user = await createUser(t.app.db, { role: 'doctor' });
    const second = await loginAs(t, user.username);
    const res = await call(t.app, 'PATCH', `/api/users/${user.id}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(res.json.isActive).toBe(false);
    for (const token of [user.token, second]) {
      expect((await call(t.app, 'GET', '/api/users/me', { token })).status).toBe(401);
    }
    const login = await call(t.app, 'POST', '/api/users/login', {
      body: { username: user.username, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(401);
    expect(login.json.message).toBe(notices.loginFailed);
    // Reactivated, the account logs in again, but the old sessions stay ended.
    await call(t.app, 'PATCH', `/api/users/${user.id}`, {
      token: admin.token,
      body: { isActive: true },
    });
    await loginAs(t, user.username);
    expect((await call(t.app, 'GET', '/api/users/me', { token: second })).status).toBe(401);
  });

  it('an admin cannot deactivate or demote themself', async () => {
    const off = await call(t.app, 'PATCH', `/api/users/${admin.id}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(off.status).toBe(400);
    expect(off.json.message).toBe(accountMessages.cannotDeactivateSelf);
    const down = await call(t.app, 'PATCH', `/api/users/${admin.id}`, {
      token: admin.token,
      body: { privileges: 'supervisor' },
    });
    expect(down.status).toBe(400);
    expect(down.json.message).toBe(accountMessages.cannotDemoteSelf);
    const me = await call(t.app, 'GET', '/api/users/me', { token: admin.token });
    expect(me.json.privileges).toBe('admin');
  });

  it('an unknown id answers 404; bad input 400', async () => {
    const missing = await call(t.app, 'PATCH', '/api/users/987654', {
      token: admin.token,
      body: { isActive: false },
    });
    expect(missing.status).toBe(404);
    const bad = await call(t.app, 'PATCH', `/api/users/${admin.id}`, {
      token: admin.token,
      body: { privileges: 'emperor' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty('privileges');
  });

  it('another admin may demote an admin while one active admin remains', async () => {
    const other = await createUser(t.app.db, { role: 'doctor', privileges: 'admin' });
    const res = await call(t.app, 'PATCH', `/api/users/${other.id}`, {
      token: admin.token,
      body: { privileges: 'editor' },
    });
    expect(res.status).toBe(200);
    expect(res.json.privileges).toBe('editor');
  });
});

describe('the agency keeps an admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the last active admin cannot be demoted, even by a request that passed the check earlier', async () => {
    const only = await createUser(t.app.db, { role: 'doctor', privileges: 'admin' });
    const former = await createUser(t.app.db, { role: 'doctor', privileges: 'editor' });
    // `former` was an admin when its request passed the access check, then lost it.
    const staleActor = {
      id: former.id,
      username: former.username,
      role: 'doctor' as const,
      storedRole: 'doctor',
      privileges: 'admin' as const,
    };
    const ctx = createRequestContext({
      db: t.app.db,
      clock: t.clock,
      ip: '127.0.0.1',
      requestId: 'stale-admin',
      user: staleActor,
      sessionId: null,
    });
    const attempt = updateUser(ctx, only.id, { isActive: false });
    await expect(attempt).rejects.toMatchObject({
      statusCode: 400,
      message: accountMessages.lastAdmin,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, only.id));
    expect(row).toMatchObject({ isActive: true, privileges: 'admin' });
  });

  it('two admins demoting each other at once leave exactly one admin', async () => {
    const a = await createUser(t.app.db, { role: 'doctor', privileges: 'admin' });
    const b = await createUser(t.app.db, { role: 'caregiver', privileges: 'admin' });
    // The earlier test's admin stays; take it out of the picture first.
    await t.app.db.update(users).set({ privileges: 'viewer' }).where(ne(users.id, a.id));
    await t.app.db.update(users).set({ privileges: 'admin' }).where(eq(users.id, b.id));
    const answers = await Promise.all([
      call(t.app, 'PATCH', `/api/users/${b.id}`, {
        token: a.token,
        body: { privileges: 'editor' },
      }),
      call(t.app, 'PATCH', `/api/users/${a.id}`, {
        token: b.token,
        body: { privileges: 'editor' },
      }),
    ]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const admins = await t.app.db.select().from(users).where(eq(users.privileges, 'admin'));
    expect(admins).toHaveLength(1);
  });
});

describe('who may not', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a viewer doctor cannot use the admin calls', async () => {
    const viewer = await createUser(t.app.db, { role: 'doctor', privileges: 'viewer' });
    const other = await createUser(t.app.db, { role: 'caregiver', privileges: 'viewer' });
    const patch = await call(t.app, 'PATCH', `/api/users/${other.id}`, {
      token: viewer.token,
      body: { privileges: 'admin' },
    });
    expect(patch.status).toBe(403);
    expect(patch.json).toEqual({ message: apiErrors.forbidden });
    expect((await call(t.app, 'GET', '/api/users', { token: viewer.token })).status).toBe(403);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.privileges).toBe('viewer');
    const denied = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'denied'));
    expect(denied.some((r) => r.userId === viewer.id && r.entity === 'user')).toBe(true);
  });

  it('editors and supervisors are not admins either', async () => {
    for (const privileges of ['editor', 'supervisor'] as const) {
      const user = await createUser(t.app.db, { role: 'doctor', privileges });
      const res = await call(t.app, 'PATCH', `/api/users/${user.id}`, {
        token: user.token,
        body: { privileges: 'admin' },
      });
      expect(res.status).toBe(403);
    }
  });

  it('a patient cannot make themself a doctor or an admin by any call', async () => {
    const body = signup({ role: 'patient', privileges: 'viewer' });
    // Sign-up asking for admin (the database is not empty: an earlier user exists).
    await createUser(t.app.db, { role: 'doctor', privileges: 'admin' });
    const asked = await call(t.app, 'POST', '/api/users/register', {
      body: { ...body, privileges: 'admin' },
    });
    expect(asked.json).toMatchObject({ privileges: 'editor', requestedPrivileges: 'admin' });
    const token = await loginAs(t, body.username as string, body.password as string);
    const profile = await call(t.app, 'GET', `/api/users/username/${body.username}`, { token });

    const attempts = [
      call(t.app, 'PUT', `/api/users/username/${body.username}`, {
        token,
        body: { ...profile.json, role: 'doctor', privileges: 'admin' },
      }),
      call(t.app, 'PUT', '/api/users/me/settings', {
        token,
        body: { role: 'doctor', privileges: 'admin', requestedPrivileges: null },
      }),
      call(t.app, 'PATCH', `/api/users/${asked.json.id}`, {
        token,
        body: { role: 'doctor', privileges: 'admin', request: 'grant' },
      }),
    ];
    const answers = await Promise.all(attempts);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 403]);
    const me = await call(t.app, 'GET', '/api/users/me', { token });
    expect(me.json).toMatchObject({
      role: 'patient',
      privileges: 'editor',
      requestedPrivileges: 'admin',
    });
    expect((await call(t.app, 'GET', '/api/users', { token })).status).toBe(403);
  });

  it('a guest (unknown stored role) reaches no profile, settings or password call', async () => {
    const guest = await createUser(t.app.db, { role: 'visitor' });
    for (const [method, url] of [
      ['GET', `/api/users/username/${guest.username}`],
      ['GET', '/api/users/me/settings'],
      ['PUT', '/api/users/me/settings'],
      ['PUT', '/api/users/me/password'],
    ] as const) {
      const res = await call(t.app, method, url, { token: guest.token, body: {} });
      expect(res.status).toBe(403);
    }
  });

  it('every account call without a session answers 401', async () => {
    for (const [method, url] of [
      ['POST', '/api/users/logout'],
      ['GET', '/api/users/me'],
      ['GET', '/api/users/username/anyone'],
      ['PUT', '/api/users/username/anyone'],
      ['PUT', '/api/users/me/password'],
      ['GET', '/api/users/me/settings'],
      ['PUT', '/api/users/me/settings'],
      ['GET', '/api/users'],
      ['PATCH', '/api/users/1'],
    ] as const) {
      const res = await call(t.app, method, url, { body: {} });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });
});
