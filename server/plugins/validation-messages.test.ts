import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { can, type Permission, type Role } from '../../shared/permissions.ts';
import { fieldName, validationMessage } from '../../shared/validation-messages.ts';
import { call, createTestApp, type TestApp } from '../test/app.ts';
import { createPatient, createUser, type TestUser } from '../test/factories.ts';
import { queryParameters, type JsonSchema } from '../test/fuzz.ts';

/**
 * Every 4xx message is a sentence a person can act on: a field's name and what it allows, never
 * the validator's wording. Every route with a schema is sent wrong types, overlong texts,
 * numbers out of range, unknown options and unknown fields, as a caller the route admits.
 */

/** The validator's own wording: none of it may reach an answer. */
const validatorWording =
  /Invalid input|expected |received |Too big|Too small|Invalid option|Invalid string|Unrecognized key|Invalid enum|Invalid ISO|Invalid discriminator|Invalid (?:date|email|url|uuid|format)|NaN|<=|>=/;

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Target {
  method: string;
  url: string;
  access: string | undefined;
  params: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

const idLike = /(^id$|Id$)/;

/** The kinds of a schema (a nullable or preprocessed field may have several, or none). */
function typesOf(schema: JsonSchema): string[] {
  const own = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [...new Set([...own, ...nested.flatMap(typesOf)])];
}

/** The edges of a schema, looked up through its alternatives. */
function edge(schema: JsonSchema, key: 'maxLength' | 'maximum' | 'minimum'): number | undefined {
  if (schema[key] !== undefined) return schema[key];
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const found = edge(s, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

function enumOf(schema: JsonSchema): unknown[] | undefined {
  if (schema.enum) return schema.enum;
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = enumOf(s);
    if (found) return found;
  }
  return undefined;
}

/** Values a field of this schema must refuse. `text`: the value travels as text (a query). */
function badValues(name: string, schema: JsonSchema, text: boolean): unknown[] {
  const types = typesOf(schema);
  const values: unknown[] = [];
  const numeric = types.includes('number') || types.includes('integer') || idLike.test(name);
  if (numeric) {
    values.push('abc', text ? '1.5x' : 'twelve');
    const max = edge(schema, 'maximum');
    const min = edge(schema, 'minimum');
    if (max !== undefined) values.push(text ? String(max + 1) : max + 1);
    if (min !== undefined) values.push(text ? String(min - 1) : min - 1);
    if (types.length === 0) values.push(text ? '-1' : -1);
  }
  if (types.includes('string') && !text) values.push(12345);
  const maxLength = edge(schema, 'maxLength');
  if (types.includes('string') && maxLength !== undefined) values.push('y'.repeat(maxLength + 1));
  const options = enumOf(schema);
  if (options) values.push('not-an-option');
  if (!text) {
    if (types.includes('boolean')) values.push('maybe');
    if (types.includes('array')) values.push('not a list', [{ nested: true }]);
    if (types.includes('object')) values.push('not an object');
  }
  if (types.length === 0 && !numeric && !text) values.push({ an: 'object' }, [1, 2]);
  return values;
}

describe('API error messages name the field and what it allows', () => {
  let t: TestApp;
  let callers: { role: Role; user: TestUser }[];
  let patientId: number;
  let targets: Target[];

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        rateLimits: {
          signUpsPerHour: 100_000,
          loginsPerMinute: 100_000,
          publicPerMinute: 100_000,
          resetsPerHour: 100_000,
        },
      },
    });
    callers = [];
    for (const role of ['doctor', 'caregiver', 'patient'] as const) {
      callers.push({ role, user: await createUser(t.app.db, { role, privileges: 'admin' }) });
    }
    const patient = await createPatient(t.app.db, { careTeam: callers.map((c) => c.user) });
    patientId = patient.id;

    const document = (await call(t.app, 'GET', '/api/openapi.json')).json as {
      paths: Record<string, Record<string, Operation>>;
    };
    targets = [];
    for (const route of t.app.routeDeclarations) {
      if (!route.url.startsWith('/api/') || route.method === 'HEAD') continue;
      if (route.url.endsWith('/stream') || route.url === '/api/users/logout') continue;
      const operation =
        document.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const query = operation ? queryParameters(operation) : {};
      const body = operation?.requestBody?.content?.['application/json']?.schema;
      if (!params.length && !Object.keys(query).length && !body) continue;
      targets.push({
        method: route.method,
        url: route.url,
        access: route.access,
        params,
        query,
        body,
      });
    }
  });
  afterAll(() => t?.close());

  /** A caller the route admits, so that the input is what gets refused. */
  function callerFor(target: Target): TestUser {
    const access = target.access;
    if (!access || access === 'public' || access === 'session') return callers[0]!.user;
    const found = callers.find((c) =>
      can({ role: c.role, privileges: 'admin' }, access as Permission),
    );
    return (found ?? callers[0]!).user;
  }

  /** A path with plausible values for every parameter but `bad`, which gets `value`. */
  function pathOf(target: Target, bad?: string, value?: string): string {
    return target.url.replace(/:(\w+)/g, (_, name: string) => {
      if (name === bad) return encodeURIComponent(value!);
      return name === 'username' ? callerFor(target).username : String(patientId);
    });
  }

  it('refuses bad input to every route with a 4xx and sentences, never the validator wording', async () => {
    expect(targets.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let requests = 0;
    const fieldMessages = new Set<string>();

    /** `mayPass`: input a route may accept (unknown fields that a lenient object drops). */
    const check = async (target: Target, url: string, body?: unknown, mayPass = false) => {
      const res = await call(t.app, target.method as 'GET', url, {
        token: callerFor(target).token,
        body,
      });
      requests += 1;
      const label = `${target.method} ${url.slice(0, 160)} ${JSON.stringify(body)?.slice(0, 120) ?? ''}`;
      if (mayPass && res.status < 300) return;
      if (res.status < 400 || res.status >= 500) {
        failures.push(`${label} -> ${res.status}`);
        return;
      }
      const json = res.json as { message?: unknown; errors?: Record<string, unknown> } | undefined;
      const messages = [json?.message, ...Object.values(json?.errors ?? {})];
      if (typeof json?.message !== 'string') failures.push(`${label} -> no message`);
      for (const message of messages) {
        if (typeof message !== 'string' || validatorWording.test(message)) {
          failures.push(`${label} -> ${JSON.stringify(message)}`);
        }
      }
      for (const message of Object.values(json?.errors ?? {})) fieldMessages.add(String(message));
    };

    for (const target of targets) {
      // Path parameters: text, signs, fractions and numbers past the database's range.
      for (const param of target.params) {
        const values =
          param === 'username'
            ? ['y'.repeat(300)]
            : ['abc', 'dr.caldham', '-1', '0', '1.5', '99999999999', '1e3'];
        for (const value of values) await check(target, pathOf(target, param, value));
      }
      // The query string: each parameter with values it must refuse.
      for (const [name, schema] of Object.entries(target.query)) {
        for (const value of badValues(name, schema, true)) {
          const search = new URLSearchParams({ [name]: String(value) });
          await check(target, `${pathOf(target)}?${search.toString()}`);
        }
      }
      if (!target.body) continue;
      // The body: none, the wrong kind, unknown fields, and each field with bad values.
      const url = pathOf(target);
      for (const body of [undefined, [], ['a list']]) await check(target, url, body);
      await check(target, url, { unknownField: 'x' }, true);
      for (const [name, schema] of Object.entries(target.body.properties ?? {})) {
        for (const value of badValues(name, schema, false)) {
          await check(target, url, { [name]: value });
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(500);
    // The field messages are many and varied: the walk reached the schemas' rules.
    expect(fieldMessages.size).toBeGreaterThan(40);
  }, 240_000);

  it('a username where a numeric id is expected', async () => {
    const doctor = callers[0]!.user;
    const res = await call(t.app, 'GET', '/api/appointments/doctor/dr.caldham', {
      token: doctor.token,
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: 'The doctor id must be a whole number.',
      errors: { doctorId: 'The doctor id must be a whole number.' },
    });
  });

  it('an id that is not plain digits or past the largest id', async () => {
    const doctor = callers[0]!.user;
    for (const id of ['-1', '1.5', '99999999999']) {
      const res = await call(t.app, 'GET', `/api/patients/${id}`, { token: doctor.token });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ id: 'The id must be a whole number.' });
    }
    const past = await call(t.app, 'GET', '/api/patients/2147483648', { token: doctor.token });
    expect(past.json.errors).toEqual({ id: 'The id must be at most 2,147,483,647.' });
  });

  it('a list limit past its largest value', async () => {
    const doctor = callers[0]!.user;
    const res = await call(t.app, 'GET', '/api/patients?limit=501', { token: doctor.token });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: 'The limit must be at most 500.',
      errors: { limit: 'The limit must be at most 500.' },
    });
    const small = await call(t.app, 'GET', '/api/patients?limit=0', { token: doctor.token });
    expect(small.json).toEqual({
      message: 'The limit must be at least 1.',
      errors: { limit: 'The limit must be at least 1.' },
    });
  });

  it('a decision on a privilege request that is neither grant nor refuse changes nothing', async () => {
    const admin = callers[0]!.user;
    const other = await createUser(t.app.db, { role: 'doctor', privileges: 'viewer' });
    const before = await call(t.app, 'GET', `/api/users/${other.id}`, { token: admin.token });
    const res = await call(t.app, 'PATCH', `/api/users/${other.id}`, {
      token: admin.token,
      body: { request: 'maybe', privileges: 'editor' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: 'The decision must be one of: grant, refuse.',
      errors: { request: 'The decision must be one of: grant, refuse.' },
    });
    const after = await call(t.app, 'GET', `/api/users/${other.id}`, { token: admin.token });
    expect(after.json).toEqual(before.json);
  });

  it("keeps the schemas' own messages word for word", async () => {
    const res = await call(t.app, 'POST', '/api/users/login', { body: {} });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('names an unknown field and a missing body', async () => {
    const doctor = callers[0]!.user;
    const unknown = await call(t.app, 'PUT', `/api/patients/${patientId}/vital-ranges`, {
      token: doctor.token,
      body: { ranges: { heartRate: { low: 50, high: 100 } } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({
      message: 'The field heartRate in the ranges is not allowed.',
      errors: { ranges: 'The field heartRate in the ranges is not allowed.' },
    });
    const empty = await call(t.app, 'POST', '/api/reminders', { token: doctor.token });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({
      message: 'The request needs a body.',
      errors: { _: 'The request needs a body.' },
    });
  });
});

describe('validation messages', () => {
  it('reads field names from paths', () => {
    expect(fieldName(['doctorId'])).toBe('doctor id');
    expect(fieldName(['limit'])).toBe('limit');
    expect(fieldName(['schedule', 'times', 0])).toBe('schedule time');
    expect(fieldName(['doseTimes', 2])).toBe('dose time');
    expect(fieldName(['emergencyContactPhone'])).toBe('emergency contact phone');
    expect(fieldName(['dob'])).toBe('date of birth');
    expect(fieldName([])).toBeNull();
    // A key a client chose (a record's key) is only ever read as words.
    expect(fieldName(['ranges', 'constructor'])).toBe('ranges constructor');
    expect(fieldName(['__proto__'])).toBe('proto');
  });

  it('reads the rules of real schemas', () => {
    const schema = z.object({
      count: z.number().int().positive(),
      share: z.number().positive(),
      items: z.array(z.string()).max(2),
      kind: z.enum(['a', 'b']),
      note: z.string({ message: 'A note of its own' }),
    });
    const result = schema.safeParse(
      { count: -1, share: 0, items: ['x', 'y', 'z'], kind: 'c', note: 3 },
      { error: validationMessage },
    );
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'The count must be at least 1.',
      'The share must be more than 0.',
      'The items may have at most 2 items.',
      'The kind must be one of: a, b.',
      'A note of its own',
    ]);
  });

  it('says what each kind of field allows', () => {
    const base = { input: 'x', path: ['dose'] };
    expect(validationMessage({ ...base, code: 'invalid_type', expected: 'string', input: 3 })).toBe(
      'The dose must be text.',
    );
    expect(
      validationMessage({ ...base, code: 'invalid_type', expected: 'number', input: undefined }),
    ).toBe('The dose is required.');
    expect(
      validationMessage({
        ...base,
        code: 'too_big',
        origin: 'string',
        maximum: 200,
        inclusive: true,
      }),
    ).toBe('The dose must be at most 200 characters long.');
    expect(
      validationMessage({
        ...base,
        code: 'too_small',
        origin: 'array',
        minimum: 1,
        inclusive: true,
      }),
    ).toBe('The dose needs at least one item.');
    expect(
      validationMessage({
        ...base,
        code: 'too_big',
        origin: 'number',
        maximum: 10_000_000,
        inclusive: true,
      }),
    ).toBe('The dose must be at most 10,000,000.');
    expect(
      validationMessage({ ...base, code: 'invalid_format', format: 'datetime', origin: 'string' }),
    ).toBe('The dose must be a date and time such as 2026-03-01T10:00:00Z.');
    expect(
      validationMessage({ path: [], code: 'unrecognized_keys', keys: ['a', 'b'], input: {} }),
    ).toBe('The fields a, b are not allowed.');
    expect(validationMessage({ ...base, code: 'custom' })).toBe('The dose is not valid.');
    expect(
      validationMessage({
        input: undefined,
        path: ['ranges'],
        code: 'invalid_type',
        expected: 'object',
      }),
    ).toBe('The ranges are required.');
    expect(
      validationMessage({ input: undefined, path: [], code: 'invalid_type', expected: 'object' }),
    ).toBe('The request needs a body.');
    expect(
      validationMessage({ ...base, path: [], code: 'invalid_type', expected: 'object', input: 1 }),
    ).toBe('The request body must be a JSON object.');
  });
});
