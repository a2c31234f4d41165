import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../server/db/client.ts';
import { openTestDatabase } from '../server/test/app.ts';
import { createPatient, createUser } from '../server/test/factories.ts';
import { buildFloor } from './floor.ts';
import { runLoad } from './load.ts';
import { sqlOf } from './sql.ts';

describe('bench harness', () => {
  let database: Database;
  let floor: ReturnType<typeof buildFloor>;
  let base: string;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const sql = sqlOf(database);
    await sql.exec(`insert into patients (first_name, last_name, dob, gender, address, phone_number,
      emergency_contact, emergency_contact_phone)
      select 'Ada', 'Patient' || g, '1940-01-01', 'Female', '1 Elm Street', '555-0100', 'Kin', '555-0101'
      from generate_series(1, 60) g`);
    const doctor = await createUser(database.db, { role: 'doctor', now: new Date() });
    await createPatient(database.db, { careTeam: [doctor] });
    token = doctor.token;
    floor = buildFloor(sql);
    await floor.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(floor.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await floor.close();
    await database.close();
  });

  it('the floor answers the first 50 patients, and its ladder steps need a session', async () => {
    const page = await fetch(`${base}/floor/patients`);
    expect(page.status).toBe(200);
    expect(await page.json()).toHaveLength(50);
    expect((await fetch(`${base}/floor/patients/audit`)).status).toBe(401);
    const scoped = await fetch(`${base}/floor/patients/audit`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scoped.status).toBe(200);
    expect(scoped.headers.get('x-total-count')).toBe('1');
  });

  it('one bench target for one second yields throughput, latency and no errors', async () => {
    const result = await runLoad({ url: `${base}/floor/patients`, connections: 4, seconds: 1 });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.rps).toBeGreaterThan(0);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
    expect(result.errors).toBe(0);
  });

  it('counts non-2xx answers as errors', async () => {
    const result = await runLoad({
      url: `${base}/floor/patients/session`,
      connections: 2,
      seconds: 1,
    });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.errors).toBe(result.requests);
    expect(Object.keys(result.statuses)).toEqual(['401']);
  });
});
