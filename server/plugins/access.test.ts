import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionNames } from '../../shared/permissions.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

describe('deny by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every /api route declares who may call it', () => {
    const apiRoutes = t.app.routeDeclarations.filter(
      (r) => r.url.startsWith('/api') && r.method !== 'HEAD',
    );
    expect(apiRoutes.length).toBeGreaterThan(0);
    const allowed = new Set<string>(['public', 'session', ...permissionNames]);
    const undeclared = apiRoutes.filter((r) => !r.access || !allowed.has(r.access));
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('only register, login, health and the API description are public', () => {
    const publicRoutes = t.app.routeDeclarations
      .filter((r) => r.url.startsWith('/api') && r.access === 'public' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    for (const route of publicRoutes) {
      expect([
        'GET /api/health',
        'GET /api/openapi.json',
        'POST /api/users/login',
        'POST /api/users/register',
      ]).toContain(route);
    }
  });
});
