import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  notifications,
  progressReports,
  visitCorrections,
  visits,
  visitTasks,
} from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { countStatements } from '../../test/chart-history.ts';
import { signIn } from '../../test/dose-factories.ts';
import { setAgencySettings } from '../../test/dose-read-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { insertVisit } from '../../test/visit-factories.ts';

/** Check-in, check-out and corrections (zone Europe/London: GMT in January, BST in July). */
describe('visits: check-in, check-out and corrections', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let supervisor: TestUser;
  let cara: TestUser;
  let grace: TestUser;
  let outsider: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor' });
    supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    cara = await createUser(db, { role: 'caregiver', firstName: 'Cara', secondName: 'Giver' });
    grace = await createUser(db, { role: 'caregiver' });
    outsider = await createUser(db, { role: 'caregiver' });
    patientId = (await createPatient(db, { careTeam: [doctor, cara, grace] })).id;
    await createPatient(db, { careTeam: [outsider] });
    await setAgencySettings(db, { timeZone: 'Europe/London' });
  });
  afterAll(() => t.close());

  const as = async (user: TestUser, at: string) => {
    t.clock.set(at);
    return (await signIn(db, user, t.clock.now())).token;
  };
  const refused = { location: { status: 'refused' } };
  const checkIn = async (user: TestUser, id: number, at: string, body: unknown = refused) =>
    call(t.app, 'POST', `/api/visits/${id}/check-in`, { token: await as(user, at), body });
  const checkOut = async (user: TestUser, id: number, at: string, body: unknown) =>
    call(t.app, 'POST', `/api/visits/${id}/check-out`, { token: await as(user, at), body });
  const correct = async (user: TestUser, id: number, at: string, body: unknown) =>
    call(t.app, 'PUT', `/api/visits/${id}/times`, { token: await as(user, at), body });
  const row = async (id: number) => (await db.select().from(visits).where(eq(visits.id, id)))[0]!;
  /** Cara's visit 09:00-10:00 UTC on a January day, with two tasks. */
  const visitOn = (day: string, o: Partial<Parameters<typeof insertVisit>[1]> = {}) =>
    insertVisit(db, {
      patientId,
      caregiverId: cara.id,
      plannedStart: new Date(`${day}T09:00:00.000Z`),
      recordedBy: doctor.id,
      tasks: ['Help with shower', 'Prepare lunch'],
      ...o,
    });

  it('checks in to her own visit: the time is the server’s, the position kept, audited', async () => {
    const id = await visitOn('2026-01-10');
    const res = await checkIn(cara, id, '2026-01-10T08:55:00.000Z', {
      location: { status: 'shared', latitude: 51.5, longitude: -0.12, accuracy: 25 },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      status: 'in-progress',
      checkInAt: '2026-01-10T08:55:00.000Z',
      checkInLocation: 'shared',
      checkInLatitude: 51.5,
      checkInLongitude: -0.12,
      checkInAccuracy: 25,
    });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'visit'), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => [a.action, a.userId, a.outcome])).toEqual([
      ['update', cara.id, 'success'],
    ]);
    // A retried request changes nothing.
    const again = await checkIn(cara, id, '2026-01-10T08:56:00.000Z');
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(visitTexts.alreadyCheckedIn('08:55'));
    expect((await row(id)).checkInAt!.toISOString()).toBe('2026-01-10T08:55:00.000Z');
  });

  it("another caregiver's visit is 403 (audited); outside the caller's scope 404", async () => {
    const id = await visitOn('2026-01-11');
    const other = await checkIn(grace, id, '2026-01-11T09:00:00.000Z');
    expect(other.status).toBe(403);
    expect(other.json.message).toBe(visitTexts.notYourVisit);
    const denied = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, grace.id), eq(auditLog.action, 'denied')));
    expect(denied.map((a) => [a.entityId, a.patientId])).toEqual([[String(id), patientId]]);
    const hidden = await checkIn(outsider, id, '2026-01-11T09:00:00.000Z');
    expect(hidden.status).toBe(404);
    const doctorCall = await checkIn(doctor, id, '2026-01-11T09:00:00.000Z');
    expect(doctorCall.status).toBe(403);
    expect((await row(id)).status).toBe('planned');
  });

  it('too early (before an hour ahead) and closed (at the end, cancelled) are 409', async () => {
    const id = await visitOn('2026-07-12', {
      plannedStart: new Date('2026-07-12T09:00:00.000Z'),
    });
    const early = await checkIn(cara, id, '2026-07-12T07:59:00.000Z');
    expect(early.status).toBe(409);
    // 08:00 UTC is 09:00 in London in July.
    expect(early.json.message).toBe(visitTexts.checkInTooEarly('09:00'));
    const closed = await checkIn(cara, id, '2026-07-12T10:00:00.000Z');
    expect(closed.status).toBe(409);
    expect(closed.json.message).toBe(visitTexts.checkInClosed);
    const cancelled = await visitOn('2026-01-13', { status: 'cancelled', cancelReason: 'Away' });
    const res = await checkIn(cara, cancelled, '2026-01-13T09:00:00.000Z');
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(visitTexts.checkInClosed);
    expect((await row(id)).status).toBe('planned');
  });

  it('two check-ins at once: one 200, one 409, one check-in stored', async () => {
    const id = await visitOn('2026-01-14');
    const token = await as(cara, '2026-01-14T09:02:00.000Z');
    const send = () => call(t.app, 'POST', `/api/visits/${id}/check-in`, { token, body: refused });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    // The refusal names the time in the agency's zone, whichever check caught it.
    const late = answers.find((a) => a.status === 409)!;
    expect(late.json.message).toBe(visitTexts.alreadyCheckedIn('09:02'));
    const audit = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'visit'),
          eq(auditLog.entityId, String(id)),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(audit).toHaveLength(1);
  });

  it('check-out: before check-in 409, every task once (400), then completed with a progress report', async () => {
    const id = await visitOn('2026-01-16');
    const tasks = await db.select().from(visitTasks).where(eq(visitTasks.visitId, id));
    const [shower, lunch] = [...tasks].sort((a, b) => a.position - b.position);
    const first = await checkOut(cara, id, '2026-01-16T09:00:00.000Z', {
      location: refused.location,
    });
    expect(first.status).toBe(409);
    expect(first.json.message).toBe(visitTexts.checkInFirst);

    expect((await checkIn(cara, id, '2026-01-16T09:05:00.000Z')).status).toBe(200);
    const before = {
      reports: await db.$count(progressReports),
      tasks: JSON.stringify(await db.select().from(visitTasks).where(eq(visitTasks.visitId, id))),
    };
    const missing = await checkOut(cara, id, '2026-01-16T10:00:00.000Z', {
      location: refused.location,
      tasks: [{ id: shower!.id, status: 'done' }],
    });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ tasks: visitTexts.taskOutcomesRequired });
    const twice = await checkOut(cara, id, '2026-01-16T10:00:00.000Z', {
      location: refused.location,
      tasks: [
        { id: shower!.id, status: 'done' },
        { id: shower!.id, status: 'done' },
      ],
    });
    expect(twice.status).toBe(400);
    const foreign = await checkOut(cara, id, '2026-01-16T10:00:00.000Z', {
      location: refused.location,
      tasks: [
        { id: shower!.id, status: 'done' },
        { id: lunch!.id + 1000, status: 'done' },
      ],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors).toEqual({ tasks: visitTexts.taskOfAnotherVisit });
    const noReason = await checkOut(cara, id, '2026-01-16T10:00:00.000Z', {
      location: refused.location,
      tasks: [
        { id: shower!.id, status: 'done' },
        { id: lunch!.id, status: 'not-done' },
      ],
    });
    expect(noReason.status).toBe(400);
    expect(await db.$count(progressReports)).toBe(before.reports);
    expect(
      JSON.stringify(await db.select().from(visitTasks).where(eq(visitTasks.visitId, id))),
    ).toBe(before.tasks);
    expect((await row(id)).status).toBe('in-progress');

    const res = await checkOut(cara, id, '2026-01-16T10:01:00.000Z', {
      location: { status: 'shared', latitude: 51.5, longitude: -0.12, accuracy: 10 },
      tasks: [
        // Quotes, a backslash and a comma travel as typed.
        { id: lunch!.id, status: 'not-done', reason: 'Not hungry, "later" \\ café' },
        { id: shower!.id, status: 'done' },
      ],
      note: 'Cheerful today.',
      createReport: true,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      status: 'completed',
      checkOutAt: '2026-01-16T10:01:00.000Z',
      checkOutLocation: 'shared',
      checkOutAccuracy: 10,
      note: 'Cheerful today.',
    });
    expect(
      res.json.tasks.map((task: { title: string; status: string; reason: string }) => [
        task.title,
        task.status,
        task.reason,
      ]),
    ).toEqual([
      ['Help with shower', 'done', ''],
      ['Prepare lunch', 'not-done', 'Not hungry, "later" \\ café'],
    ]);
    const [report] = await db
      .select()
      .from(progressReports)
      .where(eq(progressReports.id, res.json.progressReportId));
    expect(report).toMatchObject({
      patientId,
      caregiverId: cara.id,
      createdBy: cara.id,
      date: new Date('2026-01-16T10:01:00.000Z'),
      recommendations: visitTexts.reportRecommendations,
    });
    expect(report!.reportId).toMatch(/^PR-2026-\d{6}$/);
    expect(report!.summary).toBe(
      [
        visitTexts.reportSummary('Personal care', '2026-01-16', '09:05–10:01'),
        visitTexts.reportTasksDone('Help with shower'),
        visitTexts.reportTasksNotDone('Prepare lunch (Not hungry, "later" \\ café)'),
        'Cheerful today.',
      ].join('\n'),
    );
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, cara.id), eq(auditLog.action, 'create')));
    expect(audit.map((a) => [a.entity, a.entityId])).toContainEqual([
      'progress-report',
      String(report!.id),
    ]);
    // The care team's doctor hears of the report, as of any report filed.
    const notices = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, doctor.id), eq(notifications.kind, 'progress-report')));
    expect(notices).toHaveLength(1);

    const again = await checkOut(cara, id, '2026-01-16T10:05:00.000Z', {
      location: refused.location,
      tasks: [],
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(visitTexts.alreadyCheckedOut('10:01'));
  });

  it('a check-out without a report makes none', async () => {
    const id = await visitOn('2026-01-17', { tasks: [] });
    expect((await checkIn(cara, id, '2026-01-17T09:00:00.000Z')).status).toBe(200);
    const reports = await db.$count(progressReports);
    const res = await checkOut(cara, id, '2026-01-17T10:00:00.000Z', {
      location: refused.location,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.progressReportId).toBeNull();
    expect(await db.$count(progressReports)).toBe(reports);
  });

  it('a check-in takes a bounded number of statements, the agency settings read only to word a refusal', async () => {
    const id = await visitOn('2026-01-23');
    const token = await as(cara, '2026-01-23T09:01:00.000Z');
    const statements = await countStatements(t.database, async () => {
      const res = await call(t.app, 'POST', `/api/visits/${id}/check-in`, {
        token,
        body: refused,
      });
      expect(res.status).toBe(200);
    });
    // Session, the visit in scope; begin, the conditional update, the audit row, commit; the
    // answer. It was 8: the agency's settings were read before every check-in.
    expect(statements).toBeLessThanOrEqual(7);
  });

  describe('corrections', () => {
    it('a missed visit given both times is completed; the values replaced are kept; audited', async () => {
      const id = await visitOn('2026-01-18', { status: 'missed' });
      const res = await correct(supervisor, id, '2026-01-19T09:00:00.000Z', {
        checkInAt: '2026-01-18T09:10:00.000Z',
        checkOutAt: '2026-01-18T10:00:00.000Z',
        reason: 'Phone battery was flat',
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({
        status: 'completed',
        checkInAt: '2026-01-18T09:10:00.000Z',
        checkOutAt: '2026-01-18T10:00:00.000Z',
      });
      expect(res.json.corrections).toHaveLength(1);
      expect(res.json.corrections[0]).toMatchObject({
        previousCheckInAt: null,
        previousCheckOutAt: null,
        previousStatus: 'missed',
        checkInAt: '2026-01-18T09:10:00.000Z',
        checkOutAt: '2026-01-18T10:00:00.000Z',
        reason: 'Phone battery was flat',
        correctedAt: '2026-01-19T09:00:00.000Z',
      });
      const second = await correct(supervisor, id, '2026-01-19T09:30:00.000Z', {
        checkOutAt: '2026-01-18T10:20:00.000Z',
        reason: 'Stayed to help with the doctor',
      });
      expect(second.status).toBe(200);
      expect(
        second.json.corrections.map((c: { previousCheckOutAt: string }) => c.previousCheckOutAt),
      ).toEqual([null, '2026-01-18T10:00:00.000Z']);
      const stored = await db
        .select()
        .from(visitCorrections)
        .where(eq(visitCorrections.visitId, id));
      expect(stored.map((c) => c.correctedBy)).toEqual([supervisor.id, supervisor.id]);
      const audit = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'update')));
      expect(audit.map((a) => a.userId)).toEqual([supervisor.id, supervisor.id]);
    });

    it('a missed visit given a check-in only is in progress', async () => {
      const id = await visitOn('2026-01-20', { status: 'missed' });
      const res = await correct(supervisor, id, '2026-01-20T12:00:00.000Z', {
        checkInAt: '2026-01-20T09:15:00.000Z',
        reason: 'Checked in on paper',
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.status).toBe('in-progress');
    });

    it('refuses times in the future, a check-out not after the check-in, a cancelled visit and caregivers', async () => {
      const id = await visitOn('2026-01-21', {
        status: 'completed',
        checkInAt: new Date('2026-01-21T09:00:00.000Z'),
        checkOutAt: new Date('2026-01-21T10:00:00.000Z'),
      });
      const snapshot = await row(id);
      const future = await correct(supervisor, id, '2026-01-21T11:00:00.000Z', {
        checkOutAt: '2026-01-21T11:30:00.000Z',
        reason: 'x',
      });
      expect(future.status).toBe(400);
      expect(future.json.errors).toEqual({ checkOutAt: visitTexts.correctionInFuture });
      const before = await correct(supervisor, id, '2026-01-21T11:00:00.000Z', {
        checkOutAt: '2026-01-21T08:30:00.000Z',
        reason: 'x',
      });
      expect(before.status).toBe(400);
      expect(before.json.errors).toEqual({ checkOutAt: visitTexts.checkOutBeforeCheckIn });
      const both = await correct(supervisor, id, '2026-01-21T11:00:00.000Z', {
        checkInAt: '2026-01-21T09:30:00.000Z',
        checkOutAt: '2026-01-21T09:30:00.000Z',
        reason: 'x',
      });
      expect(both.status).toBe(400);
      const caregiver = await correct(cara, id, '2026-01-21T11:00:00.000Z', {
        checkInAt: '2026-01-21T09:05:00.000Z',
        reason: 'x',
      });
      expect(caregiver.status).toBe(403);
      expect(await row(id)).toEqual(snapshot);
      expect(await db.$count(visitCorrections, eq(visitCorrections.visitId, id))).toBe(0);

      const cancelled = await visitOn('2026-01-22', { status: 'cancelled', cancelReason: 'Away' });
      const res = await correct(supervisor, cancelled, '2026-01-22T12:00:00.000Z', {
        checkInAt: '2026-01-22T09:00:00.000Z',
        reason: 'x',
      });
      expect(res.status).toBe(409);
      expect(res.json.message).toBe(visitTexts.correctionCancelled);
    });
  });
});
