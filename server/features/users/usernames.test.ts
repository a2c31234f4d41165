import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validation } from '../../../shared/messages.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';

let seq = 0;
const signup = (username: string) => {
  seq += 1;
  return {
    username,
    firstName: 'Grace',
    secondName: 'Hopper',
    email: `naming${seq}@example.test`,
    password: 'a-long-enough-secret',
    primaryLocation: 'Springfield',
    role: 'caregiver',
    privileges: 'viewer',
  };
};

describe('the rule for new usernames', () => {
  let t: TestApp;
  const accounts = async () => {
    const [row] = await t.app.db.select({ n: count() }).from(users);
    return row!.n;
  };
  const registrations = async () => {
    const [row] = await t.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'register'));
    return row!.n;
  };

  beforeAll(async () => {
    // Many sign-ups from one address: the hourly limit is not the subject here.
    t = await createTestApp({ config: { rateLimits: { signUpsPerHour: 1000 } } });
    // The first account becomes admin; taken here so the rest are ordinary sign-ups.
    await createUser(t.app.db, { role: 'doctor', privileges: 'admin', username: 'founder' });
  });
  afterAll(() => t.close());

  const refused = [
    ['a space', 'mary jones'],
    ['a slash', 'mary/jones'],
    ['a question mark', 'mary?jones'],
    ['a hash', 'mary#jones'],
    ['an at sign', 'mary@jones'],
    ['a percent sign', 'mary%20jones'],
    ['a plus sign', 'mary+jones'],
    ['a backslash', 'mary\\jones'],
    ['a letter with an accent', 'zoé.martin'],
    ['a letter of another alphabet', 'мария'],
    ['a Cyrillic look-alike of a Latin letter', 'аdmin'],
    ['an emoji', 'mary🙂'],
    ['a zero-width space inside', 'mary\u200Bjones'],
    ['a tab inside', 'mary\tjones'],
    ['two characters', 'ab'],
    ['41 characters', 'x'.repeat(41)],
    ['three spaced-out characters', 'a b'],
  ] as const;

  for (const [what, username] of refused) {
    it(`refuses ${what} (${JSON.stringify(username)}) with the rule, and creates nothing`, async () => {
      const before = { accounts: await accounts(), registrations: await registrations() };
      const res = await call(t.app, 'POST', '/api/users/register', { body: signup(username) });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        message: validation.usernameRule,
        errors: { username: validation.usernameRule },
      });
      expect(await accounts()).toBe(before.accounts);
      expect(await registrations()).toBe(before.registrations);
    });
  }

  it('the rule reads as one plain sentence', () => {
    expect(validation.usernameRule).toBe(
      'Usernames are 3 to 40 characters: letters a to z, digits, dots, dashes and underscores.',
    );
  });

  it('an empty or blank username still answers the required message of the specification', async () => {
    for (const username of ['', '   ', '\u200B']) {
      const res = await call(t.app, 'POST', '/api/users/register', { body: signup(username) });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ username: 'Username is required' });
    }
    const missing = await call(t.app, 'POST', '/api/users/register', {
      body: { ...signup('x'), username: undefined },
    });
    expect(missing.json.errors).toEqual({ username: 'Username is required' });
    const notText = await call(t.app, 'POST', '/api/users/register', {
      body: { ...signup('x'), username: 12345 },
    });
    expect(notText.status).toBe(400);
    expect(notText.json.errors).toEqual({ username: 'Username is required' });
  });

  it('accepts exactly 3 and exactly 40 characters of letters, digits, dots, dashes and underscores', async () => {
    for (const username of ['Abc', 'a.b', `Grace.Hopper_1906-${'x'.repeat(22)}`, '1-2']) {
      const before = await accounts();
      const res = await call(t.app, 'POST', '/api/users/register', { body: signup(username) });
      expect(res.status, username).toBe(201);
      expect(res.json.username).toBe(username);
      expect(await accounts()).toBe(before + 1);
      const login = await call(t.app, 'POST', '/api/users/login', {
        body: { username, password: 'a-long-enough-secret' },
      });
      expect(login.status).toBe(200);
    }
    expect(`Grace.Hopper_1906-${'x'.repeat(22)}`).toHaveLength(40);
  });

  it('spaces around a good username are trimmed, as before', async () => {
    const res = await call(t.app, 'POST', '/api/users/register', {
      body: signup('  trimmed.name  '),
    });
    expect(res.status).toBe(201);
    expect(res.json.username).toBe('trimmed.name');
  });

  it('the rule does not let a taken name through in another case', async () => {
    await call(t.app, 'POST', '/api/users/register', { body: signup('Case.Name') });
    const res = await call(t.app, 'POST', '/api/users/register', { body: signup('case.NAME') });
    expect(res.status).toBe(409);
  });
});

describe('accounts made before the rule keep working', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  for (const username of [
    'Mary Jones',
    'care/team',
    'who?',
    'no#1',
    'zoé',
    'ÉLODIE Brun',
    'x'.repeat(50),
  ]) {
    it(`${JSON.stringify(username)} logs in, is found and is shown as it is`, async () => {
      const admin = await createUser(t.app.db, { role: 'doctor', privileges: 'admin' });
      const legacy = await createUser(t.app.db, {
        username,
        role: 'caregiver',
        privileges: 'editor',
        firstName: 'Legacy',
      });

      const login = await call(t.app, 'POST', '/api/users/login', {
        body: { username, password: TEST_PASSWORD },
      });
      expect(login.status).toBe(200);
      expect(login.json.role).toBe('caregiver');

      const me = await call(t.app, 'GET', '/api/users/me', { token: login.json.token });
      expect(me.status).toBe(200);
      expect(me.json.username).toBe(username);

      const path = `/api/users/username/${encodeURIComponent(username)}`;
      const own = await call(t.app, 'GET', path, { token: login.json.token });
      expect(own.status).toBe(200);
      expect(own.json).toMatchObject({ id: legacy.id, username });
      const byAdmin = await call(t.app, 'GET', path, { token: admin.token });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.json.id).toBe(legacy.id);

      // A profile save leaves the username as it was: nothing renames the account.
      const saved = await call(t.app, 'PUT', path, {
        token: login.json.token,
        // (The test factory derives the email from the username; a save needs a valid one.)
        body: { ...own.json, email: `legacy${legacy.id}@example.test`, phoneNumber: '555-0101' },
      });
      expect(saved.status).toBe(200);
      expect(saved.json.username).toBe(username);

      const listed = await call(t.app, 'GET', `/api/users?role=caregiver`, { token: admin.token });
      expect(listed.status).toBe(200);
      expect(listed.json.map((u: { username: string }) => u.username)).toContain(username);

      const [row] = await t.app.db.select().from(users).where(eq(users.id, legacy.id));
      expect(row!.username).toBe(username);
    });
  }

  it('login never applies the new rule: a wrong password for such a name is a plain login failure', async () => {
    await createUser(t.app.db, { username: 'Old Name', role: 'doctor' });
    const res = await call(t.app, 'POST', '/api/users/login', {
      body: { username: 'Old Name', password: 'not-the-password' },
    });
    expect(res.status).toBe(401);
    expect(res.json.errors?.username).toBeUndefined();
  });
});
