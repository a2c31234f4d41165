import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/demo.ts';
import { call, createTestApp, usingPostgres, type TestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { fhirErrors } from '../../test/fhir-validator.ts';

interface Resource {
  resourceType: string;
  id: string;
}

/**
 * The demo agency, exported whole: every resource passes the independent FHIR R4 validator.
 * Run once, on the embedded database: what it checks is the resources' shape, which does not
 * depend on the database (fhir.test.ts runs the export's queries on PostgreSQL too), and it is
 * among the suite's longest files.
 */
describe.skipIf(usingPostgres())("the demo agency's FHIR export", () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.database.db, { now: t.clock.now() });
    admin = await createUser(t.database.db, { role: 'doctor', privileges: 'admin' });
  }, 240_000);
  afterAll(() => t.close());

  it('validates with 0 errors, every NDJSON file and whole patient bundles', async () => {
    const manifest = await call(t.app, 'GET', '/api/fhir/export', { token: admin.token });
    expect(manifest.status).toBe(200);
    const errors: string[] = [];
    const patientIds: string[] = [];
    // Every resource against its base definition; the profiles an Observation claims, once per
    // shape of Observation (fhir-validator.ts).
    const shapesSeen = new Set<string>();
    let total = 0;
    for (const { type, url, count } of manifest.json.output as {
      type: string;
      url: string;
      count: number;
    }[]) {
      const res = await call(t.app, 'GET', url, { token: admin.token });
      expect(res.status).toBe(200);
      const lines = res.response.body.split('\n').filter(Boolean);
      expect(lines.length, type).toBe(count);
      for (const line of lines) {
        const resource = JSON.parse(line) as Resource;
        if (type === 'Patient') patientIds.push(resource.id);
        errors.push(...(await fhirErrors(resource, shapesSeen)));
      }
      total += lines.length;
    }
    // The demo has records of every type.
    for (const { type, count } of manifest.json.output) expect(count, type).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(1000);
    // The demo's vital signs come in several shapes (kinds, units, with and without components).
    expect(shapesSeen.size).toBeGreaterThan(5);
    // Every resource above is in some patient's bundle too; a few whole bundles show that the
    // bundle around them validates (fhir.test.ts checks the bundle of a patient with every kind
    // of record), without validating each resource a second time.
    for (const id of patientIds.slice(0, 3)) {
      const res = await call(t.app, 'GET', `/api/patients/${id}/fhir`, { token: admin.token });
      expect(res.status).toBe(200);
      errors.push(...(await fhirErrors(JSON.parse(res.response.body))));
    }
    expect(errors).toEqual([]);
  }, 300_000);
});
