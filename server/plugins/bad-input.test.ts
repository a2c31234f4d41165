import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/app.ts';
import { createPatient, createUser, type TestUser } from '../test/factories.ts';

/**
 * Bad input of any kind gets a clear 4xx and never a 500: every API route is called with
 * impossible ids and junk bodies, as a user who may do everything.
 */
describe('no route answers 500 to bad input', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app.db, { role: 'doctor', privileges: 'admin' });
    await createPatient(t.app.db, { careTeam: [admin] });
  });
  afterAll(() => t.close());

  const badIds = ['99999999999', '-1', '0', 'abc', '1e400', '%00'];
  const junkBodies: unknown[] = [
    {},
    {
      patientId: '99999999999',
      doctorId: -5,
      date: '0000-01-01',
      appointmentDate: '0000-00-00T25:61',
    },
    {
      patientId: 1,
      dob: '10000-01-01',
      date: 'yesterday',
      dateOfVisit: '2024-02-30T10:00',
      message: 'x'.repeat(5000),
      firstName: ['array'],
      limit: 'many',
    },
    { username: { $ne: null }, password: 12 },
    {
      firstName: 'Ad\u0000a',
      lastName: 'L',
      dob: '1940-01-01',
      gender: 'F',
      address: 'a',
      phoneNumber: '1',
      emergencyContact: 'e',
      emergencyContactPhone: '2',
      message: 'nul\u0000',
      date: '2030-01-01T10:00:00Z',
      summary: '\u0000',
    },
  ];

  it('impossible ids, junk bodies and junk query strings answer 4xx', async () => {
    const routes = t.app.routeDeclarations.filter(
      (r) =>
        r.url.startsWith('/api') &&
        r.method !== 'HEAD' &&
        !r.url.endsWith('/stream') &&
        r.url !== '/api/users/logout',
    );
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      // A route without a path parameter is called once per body, not once per bad id.
      const urls = new Set(badIds.map((id) => route.url.replace(/:[A-Za-z]+/g, id)));
      for (const url of urls) {
        const bodies =
          route.method === 'GET' || route.method === 'DELETE' ? [undefined] : junkBodies;
        for (const body of bodies) {
          const res = await call(
            t.app,
            route.method as 'GET',
            `${url}?limit=-3&offset=x&from=0000-13-40&to=nope&id=99999999999&patientId=99999999999`,
            {
              token: admin.token,
              body,
            },
          );
          if (res.status >= 500)
            failures.push(`${route.method} ${url} ${JSON.stringify(body)} -> ${res.status}`);
          else expect(res.json ?? {}).not.toHaveProperty('stack');
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
