import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients } from '../../db/schema/index.ts';
import { AuditGroupWriter, createAuditor } from '../../audit/audit.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { csvTable, exportRowsOf } from '../../test/csv.ts';
import { createPatient, createUser, validPatientInput } from '../../test/factories.ts';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The audit trail of an anonymous actor, as a request without a session has it. */
const auditor = () =>
  createAuditor(db(), () => t.clock.now(), {
    userId: null,
    role: null,
    ip: '127.0.0.1',
    requestId: 'test-request',
  });

describe('audit.change', () => {
  it('commits a change together with its audit row', async () => {
    const id = await auditor().change(
      async (tx) => {
        const [row] = await tx
          .insert(patients)
          .values({ ...validPatientInput(), lastName: 'Committed' })
          .returning({ id: patients.id });
        return row!.id;
      },
      (patientId) => ({ action: 'create', entity: 'patient', entityId: patientId, patientId }),
    );
    expect(await db().select().from(patients).where(eq(patients.id, id))).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.patientId, id))).toHaveLength(1);
  });

  it('a change that fails leaves neither the change nor its row', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog);
    await expect(
      auditor().change(
        async (tx) => {
          await tx.insert(patients).values({ ...validPatientInput(), lastName: 'RolledBack' });
          throw new Error('the database refused');
        },
        () => ({ action: 'create', entity: 'patient' }),
      ),
    ).rejects.toThrow('the database refused');
    expect(await db().select().from(patients).where(eq(patients.lastName, 'RolledBack'))).toEqual(
      [],
    );
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog),
    ).toEqual(before);
  });

  it('an audit row that cannot be written undoes the change', async () => {
    await expect(
      auditor().change(
        async (tx) => {
          await tx.insert(patients).values({ ...validPatientInput(), lastName: 'NoAudit' });
        },
        // entity is NOT NULL: the audit insert fails inside the transaction.
        () => ({ action: 'create', entity: null as unknown as string }),
      ),
    ).rejects.toThrow();
    expect(await db().select().from(patients).where(eq(patients.lastName, 'NoAudit'))).toEqual([]);
  });
});

describe('the admin audit query', () => {
  it('admins filter by user, patient, action, entity and time, newest first, paged', async () => {
    const start = '2026-03-01T10:00:00.000Z';
    t.clock.set(start);
    const now = t.clock.now();
    const admin = await createUser(db(), { role: 'doctor', privileges: 'admin', now });
    const d = await createUser(db(), {
      role: 'doctor',
      firstName: 'Ann',
      secondName: 'Audit',
      now,
    });
    const p = await createPatient(db(), { careTeam: [d] });
    const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
    await call(t.app, 'GET', `/api/patients/${p.id}`, { token: d.token });
    t.clock.set(at(10));
    await call(t.app, 'PUT', `/api/patients/${p.id}`, {
      token: d.token,
      body: { ...validPatientInput(), firstName: 'Changed' },
    });
    t.clock.set(at(20));
    await call(t.app, 'GET', '/api/patients', { token: d.token });

    const byUser = await call(t.app, 'GET', `/api/audit?userId=${d.id}`, { token: admin.token });
    expect(byUser.status).toBe(200);
    expect(byUser.headers['x-total-count']).toBe('3');
    expect(byUser.json.map((r: { action: string }) => r.action)).toEqual([
      'list',
      'update',
      'read',
    ]);
    expect(byUser.json[1]).toMatchObject({
      userId: d.id,
      username: d.username,
      userName: 'Ann Audit',
      role: 'doctor',
      entity: 'patient',
      entityId: String(p.id),
      patientId: p.id,
      outcome: 'success',
      at: at(10),
      ip: '127.0.0.1',
    });

    const byPatient = await call(t.app, 'GET', `/api/audit?patientId=${p.id}&action=update`, {
      token: admin.token,
    });
    expect(byPatient.json.map((r: { action: string }) => r.action)).toEqual(['update']);
    const byTime = await call(
      t.app,
      'GET',
      `/api/audit?userId=${d.id}&from=${at(5)}&to=${at(20)}`,
      { token: admin.token },
    );
    expect(byTime.json.map((r: { action: string }) => r.action)).toEqual(['update']);
    const byEntity = await call(
      t.app,
      'GET',
      `/api/audit?userId=${d.id}&entity=patient&limit=1&offset=1`,
      {
        token: admin.token,
      },
    );
    expect(byEntity.json.map((r: { action: string }) => r.action)).toEqual(['update']);
    expect(byEntity.headers['x-total-count']).toBe('3');
  });

  it('reading the audit log is itself recorded; non-admins get 403; bad filters 400', async () => {
    const now = t.clock.now();
    const admin = await createUser(db(), { role: 'caregiver', privileges: 'admin', now });
    const sup = await createUser(db(), { role: 'doctor', privileges: 'supervisor', now });
    await call(t.app, 'GET', '/api/audit', { token: admin.token });
    const mine = await call(t.app, 'GET', `/api/audit?userId=${admin.id}`, { token: admin.token });
    expect(mine.json[0]).toMatchObject({ action: 'list', entity: 'audit-log' });
    expect((await call(t.app, 'GET', '/api/audit', { token: sup.token })).status).toBe(403);
    for (const query of ['limit=501', 'from=not-a-date', 'userId=abc']) {
      const res = await call(t.app, 'GET', `/api/audit?${query}`, { token: admin.token });
      expect([query, res.status]).toEqual([query, 400]);
    }
  });
});

