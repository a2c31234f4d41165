import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { visitTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, notifications, visitSeries, visits, visitTasks } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { signIn } from '../../test/dose-factories.ts';
import { setAgencySettings } from '../../test/dose-read-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { insertCarePlanTasks, insertVisit, visitInput } from '../../test/visit-factories.ts';

/** Planning visits (POST/PUT/DELETE /api/visits, cancel, restore), in the zone Europe/London. */
describe('visits: planning, series, edits, cancel, delete and restore', () => {
  let t: TestApp;
  let db: Db;
  let admin: TestUser;
  let doctor: TestUser;
  let outsideDoctor: TestUser;
  let cara: TestUser;
  let grace: TestUser;
  let offTeam: TestUser;
  let inactive: TestUser;
  let viewer: TestUser;
  /** On the care team with no visits: for the series that clashes only with itself. */
  let free: TestUser;
  let patientUser: TestUser;
  let patientId: number;
  let otherPatientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    doctor = await createUser(db, { role: 'doctor', firstName: 'Dora', secondName: 'Doc' });
    outsideDoctor = await createUser(db, { role: 'doctor' });
    cara = await createUser(db, { role: 'caregiver', firstName: 'Cara', secondName: 'Giver' });
    grace = await createUser(db, { role: 'caregiver', firstName: 'Grace', secondName: 'Kelford' });
    offTeam = await createUser(db, { role: 'caregiver', firstName: 'Owen', secondName: 'Off' });
    inactive = await createUser(db, { role: 'caregiver', isActive: false });
    viewer = await createUser(db, { role: 'caregiver', privileges: 'viewer' });
    free = await createUser(db, { role: 'caregiver' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    const team = [doctor, cara, grace, inactive, viewer, free];
    patientId = (await createPatient(db, { careTeam: team, account: patientUser })).id;
    otherPatientId = (
      await createPatient(db, {
        careTeam: team,
        overrides: { firstName: 'Olive', lastName: 'Other' },
      })
    ).id;
    await setAgencySettings(db, { timeZone: 'Europe/London' });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set('2026-01-15T09:00:00.000Z'));

  const token = async (user: TestUser) => (await signIn(db, user, t.clock.now())).token;
  const post = async (user: TestUser, body: unknown) =>
    call(t.app, 'POST', '/api/visits', { token: await token(user), body });
  const put = async (user: TestUser, id: number, body: unknown) =>
    call(t.app, 'PUT', `/api/visits/${id}`, { token: await token(user), body });
  const cancel = async (user: TestUser, id: number, body: unknown) =>
    call(t.app, 'POST', `/api/visits/${id}/cancel`, { token: await token(user), body });
  const counts = async () => ({
    visits: await db.$count(visits),
    tasks: await db.$count(visitTasks),
    series: await db.$count(visitSeries),
    notifications: await db.$count(notifications),
    audit: await db.$count(auditLog, eq(auditLog.action, 'create')),
  });
  const row = async (id: number) => (await db.select().from(visits).where(eq(visits.id, id)))[0]!;
  const at = (iso: string) => new Date(iso);

  it('plans one visit: the answer, the care plan tasks copied in order, the notice and the audit row', async () => {
    const plan = await insertCarePlanTasks(db, patientId, doctor.id, [
      'Help with shower',
      'Prepare lunch',
      'Check skin for pressure areas',
    ]);
    const res = await post(doctor, visitInput(patientId, cara.id, '2026-02-02T09:00:00.000Z'));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      patientId,
      patientName: 'Ada Lovelace',
      caregiverId: cara.id,
      caregiverName: 'Cara Giver',
      seriesId: null,
      plannedStart: '2026-02-02T09:00:00.000Z',
      plannedEnd: '2026-02-02T10:00:00.000Z',
      serviceType: 'personal-care',
      status: 'planned',
      cancelReason: null,
      instructions: 'Use the key safe by the back door',
      checkInAt: null,
      checkOutAt: null,
      progressReportId: null,
      recordedBy: doctor.id,
      recordedByName: 'Dora Doc',
      corrections: [],
    });
    expect(res.json.tasks.map((task: { title: string; status: string }) => task.title)).toEqual([
      'Help with shower',
      'Prepare lunch',
      'Check skin for pressure areas',
    ]);
    expect(res.json.tasks.every((task: { status: string }) => task.status === 'pending')).toBe(
      true,
    );
    expect(plan).toHaveLength(3);
    const notices = await db.select().from(notifications).where(eq(notifications.userId, cara.id));
    expect(notices.map((n) => [n.kind, n.link, n.message])).toEqual([
      [
        'visit',
        '/caregiver-dashboard',
        visitTexts.visitAssignedNotice('Ada Lovelace', '2026-02-02 09:00'),
      ],
    ]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'visit'), eq(auditLog.entityId, String(res.json.id))));
    expect(audit.map((a) => [a.action, a.userId, a.patientId, a.subjectUserId])).toEqual([
      ['create', doctor.id, patientId, cara.id],
    ]);
    // Read back: one, the patient's list (the patient sees their own), and in the caller's scope.
    const one = await call(t.app, 'GET', `/api/visits/${res.json.id}`, {
      token: await token(patientUser),
    });
    expect(one.status).toBe(200);
    expect(one.json.caregiverName).toBe('Cara Giver');
    const list = await call(t.app, 'GET', `/api/visits/patient/${patientId}`, {
      token: await token(cara),
    });
    expect(list.json.map((v: { id: number }) => v.id)).toContain(res.json.id);
  });

  it('given tasks replace the care plan; an empty list means none; unassigned visits notify nobody', async () => {
    const before = await counts();
    const given = await post(
      doctor,
      visitInput(patientId, null, '2026-02-03T09:00:00.000Z', { tasks: ['Walk to the shop'] }),
    );
    expect(given.status, JSON.stringify(given.json)).toBe(201);
    expect(given.json.caregiverId).toBeNull();
    expect(given.json.caregiverName).toBe('');
    expect(given.json.tasks.map((task: { title: string }) => task.title)).toEqual([
      'Walk to the shop',
    ]);
    const none = await post(
      doctor,
      visitInput(patientId, null, '2026-02-03T09:00:00.000Z', { tasks: [] }),
    );
    expect(none.status).toBe(201);
    expect(none.json.tasks).toEqual([]);
    const after = await counts();
    expect(after.notifications).toBe(before.notifications);
    expect(after.visits).toBe(before.visits + 2);
  });

  it('plans a weekly series: one series row, every occurrence at 09:00 London time across the change of clocks', async () => {
    const before = await counts();
    // Monday 2026-03-23 09:00 GMT; clocks go forward on Sunday 2026-03-29.
    const res = await post(
      doctor,
      visitInput(patientId, grace.id, '2026-03-23T09:00:00.000Z', {
        tasks: ['Prepare lunch', 'Medication prompt'],
        repeat: { weekdays: [3, 1], until: '2026-04-01' },
      }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const seriesId = res.json.seriesId as number;
    expect(seriesId).toBeGreaterThan(0);
    const [series] = await db.select().from(visitSeries).where(eq(visitSeries.id, seriesId));
    expect(series).toMatchObject({
      patientId,
      weekdays: [1, 3],
      untilDate: '2026-04-01',
      createdBy: doctor.id,
    });
    const rows = await db
      .select()
      .from(visits)
      .where(eq(visits.seriesId, seriesId))
      .orderBy(asc(visits.plannedStart));
    expect(rows.map((r) => [r.plannedStart.toISOString(), r.plannedEnd.toISOString()])).toEqual([
      ['2026-03-23T09:00:00.000Z', '2026-03-23T10:00:00.000Z'],
      ['2026-03-25T09:00:00.000Z', '2026-03-25T10:00:00.000Z'],
      // British Summer Time: 09:00 local is 08:00 UTC.
      ['2026-03-30T08:00:00.000Z', '2026-03-30T09:00:00.000Z'],
      ['2026-04-01T08:00:00.000Z', '2026-04-01T09:00:00.000Z'],
    ]);
    expect(rows.every((r) => r.caregiverId === grace.id && r.status === 'planned')).toBe(true);
    const tasks = await db
      .select()
      .from(visitTasks)
      .where(
        inArray(
          visitTasks.visitId,
          rows.map((r) => r.id),
        ),
      );
    expect(tasks).toHaveLength(8);
    const after = await counts();
    expect(after.series).toBe(before.series + 1);
    // One notice for the series, not one per visit.
    expect(after.notifications).toBe(before.notifications + 1);
    const [notice] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, grace.id));
    expect(notice!.message).toBe(
      visitTexts.visitSeriesAssignedNotice(4, 'Ada Lovelace', '2026-03-23 09:00'),
    );
    // One 'create' row per visit.
    expect(after.audit).toBe(before.audit + 4);
  });

  describe('refusals change nothing', () => {
    let existingId: number;
    let cancelledId: number;

    beforeAll(async () => {
      // Cara visits the other patient on 2026-05-04 10:00-11:00 (a Monday); a cancelled one at 14:00.
      existingId = await insertVisit(db, {
        patientId: otherPatientId,
        caregiverId: cara.id,
        plannedStart: at('2026-05-04T09:00:00.000Z'),
        recordedBy: doctor.id,
      });
      cancelledId = await insertVisit(db, {
        patientId: otherPatientId,
        caregiverId: cara.id,
        plannedStart: at('2026-05-04T13:00:00.000Z'),
        status: 'cancelled',
        cancelReason: 'Hospital',
        recordedBy: doctor.id,
      });
    });

    const refused = async (
      body: unknown,
      status: number,
      check: (json: any) => void,
      user: TestUser = doctor,
    ) => {
      const before = await counts();
      const res = await post(user, body);
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      check(res.json);
      expect(await counts()).toEqual(before);
    };

    it('a visit overlapping another of the caregiver (another patient) is 409 with the clashing visit', async () => {
      await refused(visitInput(patientId, cara.id, '2026-05-04T09:30:00.000Z'), 409, (json) =>
        expect(json).toEqual({
          code: 'overlap',
          visitId: existingId,
          message: visitTexts.caregiverOverlap('Cara Giver', 'Olive Other', '2026-05-04 10:00'),
        }),
      );
    });

    it('a series whose later occurrence overlaps is refused whole', async () => {
      await refused(
        visitInput(patientId, cara.id, '2026-04-27T09:30:00.000Z', {
          repeat: { weekdays: [1], until: '2026-05-11' },
        }),
        409,
        (json) => expect(json).toMatchObject({ code: 'overlap', visitId: existingId }),
      );
    });

    it('a series overlapping itself (a 24-hour visit across the change of clocks) is refused', async () => {
      // Sat 2026-03-28 01:30 GMT for 24 hours ends at 02:30 BST on Sunday; daily, the Sunday
      // visit then runs to 02:30 on Monday, past Monday's start at 01:30.
      await refused(
        visitInput(patientId, free.id, '2026-03-28T01:30:00.000Z', {
          plannedEnd: '2026-03-29T01:30:00.000Z',
          repeat: { weekdays: [1, 2, 3, 4, 5, 6, 7], until: '2026-03-31' },
        }),
        409,
        (json) => {
          expect(json.code).toBe('overlap');
          expect(json.message).toContain('Ada Lovelace');
        },
      );
    });

    it('a cancelled visit does not hold the time; the visit ending as another starts is fine', async () => {
      const res = await post(doctor, visitInput(patientId, cara.id, '2026-05-04T13:00:00.000Z'));
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const touching = await post(
        doctor,
        visitInput(patientId, cara.id, '2026-05-04T08:00:00.000Z'),
      );
      expect(touching.status, JSON.stringify(touching.json)).toBe(201);
      expect(cancelledId).toBeGreaterThan(0);
    });

    it('a caregiver not on the care team, a doctor and an inactive caregiver are refused on caregiverId', async () => {
      await refused(visitInput(patientId, offTeam.id, '2026-06-01T09:00:00.000Z'), 400, (json) =>
        expect(json.errors).toEqual({
          caregiverId: visitTexts.caregiverNotOnTeam('Owen Off'),
        }),
      );
      await refused(visitInput(patientId, doctor.id, '2026-06-01T09:00:00.000Z'), 400, (json) =>
        expect(json.errors).toEqual({ caregiverId: visitTexts.notCaregiver }),
      );
      await refused(visitInput(patientId, inactive.id, '2026-06-01T09:00:00.000Z'), 400, (json) =>
        expect(json.errors).toEqual({ caregiverId: visitTexts.notCaregiver }),
      );
    });

    it('impossible times and repeats: end before start, longer than 24 hours, until before or too far', async () => {
      await refused(
        visitInput(patientId, cara.id, '2026-06-01T09:00:00.000Z', {
          plannedEnd: '2026-06-01T08:00:00.000Z',
        }),
        400,
        (json) => expect(json.errors.plannedEnd).toBe(visitTexts.endBeforeStart),
      );
      await refused(
        visitInput(patientId, cara.id, '2026-06-01T09:00:00.000Z', {
          plannedEnd: '2026-06-02T09:01:00.000Z',
        }),
        400,
        (json) => expect(json.errors.plannedEnd).toBe(visitTexts.tooLong),
      );
      await refused(
        visitInput(patientId, cara.id, '2026-06-01T09:00:00.000Z', {
          repeat: { weekdays: [1], until: '2027-06-03' },
        }),
        400,
        (json) => expect(json.errors['repeat.until']).toBe(visitTexts.untilTooFar),
      );
      await refused(
        visitInput(patientId, cara.id, '2026-06-01T09:00:00.000Z', {
          repeat: { weekdays: [1], until: '2026-05-31' },
        }),
        400,
        (json) => expect(json.errors['repeat.until']).toBe(visitTexts.untilBeforeStart),
      );
      // The agency's date decides: 23:30 UTC on 31 May is 1 June in London.
      const res = await post(
        doctor,
        visitInput(patientId, null, '2026-05-31T23:30:00.000Z', {
          repeat: { weekdays: [1], until: '2026-06-01' },
        }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    });

    it('a patient and a caregiver viewer cannot plan (403); a doctor outside the care team gets 404', async () => {
      await refused(
        visitInput(patientId, cara.id, '2026-06-08T09:00:00.000Z'),
        403,
        () => {},
        patientUser,
      );
      await refused(
        visitInput(patientId, cara.id, '2026-06-08T09:00:00.000Z'),
        403,
        () => {},
        viewer,
      );
      await refused(
        visitInput(patientId, cara.id, '2026-06-08T09:00:00.000Z'),
        404,
        () => {},
        outsideDoctor,
      );
      const read = await call(t.app, 'GET', `/api/visits/${existingId}`, {
        token: await token(outsideDoctor),
      });
      expect(read.status).toBe(404);
      const denied = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, outsideDoctor.id), eq(auditLog.action, 'denied')));
      expect(denied.length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('editing', () => {
    const seriesOf = async (
      start: string,
      caregiverId: number | null = cara.id,
      until = '2026-11-10',
    ) => {
      const res = await post(
        doctor,
        visitInput(patientId, caregiverId, start, {
          tasks: ['Prepare lunch'],
          repeat: { weekdays: [2], until },
        }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return db
        .select()
        .from(visits)
        .where(eq(visits.seriesId, res.json.seriesId))
        .orderBy(asc(visits.plannedStart));
    };
    const updateBody = (
      r: { plannedStart: Date; plannedEnd: Date },
      o: Record<string, unknown>,
    ) => ({
      caregiverId: cara.id,
      plannedStart: r.plannedStart.toISOString(),
      plannedEnd: r.plannedEnd.toISOString(),
      serviceType: 'personal-care',
      instructions: 'Use the key safe by the back door',
      ...o,
    });

    it("'one' changes only this visit, notifies the old and the new caregiver, audits 'update'", async () => {
      // Tuesdays 2026-10-20 .. 2026-11-10, 09:00 BST then GMT (clocks go back on 25 October).
      const rows = await seriesOf('2026-10-20T08:00:00.000Z');
      expect(rows).toHaveLength(4);
      const second = rows[1]!;
      const before = await db.$count(notifications);
      const res = await put(
        doctor,
        second.id,
        updateBody(second, {
          caregiverId: grace.id,
          plannedStart: '2026-10-27T11:00:00.000Z',
          plannedEnd: '2026-10-27T12:00:00.000Z',
        }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({
        caregiverId: grace.id,
        plannedStart: '2026-10-27T11:00:00.000Z',
      });
      expect((await row(rows[2]!.id)).caregiverId).toBe(cara.id);
      expect((await row(rows[0]!.id)).plannedStart.toISOString()).toBe('2026-10-20T08:00:00.000Z');
      expect((await db.$count(notifications)) - before).toBe(2);
      const fresh = await db
        .select()
        .from(notifications)
        .where(inArray(notifications.userId, [cara.id, grace.id]))
        .orderBy(desc(notifications.id))
        .limit(2);
      expect(fresh.map((n) => [n.userId, n.message]).sort()).toEqual(
        [
          [cara.id, visitTexts.visitUnassignedNotice('Ada Lovelace', '2026-10-27 11:00')],
          [grace.id, visitTexts.visitChangedNotice('Ada Lovelace', '2026-10-27 11:00')],
        ].sort(),
      );
      const audit = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'update'), eq(auditLog.entity, 'visit')));
      expect(audit.filter((a) => a.entityId === String(second.id))).toHaveLength(1);
    });

    it("'following' moves this and the later planned visits to the new local times, each on its own date", async () => {
      const rows = await seriesOf('2026-10-20T08:00:00.000Z', grace.id);
      const [first, second, third, fourth] = rows;
      // The third is cancelled: it stays as it is.
      await cancel(doctor, third!.id, { reason: 'Family visiting' });
      // 10:30 BST on 20 Oct -> 10:30 local from the second (27 Oct, GMT) on.
      const res = await put(
        doctor,
        second!.id,
        updateBody(second!, {
          caregiverId: cara.id,
          plannedStart: '2026-10-27T10:30:00.000Z',
          plannedEnd: '2026-10-27T11:15:00.000Z',
          serviceType: 'companionship',
          instructions: 'Ring twice',
          applyTo: 'following',
        }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const after = await Promise.all(rows.map((r) => row(r.id)));
      expect(
        after.map((r) => [r.plannedStart.toISOString(), r.caregiverId, r.serviceType, r.status]),
      ).toEqual([
        [first!.plannedStart.toISOString(), grace.id, 'personal-care', 'planned'],
        ['2026-10-27T10:30:00.000Z', cara.id, 'companionship', 'planned'],
        [third!.plannedStart.toISOString(), grace.id, 'personal-care', 'cancelled'],
        ['2026-11-10T10:30:00.000Z', cara.id, 'companionship', 'planned'],
      ]);
      expect(after[3]!.instructions).toBe('Ring twice');
      expect(after[3]!.plannedEnd.toISOString()).toBe('2026-11-10T11:15:00.000Z');
      const audit = await db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'update'),
            inArray(auditLog.entityId, [second!.id, fourth!.id].map(String)),
          ),
        );
      expect(audit).toHaveLength(2);
    });

    it("'following' without a series is 400; a completed visit 409; a visit in progress keeps caregiver and times", async () => {
      const single = await insertVisit(db, {
        patientId,
        caregiverId: cara.id,
        plannedStart: at('2026-12-01T09:00:00.000Z'),
        recordedBy: doctor.id,
      });
      const single0 = await row(single);
      const res = await put(doctor, single, updateBody(single0, { applyTo: 'following' }));
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ applyTo: visitTexts.notInSeries });

      const done = await insertVisit(db, {
        patientId,
        caregiverId: cara.id,
        plannedStart: at('2026-01-05T09:00:00.000Z'),
        status: 'completed',
        checkInAt: at('2026-01-05T09:01:00.000Z'),
        checkOutAt: at('2026-01-05T10:00:00.000Z'),
        recordedBy: doctor.id,
      });
      const doneRes = await put(doctor, done, updateBody(await row(done), { instructions: 'x' }));
      expect(doneRes.status).toBe(409);
      expect(doneRes.json.message).toBe(visitTexts.notPlanned);

      const started = await insertVisit(db, {
        patientId,
        caregiverId: cara.id,
        plannedStart: at('2026-01-15T08:30:00.000Z'),
        status: 'in-progress',
        checkInAt: at('2026-01-15T08:31:00.000Z'),
        recordedBy: doctor.id,
      });
      const startedRow = await row(started);
      const moved = await put(
        doctor,
        started,
        updateBody(startedRow, { plannedEnd: '2026-01-15T10:00:00.000Z' }),
      );
      expect(moved.status).toBe(409);
      expect(moved.json.message).toBe(visitTexts.startedVisitLocked);
      const other = await put(doctor, started, updateBody(startedRow, { caregiverId: grace.id }));
      expect(other.status).toBe(409);
      const kept = await put(
        doctor,
        started,
        updateBody(startedRow, { instructions: 'Bring gloves' }),
      );
      expect(kept.status, JSON.stringify(kept.json)).toBe(200);
      expect(kept.json).toMatchObject({ instructions: 'Bring gloves', status: 'in-progress' });
    });

    it('an edit onto another visit of the caregiver is 409 and changes nothing, for one and following', async () => {
      const rows = await seriesOf('2027-01-05T09:00:00.000Z', grace.id, '2027-01-26');
      const blocker = await insertVisit(db, {
        patientId: otherPatientId,
        caregiverId: cara.id,
        plannedStart: at('2027-01-19T12:00:00.000Z'),
        recordedBy: doctor.id,
      });
      const snapshot = await Promise.all(rows.map((r) => row(r.id)));
      const notices = await db.$count(notifications);
      // The first moved to 12:00 with Cara: its third occurrence (19 Jan) meets the blocker.
      const res = await put(
        doctor,
        rows[0]!.id,
        updateBody(rows[0]!, {
          caregiverId: cara.id,
          plannedStart: '2027-01-05T12:30:00.000Z',
          plannedEnd: '2027-01-05T13:00:00.000Z',
          applyTo: 'following',
        }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(409);
      expect(res.json).toMatchObject({ code: 'overlap', visitId: blocker });
      expect(await Promise.all(rows.map((r) => row(r.id)))).toEqual(snapshot);
      expect(await db.$count(notifications)).toBe(notices);
    });

    it('tasks: ids kept keep their mark, new ones are pending, others go; an id of another visit is 400', async () => {
      const id = await insertVisit(db, {
        patientId,
        caregiverId: null,
        plannedStart: at('2027-03-01T09:00:00.000Z'),
        recordedBy: doctor.id,
        tasks: ['Shower', 'Lunch'],
        taskStatus: 'done',
      });
      const otherVisit = await insertVisit(db, {
        patientId,
        caregiverId: null,
        plannedStart: at('2027-03-02T09:00:00.000Z'),
        recordedBy: doctor.id,
        tasks: ['Elsewhere'],
      });
      const [own] = await db
        .select()
        .from(visitTasks)
        .where(and(eq(visitTasks.visitId, id), eq(visitTasks.title, 'Lunch')));
      const [foreign] = await db
        .select()
        .from(visitTasks)
        .where(eq(visitTasks.visitId, otherVisit));
      const base = updateBody(await row(id), { caregiverId: null });
      const bad = await put(doctor, id, { ...base, tasks: [{ id: foreign!.id, title: 'Mine' }] });
      expect(bad.status).toBe(400);
      expect(bad.json.errors).toEqual({ tasks: visitTexts.taskOfAnotherVisit });
      const res = await put(doctor, id, {
        ...base,
        tasks: [{ title: 'Walk' }, { id: own!.id, title: 'Lunch, warm' }],
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(
        res.json.tasks.map((task: { title: string; status: string; position: number }) => [
          task.position,
          task.title,
          task.status,
        ]),
      ).toEqual([
        [0, 'Walk', 'pending'],
        [1, 'Lunch, warm', 'done'],
      ]);
    });
  });

  it('two planners booking one caregiver at once: one 201, one 409, one visit stored', async () => {
    const [a, b] = [await token(doctor), await token(admin)];
    const send = (tokenOf: string, patient: number) =>
      call(t.app, 'POST', '/api/visits', {
        token: tokenOf,
        body: visitInput(patient, grace.id, '2028-02-07T09:00:00.000Z'),
      });
    const answers = await Promise.all([send(a, patientId), send(b, otherPatientId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const stored = await db
      .select()
      .from(visits)
      .where(
        and(
          eq(visits.caregiverId, grace.id),
          eq(visits.plannedStart, at('2028-02-07T09:00:00.000Z')),
        ),
      );
    expect(stored).toHaveLength(1);
  });

  it('an edit to a caregiver off the care team is 400 and changes nothing', async () => {
    const created = await post(doctor, visitInput(patientId, cara.id, '2028-03-06T09:00:00.000Z'));
    expect(created.status).toBe(201);
    const before = await row(created.json.id);
    const res = await put(doctor, created.json.id, {
      ...visitInput(patientId, offTeam.id, '2028-03-06T09:00:00.000Z'),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ caregiverId: visitTexts.caregiverNotOnTeam('Owen Off') });
    expect(await row(created.json.id)).toEqual(before);
    // The list in the caller's scope: a doctor outside the team sees none of the patient's visits.
    const mine = await call(t.app, 'GET', '/api/visits?limit=100', { token: await token(doctor) });
    expect(mine.status).toBe(200);
    expect(mine.json.map((v: { id: number }) => v.id)).toContain(created.json.id);
    const theirs = await call(t.app, 'GET', '/api/visits?limit=100', {
      token: await token(outsideDoctor),
    });
    expect(theirs.status).toBe(200);
    expect(theirs.json).toEqual([]);
  });

  describe('cancel', () => {
    it("'one' cancels this visit with its reason and tells the caregiver; 'following' the later planned ones", async () => {
      const res = await post(
        doctor,
        visitInput(patientId, grace.id, '2027-05-03T08:00:00.000Z', {
          repeat: { weekdays: [1], until: '2027-05-24' },
        }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const rows = await db
        .select()
        .from(visits)
        .where(eq(visits.seriesId, res.json.seriesId))
        .orderBy(asc(visits.plannedStart));
      expect(rows).toHaveLength(4);
      const notices = await db.$count(notifications, eq(notifications.userId, grace.id));
      const one = await cancel(doctor, rows[0]!.id, { reason: 'In hospital' });
      expect(one.status, JSON.stringify(one.json)).toBe(200);
      expect(one.json).toMatchObject({ status: 'cancelled', cancelReason: 'In hospital' });
      expect((await row(rows[1]!.id)).status).toBe('planned');
      expect(await db.$count(notifications, eq(notifications.userId, grace.id))).toBe(notices + 1);

      const again = await cancel(doctor, rows[0]!.id, { reason: 'Twice' });
      expect(again.status).toBe(409);
      expect(again.json.message).toBe(visitTexts.notPlanned);

      const following = await cancel(doctor, rows[2]!.id, {
        reason: 'Moved to a care home',
        applyTo: 'following',
      });
      expect(following.status).toBe(200);
      const after = await Promise.all(rows.map((r) => row(r.id)));
      expect(after.map((r) => r.status)).toEqual([
        'cancelled',
        'planned',
        'cancelled',
        'cancelled',
      ]);
      expect(after[3]!.cancelReason).toBe('Moved to a care home');
      // One notice for the three... one per cancel call.
      expect(await db.$count(notifications, eq(notifications.userId, grace.id))).toBe(notices + 2);
      const audit = await db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'update'),
            inArray(
              auditLog.entityId,
              rows.map((r) => String(r.id)),
            ),
          ),
        );
      expect(audit).toHaveLength(3);

      const noReason = await cancel(doctor, rows[1]!.id, { reason: ' ' });
      expect(noReason.status).toBe(400);
      const patient = await cancel(patientUser, rows[1]!.id, { reason: 'No' });
      expect(patient.status).toBe(403);
      expect((await row(rows[1]!.id)).status).toBe('planned');
    });
  });

  describe('delete and restore', () => {
    it('deletes a planned visit (Deleted Records shows it), refuses a checked-in one, restores exactly', async () => {
      const planned = await post(
        doctor,
        visitInput(patientId, cara.id, '2027-08-02T09:00:00.000Z'),
      );
      expect(planned.status).toBe(201);
      const del = await call(t.app, 'DELETE', `/api/visits/${planned.json.id}`, {
        token: await token(doctor),
      });
      expect(del.status).toBe(204);
      const listed = await call(t.app, 'GET', '/api/deleted-records?type=visit', {
        token: await token(admin),
      });
      expect(listed.status, JSON.stringify(listed.json)).toBe(200);
      const entry = listed.json.find(
        (r: { type: string; id: number }) => r.type === 'visit' && r.id === planned.json.id,
      );
      expect(entry).toMatchObject({
        summary: 'Personal care: Cara Giver',
        recordDate: '2027-08-02T09:00:00.000Z',
        patientId,
      });

      const started = await insertVisit(db, {
        patientId,
        caregiverId: cara.id,
        plannedStart: at('2026-01-14T09:00:00.000Z'),
        status: 'completed',
        checkInAt: at('2026-01-14T09:00:00.000Z'),
        checkOutAt: at('2026-01-14T10:00:00.000Z'),
        recordedBy: doctor.id,
      });
      const refused = await call(t.app, 'DELETE', `/api/visits/${started}`, {
        token: await token(doctor),
      });
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe(visitTexts.checkedInCannotDelete);
      expect((await row(started)).deletedAt).toBeNull();

      const restored = await call(t.app, 'POST', `/api/visits/${planned.json.id}/restore`, {
        token: await token(admin),
      });
      expect(restored.status, JSON.stringify(restored.json)).toBe(200);
      expect(restored.json).toEqual(planned.json);
    });

    it('a restore onto a visit booked since is 409 and restores nothing', async () => {
      const first = await post(doctor, visitInput(patientId, cara.id, '2027-09-06T09:00:00.000Z'));
      expect(first.status).toBe(201);
      await call(t.app, 'DELETE', `/api/visits/${first.json.id}`, { token: await token(doctor) });
      const second = await post(
        doctor,
        visitInput(otherPatientId, cara.id, '2027-09-06T09:30:00.000Z'),
      );
      expect(second.status).toBe(201);
      const restored = await call(t.app, 'POST', `/api/visits/${first.json.id}/restore`, {
        token: await token(admin),
      });
      expect(restored.status).toBe(409);
      expect(restored.json).toMatchObject({ code: 'overlap', visitId: second.json.id });
      expect((await row(first.json.id)).deletedAt).not.toBeNull();
      const audit = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'restore'), eq(auditLog.entityId, String(first.json.id))));
      expect(audit.map((a) => [a.userId, a.outcome])).toEqual([[admin.id, 'failure']]);
    });
  });
});
