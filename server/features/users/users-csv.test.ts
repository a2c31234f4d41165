import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { medicalRecords, progressReports, users } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { auditRowsAfter, csvHeader, csvTable, lastAuditId } from '../../test/csv.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

/**
 * The CSV siblings of the Users, Deleted Records and Reminders lists: each list's own query,
 * permission and scope, every matching row, formulas neutralised, one 'export' audit row per
 * download; a bad query is the list's own 400 and writes nothing.
 */
describe('CSV exports of Users, Deleted Records and Reminders', () => {
  let t: TestApp;
  let db: Db;
  let admin: TestUser;
  let doctor: TestUser;
  let otherDoctor: TestUser;
  let caregiver: TestUser;
  let mallory: TestUser;
  const NOW = '2026-04-10T12:00:00.000Z';
  const TOTP_SECRET = 'JBSWY3DPEHPK3PXPSECRETVALUE';
  const DELETED_EACH = 300;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(NOW);
    db = t.database.db;
    const now = new Date(NOW);
    admin = await createUser(db, {
      role: 'caregiver',
      privileges: 'admin',
      firstName: 'Ann',
      secondName: 'Admin',
      now,
    });
    doctor = await createUser(db, {
      role: 'doctor',
      firstName: 'Gregory',
      secondName: 'House',
      now,
    });
    otherDoctor = await createUser(db, {
      role: 'doctor',
      firstName: 'Lisa',
      secondName: 'Cuddy',
      now,
    });
    caregiver = await createUser(db, {
      role: 'caregiver',
      firstName: 'Carla',
      secondName: 'Espinosa',
      now,
    });
    mallory = await createUser(db, {
      role: 'caregiver',
      firstName: '=HYPERLINK("http://evil.example","x")',
      secondName: '@SUM(A1)',
      now,
    });
    // A second factor being turned on: the secret is stored, it must never be exported.
    await db.update(users).set({ totpSecret: TOTP_SECRET }).where(eq(users.id, mallory.id));

    // Deleted records of two types whose ids overlap (both tables count from 1), all deleted at
    // the same instant: more than one batch, with the same id met in two batches.
    const patient = await createPatient(db, {
      careTeam: [doctor],
      overrides: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    const deletedAt = new Date('2026-04-01T08:00:00Z');
    await db.insert(medicalRecords).values(
      Array.from({ length: DELETED_EACH }, (_, i) => ({
        patientId: patient.id,
        doctorId: doctor.id,
        dateOfVisit: new Date(Date.UTC(2026, 0, 1, 0, i)),
        location: 'Clinic',
        diagnosis: `Diagnosis ${i}`,
        treatmentPlan: '',
        createdBy: doctor.id,
        deletedAt,
      })),
    );
    await db.insert(progressReports).values(
      Array.from({ length: DELETED_EACH }, (_, i) => ({
        reportId: `PR-2026-${String(i).padStart(6, '0')}`,
        patientId: patient.id,
        caregiverId: caregiver.id,
        date: new Date(Date.UTC(2026, 0, 2, 0, i)),
        summary: `Summary ${i}`,
        recommendations: '',
        createdBy: caregiver.id,
        deletedAt,
      })),
    );
    // One record still in use: never listed.
    await db.insert(medicalRecords).values({
      patientId: patient.id,
      doctorId: doctor.id,
      dateOfVisit: new Date('2026-03-01T10:00:00Z'),
      location: 'Home',
      diagnosis: 'Still here',
      treatmentPlan: '',
      createdBy: doctor.id,
    });
  });
  afterAll(() => t.close());

  const download = (url: string, user: TestUser, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { token: user.token, headers });

  describe('users', () => {
    it('every account with the list’s columns, no secret of any kind, one export row', async () => {
      const mark = await lastAuditId(db);
      const res = await download('/api/users.csv?sort=username', admin);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="users-2026-04-10.csv"',
      );
      const body = res.response.body;
      expect(csvHeader(body)).toEqual([
        'Id',
        'Username',
        'First name',
        'Second name',
        'Email',
        'Role',
        'Privileges',
        'Requested privileges',
        'Active flag',
        'Two factor enabled',
        'Created at',
      ]);
      const rows = csvTable(body);
      const everyone = [admin, doctor, otherDoctor, caregiver, mallory];
      expect(rows.map((r) => r.Username)).toEqual(everyone.map((u) => u.username).sort());
      // No password hash, second-factor secret or session token anywhere in the file.
      const [stored] = await db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, mallory.id));
      expect(stored!.hash.length).toBeGreaterThan(20);
      expect(body).not.toContain(stored!.hash);
      expect(body).not.toContain(TOTP_SECRET);
      for (const user of everyone) expect(body).not.toContain(user.token);
      expect(body.toLowerCase()).not.toMatch(/password|secret|token|hash/);
      // A name that would run as a formula is written as text.
      const evil = rows.find((r) => r.Username === mallory.username)!;
      expect(evil['First name']).toBe(`'=HYPERLINK("http://evil.example","x")`);
      expect(evil['Second name']).toBe(`'@SUM(A1)`);
      expect(evil['Two factor enabled']).toBe('No');
      expect(await auditRowsAfter(db, mark)).toEqual([
        { action: 'list', entity: 'user', entityId: null, userId: admin.id, details: null },
        {
          action: 'export',
          entity: 'user',
          entityId: null,
          details: { rows: 5 },
          userId: admin.id,
        },
      ]);
    });

    it('the list’s filters, search and order', async () => {
      const doctors = csvTable(
        (await download('/api/users.csv?role=doctor&sort=-name', admin)).response.body,
      );
      // Name is last then first name, descending: House before Cuddy.
      expect(doctors.map((r) => r.Username)).toEqual([doctor.username, otherDoctor.username]);
      const searched = csvTable((await download('/api/users.csv?q=espinosa', admin)).response.body);
      expect(searched.map((r) => r.Username)).toEqual([caregiver.username]);
      const pending = csvTable(
        (await download('/api/users.csv?requested=true', admin)).response.body,
      );
      expect(pending).toEqual([]);
    });

    it('refused without users:manage (403); a bad sort or filter is the list’s 400', async () => {
      const mark = await lastAuditId(db);
      expect((await download('/api/users.csv', doctor)).status).toBe(403);
      expect((await call(t.app, 'GET', '/api/users.csv')).status).toBe(401);
      for (const query of ['sort=age', 'role=wizard', 'requested=maybe']) {
        const res = await download(`/api/users.csv?${query}`, admin);
        const list = await download(`/api/users?${query}`, admin);
        expect(res.status, query).toBe(400);
        expect(list.status, query).toBe(400);
        expect(res.json.message).toBe(list.json.message);
      }
      expect((await download('/api/users.csv?sort=age', admin)).json.message).toBe(
        'The sort must be one of: name, -name, username, -username, role, -role.',
      );
      expect(await auditRowsAfter(db, mark)).toEqual([]);
    });
  });

  describe('deleted records', () => {
    it('every deleted record past one batch, once each, though ids repeat across types', async () => {
      const mark = await lastAuditId(db);
      const res = await download('/api/deleted-records.csv', admin, { 'X-Time-Zone': 'UTC' });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="deleted-records-2026-04-10.csv"',
      );
      const rows = csvTable(res.response.body);
      expect(rows).toHaveLength(2 * DELETED_EACH);
      expect(new Set(rows.map((r) => `${r.Type}:${r.Id}`)).size).toBe(2 * DELETED_EACH);
      expect(rows.some((r) => r.Summary === 'Still here')).toBe(false);
      // The list's default order: most recently deleted, then type, then id.
      expect(rows[0]!.Type).toBe('medical-record');
      expect(rows.at(-1)!.Type).toBe('progress-report');
      expect(rows[0]!['Deleted at']).toBe('2026-04-01 08:00');
      expect(rows[0]!['Patient name']).toBe('Ada Lovelace');
      expect(await auditRowsAfter(db, mark)).toEqual([
        {
          action: 'list',
          entity: 'deleted-record',
          entityId: null,
          userId: admin.id,
          details: null,
        },
        {
          action: 'export',
          entity: 'deleted-record',
          entityId: null,
          details: { rows: 2 * DELETED_EACH },
          userId: admin.id,
        },
      ]);
    });

    it('the list’s filters and sort; refused without records:restore; bad filter is its 400', async () => {
      const reports = csvTable(
        (await download('/api/deleted-records.csv?type=progress-report&sort=-type', admin)).response
          .body,
      );
      expect(reports).toHaveLength(DELETED_EACH);
      expect(new Set(reports.map((r) => r.Type))).toEqual(new Set(['progress-report']));
      const none = csvTable(
        (await download('/api/deleted-records.csv?from=2026-04-02', admin)).response.body,
      );
      expect(none).toEqual([]);

      const mark = await lastAuditId(db);
      expect((await download('/api/deleted-records.csv', doctor)).status).toBe(403);
      for (const query of [
        'sort=size',
        'type=spell',
        'from=2026-02-30',
        'from=2026-04-02&to=2026-04-01',
      ]) {
        const res = await download(`/api/deleted-records.csv?${query}`, admin);
        const list = await download(`/api/deleted-records?${query}`, admin);
        expect(res.status, query).toBe(400);
        expect(res.json.message).toBe(list.json.message);
      }
      expect(await auditRowsAfter(db, mark)).toEqual([]);
    });
  });

  describe('reminders', () => {
    it('only the caller’s own reminders, in the list’s order, neutralised; one export row', async () => {
      const add = (user: TestUser, message: string, date: string) =>
        call(t.app, 'POST', '/api/reminders', { token: user.token, body: { message, date } });
      expect((await add(doctor, 'Call the lab', '2026-04-12T09:00:00Z')).status).toBe(201);
      expect((await add(doctor, '+Refill', '2026-04-11T09:00:00Z')).status).toBe(201);
      expect((await add(otherDoctor, 'Not yours', '2026-04-11T10:00:00Z')).status).toBe(201);

      const mark = await lastAuditId(db);
      const res = await download('/api/reminders.csv', doctor, { 'X-Time-Zone': 'Europe/Paris' });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="reminders-2026-04-10.csv"',
      );
      const rows = csvTable(res.response.body);
      // Soonest first, as the list; 09:00 UTC is 11:00 in Paris in April.
      expect(rows.map((r) => r.Message)).toEqual(["'+Refill", 'Call the lab']);
      expect(rows[0]!.Date).toBe('2026-04-11 11:00');
      expect((await auditRowsAfter(db, mark)).filter((r) => r.action === 'export')).toEqual([
        {
          action: 'export',
          entity: 'reminder',
          entityId: null,
          details: { rows: 2 },
          userId: doctor.id,
        },
      ]);

      const searched = csvTable((await download('/api/reminders.csv?q=lab', doctor)).response.body);
      expect(searched.map((r) => r.Message)).toEqual(['Call the lab']);
      const theirs = csvTable((await download('/api/reminders.csv', otherDoctor)).response.body);
      expect(theirs.map((r) => r.Message)).toEqual(['Not yours']);
    });

    it('a bad query is the list’s 400 and writes no export row; signed out is 401', async () => {
      const mark = await lastAuditId(db);
      for (const query of ['timeZone=Mars/Olympus', 'from=yesterday', 'limit=abc']) {
        const res = await download(`/api/reminders.csv?${query}`, doctor);
        const list = await download(`/api/reminders?${query}`, doctor);
        expect(res.status, query).toBe(400);
        expect(res.json.message).toBe(list.json.message);
      }
      expect(await auditRowsAfter(db, mark)).toEqual([]);
      expect((await call(t.app, 'GET', '/api/reminders.csv')).status).toBe(401);
    });
  });
});
