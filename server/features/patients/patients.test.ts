import { eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, patientTexts, validation } from '../../../shared/messages.ts';
import { auditLog, careTeamMembers, patients } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import {
  createPatient,
  createUser,
  validPatientInput,
  type TestUser,
} from '../../test/factories.ts';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The id of the newest audit row, so a test can look at exactly the rows it caused. */
async function auditMark(): Promise<number> {
  const [row] = await db()
    .select({ max: sql<number | null>`max(${auditLog.id})` })
    .from(auditLog);
  return Number(row?.max ?? 0);
}
async function auditSince(mark: number) {
  return db().select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(auditLog.id);
}

const doctor = (privileges: 'viewer' | 'editor' | 'supervisor' | 'admin' = 'editor') =>
  createUser(db(), { role: 'doctor', privileges });
const caregiver = (privileges: 'viewer' | 'editor' | 'supervisor' | 'admin' = 'editor') =>
  createUser(db(), { role: 'caregiver', privileges });
const patientUser = (role: 'patient' | 'user' = 'patient') =>
  createUser(db(), { role, privileges: 'viewer' });
const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

async function listIds(user: TestUser, query = 'limit=500'): Promise<number[]> {
  const res = await call(t.app, 'GET', `/api/patients?${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return ids(res.json);
}

describe('patient scope', () => {
  it('a doctor sees only the patients on whose care team they are', async () => {
    const a = await doctor();
    const b = await doctor();
    const p1 = await createPatient(db(), { careTeam: [a] });
    const p2 = await createPatient(db(), { careTeam: [a, b] });
    const p3 = await createPatient(db(), { careTeam: [b] });
    expect(await listIds(a)).toEqual(ids([p1, p2]));
    expect(await listIds(b)).toEqual(ids([p2, p3]));
    expect((await call(t.app, 'GET', `/api/patients/${p1.id}`, { token: a.token })).status).toBe(
      200,
    );
    expect((await call(t.app, 'GET', `/api/patients/${p1.id}`, { token: b.token })).status).toBe(
      404,
    );
  });

  it('a caregiver sees only the patients assigned to them', async () => {
    const c = await caregiver();
    const other = await caregiver();
    const mine = await createPatient(db(), { careTeam: [c] });
    await createPatient(db(), { careTeam: [other] });
    expect(await listIds(c)).toEqual([mine.id]);
  });

  it('a patient sees only the record linked to their own account', async () => {
    const me = await patientUser();
    const legacy = await patientUser('user');
    const stranger = await patientUser();
    const own = await createPatient(db(), { account: me });
    const legacyOwn = await createPatient(db(), { account: legacy });
    await createPatient(db());
    expect(await listIds(me)).toEqual([own.id]);
    expect(await listIds(legacy)).toEqual([legacyOwn.id]);
    expect(await listIds(stranger)).toEqual([]);
    const res = await call(t.app, 'GET', `/api/patients/${own.id}`, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.json.accountUsername).toBe(me.username);
    expect(
      (await call(t.app, 'GET', `/api/patients/${legacyOwn.id}`, { token: me.token })).status,
    ).toBe(404);
  });

  it('a supervisor sees every patient of the agency', async () => {
    const sup = await doctor('supervisor');
    const careSup = await caregiver('supervisor');
    const p = await createPatient(db());
    const all = await db().select({ id: patients.id }).from(patients);
    expect(await listIds(sup)).toEqual(ids(all));
    expect(await listIds(careSup)).toEqual(ids(all));
    expect((await call(t.app, 'GET', `/api/patients/${p.id}`, { token: sup.token })).status).toBe(
      200,
    );
  });

  it('out of scope answers exactly like a missing id, for every patient route', async () => {
    const outsider = await doctor();
    const owner = await doctor();
    const p = await createPatient(db(), { careTeam: [owner] });
    const missing = 99_999_999;
    const body = validPatientInput();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/patients/{id}'],
      ['PUT', '/api/patients/{id}', body],
      ['DELETE', '/api/patients/{id}'],
      ['GET', '/api/patients/{id}/care-team'],
      ['POST', '/api/patients/{id}/care-team', { userId: outsider.id }],
      ['DELETE', `/api/patients/{id}/care-team/${owner.id}`],
      ['PUT', '/api/patients/{id}/account', { username: null }],
      ['DELETE', '/api/patients/{id}/account'],
    ];
    for (const [method, path, payload] of routes) {
      const real = await call(t.app, method as 'GET', path.replace('{id}', String(p.id)), {
        token: outsider.token,
        body: payload,
      });
      const none = await call(t.app, method as 'GET', path.replace('{id}', String(missing)), {
        token: outsider.token,
        body: payload,
      });
      expect([method, path, real.status]).toEqual([method, path, 404]);
      expect(real.json).toEqual(none.json);
      expect(real.json).toEqual({ message: apiErrors.notFound });
    }
    // Nothing changed for the owner.
    const after = await call(t.app, 'GET', `/api/patients/${p.id}`, { token: owner.token });
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject(body);
  });

  it('a caregiver cannot open a patient outside their care team', async () => {
    const c = await caregiver();
    const p = await createPatient(db(), { careTeam: [await doctor()] });
    const res = await call(t.app, 'GET', `/api/patients/${p.id}`, { token: c.token });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: apiErrors.notFound });
  });

  it('a deleted patient leaves every list, including the supervisor’s', async () => {
    const sup = await doctor('supervisor');
    const p = await createPatient(db());
    await db().update(patients).set({ deletedAt: new Date() }).where(eq(patients.id, p.id));
    expect(await listIds(sup)).not.toContain(p.id);
    expect((await call(t.app, 'GET', `/api/patients/${p.id}`, { token: sup.token })).status).toBe(
      404,
    );
  });
});

describe('who may write', () => {
  it('a doctor viewer cannot add, edit or delete (403, nothing changed, one denied row each)', async () => {
    const viewer = await doctor('viewer');
    const p = await createPatient(db(), { careTeam: [viewer] });
    const before = await db().select().from(patients);
    const mark = await auditMark();
    const attempts = [
      await call(t.app, 'POST', '/api/patients', {
        token: viewer.token,
        body: validPatientInput(),
      }),
      await call(t.app, 'PUT', `/api/patients/${p.id}`, {
        token: viewer.token,
        body: { ...validPatientInput(), firstName: 'Changed' },
      }),
      await call(t.app, 'DELETE', `/api/patients/${p.id}`, { token: viewer.token }),
      await call(t.app, 'POST', `/api/patients/${p.id}/care-team`, {
        token: viewer.token,
        body: { userId: viewer.id },
      }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(attempts[0]!.json).toEqual({ message: apiErrors.forbidden });
    expect(await db().select().from(patients)).toEqual(before);
    const rows = await auditSince(mark);
    expect(rows.map((r) => [r.action, r.outcome, r.userId])).toEqual([
      ['denied', 'denied', viewer.id],
      ['denied', 'denied', viewer.id],
      ['denied', 'denied', viewer.id],
      ['denied', 'denied', viewer.id],
    ]);
    expect(rows.map((r) => r.entity)).toEqual([
      'patient',
      'patient',
      'patient',
      'care-team-member',
    ]);
  });

  it('caregivers and patients cannot add patients', async () => {
    for (const user of [await caregiver('admin'), await patientUser()]) {
      const res = await call(t.app, 'POST', '/api/patients', {
        token: user.token,
        body: validPatientInput(),
      });
      expect(res.status).toBe(403);
    }
  });

  it('without a session every patient route answers 401', async () => {
    expect((await call(t.app, 'GET', '/api/patients')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/patients', { body: validPatientInput() })).status).toBe(
      401,
    );
  });
});

describe('adding and editing patients', () => {
  it('a doctor adds a patient (the seed call with ?username=) and joins its care team', async () => {
    const d = await doctor();
    const other = await doctor();
    const mark = await auditMark();
    const res = await call(t.app, 'POST', `/api/patients?username=${d.username}`, {
      token: d.token,
      body: validPatientInput(),
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      ...validPatientInput(),
      accountUserId: null,
      accountUsername: null,
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
    });
    const team = await db()
      .select()
      .from(careTeamMembers)
      .where(eq(careTeamMembers.patientId, res.json.id));
    expect(team.map((m) => m.userId)).toEqual([d.id]);
    const rows = await auditSince(mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      entity: 'patient',
      entityId: String(res.json.id),
      patientId: res.json.id,
      userId: d.id,
      role: 'doctor',
      outcome: 'success',
    });
    // The seed's list call with ?username= shows it to its doctor, and not to another.
    const list = await call(t.app, 'GET', `/api/patients?username=${d.username}`, {
      token: d.token,
    });
    expect(list.json.map((p: { id: number }) => p.id)).toContain(res.json.id);
    expect(await listIds(other, `username=${d.username}`)).not.toContain(res.json.id);
  });

  it('trims the fields it stores', async () => {
    const d = await doctor();
    const res = await call(t.app, 'POST', '/api/patients', {
      token: d.token,
      body: { ...validPatientInput(), firstName: '  Grace  ', lastName: ' Hopper ' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  const fieldMessages = {
    firstName: validation.firstNameRequired,
    lastName: validation.lastNameRequired,
    dob: validation.dobRequired,
    gender: validation.genderRequired,
    address: validation.addressRequired,
    phoneNumber: validation.phoneRequired,
    emergencyContact: validation.emergencyContactRequired,
    emergencyContactPhone: validation.emergencyContactPhoneRequired,
  } as const;

  for (const [field, message] of Object.entries(fieldMessages)) {
    it(`an empty ${field} is refused with '${message}' and nothing is stored`, async () => {
      const d = await doctor();
      const before = await db().select().from(patients);
      const mark = await auditMark();
      for (const value of ['', '   ', undefined, null]) {
        const body: Record<string, unknown> = { ...validPatientInput(), [field]: value };
        if (value === undefined) delete body[field];
        const res = await call(t.app, 'POST', '/api/patients', { token: d.token, body });
        expect(res.status).toBe(400);
        expect(res.json.errors).toEqual({ [field]: message });
      }
      expect(await db().select().from(patients)).toEqual(before);
      expect(await auditSince(mark)).toEqual([]);
    });
  }

  it('an empty form gets every seed message at once, on add and on edit', async () => {
    const d = await doctor();
    const p = await createPatient(db(), { careTeam: [d] });
    for (const [method, url] of [
      ['POST', '/api/patients'],
      ['PUT', `/api/patients/${p.id}`],
    ] as const) {
      const res = await call(t.app, method, url, { token: d.token, body: {} });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual(fieldMessages);
    }
  });

  it('the date of birth must be a real date and not in the future', async () => {
    const d = await doctor();
    t.clock.set('2026-01-15T09:00:00.000Z');
    const cases: [string, string | undefined][] = [
      ['2024-02-30', patientTexts.dobInvalid],
      ['1940-13-01', patientTexts.dobInvalid],
      ['10/12/1940', patientTexts.dobInvalid],
      ['yesterday', patientTexts.dobInvalid],
      ['2026-02-01', patientTexts.dobInFuture],
      ['2026-01-15', undefined],
      ['1900-01-01', undefined],
    ];
    for (const [dob, message] of cases) {
      const res = await call(t.app, 'POST', '/api/patients', {
        token: d.token,
        body: { ...validPatientInput(), dob },
      });
      if (message) {
        expect([dob, res.status, res.json.errors]).toEqual([dob, 400, { dob: message }]);
      } else {
        expect([dob, res.status]).toEqual([dob, 201]);
        expect(res.json.dob).toBe(dob);
      }
    }
  });

  it('wrong types and oversized values are a 400, never a 500', async () => {
    const d = await doctor();
    const bodies = [
      { ...validPatientInput(), firstName: 42 },
      { ...validPatientInput(), address: 'x'.repeat(5000) },
      { ...validPatientInput(), dob: ['1940-01-01'] },
      [],
    ];
    for (const body of bodies) {
      const res = await call(t.app, 'POST', '/api/patients', { token: d.token, body });
      expect(res.status).toBe(400);
      expect(res.json).toHaveProperty('message');
    }
    const malformed = await call(t.app, 'POST', '/api/patients', {
      token: d.token,
      body: '{"firstName": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });

  it('a doctor on the care team edits a patient; one update row, updatedAt moves', async () => {
    const d = await doctor();
    const created = await call(t.app, 'POST', '/api/patients', {
      token: d.token,
      body: validPatientInput(),
    });
    t.clock.advance(60_000);
    const mark = await auditMark();
    const changes = { ...validPatientInput(), firstName: 'Augusta', address: '1 New Road' };
    const res = await call(t.app, 'PUT', `/api/patients/${created.json.id}`, {
      token: d.token,
      body: changes,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject(changes);
    expect(res.json.createdAt).toBe(created.json.createdAt);
    expect(res.json.updatedAt).toBe(t.clock.now().toISOString());
    const rows = await auditSince(mark);
    expect(rows.map((r) => [r.action, r.entity, r.patientId])).toEqual([
      ['update', 'patient', created.json.id],
    ]);
  });

  it('a doctor editor who is not on the care team cannot edit (404, a denied row, unchanged)', async () => {
    const outsider = await doctor();
    const p = await createPatient(db(), { careTeam: [await doctor()] });
    const [before] = await db().select().from(patients).where(eq(patients.id, p.id));
    const mark = await auditMark();
    const res = await call(t.app, 'PUT', `/api/patients/${p.id}`, {
      token: outsider.token,
      body: { ...validPatientInput(), firstName: 'Hacked' },
    });
    expect(res.status).toBe(404);
    const [after] = await db().select().from(patients).where(eq(patients.id, p.id));
    expect(after).toEqual(before);
    const rows = await auditSince(mark);
    expect(rows.map((r) => [r.action, r.outcome, r.entity, r.patientId, r.userId])).toEqual([
      ['denied', 'denied', 'patient', p.id, outsider.id],
    ]);
  });
});

describe('soft delete and restore', () => {
  it('delete is soft and an admin restore brings the record back intact', async () => {
    const d = await doctor();
    const admin = await doctor('admin');
    const account = await patientUser();
    const c = await caregiver();
    const p = await createPatient(db(), { careTeam: [d, c], account });
    const before = await call(t.app, 'GET', `/api/patients/${p.id}`, { token: d.token });
    expect(before.status).toBe(200);

    const mark = await auditMark();
    const del = await call(t.app, 'DELETE', `/api/patients/${p.id}`, { token: d.token });
    expect(del.status).toBe(204);
    // Gone from every list and every read...
    expect(await listIds(d)).not.toContain(p.id);
    expect(await listIds(c)).not.toContain(p.id);
    expect(await listIds(account)).toEqual([]);
    expect(await listIds(admin)).not.toContain(p.id);
    expect((await call(t.app, 'GET', `/api/patients/${p.id}`, { token: d.token })).status).toBe(
      404,
    );
    // ...but still in the database.
    const [stored] = await db().select().from(patients).where(eq(patients.id, p.id));
    expect(stored?.deletedAt).toEqual(t.clock.now());

    // Only an admin restores.
    expect(
      (await call(t.app, 'POST', `/api/patients/${p.id}/restore`, { token: d.token })).status,
    ).toBe(403);
    const restored = await call(t.app, 'POST', `/api/patients/${p.id}/restore`, {
      token: admin.token,
    });
    expect(restored.status).toBe(200);
    expect(restored.json).toEqual(before.json);
    const after = await call(t.app, 'GET', `/api/patients/${p.id}`, { token: d.token });
    expect(after.json).toEqual(before.json);
    expect(await listIds(c)).toContain(p.id);
    expect(await listIds(account)).toEqual([p.id]);

    const rows = await auditSince(mark);
    const changes = rows.filter((r) => ['delete', 'restore'].includes(r.action));
    expect(changes.map((r) => [r.action, r.userId, r.patientId])).toEqual([
      ['delete', d.id, p.id],
      ['restore', admin.id, p.id],
    ]);
  });

  it('restoring an id that is not deleted answers 404 and writes nothing', async () => {
    const admin = await doctor('admin');
    const p = await createPatient(db());
    const mark = await auditMark();
    for (const id of [p.id, 99_999_999]) {
      const res = await call(t.app, 'POST', `/api/patients/${id}/restore`, { token: admin.token });
      expect(res.status).toBe(404);
    }
    expect(await auditSince(mark)).toEqual([]);
  });

  it('a restore the database refuses leaves neither the change nor its audit row', async () => {
    const admin = await doctor('admin');
    const d = await doctor();
    const account = await patientUser();
    const first = await createPatient(db(), { careTeam: [d], account });
    expect(
      (await call(t.app, 'DELETE', `/api/patients/${first.id}`, { token: d.token })).status,
    ).toBe(204);
    // The account now belongs to a second, live record.
    const second = await createPatient(db(), { careTeam: [d] });
    const linked = await call(t.app, 'PUT', `/api/patients/${second.id}/account`, {
      token: d.token,
      body: { username: account.username },
    });
    expect(linked.status).toBe(200);
    const mark = await auditMark();
    const res = await call(t.app, 'POST', `/api/patients/${first.id}/restore`, {
      token: admin.token,
    });
    expect(res.status).toBe(409);
    const [stored] = await db().select().from(patients).where(eq(patients.id, first.id));
    expect(stored?.deletedAt).not.toBeNull();
    expect(await auditSince(mark)).toEqual([]);
  });
});

describe('the audit trail of patient data', () => {
  it('a list writes one list row; a read writes one read row', async () => {
    const d = await doctor();
    const p = await createPatient(db(), { careTeam: [d] });
    await createPatient(db(), { careTeam: [d] });
    let mark = await auditMark();
    await call(t.app, 'GET', '/api/patients', { token: d.token });
    let rows = await auditSince(mark);
    expect(rows.map((r) => [r.action, r.entity, r.patientId, r.userId])).toEqual([
      ['list', 'patient', null, d.id],
    ]);
    mark = await auditMark();
    await call(t.app, 'GET', `/api/patients/${p.id}`, { token: d.token });
    rows = await auditSince(mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'read',
      entity: 'patient',
      entityId: String(p.id),
      patientId: p.id,
      userId: d.id,
      role: 'doctor',
      outcome: 'success',
      ip: '127.0.0.1',
    });
    expect(rows[0]!.requestId).toBeTruthy();
    expect(rows[0]!.at).toEqual(t.clock.now());
  });

  it('an out-of-scope attempt on an existing patient writes one denied row; a missing id none', async () => {
    const outsider = await caregiver();
    const p = await createPatient(db(), { careTeam: [await doctor()] });
    let mark = await auditMark();
    await call(t.app, 'GET', `/api/patients/${p.id}`, { token: outsider.token });
    const rows = await auditSince(mark);
    expect(rows.map((r) => [r.action, r.outcome, r.patientId, r.userId])).toEqual([
      ['denied', 'denied', p.id, outsider.id],
    ]);
    mark = await auditMark();
    await call(t.app, 'GET', '/api/patients/99999999', { token: outsider.token });
    expect(await auditSince(mark)).toEqual([]);
  });

  it('audit rows hold ids and kinds, never the patient’s values', async () => {
    const d = await doctor();
    const res = await call(t.app, 'POST', '/api/patients', {
      token: d.token,
      body: { ...validPatientInput(), firstName: 'Zebulon', address: 'Secret Lane 9' },
    });
    const rows = await db().select().from(auditLog).where(eq(auditLog.patientId, res.json.id));
    const text = JSON.stringify(rows);
    expect(text).not.toContain('Zebulon');
    expect(text).not.toContain('Secret Lane');
  });
});

describe('paging and search', () => {
  let sup: TestUser;
  let team: TestUser;
  beforeAll(async () => {
    sup = await doctor('supervisor');
    team = await doctor();
    const names: [string, string][] = [
      ['Zoe', 'Abbott'],
      ['Adam', 'Abbott'],
      ['Adam', 'Abbott'],
      ['Mary', 'Beaumont'],
      ['Percy', '50%_Off'],
      ['Carl', 'Jung'],
      ['Ada', 'Byron'],
    ];
    for (let i = 0; i < 30; i += 1) {
      const [firstName, lastName] = names[i % names.length]!;
      await createPatient(db(), { careTeam: [team], overrides: { firstName, lastName } });
    }
  });

  it('pages with limit and offset, ordered by last name, first name, id, with X-Total-Count', async () => {
    const all = await call(t.app, 'GET', '/api/patients?limit=500', { token: team.token });
    expect(all.json).toHaveLength(30);
    expect(all.headers['x-total-count']).toBe('30');
    const sorted = [...all.json].sort(
      (a, b) =>
        a.lastName.localeCompare(b.lastName, 'en', { sensitivity: 'base' }) ||
        a.firstName.localeCompare(b.firstName) ||
        a.id - b.id,
    );
    expect(all.json.map((p: { id: number }) => p.id)).toEqual(sorted.map((p) => p.id));

    const first = await call(t.app, 'GET', '/api/patients?limit=10', { token: team.token });
    const last = await call(t.app, 'GET', '/api/patients?limit=10&offset=25', {
      token: team.token,
    });
    const beyond = await call(t.app, 'GET', '/api/patients?limit=10&offset=40', {
      token: team.token,
    });
    expect(first.json).toEqual(all.json.slice(0, 10));
    expect(first.headers['x-total-count']).toBe('30');
    expect(last.json).toEqual(all.json.slice(25));
    expect(last.headers['x-total-count']).toBe('30');
    expect(beyond.json).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('30');
  });

  it('the default page is 50 rows, and the supervisor’s total counts every patient', async () => {
    const res = await call(t.app, 'GET', '/api/patients', { token: sup.token });
    const total = (await db().select({ id: patients.id }).from(patients)).length;
    expect(res.json.length).toBe(Math.min(50, total));
    expect(Number(res.headers['x-total-count'])).toBeLessThanOrEqual(total);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(30);
  });

  it('q searches first and last name, case-insensitively, with the total of the matches', async () => {
    const search = async (q: string) => {
      const res = await call(t.app, 'GET', `/api/patients?q=${encodeURIComponent(q)}`, {
        token: team.token,
      });
      expect(res.status).toBe(200);
      return res;
    };
    const abbott = await search('ABBOTT');
    expect(abbott.json.length).toBeGreaterThan(0);
    expect(abbott.json.every((p: { lastName: string }) => p.lastName === 'Abbott')).toBe(true);
    expect(abbott.headers['x-total-count']).toBe(String(abbott.json.length));
    const ada = await search('ada');
    expect(
      ada.json.every((p: { firstName: string; lastName: string }) =>
        `${p.firstName} ${p.lastName}`.toLowerCase().includes('ada'),
      ),
    ).toBe(true);
    expect((await search('adam abb')).json.length).toBeGreaterThan(0);
    // Wildcards are text, not patterns.
    const percent = await search('50%_');
    expect(percent.json.every((p: { lastName: string }) => p.lastName === '50%_Off')).toBe(true);
    expect((await search('%')).json.every((p: { lastName: string }) => p.lastName.includes('%')));
    expect((await search('nobody-by-this-name')).json).toEqual([]);
  });

  it('limit above 500, zero or negative paging values are a 400', async () => {
    for (const query of ['limit=501', 'limit=0', 'offset=-1', 'limit=abc']) {
      const res = await call(t.app, 'GET', `/api/patients?${query}`, { token: team.token });
      expect([query, res.status]).toEqual([query, 400]);
    }
    const ok = await call(t.app, 'GET', '/api/patients?limit=500', { token: team.token });
    expect(ok.status).toBe(200);
  });
});

describe('care teams', () => {
  it('a doctor assigns a caregiver, who then sees the patient; removing them hides it again', async () => {
    const d = await doctor();
    const c = await caregiver();
    const p = await createPatient(db(), { careTeam: [d] });
    const mark = await auditMark();
    const add = await call(t.app, 'POST', `/api/patients/${p.id}/care-team`, {
      token: d.token,
      body: { userId: c.id },
    });
    expect(add.status).toBe(201);
    expect(add.json).toMatchObject({
      userId: c.id,
      username: c.username,
      role: 'caregiver',
      addedAt: t.clock.now().toISOString(),
    });
    expect(add.json.name).toMatch(/^First\d+ Second\d+$/);
    expect(await listIds(c)).toEqual([p.id]);

    const team = await call(t.app, 'GET', `/api/patients/${p.id}/care-team`, { token: c.token });
    expect(team.status).toBe(200);
    expect(team.headers['x-total-count']).toBe('2');
    expect(team.json.map((m: { userId: number }) => m.userId).sort()).toEqual([d.id, c.id].sort());

    const remove = await call(t.app, 'DELETE', `/api/patients/${p.id}/care-team/${c.id}`, {
      token: d.token,
    });
    expect(remove.status).toBe(204);
    expect(await listIds(c)).toEqual([]);

    const rows = await auditSince(mark);
    expect(rows.map((r) => [r.action, r.entity, r.entityId, r.patientId])).toEqual([
      ['create', 'care-team-member', String(c.id), p.id],
      ['list', 'patient', null, null],
      ['list', 'care-team', null, p.id],
      ['delete', 'care-team-member', String(c.id), p.id],
      ['list', 'patient', null, null],
    ]);
  });

  it('only active doctors and caregivers can join (400), and only once (409)', async () => {
    const d = await doctor();
    const p = await createPatient(db(), { careTeam: [d] });
    const inactive = await createUser(db(), { role: 'caregiver', isActive: false });
    const pat = await patientUser();
    const mark = await auditMark();
    for (const userId of [inactive.id, pat.id, 99_999_999]) {
      const res = await call(t.app, 'POST', `/api/patients/${p.id}/care-team`, {
        token: d.token,
        body: { userId },
      });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ userId: patientTexts.careTeamMemberInvalid });
    }
    const bad = await call(t.app, 'POST', `/api/patients/${p.id}/care-team`, {
      token: d.token,
      body: {},
    });
    expect(bad.status).toBe(400);
    const dup = await call(t.app, 'POST', `/api/patients/${p.id}/care-team`, {
      token: d.token,
      body: { userId: d.id },
    });
    expect(dup.status).toBe(409);
    expect(dup.json).toEqual({
      message: patientTexts.careTeamDuplicate,
      errors: { userId: patientTexts.careTeamDuplicate },
    });
    expect(await auditSince(mark)).toEqual([]);
    const members = await db()
      .select()
      .from(careTeamMembers)
      .where(eq(careTeamMembers.patientId, p.id));
    expect(members).toHaveLength(1);
  });

  it('removing someone who is not on the team is a 404', async () => {
    const d = await doctor();
    const p = await createPatient(db(), { careTeam: [d] });
    const c = await caregiver();
    const res = await call(t.app, 'DELETE', `/api/patients/${p.id}/care-team/${c.id}`, {
      token: d.token,
    });
    expect(res.status).toBe(404);
  });

  it('a supervisor manages any patient’s team; a caregiver editor cannot', async () => {
    const sup = await caregiver('supervisor');
    const c = await caregiver();
    const d = await doctor();
    const p = await createPatient(db(), { careTeam: [c] });
    expect(
      (
        await call(t.app, 'POST', `/api/patients/${p.id}/care-team`, {
          token: sup.token,
          body: { userId: d.id },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(t.app, 'POST', `/api/patients/${p.id}/care-team`, {
          token: c.token,
          body: { userId: (await caregiver()).id },
        })
      ).status,
    ).toBe(403);
  });
});

describe("linking the patient's own account", () => {
  it('links by username (any case), shows it, and lets that patient see the record', async () => {
    const d = await doctor();
    const account = await patientUser();
    const p = await createPatient(db(), { careTeam: [d] });
    const mark = await auditMark();
    const res = await call(t.app, 'PUT', `/api/patients/${p.id}/account`, {
      token: d.token,
      body: { username: account.username.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      accountUserId: account.id,
      accountUsername: account.username,
    });
    expect(await listIds(account)).toEqual([p.id]);
    const rows = await auditSince(mark);
    expect(rows.filter((r) => r.action !== 'list').map((r) => [r.action, r.entity])).toEqual([
      ['update', 'patient-account'],
    ]);

    const unlink = await call(t.app, 'PUT', `/api/patients/${p.id}/account`, {
      token: d.token,
      body: { username: null },
    });
    expect(unlink.json).toMatchObject({ accountUserId: null, accountUsername: null });
    expect(await listIds(account)).toEqual([]);
    await call(t.app, 'PUT', `/api/patients/${p.id}/account`, {
      token: d.token,
      body: { username: account.username },
    });
    const del = await call(t.app, 'DELETE', `/api/patients/${p.id}/account`, { token: d.token });
    expect(del.status).toBe(200);
    expect(del.json.accountUserId).toBeNull();
  });

  it('links only an existing patient account that no other patient holds', async () => {
    const d = await doctor();
    const p = await createPatient(db(), { careTeam: [d] });
    const legacy = await patientUser('user');
    const taken = await patientUser();
    await createPatient(db(), { account: taken });
    const staff = await caregiver();
    const attempts: [string, number, Record<string, string>][] = [
      ['no-such-user-here', 400, { username: patientTexts.accountUsernameUnknown }],
      [staff.username, 400, { username: patientTexts.accountNotPatient }],
      [taken.username, 409, { username: patientTexts.accountTaken }],
    ];
    const mark = await auditMark();
    for (const [username, status, errors] of attempts) {
      const res = await call(t.app, 'PUT', `/api/patients/${p.id}/account`, {
        token: d.token,
        body: { username },
      });
      expect([username, res.status, res.json.errors]).toEqual([username, status, errors]);
    }
    const missing = await call(t.app, 'PUT', `/api/patients/${p.id}/account`, {
      token: d.token,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ username: validation.usernameRequired });
    expect(await auditSince(mark)).toEqual([]);
    const ok = await call(t.app, 'PUT', `/api/patients/${p.id}/account`, {
      token: d.token,
      body: { username: legacy.username },
    });
    expect(ok.status).toBe(200);
  });
});

describe('the access log ("who viewed my record")', () => {
  it('a patient reads who opened their own record: names and roles, no addresses', async () => {
    const account = await patientUser();
    const d = await createUser(db(), {
      role: 'doctor',
      firstName: 'Gregory',
      secondName: 'House',
    });
    const p = await createPatient(db(), { careTeam: [d], account });
    await call(t.app, 'GET', `/api/patients/${p.id}`, { token: d.token });
    const res = await call(t.app, 'GET', `/api/patients/${p.id}/access-log`, {
      token: account.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json).toEqual([
      {
        at: t.clock.now().toISOString(),
        action: 'read',
        entity: 'patient',
        outcome: 'success',
        userName: 'Gregory House',
        role: 'doctor',
      },
    ]);
    // Reading the access log is itself recorded for that patient.
    const again = await call(t.app, 'GET', `/api/patients/${p.id}/access-log`, {
      token: account.token,
    });
    expect(again.json[0]).toMatchObject({ action: 'list', entity: 'access-log' });
  });

  it("another patient's access log is a 404; staff who are not admins get 403; admins read any", async () => {
    const account = await patientUser();
    const other = await patientUser();
    const d = await doctor('supervisor');
    const admin = await caregiver('admin');
    const p = await createPatient(db(), { careTeam: [d], account });
    await createPatient(db(), { account: other });
    const mark = await auditMark();
    const url = `/api/patients/${p.id}/access-log`;
    expect((await call(t.app, 'GET', url, { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'GET', url, { token: d.token })).status).toBe(403);
    expect((await call(t.app, 'GET', url, { token: admin.token })).status).toBe(200);
    expect(
      (await call(t.app, 'GET', '/api/patients/99999999/access-log', { token: admin.token }))
        .status,
    ).toBe(404);
    const rows = await auditSince(mark);
    expect(rows.map((r) => [r.action, r.userId, r.patientId])).toEqual([
      ['denied', other.id, p.id],
      ['denied', d.id, p.id],
      ['list', admin.id, p.id],
    ]);
  });
});

describe('patients list order', () => {
  /** The ids of the supervisor's list in the given order, restricted to `mine`. */
  async function orderOf(user: TestUser, mine: number[], query: string): Promise<number[]> {
    const res = await call(t.app, 'GET', `/api/patients?limit=500&${query}`, { token: user.token });
    expect(res.status).toBe(200);
    return (res.json as { id: number }[]).map((p) => p.id).filter((id) => mine.includes(id));
  }

  it('sorts by name or date of birth, both ways, with the id breaking ties', async () => {
    const d = await doctor();
    const make = (lastName: string, firstName: string, dob: string) =>
      createPatient(db(), { careTeam: [d], overrides: { lastName, firstName, dob } });
    const zed = await make('Zed', 'Amy', '1950-01-01');
    const abel = await make('Abel', 'Cora', '1930-05-05');
    const abelB = await make('Abel', 'Bea', '1970-03-03');
    const twin = await make('Moss', 'Tim', '1950-01-01');
    const mine = [zed.id, abel.id, abelB.id, twin.id];

    expect(await orderOf(d, mine, '')).toEqual([abelB.id, abel.id, twin.id, zed.id]);
    expect(await orderOf(d, mine, 'sort=name')).toEqual([abelB.id, abel.id, twin.id, zed.id]);
    expect(await orderOf(d, mine, 'sort=-name')).toEqual([zed.id, twin.id, abel.id, abelB.id]);
    // zed and twin share a birthday: the lower id comes first in both directions.
    expect(await orderOf(d, mine, 'sort=dateOfBirth')).toEqual([
      abel.id,
      zed.id,
      twin.id,
      abelB.id,
    ]);
    expect(await orderOf(d, mine, 'sort=-dateOfBirth')).toEqual([
      abelB.id,
      zed.id,
      twin.id,
      abel.id,
    ]);
  });

  it('pages of a sorted list neither repeat nor skip a row when many rows tie', async () => {
    const d = await doctor();
    const mine: number[] = [];
    for (let i = 0; i < 7; i++) {
      mine.push(
        (await createPatient(db(), { careTeam: [d], overrides: { dob: '1945-06-06' } })).id,
      );
    }
    const seen: number[] = [];
    for (let offset = 0; offset < 7; offset += 3) {
      const res = await call(
        t.app,
        'GET',
        `/api/patients?sort=-dateOfBirth&limit=3&offset=${offset}`,
        { token: d.token },
      );
      expect(res.status).toBe(200);
      seen.push(...(res.json as { id: number }[]).map((p) => p.id));
    }
    expect(seen).toEqual([...mine].sort((a, b) => a - b));
  });

  it('an unknown sort is a 400 naming what is allowed, and writes no audit row', async () => {
    const d = await doctor();
    const mark = await auditMark();
    for (const bad of ['id', 'dob', 'name%3Bdrop', '-address']) {
      const res = await call(t.app, 'GET', `/api/patients?sort=${bad}`, { token: d.token });
      expect(res.status).toBe(400);
      expect(res.json.message).toContain(
        'The sort must be one of: name, -name, dateOfBirth, -dateOfBirth.',
      );
    }
    expect(await auditSince(mark)).toEqual([]);
  });
});

describe('a doctor with a large care team', () => {
  let big: TestUser;
  let live: { id: number; firstName: string; lastName: string }[];

  beforeAll(async () => {
    big = await doctor();
    const other = await doctor();
    // 1,060 patients on the team (20 of them deleted) among 1,200 new ones, names spread over
    // the alphabet, so the team is neither the first names by id nor the whole agency.
    const made = await db().execute<{ id: number }>(sql`
      insert into patients (first_name, last_name, dob, gender, address, phone_number,
                            emergency_contact, emergency_contact_phone, deleted_at)
      select 'Big' || (g % 7), chr(65 + (g * 7) % 26) || 'ampleteam' || g, date '1940-01-01' + g,
             'Female', '1 Elm Street', '555-0100', 'Kin', '555-0101',
             case when g % 53 = 0 and g < 1060 then now() end
      from generate_series(0, 1199) g order by g returning id`);
    const rows = 'rows' in made ? made.rows : (made as unknown as { id: number }[]);
    const madeIds = rows.map((r) => r.id);
    await db()
      .insert(careTeamMembers)
      .values(madeIds.slice(0, 1060).map((patientId) => ({ patientId, userId: big.id })));
    await db()
      .insert(careTeamMembers)
      .values(madeIds.slice(1000).map((patientId) => ({ patientId, userId: other.id })));
    const teamIds = new Set(madeIds.slice(0, 1060));
    live = (
      await db()
        .select({
          id: patients.id,
          firstName: patients.firstName,
          lastName: patients.lastName,
          deletedAt: patients.deletedAt,
        })
        .from(patients)
    )
      .filter((p) => teamIds.has(p.id) && p.deletedAt === null)
      .sort(
        (a, b) =>
          (a.lastName < b.lastName ? -1 : a.lastName > b.lastName ? 1 : 0) ||
          (a.firstName < b.firstName ? -1 : a.firstName > b.firstName ? 1 : 0) ||
          a.id - b.id,
      );
  });

  it('gets the first page by name and the exact total of its live patients', async () => {
    expect(live).toHaveLength(1040);
    const res = await call(t.app, 'GET', '/api/patients?limit=50', { token: big.token });
    expect(res.json.map((p: { id: number }) => p.id)).toEqual(live.slice(0, 50).map((p) => p.id));
    expect(res.headers['x-total-count']).toBe('1040');
    expect(res.headers['x-total-count-capped']).toBeUndefined();
    const desc = await call(t.app, 'GET', '/api/patients?sort=-name&limit=50&offset=100', {
      token: big.token,
    });
    expect(desc.json.map((p: { id: number }) => p.id)).toEqual(
      [...live]
        .reverse()
        .slice(100, 150)
        .map((p) => p.id),
    );
    expect(desc.headers['x-total-count']).toBe('1040');
  });

  it('caps the total past a thousand patients beyond the page, deleted patients left out', async () => {
    const res = await call(t.app, 'GET', '/api/patients?limit=5', { token: big.token });
    expect(res.json.map((p: { id: number }) => p.id)).toEqual(live.slice(0, 5).map((p) => p.id));
    expect(res.headers['x-total-count']).toBe('1005');
    expect(res.headers['x-total-count-capped']).toBe('true');
    const deep = await call(t.app, 'GET', '/api/patients?limit=10&offset=1035', {
      token: big.token,
    });
    expect(deep.json.map((p: { id: number }) => p.id)).toEqual(live.slice(1035).map((p) => p.id));
    expect(deep.headers['x-total-count']).toBe('1040');
  });
});
