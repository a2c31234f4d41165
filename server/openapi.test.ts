import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { rewriteAliasedUrl } from './openapi/aliases.ts';
import { openapiOptions, routeKey } from './openapi/document.ts';
import { operationIds } from './openapi/operation-ids.ts';
import { call, createTestApp, type TestApp } from './test/app.ts';
import { createUser, type TestUser } from './test/factories.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

describe('the API document', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await call(t.app, 'GET', '/api/openapi.json')).json as Document;
  });
  afterAll(() => t.close());

  /** Every operation of the document as `GET /api/x/{id}` with its object. */
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => methods.includes(method))
        .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );

  it('lints with no errors under the recommended rules, and no path reads ambiguously', async () => {
    const problems: NormalizedProblem[] = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: '/api/openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const describeProblem = (p: NormalizedProblem) =>
      `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`;
    expect(problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
    // A warning that is not a matter of taste: two paths that one URL fits. (Operations with no
    // id are the next test's, with a message that says where to add one.)
    expect(problems.filter((p) => p.ruleId === 'no-ambiguous-paths').map(describeProblem)).toEqual(
      [],
    );
  });

  it('gives every operation an operation id and a summary', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const lacking = all.flatMap(({ key, operation }) => [
      ...(operation.operationId
        ? []
        : [
            `${key} has no operationId: set schema.operationId on the route, or add it to ` +
              'server/openapi/operation-ids.ts',
          ]),
      ...(operation.summary?.trim() ? [] : [`${key} has no summary: set schema.summary`]),
    ]);
    expect(lacking).toEqual([]);
  });

  it('keeps operation ids unique and camelCase, and summaries short sentences', () => {
    const seen = new Map<string, string>();
    const problems: string[] = [];
    for (const { key, operation } of operations()) {
      const id = operation.operationId;
      if (id === undefined) continue; // reported by the test above
      if (!/^[a-z][a-zA-Z0-9]*$/.test(id)) problems.push(`${key}: "${id}" is not camelCase`);
      const before = seen.get(id);
      if (before) problems.push(`${key} and ${before} share "${id}"`);
      seen.set(id, key);
      const summary = operation.summary ?? '';
      if (summary.length > 140) problems.push(`${key}: summary over 140 characters`);
      if (/^(GET|POST|PUT|PATCH|DELETE) \//.test(summary))
        problems.push(`${key}: summary is a path`);
    }
    expect(problems).toEqual([]);
    // Names a client generated from the document calls, derived or listed.
    expect(seen.get('listPatients')).toBe('GET /api/patients');
    expect(seen.get('getPatient')).toBe('GET /api/patients/{id}');
    expect(seen.get('createAppointment')).toBe('POST /api/appointments');
    expect(seen.get('restoreMedicalRecord')).toBe('POST /api/medical-records/restore/{id}');
    expect(seen.get('listProgressReportsForCaregiver')).toBe(
      'GET /api/progress-reports/caregiver/{id}',
    );
    expect(seen.get('createAllergy')).toBe('POST /api/allergies');
  });

  it('lists no operation id for a route that does not exist', () => {
    const routes = new Set(t.app.routeDeclarations.map((r) => routeKey(r.method, r.url)));
    expect(Object.keys(operationIds).filter((key) => !routes.has(key))).toEqual([]);
  });

  it('describes itself: title, the package version, servers, security and every tag', () => {
    expect(document.info.title).toBe('ElderCare System API');
    expect(document.info.version).toBe(packageJson.version);
    expect(document.info.description).toContain('Bearer');
    expect(document.servers).toEqual([{ url: '/' }]);
    const declared = new Set(document.tags?.map((tag) => tag.name));
    const used = new Set(operations().flatMap(({ operation }) => operation.tags ?? []));
    expect([...used].filter((tag) => !declared.has(tag))).toEqual([]);
    expect(document.tags?.find((tag) => tag.name === 'patients')?.description).toBeTruthy();
    expect(document.tags?.find((tag) => tag.name === 'medical records')?.description).toBeTruthy();
  });

  it('names APP_URL as its server when one is set', () => {
    const servers = (appUrl?: string) =>
      (openapiOptions(appUrl) as { openapi: { servers: unknown } }).openapi.servers;
    expect(servers('https://care.example.org/')).toEqual([{ url: 'https://care.example.org' }]);
    expect(servers(undefined)).toEqual([{ url: '/' }]);
  });

  it('keeps the seed specification’s paths in the document', () => {
    for (const key of [
      'POST /api/users/login',
      'POST /api/users/register',
      'GET /api/users/username/{username}',
      'PUT /api/users/username/{username}',
      'GET /api/patients',
      'POST /api/patients',
      'GET /api/appointments/doctor/{doctorId}',
      'POST /api/appointments',
      'DELETE /api/appointments/{id}',
      'GET /api/medical-records/doctor/{id}',
      'GET /api/medical-records/patient/{id}',
      'GET /api/medical-records',
      'POST /api/medical-records',
      'PUT /api/medical-records/{id}',
      'DELETE /api/medical-records/{id}',
      'GET /api/progress-reports',
      'GET /api/progress-reports/caregiver/{id}',
      'GET /api/progress-reports/patient/{id}',
      'POST /api/progress-reports',
      'PUT /api/progress-reports/{id}',
      'DELETE /api/progress-reports/{id}',
    ]) {
      expect(operations().map((o) => o.key)).toContain(key);
    }
  });
});

