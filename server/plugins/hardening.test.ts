import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, validation } from '../../shared/messages.ts';
import { users } from '../db/schema/index.ts';
import {
  hashingLoad,
  hashPassword,
  MAX_RUNNING_HASHES,
  MAX_WAITING_HASHES,
} from '../lib/passwords.ts';
import { call, createTestApp, type TestApp } from '../test/app.ts';
import { createPatient, createUser, TEST_PASSWORD } from '../test/factories.ts';

const signUpBody = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  firstName: 'Ada',
  secondName: 'Lovelace',
  email: `${username}@example.test`,
  password: 'a-long-enough-password',
  primaryLocation: 'Springfield',
  role: 'doctor',
  privileges: 'editor',
  ...extra,
});

const multipartBody = (fields: Record<string, string>, boundary = 'XyZ') =>
  Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('') + `--${boundary}--\r\n`;

describe('malformed bodies and paths answer 400 {message}, never 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const broken = [
    { name: 'a body cut short', type: 'multipart/form-data; boundary=B', body: '--B\r\nbroken' },
    { name: 'no boundary', type: 'multipart/form-data', body: 'abc' },
    {
      name: 'a part without its end',
      type: 'multipart/form-data; boundary=B',
      body: '--B\r\nContent-Disposition: form-data; name="username"\r\n\r\nx',
    },
  ];

  for (const { name, type, body } of broken) {
    it(`multipart with ${name} on login and register answers 400`, async () => {
      for (const url of ['/api/users/login', '/api/users/register']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type },
          payload: body,
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ message: apiErrors.badRequest });
      }
    });

    it(`multipart with ${name} on signed-in POST and PUT answers 400 and changes nothing`, async () => {
      const doctor = await createUser(t.app.db, { role: 'doctor', now: t.clock.now() });
      const patient = await createPatient(t.app.db, { careTeam: [doctor] });
      for (const [method, url] of [
        ['POST', '/api/appointments'],
        ['PUT', `/api/patients/${patient.id}`],
        ['POST', '/api/reminders'],
        ['PUT', '/api/users/me/password'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { 'content-type': type, authorization: `Bearer ${doctor.token}` },
          payload: body,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json()).toEqual({ message: apiErrors.badRequest });
      }
    });
  }

  it('a well-formed multipart login still works', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: multipartBody({ username: user.username, password: TEST_PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
  });

  it('a malformed path and an overlong parameter answer in the {message} shape', async () => {
    const badUrl = await call(t.app, 'GET', '/api/patients/%E0%A4%A');
    expect(badUrl.status).toBe(400);
    expect(badUrl.json).toEqual({ message: apiErrors.badRequest });
    const long = await call(t.app, 'GET', `/api/patients/${'1'.repeat(200)}`);
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(long.status).toBeLessThan(500);
    expect(long.json).toEqual({ message: apiErrors.badRequest });
  });
});

describe('login and sign-up refuse cross-origin browsers (login CSRF)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, headers: Record<string, string>, multipart = false) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: {
        host: 'care.example.test',
        ...(multipart ? { 'content-type': 'multipart/form-data; boundary=XyZ' } : {}),
        ...headers,
      },
      payload: multipart
        ? multipartBody({ username, password: TEST_PASSWORD })
        : { username, password: TEST_PASSWORD },
    });

  it('Sec-Fetch-Site cross-site or same-site answers 403 with the CSRF message, JSON or multipart', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    for (const site of ['cross-site', 'same-site']) {
      for (const multipart of [false, true]) {
        const res = await login(user.username, { 'sec-fetch-site': site }, multipart);
        expect(res.statusCode, `${site} multipart=${multipart}`).toBe(403);
        expect(res.json()).toEqual({ message: apiErrors.csrf });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
  });

  it('without Sec-Fetch-Site, an Origin other than the server’s own answers 403', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    for (const origin of ['https://evil.example', 'http://care.example.test:8080', 'null']) {
      const res = await login(user.username, { origin }, true);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ message: apiErrors.csrf });
    }
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { host: 'care.example.test', origin: 'https://evil.example' },
      payload: signUpBody('csrf-victim'),
    });
    expect(signUp.statusCode).toBe(403);
    const [stored] = await t.app.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.username, 'csrf-victim'));
    expect(stored!.n).toBe(0);
  });

  it('same-origin JSON and multipart, and clients that send neither header, log in', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    const sameOrigin = { 'sec-fetch-site': 'same-origin', origin: 'http://care.example.test' };
    expect((await login(user.username, sameOrigin)).statusCode).toBe(200);
    expect((await login(user.username, sameOrigin, true)).statusCode).toBe(200);
    expect((await login(user.username, { origin: 'http://care.example.test' })).statusCode).toBe(
      200,
    );
    expect((await login(user.username, {})).statusCode).toBe(200);
    expect((await login(user.username, { 'sec-fetch-site': 'none' })).statusCode).toBe(200);
  });
});

