import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalTexts, validation } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, notifications, progressReports } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { clinicalFactories, validProgressReportInput } from '../../test/clinical-factories.ts';

describe('progress reports', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let secondDoctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor' });
    secondDoctor = await createUser(db, { role: 'doctor' });
    caregiver = await createUser(db, { role: 'caregiver', firstName: 'Cara', secondName: 'Giver' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    patientId = (
      await createPatient(db, {
        careTeam: [doctor, secondDoctor, caregiver],
        account: patientUser,
      })
    ).id;
  });
  afterAll(() => t.close());

  const valid = () => validProgressReportInput(patientId, caregiver.id);
  const file = (body: unknown = valid(), token = caregiver.token) =>
    call(t.app, 'POST', '/api/progress-reports', { token, body });

  it('the database gives the readable id as the row is inserted; an id given is kept', async () => {
    const insert = async (id: number, reportId: string, createdAt: string) => {
      const { rows } = (await db.execute(
        sql`insert into progress_reports (id, patient_id, caregiver_id, date, summary,
            recommendations, report_id, created_by, created_at, updated_at)
          overriding system value
          values (${id}, ${patientId}, ${caregiver.id}, ${createdAt}::timestamptz, 's', 'r',
            ${reportId}, ${caregiver.id}, ${createdAt}::timestamptz, ${createdAt}::timestamptz)
          returning report_id as "reportId"`,
      )) as unknown as { rows: { reportId: string }[] };
      return rows[0]!.reportId;
    };
    // Six digits, and all of them past 999,999: never cut short. The year is the row's, in UTC.
    expect(await insert(900_001, 'pending-a', '2027-12-31T23:30:00-05:00')).toBe('PR-2028-900001');
    expect(await insert(1_234_567, 'pending-b', '2026-05-01T00:00:00Z')).toBe('PR-2026-1234567');
    expect(await insert(900_002, 'PR-2019-000042', '2026-05-01T00:00:00Z')).toBe('PR-2019-000042');
    await db.execute(sql`delete from progress_reports where id in (900001, 900002, 1234567)`);
  });

  it('a caregiver files a report with a readable, unique Progress Report ID', async () => {
    const first = await file();
    const second = await file();
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      ...valid(),
      caregiverName: 'Cara Giver',
      patientName: 'Ada Lovelace',
      createdBy: caregiver.id,
    });
    expect(first.json.reportId).toBe(`PR-2026-${String(first.json.id).padStart(6, '0')}`);
    expect(second.json.reportId).not.toBe(first.json.reportId);
  });

  it('filing a report notifies the patient’s doctors, in the same change', async () => {
    const outsideDoctor = await createUser(db, { role: 'doctor' });
    const inactive = await createUser(db, { role: 'doctor', isActive: false });
    const p = await createPatient(db, { careTeam: [doctor, inactive, caregiver] });
    const res = await file(validProgressReportInput(p.id, caregiver.id));
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'progress-report'));
    const forReport = rows.filter((n) => n.message.includes(res.json.reportId));
    expect(forReport.map((n) => n.userId)).toEqual([doctor.id]);
    expect(forReport[0]).toMatchObject({
      link: '/progress-report',
      message: clinicalTexts.progressReportFiled(res.json.reportId, 'Ada Lovelace'),
      createdAt: t.clock.now(),
    });
    expect(rows.some((n) => n.userId === outsideDoctor.id || n.userId === caregiver.id)).toBe(
      false,
    );
  });

  it('a refused or invalid report notifies no one', async () => {
    const before = await db.$count(notifications);
    await file({ ...valid(), summary: '' });
    await file(valid(), doctor.token);
    expect(await db.$count(notifications)).toBe(before);
  });

  const required: [string, string][] = [
    ['patientId', validation.patientIdRequired],
    ['caregiverId', validation.caregiverIdRequired],
    ['date', validation.dateRequired],
    ['summary', validation.summaryRequired],
    ['recommendations', validation.recommendationsRequired],
  ];
  it.each(required)(
    'a missing or blank %s answers "%s" and stores nothing',
    async (field, message) => {
      const report = await clinicalFactories.progressReport(db, patientId, caregiver.id);
      const before = await db.$count(progressReports);
      const [stored] = await db
        .select()
        .from(progressReports)
        .where(eq(progressReports.id, report.id));
      for (const value of [undefined, '', '  ', null]) {
        const body: Record<string, unknown> = { ...valid() };
        if (value === undefined) delete body[field];
        else body[field] = value;
        const created = await file(body);
        expect(created.status).toBe(400);
        expect(created.json.errors[field]).toBe(message);
        const edited = await call(t.app, 'PUT', `/api/progress-reports/${report.id}`, {
          token: caregiver.token,
          body,
        });
        expect(edited.status).toBe(400);
        expect(edited.json.errors[field]).toBe(message);
      }
      expect(await db.$count(progressReports)).toBe(before);
      const [after] = await db
        .select()
        .from(progressReports)
        .where(eq(progressReports.id, report.id));
      expect(after).toEqual(stored);
    },
  );

  it('the caregiver must be an active caregiver', async () => {
    const res = await file({ ...valid(), caregiverId: doctor.id });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ caregiverId: clinicalTexts.caregiverNotActive });
  });

  it('overall health is optional and shown for the patient dashboard', async () => {
    const { overallHealth: _o, ...body } = valid();
    expect((await file(body)).json.overallHealth).toBe('');
    expect((await file({ ...valid(), overallHealth: 'Stable' })).json.overallHealth).toBe('Stable');
  });

  it('a doctor edits and deletes any report in scope; the caregiver edits their own', async () => {
    const created = await file();
    const id = created.json.id;
    const byCaregiver = await call(t.app, 'PUT', `/api/progress-reports/${id}`, {
      token: caregiver.token,
      body: { ...valid(), summary: 'Slept well' },
    });
    expect(byCaregiver.status).toBe(200);
    expect(byCaregiver.json.summary).toBe('Slept well');
    expect(byCaregiver.json.reportId).toBe(created.json.reportId);
    const byDoctor = await call(t.app, 'PUT', `/api/progress-reports/${id}`, {
      token: doctor.token,
      body: { ...valid(), recommendations: 'More water' },
    });
    expect(byDoctor.status).toBe(200);
    const deleted = await call(t.app, 'DELETE', `/api/progress-reports/${id}`, {
      token: doctor.token,
    });
    expect(deleted.status).toBe(204);
    const [row] = await db.select().from(progressReports).where(eq(progressReports.id, id));
    expect(row!.deletedAt).not.toBeNull();
    const list = await call(t.app, 'GET', '/api/progress-reports', { token: doctor.token });
    expect(list.json.map((r: any) => r.id)).not.toContain(id);
  });

  it('the caregiver list shows the reports the caregiver is named on or filed', async () => {
    const colleague = await createUser(db, { role: 'caregiver' });
    const named = await clinicalFactories.progressReport(db, patientId, caregiver.id, doctor.id);
    const filed = await clinicalFactories.progressReport(db, patientId, colleague.id, caregiver.id);
    const others = await clinicalFactories.progressReport(
      db,
      patientId,
      colleague.id,
      colleague.id,
    );
    const res = await call(t.app, 'GET', `/api/progress-reports/caregiver/${caregiver.id}`, {
      token: caregiver.token,
    });
    expect(res.status).toBe(200);
    const ids = res.json.map((r: any) => r.id);
    expect(ids).toEqual(expect.arrayContaining([named.id, filed.id]));
    expect(ids).not.toContain(others.id);
    const notMine = await call(t.app, 'GET', `/api/progress-reports/caregiver/${colleague.id}`, {
      token: caregiver.token,
    });
    expect(notMine.status).toBe(403);
  });

  it('a patient (and the legacy role user) loads their reports by patient id', async () => {
    const legacy = await createUser(db, { role: 'user', privileges: 'viewer' });
    const legacyPatient = await createPatient(db, { careTeam: [caregiver], account: legacy });
    await file(validProgressReportInput(legacyPatient.id, caregiver.id));
    for (const [user, id] of [
      [patientUser, patientId],
      [legacy, legacyPatient.id],
    ] as const) {
      const res = await call(t.app, 'GET', `/api/progress-reports/patient/${id}`, {
        token: user.token,
      });
      expect(res.status).toBe(200);
      expect(res.json.length).toBeGreaterThan(0);
      expect(res.json.every((r: any) => r.patientId === id)).toBe(true);
    }
    const crossed = await call(t.app, 'GET', `/api/progress-reports/patient/${patientId}`, {
      token: legacy.token,
    });
    expect(crossed.status).toBe(404);
  });

  it('reports come newest first', async () => {
    const p = await createPatient(db, { careTeam: [caregiver] });
    for (const date of ['2026-02-01T08:00:00Z', '2026-02-03T08:00:00Z', '2026-02-02T08:00:00Z']) {
      await file({ ...validProgressReportInput(p.id, caregiver.id), date });
    }
    const res = await call(t.app, 'GET', `/api/progress-reports/patient/${p.id}`, {
      token: caregiver.token,
    });
    expect(res.json.map((r: any) => r.date)).toEqual([
      '2026-02-03T08:00:00.000Z',
      '2026-02-02T08:00:00.000Z',
      '2026-02-01T08:00:00.000Z',
    ]);
  });

  it('filing, editing and refusals are audited under progress-report', async () => {
    const created = await file();
    const other = await createUser(db, { role: 'caregiver' });
    await call(t.app, 'PUT', `/api/progress-reports/${created.json.id}`, {
      token: other.token,
      body: valid(),
    });
    const mine = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'progress-report'), eq(auditLog.entityId, String(created.json.id))),
      );
    // Out of scope is refused as patients are: a 'denied' row that names the patient.
    expect(mine.map((r) => [r.userId, r.action, r.outcome, r.patientId])).toEqual([
      [caregiver.id, 'create', 'success', patientId],
      [other.id, 'denied', 'denied', patientId],
    ]);
    const patientTry = await call(t.app, 'PUT', `/api/progress-reports/${created.json.id}`, {
      token: patientUser.token,
      body: valid(),
    });
    expect(patientTry.status).toBe(403);
    const [denied] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, patientUser.id), eq(auditLog.action, 'denied')));
    expect(denied).toMatchObject({ entity: 'progress-report', outcome: 'denied' });
  });
});