describe('the audit rows of reads (group commit)', () => {
  it('concurrent reads each get exactly one committed row before they are answered', async () => {
    const now = t.clock.now();
    const d = await createUser(db(), { role: 'doctor', now });
    const p = await createPatient(db(), { careTeam: [d] });
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        call(t.app, 'GET', `/api/patients/${p.id}`, { token: d.token }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const rows = await db()
      .select({ requestId: auditLog.requestId, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.userId, d.id));
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.requestId)).size).toBe(60);
    expect(rows.every((r) => r.action === 'read')).toBe(true);
  });

  it('one row that cannot be written fails only its own request, not the others in its group', async () => {
    const writer = new AuditGroupWriter(db());
    const row = (entity: string | null, requestId: string) => ({
      at: t.clock.now(),
      userId: null,
      role: null,
      action: 'read',
      entity: entity as string,
      outcome: 'success',
      requestId,
    });
    const results = await Promise.allSettled([
      writer.write([row('patient', 'group-first')]),
      writer.write([row('patient', 'group-a')]),
      writer.write([row(null, 'group-bad')]),
      writer.write([row('patient', 'group-b')]),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const stored = await db()
      .select({ requestId: auditLog.requestId })
      .from(auditLog)
      .where(sql`${auditLog.requestId} like 'group-%'`);
    expect(stored.map((r) => r.requestId).sort()).toEqual(['group-a', 'group-b', 'group-first']);
  });

  it('a read that names 20,000 patients stores all its rows (chunked within the limits)', async () => {
    const writer = new AuditGroupWriter(db());
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      at: t.clock.now(),
      userId: null,
      role: null,
      action: 'list',
      entity: 'visit',
      patientId: null,
      outcome: 'success',
      requestId: `big-list-${i % 2}`,
    }));
    await Promise.all([
      writer.write(rows),
      writer.write([{ ...rows[0]!, requestId: 'after-big' }]),
    ]);
    const [stored] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(sql`${auditLog.requestId} like 'big-list-%' or ${auditLog.requestId} = 'after-big'`);
    expect(stored!.count).toBe(20_001);
  });
});

describe('"who viewed my record" as CSV', () => {
  it('the patient downloads their own access log; another patient gets 404; bad query 400, no export', async () => {
    const now = t.clock.now();
    const account = await createUser(db(), { role: 'patient', now });
    const other = await createUser(db(), { role: 'patient', now });
    const d = await createUser(db(), {
      role: 'doctor',
      now,
      firstName: '=HYPERLINK("http://evil.example","x")',
      secondName: 'House',
    });
    const p = await createPatient(db(), { careTeam: [d], account });
    const q = await createPatient(db(), { careTeam: [d], account: other });
    await call(t.app, 'GET', `/api/patients/${p.id}`, { token: d.token });
    await call(t.app, 'GET', `/api/patients/${q.id}`, { token: d.token });
    const before = await exportRowsOf(db(), 'access-log');
    const url = `/api/patients/${p.id}/access-log.csv`;
    const res = await call(t.app, 'GET', url, { token: account.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/access-log-patient-\d+-/);
    const rows = csvTable(res.response.body);
    // One read of this patient: the other patient's read never appears.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Action: 'read',
      Entity: 'patient',
      'User name': `'=HYPERLINK("http://evil.example","x") House`,
    });
    expect(await exportRowsOf(db(), 'access-log')).toBe(before + 1);
    expect((await call(t.app, 'GET', url, { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `${url}?offset=-1`, { token: account.token })).status).toBe(
      400,
    );
    expect(await exportRowsOf(db(), 'access-log')).toBe(before + 1);
  });
});