describe('older paths answer as the documented ones', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app.db, { role: 'doctor', privileges: 'admin' });
  });
  afterAll(() => t.close());

  it('rewrites each older path, with its query, and nothing else', () => {
    const cases: [string, string, string][] = [
      ['POST', '/api/medical-records/7/restore', '/api/medical-records/restore/7'],
      ['POST', '/api/care-plan-tasks/7/restore', '/api/care-plan-tasks/restore/7'],
      ['POST', '/api/appointments/7/restore', '/api/appointments/restore/7'],
      ['POST', '/api/appointments/7/cancel', '/api/appointments/cancel/7'],
      ['POST', '/api/appointments/7/status?x=1', '/api/appointments/status/7?x=1'],
      ['POST', '/api/visits/7/check-in', '/api/visits/check-in/7'],
      ['POST', '/api/visits/7/check-out', '/api/visits/check-out/7'],
      ['POST', '/api/visits/7/cancel', '/api/visits/cancel/7'],
      ['PUT', '/api/visits/7/times', '/api/visits/times/7'],
      ['POST', '/api/users/7/password-reset-link', '/api/users/password-reset-link/7'],
      ['GET', '/api/users/7/sessions', '/api/users/sessions/7'],
      ['POST', '/api/users/7/sessions/end', '/api/users/sessions/7/end'],
      // Not aliases: patients keep their path, the caller's own sessions, a profile, other methods.
      ['POST', '/api/patients/7/restore', '/api/patients/7/restore'],
      ['GET', '/api/users/me/sessions', '/api/users/me/sessions'],
      ['GET', '/api/users/username/sessions', '/api/users/username/sessions'],
      ['GET', '/api/appointments/7/cancel', '/api/appointments/7/cancel'],
      ['GET', '/api/medical-records/doctor/7', '/api/medical-records/doctor/7'],
      ['GET', '/assets/7/restore', '/assets/7/restore'],
    ];
    for (const [method, url, expected] of cases) {
      expect(`${method} ${rewriteAliasedUrl({ method, url })}`).toBe(`${method} ${expected}`);
    }
  });

  it('answers an older path exactly as the documented one', async () => {
    const older = await call(t.app, 'GET', `/api/users/${admin.id}/sessions`, {
      token: admin.token,
    });
    const documented = await call(t.app, 'GET', `/api/users/sessions/${admin.id}`, {
      token: admin.token,
    });
    expect(documented.status).toBe(200);
    expect(older.status).toBe(200);
    expect(older.json).toEqual(documented.json);

    for (const [url, status] of [
      ['/api/medical-records/999999/restore', 404],
      ['/api/medical-records/restore/999999', 404],
      ['/api/medical-records/abc/restore', 400],
      ['/api/medical-records/restore/abc', 400],
    ] as const) {
      const res = await call(t.app, 'POST', url, { token: admin.token });
      expect(`${url} ${res.status}`).toBe(`${url} ${status}`);
    }
    // The caller's own list is still their own, not an alias.
    const own = await call(t.app, 'GET', '/api/users/me/sessions', { token: admin.token });
    expect(own.status).toBe(200);
    expect(Array.isArray(own.json)).toBe(true);
  });
});

describe('the API reference at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is a page for anyone, its scripts loaded from files under the CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>ElderCare System API reference</title>');
    // Every script has a src (no inline script), and each comes from this server.
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/src="\/api\/docs\/static\//);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

    for (const asset of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/docs/static/${asset}` });
      expect(`${asset} ${res.statusCode}`).toBe(`${asset} 200`);
    }
    // The bundle is kept and revalidated (a reload costs a 304, not 1.6 MB); the page itself,
    // like every API answer, is never stored.
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(bundle.headers['cache-control']).toBe('no-cache');
    expect(bundle.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui.css',
      headers: { 'if-none-match': String(bundle.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(page.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/../../package.json',
    });
    expect(missing.statusCode).not.toBe(200);
  });

  it('reads the same document as /api/openapi.json', async () => {
    const fromPage = await call(t.app, 'GET', '/api/docs/json');
    const document = await call(t.app, 'GET', '/api/openapi.json');
    expect(fromPage.status).toBe(200);
    expect(Object.keys(fromPage.json.paths)).toEqual(Object.keys(document.json.paths));
  });
});