describe('HSTS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(() => t.close());

  it('is sent over HTTPS and not over plain HTTP', async () => {
    const https = await call(t.app, 'GET', '/api/health', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const http = await call(t.app, 'GET', '/api/health');
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('anonymous floods', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { rateLimits: { signUpsPerHour: 3, loginsPerMinute: 4, publicPerMinute: 5 } },
    });
  });
  afterAll(() => t.close());

  it('a sign-up flood from one address is answered 429 with Retry-After, and stores nothing more', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: signUpBody(`flood-${i}`),
          remoteAddress: '10.50.0.1',
        }),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 429, 429, 429]);
    expect(answers[3]!.json()).toEqual({ message: apiErrors.tooManyRequests });
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    const [stored] = await t.app.db.select({ n: count() }).from(users);
    expect(stored!.n).toBe(3);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: signUpBody('from-elsewhere'),
      remoteAddress: '10.50.0.2',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('logins, health and the OpenAPI document are limited per address too', async () => {
    const statuses = async (url: string, method: 'GET' | 'POST', limit: number) => {
      const seen = [];
      for (let i = 0; i < limit + 1; i += 1) {
        const res = await t.app.inject({
          method,
          url,
          remoteAddress: '10.51.0.1',
          ...(method === 'POST' ? { payload: { username: 'nobody', password: 'x' } } : {}),
        });
        seen.push(res.statusCode);
      }
      return seen;
    };
    expect((await statuses('/api/users/login', 'POST', 4)).at(-1)).toBe(429);
    expect((await statuses('/api/health', 'GET', 5)).at(-1)).toBe(429);
    expect((await statuses('/api/openapi.json', 'GET', 5)).at(-1)).toBe(429);
  });
});

describe('password hashing is bounded', () => {
  it(`runs at most ${MAX_RUNNING_HASHES} at once, queues ${MAX_WAITING_HASHES}, refuses the rest with 503 and Retry-After`, async () => {
    let peak = 0;
    const results = await Promise.allSettled(
      Array.from({ length: MAX_RUNNING_HASHES + MAX_WAITING_HASHES + 10 }, async (_, i) => {
        const hashing = hashPassword(`password-${i}`);
        peak = Math.max(peak, hashingLoad().running);
        return hashing;
      }),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(peak).toBeLessThanOrEqual(MAX_RUNNING_HASHES);
    expect(refused.length).toBe(10);
    const reason = (refused[0] as PromiseRejectedResult).reason as {
      statusCode: number;
      message: string;
      retryAfterSeconds: number;
    };
    expect(reason.statusCode).toBe(503);
    expect(reason.message).toBe(apiErrors.busy);
    expect(reason.retryAfterSeconds).toBeGreaterThan(0);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('input the schemas must refuse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ids written as 0x10, " 1", "01" or 1e3 answer 400 in paths, queries and bodies', async () => {
    const doctor = await createUser(t.app.db, { role: 'doctor', now: t.clock.now() });
    const patient = await createPatient(t.app.db, { careTeam: [doctor] });
    for (const id of ['0x10', ' 1', '01', '1e3', '+1', '1.0']) {
      const encoded = encodeURIComponent(id);
      const inPath = await call(t.app, 'GET', `/api/patients/${encoded}`, { token: doctor.token });
      expect(inPath.status, `path ${id}`).toBe(400);
      const inQuery = await call(t.app, 'GET', `/api/directory?role=doctor&id=${encoded}`, {
        token: doctor.token,
      });
      expect(inQuery.status, `query ${id}`).toBe(400);
      const inBody = await call(t.app, 'POST', '/api/appointments', {
        token: doctor.token,
        body: {
          patientId: id,
          appointmentDate: '2030-01-01T10:00',
          location: 'Clinic',
        },
      });
      expect(inBody.status, `body ${id}`).toBe(400);
    }
    const plain = await call(t.app, 'GET', `/api/patients/${patient.id}`, { token: doctor.token });
    expect(plain.status).toBe(200);
  });

  it('a name made only of invisible characters answers the field’s required message', async () => {
    for (const invisible of ['\u200B\u200B', '\u202E\u202D', '\u2066\u2069', '\uFEFF', '\u3164']) {
      const res = await call(t.app, 'POST', '/api/users/register', {
        body: signUpBody(`invisible-${invisible.codePointAt(0)}`, { firstName: invisible }),
      });
      expect(res.status).toBe(400);
      expect(res.json.errors.firstName).toBe(validation.firstNameRequiredSignup);
    }
  });

  it('a password of only spaces is refused with its own message', async () => {
    const res = await call(t.app, 'POST', '/api/users/register', {
      body: signUpBody('spaces-only', { password: '        ' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors.password).toBe(validation.passwordOnlySpaces);
  });

  it('reminders and appointments refuse years outside 1900..2200 instead of storing another date', async () => {
    const caregiver = await createUser(t.app.db, { role: 'caregiver', now: t.clock.now() });
    for (const date of ['0001-01-01', '0099-06-01T10:00', '1899-12-31T23:59', '2201-01-01']) {
      const res = await call(t.app, 'POST', '/api/reminders', {
        token: caregiver.token,
        body: { message: 'Check', date },
      });
      expect(res.status, date).toBe(400);
    }
    const doctor = await createUser(t.app.db, { role: 'doctor', now: t.clock.now() });
    const patient = await createPatient(t.app.db, { careTeam: [doctor] });
    for (const appointmentDate of ['0001-01-01T10:00', '9999-12-31T10:00']) {
      const res = await call(t.app, 'POST', '/api/appointments', {
        token: doctor.token,
        body: { patientId: patient.id, appointmentDate, location: 'Clinic' },
      });
      expect(res.status, appointmentDate).toBe(400);
    }
  });
});
