import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnonymousContext } from '../../auth/context.ts';
import { call, createTestApp, usingPostgres, type TestApp } from '../../test/app.ts';
import { isDatabaseUp } from './health.service.ts';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('health answers after a real query and names the database', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 'ok',
      database: usingPostgres() ? 'postgres' : 'pglite',
      databaseUp: true,
      ready: true,
    });
  });

  it('a database that hangs is reported down within the bound, not waited for', async () => {
    const hung = { db: { execute: () => new Promise(() => {}) } } as unknown as AnonymousContext;
    const failing = {
      db: { execute: () => Promise.reject(new Error('connect ECONNREFUSED')) },
    } as unknown as AnonymousContext;
    expect(await isDatabaseUp(hung, 50)).toBe(false);
    expect(await isDatabaseUp(failing)).toBe(false);
  });

  it('an unknown API path answers JSON 404', async () => {
    const res = await call(t.app, 'GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json).toEqual({ message: 'Not found' });
  });

  it('sets security headers and no-store on API answers', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves an OpenAPI document generated from the routes', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toMatch(/^3\./);
    expect(Object.keys(res.json.paths)).toContain('/api/health');
  });

  it('malformed JSON is a 400 with the error shape, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json()).toHaveProperty('message');
  });
});
