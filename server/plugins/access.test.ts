import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionNames } from '../../shared/permissions.ts';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../test/app.ts';
import { createPatient, createUser, validPatientInput } from '../test/factories.ts';

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

  it('only register, login, health, the session probe and the API description and reference are public', () => {
    const publicRoutes = t.app.routeDeclarations
      .filter((r) => r.url.startsWith('/api') && r.access === 'public' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    for (const route of publicRoutes) {
      expect([
        'GET /api/health',
        'GET /api/openapi.json',
        'GET /api/docs',
        'GET /api/docs/json',
        'GET /api/docs/yaml',
        'GET /api/docs/static/*',
        'GET /api/docs/static/index.html',
        'GET /api/docs/static/swagger-initializer.js',
        'GET /api/invitations/accept/:token',
        'GET /api/session',
        'POST /api/users/login',
        'POST /api/users/login/two-factor',
        'POST /api/users/register',
        'POST /api/users/password-reset',
        'GET /api/users/password-reset/:token',
        'POST /api/users/password-reset/confirm',
        'GET /api/users/sign-up-status',
        'POST /api/invitations/accept',
        // Calendar apps send no cookie: the feed's long random token is its credential.
        'GET /api/calendar-feed/:token.ics',
      ]).toContain(route);
    }
  });

  it('a refused write on a patient route is audited against that patient', async () => {
    const viewer = await createUser(t.app.db, { role: 'doctor', privileges: 'viewer' });
    const patient = await createPatient(t.app.db, { careTeam: [viewer] });
    const res = await call(t.app, 'PUT', `/api/patients/${patient.id}`, {
      token: viewer.token,
      body: validPatientInput(),
    });
    expect(res.status).toBe(403);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, viewer.id), eq(auditLog.action, 'denied')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity: 'patient', patientId: patient.id, outcome: 'denied' });
  });
});
