import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitTexts } from '../../../shared/messages.ts';
import {
  myVisitsSchema,
  patientVisitsSchema,
  rotaDaySchema,
  rotaWeekSchema,
} from '../../../shared/schemas/visits.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, patients, visitTasks, visits } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { csvHeader, csvTable, exportRowsOf } from '../../test/csv.ts';
import { countStatements } from '../../test/chart-history.ts';
import { setAgencySettings } from '../../test/dose-read-factories.ts';
import {
  createDeletedPatient,
  createPatient,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { insertVisit, insertVisitCorrection } from '../../test/visit-factories.ts';
import { summaryColumns, toSummary } from './visit-reads.ts';

// The test clock stands at 2026-01-15T09:00Z, a Thursday; London is on UTC in January.
const NOW = '2026-01-15T09:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('visit reads: my visits, the rota, a patient’s visits', () => {
  let t: TestApp;
  let db: Db;
  let supervisor: TestUser;
  let doctor: TestUser;
  let outsideDoctor: TestUser;
  let cara: TestUser;
  let carl: TestUser;
  let ivy: TestUser;
  let stranger: TestUser;
  let patientUser: TestUser;
  let patientA: number;
  let patientB: number;
  let patientC: number;

  const get = (user: TestUser, url: string) => call(t.app, 'GET', url, { token: user.token });
  const auditMark = async () => {
    const [row] = await db
      .select({ max: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
      .from(auditLog);
    return row!.max;
  };
  const auditSince = (mark: number) =>
    db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(auditLog.id);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    await setAgencySettings(db, { timeZone: 'Europe/London', visitLateAfterMinutes: 15 });
    supervisor = await createUser(db, {
      role: 'caregiver',
      privileges: 'supervisor',
      firstName: 'Sue',
      secondName: 'Pervisor',
    });
    doctor = await createUser(db, { role: 'doctor', firstName: 'Meredith', secondName: 'Grey' });
    outsideDoctor = await createUser(db, { role: 'doctor' });
    cara = await createUser(db, { role: 'caregiver', firstName: 'Cara', secondName: 'Giver' });
    carl = await createUser(db, { role: 'caregiver', firstName: 'Carl', secondName: 'Helper' });
    ivy = await createUser(db, {
      role: 'caregiver',
      firstName: 'Ivy',
      secondName: 'Gone',
      isActive: false,
    });
    stranger = await createUser(db, { role: 'caregiver', firstName: 'Stan', secondName: 'Ger' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    patientA = (
      await createPatient(db, {
        careTeam: [doctor, cara, ivy],
        account: patientUser,
        overrides: { firstName: 'Ada', lastName: 'Lovelace', address: '12 Elm Street' },
      })
    ).id;
    patientB = (
      await createPatient(db, {
        careTeam: [cara, carl],
        overrides: { firstName: 'Bea', lastName: 'Brown', phoneNumber: '555-0199' },
      })
    ).id;
    patientC = (
      await createPatient(db, {
        careTeam: [carl, stranger],
        overrides: { firstName: 'Cy', lastName: 'Clark' },
      })
    ).id;
  });
  afterAll(() => t.close());

  describe('GET /api/visits/mine', () => {
    let done: number;
    let late: number;
    let later: number;
    let cancelled: number;
    let tomorrow: number;

    beforeAll(async () => {
      const base = { recordedBy: supervisor.id, caregiverId: cara.id };
      done = await insertVisit(db, {
        ...base,
        patientId: patientA,
        plannedStart: at('2026-01-15T07:00:00Z'),
        status: 'completed',
        checkInAt: at('2026-01-15T07:02:00Z'),
        checkOutAt: at('2026-01-15T07:58:00Z'),
        tasks: ['Help with shower', 'Prepare breakfast'],
        taskStatus: 'done',
      });
      await insertVisitCorrection(db, {
        visitId: done,
        correctedBy: supervisor.id,
        checkOutAt: at('2026-01-15T07:58:00Z'),
        reason: 'Phone battery died',
        correctedAt: at('2026-01-15T08:30:00Z'),
      });
      late = await insertVisit(db, {
        ...base,
        patientId: patientB,
        plannedStart: at('2026-01-15T08:30:00Z'),
        serviceType: 'meal-preparation',
        tasks: ['Prepare lunch'],
      });
      later = await insertVisit(db, {
        ...base,
        patientId: patientA,
        plannedStart: at('2026-01-15T08:50:00Z'),
      });
      cancelled = await insertVisit(db, {
        ...base,
        patientId: patientA,
        plannedStart: at('2026-01-15T12:00:00Z'),
        status: 'cancelled',
        cancelReason: 'In hospital',
      });
      // Deleted, another caregiver's, a deleted patient's, another day's: not listed today.
      await insertVisit(db, {
        ...base,
        patientId: patientA,
        plannedStart: at('2026-01-15T10:00:00Z'),
        deletedAt: at('2026-01-14T10:00:00Z'),
      });
      await insertVisit(db, {
        ...base,
        caregiverId: carl.id,
        patientId: patientB,
        plannedStart: at('2026-01-15T10:00:00Z'),
      });
      const gone = await createDeletedPatient(db, { careTeam: [cara] });
      await insertVisit(db, {
        ...base,
        patientId: gone.id,
        plannedStart: at('2026-01-15T11:00:00Z'),
      });
      tomorrow = await insertVisit(db, {
        ...base,
        patientId: patientB,
        plannedStart: at('2026-01-16T00:00:00Z'),
      });
    });

    it('lists the caller’s visits of today by start with tasks, address, late flag, local times and check-in opening', async () => {
      const mark = await auditMark();
      const res = await get(cara, '/api/visits/mine');
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(myVisitsSchema.safeParse(res.json).success).toBe(true);
      expect(res.json).toMatchObject({ date: '2026-01-15', timeZone: 'Europe/London', now: NOW });
      const list = res.json.visits;
      expect(list.map((v: { id: number }) => v.id)).toEqual([done, late, later, cancelled]);
      expect(list.map((v: { late: boolean }) => v.late)).toEqual([false, true, false, false]);
      expect(list.map((v: { status: string }) => v.status)).toEqual([
        'completed',
        'planned',
        'planned',
        'cancelled',
      ]);
      const b = list[1];
      expect(b).toMatchObject({
        patientId: patientB,
        patientName: 'Bea Brown',
        patientPhone: '555-0199',
        caregiverId: cara.id,
        caregiverName: 'Cara Giver',
        serviceType: 'meal-preparation',
        plannedStart: '2026-01-15T08:30:00.000Z',
        plannedEnd: '2026-01-15T09:30:00.000Z',
        localDate: '2026-01-15',
        startTime: '08:30',
        endTime: '09:30',
        checkInOpensAt: '2026-01-15T07:30:00.000Z',
        checkInAt: null,
        recordedBy: supervisor.id,
        recordedByName: 'Sue Pervisor',
      });
      expect(b.tasks).toEqual([
        {
          id: expect.any(Number),
          position: 0,
          title: 'Prepare lunch',
          status: 'pending',
          reason: '',
        },
      ]);
      expect(list[0].patientAddress).toBe('12 Elm Street');
      expect(list[0].tasks.map((x: { title: string }) => x.title)).toEqual([
        'Help with shower',
        'Prepare breakfast',
      ]);
      expect(list[0].corrections).toEqual([
        {
          previousCheckInAt: null,
          previousCheckOutAt: null,
          previousStatus: 'completed',
          checkInAt: null,
          checkOutAt: '2026-01-15T07:58:00.000Z',
          reason: 'Phone battery died',
          correctedByName: 'Sue Pervisor',
          correctedAt: '2026-01-15T08:30:00.000Z',
        },
      ]);
      expect(list[3].cancelReason).toBe('In hospital');
      // 08:50 is 10 minutes ago: not yet late with a 15-minute setting.
      expect(list[2].late).toBe(false);
      // One 'list' row per patient read.
      const rows = await auditSince(mark);
      expect(rows.map((r) => [r.action, r.entity, r.patientId, r.userId])).toEqual([
        ['list', 'visit', patientA, cara.id],
        ['list', 'visit', patientB, cara.id],
      ]);
    });

    it('another day by ?date=, in the agency zone; nothing for someone with no visits', async () => {
      const res = await get(cara, '/api/visits/mine?date=2026-01-16');
      expect(res.json.visits.map((v: { id: number }) => v.id)).toEqual([tomorrow]);
      const empty = await get(patientUser, '/api/visits/mine');
      expect(empty.status).toBe(200);
      expect(empty.json.visits).toEqual([]);
      const mark = await auditMark();
      await get(doctor, '/api/visits/mine');
      expect((await auditSince(mark)).map((r) => [r.action, r.entity, r.patientId])).toEqual([
        ['list', 'visit', null],
      ]);
    });

    it('the late setting decides when a visit is late', async () => {
      await setAgencySettings(db, { timeZone: 'Europe/London', visitLateAfterMinutes: 5 });
      try {
        const res = await get(cara, '/api/visits/mine');
        expect(res.json.visits.map((v: { late: boolean }) => v.late)).toEqual([
          false,
          true,
          true,
          false,
        ]);
      } finally {
        await setAgencySettings(db, { timeZone: 'Europe/London', visitLateAfterMinutes: 15 });
      }
    });

    it('costs the same statements for one visit as for 30 with tasks and corrections', async () => {
      const one = await createUser(db, { role: 'caregiver' });
      const busy = await createUser(db, { role: 'caregiver' });
      const stock = async (user: TestUser, n: number) => {
        for (let i = 0; i < n; i += 1) {
          const p = (await createPatient(db, { careTeam: [user] })).id;
          const id = await insertVisit(db, {
            recordedBy: supervisor.id,
            patientId: p,
            caregiverId: user.id,
            plannedStart: at(
              `2026-06-01T${String(6 + Math.floor(i / 3)).padStart(2, '0')}:${String((i % 3) * 20).padStart(2, '0')}:00Z`,
            ),
            tasks: ['Help with shower', 'Prepare lunch'],
          });
          await insertVisitCorrection(db, { visitId: id, correctedBy: supervisor.id });
        }
      };
      await stock(one, 1);
      await stock(busy, 30);
      const count = async (user: TestUser) => {
        let body: any;
        const n = await countStatements(t.database, async () => {
          body = (await get(user, '/api/visits/mine?date=2026-06-01')).json;
        });
        return { n, body };
      };
      // Each caregiver's session is resolved once first, so both counts take it from the cache.
      await count(one);
      await count(busy);
      const small = await count(one);
      const large = await count(busy);
      expect(large.body.visits).toHaveLength(30);
      expect(large.body.visits[29].tasks).toHaveLength(2);
      expect(large.body.visits[29].corrections).toHaveLength(1);
      expect(large.n).toBe(small.n);
      // The settings, the visits, the audit rows (the session is cached).
      expect(large.n).toBeLessThanOrEqual(3);
    });

    it.each(['2026-13-01', 'today', '2026-02-30', '1800-01-01'])(
      'date=%s answers 400 with a message',
      async (date) => {
        const res = await get(cara, `/api/visits/mine?date=${date}`);
        expect(res.status).toBe(400);
        expect(res.json.message).toEqual(expect.any(String));
        expect(JSON.stringify(res.json)).toContain(visitTexts.weekInvalid);
      },
    );
  });

  describe('GET /api/rota and /api/rota/day', () => {
    const week = '/api/rota?week=2026-02-11'; // a Wednesday: the week of Monday 9 February
    let ids: Record<
      | 'caraA'
      | 'open'
      | 'ivy'
      | 'stranger'
      | 'carlB'
      | 'carlC'
      | 'carlNext'
      | 'carlCancelled'
      | 'overnight',
      number
    >;

    beforeAll(async () => {
      const v = (o: Parameters<typeof insertVisit>[1]) => insertVisit(db, o);
      const r = { recordedBy: supervisor.id };
      ids = {
        // Monday 09:00-10:30 (90 minutes).
        caraA: await v({
          ...r,
          patientId: patientA,
          caregiverId: cara.id,
          plannedStart: at('2026-02-09T09:00:00Z'),
          plannedEnd: at('2026-02-09T10:30:00Z'),
        }),
        // Unassigned, Tuesday.
        open: await v({
          ...r,
          patientId: patientB,
          caregiverId: null,
          plannedStart: at('2026-02-10T14:00:00Z'),
        }),
        // Ivy was deactivated: a conflict.
        ivy: await v({
          ...r,
          patientId: patientA,
          caregiverId: ivy.id,
          plannedStart: at('2026-02-11T09:00:00Z'),
        }),
        // Stan is not on A's care team.
        stranger: await v({
          ...r,
          patientId: patientA,
          caregiverId: stranger.id,
          plannedStart: at('2026-02-12T09:00:00Z'),
        }),
        // Carl booked twice at once (B and C): both flagged.
        carlB: await v({
          ...r,
          patientId: patientB,
          caregiverId: carl.id,
          plannedStart: at('2026-02-12T10:00:00Z'),
        }),
        carlC: await v({
          ...r,
          patientId: patientC,
          caregiverId: carl.id,
          plannedStart: at('2026-02-12T10:30:00Z'),
        }),
        // Back to back: no overlap. Cancelled at the same time: no overlap either.
        carlNext: await v({
          ...r,
          patientId: patientB,
          caregiverId: carl.id,
          plannedStart: at('2026-02-12T11:30:00Z'),
        }),
        carlCancelled: await v({
          ...r,
          patientId: patientC,
          caregiverId: carl.id,
          plannedStart: at('2026-02-12T11:30:00Z'),
          status: 'cancelled',
          cancelReason: 'Patient away',
        }),
        // Sunday night into Monday: overlaps this week and the next (30 minutes in this one).
        overnight: await v({
          ...r,
          patientId: patientB,
          caregiverId: cara.id,
          plannedStart: at('2026-02-15T23:30:00Z'),
          plannedEnd: at('2026-02-16T00:30:00Z'),
        }),
      };
      // Outside the week, deleted: not listed.
      await v({
        ...r,
        patientId: patientA,
        caregiverId: cara.id,
        plannedStart: at('2026-02-16T09:00:00Z'),
      });
      await v({
        ...r,
        patientId: patientA,
        caregiverId: cara.id,
        plannedStart: at('2026-02-10T09:00:00Z'),
        deletedAt: at('2026-02-01T00:00:00Z'),
      });
    });

    it('a supervisor’s week: every active caregiver by name with minutes, every visit, the conflicts', async () => {
      const mark = await auditMark();
      const res = await get(supervisor, week);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(rotaWeekSchema.safeParse(res.json).success).toBe(true);
      expect(res.json.weekStart).toBe('2026-02-09');
      expect(res.json.days).toEqual([
        '2026-02-09',
        '2026-02-10',
        '2026-02-11',
        '2026-02-12',
        '2026-02-13',
        '2026-02-14',
        '2026-02-15',
      ]);
      const rows = res.json.caregivers.filter((c: { id: number }) =>
        [cara.id, carl.id, ivy.id, stranger.id, supervisor.id].includes(c.id),
      );
      expect(rows).toEqual([
        { id: cara.id, name: 'Cara Giver', plannedMinutes: 90 + 30 },
        { id: carl.id, name: 'Carl Helper', plannedMinutes: 180 },
        { id: stranger.id, name: 'Stan Ger', plannedMinutes: 60 },
        { id: supervisor.id, name: 'Sue Pervisor', plannedMinutes: 0 },
      ]);
      const names = res.json.caregivers.map((c: { name: string }) => c.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
      expect(res.json.visits.map((v: { id: number }) => v.id)).toEqual([
        ids.caraA,
        ids.open,
        ids.ivy,
        ids.stranger,
        ids.carlB,
        ids.carlC,
        ids.carlNext,
        ids.carlCancelled,
        ids.overnight,
      ]);
      const open = res.json.visits.find((v: { id: number }) => v.id === ids.open);
      expect(open).toMatchObject({
        caregiverId: null,
        caregiverName: '',
        patientName: 'Bea Brown',
      });
      const conflicts = res.json.conflicts.map((c: { visitId: number; kind: string }) => [
        c.visitId,
        c.kind,
      ]);
      expect(conflicts).toEqual([
        [ids.ivy, 'inactive-caregiver'],
        [ids.stranger, 'not-on-team'],
        [ids.carlB, 'overlap'],
        [ids.carlC, 'overlap'],
      ]);
      const messages = Object.fromEntries(
        res.json.conflicts.map((c: { visitId: number; message: string }) => [c.visitId, c.message]),
      );
      expect(messages[ids.ivy]).toBe(visitTexts.rotaInactiveCaregiver('Ivy Gone'));
      expect(messages[ids.stranger]).toBe(visitTexts.rotaNotOnTeam('Stan Ger'));
      expect(messages[ids.carlB]).toBe(visitTexts.rotaOverlap('Carl Helper', '10:30'));
      expect(messages[ids.carlC]).toBe(visitTexts.rotaOverlap('Carl Helper', '10:00'));
      const audit = await auditSince(mark);
      expect(new Set(audit.map((r) => `${r.action}/${r.entity}`))).toEqual(new Set(['list/visit']));
      expect(audit.map((r) => r.patientId).sort()).toEqual([patientA, patientB, patientC].sort());
    });

    it('a doctor’s week: only the doctor’s patients and the caregivers of their care teams', async () => {
      const res = await get(doctor, week);
      expect(res.status).toBe(200);
      expect(res.json.caregivers).toEqual([
        { id: cara.id, name: 'Cara Giver', plannedMinutes: 90 },
      ]);
      expect(res.json.visits.map((v: { id: number }) => v.id)).toEqual([
        ids.caraA,
        ids.ivy,
        ids.stranger,
      ]);
      expect(res.json.conflicts.map((c: { kind: string }) => c.kind)).toEqual([
        'inactive-caregiver',
        'not-on-team',
      ]);
      const outside = await get(outsideDoctor, week);
      expect(outside.json).toMatchObject({ caregivers: [], visits: [], conflicts: [] });
    });

    it('an overlap is found across the week’s edge and with a visit the doctor does not see, never with a deleted patient’s', async () => {
      const r = { recordedBy: supervisor.id, caregiverId: cara.id };
      // Sunday 7 December 23:00 to Monday 00:30 (the doctor's patient), and Monday 00:00 to
      // 01:00 (a patient the doctor does not see): each flags the other, in either week.
      const edge = await insertVisit(db, {
        ...r,
        patientId: patientA,
        plannedStart: at('2025-12-07T23:00:00Z'),
        plannedEnd: at('2025-12-08T00:30:00Z'),
      });
      const monday = await insertVisit(db, {
        ...r,
        patientId: patientB,
        plannedStart: at('2025-12-08T00:00:00Z'),
        plannedEnd: at('2025-12-08T01:00:00Z'),
      });
      // Sunday 22:00 to 23:30 (another patient): over before Monday, yet it clashes with the
      // first, which it starts before.
      const sunday = await insertVisit(db, {
        ...r,
        patientId: patientC,
        plannedStart: at('2025-12-07T22:00:00Z'),
        plannedEnd: at('2025-12-07T23:30:00Z'),
      });
      // Carl's Sunday 14 December 23:00 to Monday 00:30 clashes only with a visit after the week.
      const carlEdge = await insertVisit(db, {
        ...r,
        caregiverId: carl.id,
        patientId: patientA,
        plannedStart: at('2025-12-14T23:00:00Z'),
        plannedEnd: at('2025-12-15T00:30:00Z'),
      });
      await insertVisit(db, {
        ...r,
        caregiverId: carl.id,
        patientId: patientB,
        plannedStart: at('2025-12-15T00:00:00Z'),
      });
      // Wednesday 09:00: a deleted patient's visit at 09:30 is no clash.
      const mid = await insertVisit(db, {
        ...r,
        patientId: patientA,
        plannedStart: at('2025-12-03T09:00:00Z'),
      });
      await insertVisit(db, {
        ...r,
        patientId: (await createDeletedPatient(db, { careTeam: [cara] })).id,
        plannedStart: at('2025-12-03T09:30:00Z'),
      });
      const overlapsIn = async (user: TestUser, url: string) => {
        const res = await get(user, url);
        expect(res.status).toBe(200);
        return res.json.conflicts.filter((c: { kind: string }) => c.kind === 'overlap');
      };
      const flagged = (visitId: number, time: string) => ({
        visitId,
        kind: 'overlap',
        message: visitTexts.rotaOverlap('Cara Giver', time),
      });
      expect(await overlapsIn(supervisor, '/api/rota?week=2025-12-01')).toEqual([
        flagged(sunday, '23:00'),
        flagged(edge, '22:00'),
      ]);
      // The doctor sees the visit of the doctor's patient only, and its clash all the same.
      expect(await overlapsIn(doctor, '/api/rota?week=2025-12-01')).toEqual([
        flagged(edge, '22:00'),
      ]);
      for (const user of [supervisor, doctor]) {
        const first = await overlapsIn(user, '/api/rota?week=2025-12-01');
        expect(first.some((c: { visitId: number }) => c.visitId === mid)).toBe(false);
      }
      // The next week: Sunday's 22:00 visit, over before the week starts, still clashes with
      // the one across its start; Carl's clashes with Monday's after the week.
      const carls = { ...flagged(carlEdge, '2025-12-15 00:00') };
      carls.message = visitTexts.rotaOverlap('Carl Helper', '2025-12-15 00:00');
      expect(await overlapsIn(supervisor, '/api/rota?week=2025-12-08')).toEqual([
        flagged(edge, '22:00'),
        flagged(monday, '2025-12-07 23:00'),
        carls,
      ]);
      expect(await overlapsIn(doctor, '/api/rota?week=2025-12-08')).toEqual([
        flagged(edge, '22:00'),
        carls,
      ]);
    });

    it('caregivers and patients may not read the rota (403)', async () => {
      for (const user of [cara, patientUser]) {
        expect((await get(user, week)).status).toBe(403);
        expect((await get(user, '/api/rota/day')).status).toBe(403);
      }
    });

    it('the week of daylight saving (London, 29 March 2026) keeps local days and times', async () => {
      // Sunday 29 March 09:00 BST is 08:00 UTC; Monday 30 March 00:30 BST is Sunday 23:30 UTC.
      const sunday = await insertVisit(db, {
        recordedBy: supervisor.id,
        patientId: patientC,
        caregiverId: stranger.id,
        plannedStart: at('2026-03-29T08:00:00Z'),
      });
      const monday = await insertVisit(db, {
        recordedBy: supervisor.id,
        patientId: patientC,
        caregiverId: stranger.id,
        plannedStart: at('2026-03-29T23:30:00Z'),
      });
      const res = await get(supervisor, '/api/rota?week=2026-03-29');
      expect(res.json.weekStart).toBe('2026-03-23');
      expect(res.json.days[6]).toBe('2026-03-29');
      expect(res.json.visits.map((v: { id: number }) => v.id)).toEqual([sunday]);
      expect(res.json.visits[0]).toMatchObject({
        localDate: '2026-03-29',
        startTime: '09:00',
        endTime: '10:00',
      });
      const next = await get(supervisor, '/api/rota?week=2026-03-30');
      expect(next.json.weekStart).toBe('2026-03-30');
      expect(next.json.visits.map((v: { id: number }) => v.id)).toEqual([monday]);
      expect(next.json.visits[0]).toMatchObject({ localDate: '2026-03-30', startTime: '00:30' });
    });

    it('a day: every visit in scope with its status now, counted per state', async () => {
      const res = await get(supervisor, '/api/rota/day');
      expect(res.status).toBe(200);
      expect(rotaDaySchema.safeParse(res.json).success).toBe(true);
      expect(res.json.date).toBe('2026-01-15');
      // Today (built above): Cara's completed, late, on-time and cancelled visits, Carl's 10:00.
      expect(res.json.counts).toEqual({
        planned: 2,
        late: 1,
        inProgress: 0,
        completed: 1,
        missed: 0,
        cancelled: 1,
      });
      const thursday = await get(supervisor, '/api/rota/day?date=2026-02-12');
      expect(thursday.json.visits.map((v: { id: number }) => v.id)).toEqual([
        ids.stranger,
        ids.carlB,
        ids.carlC,
        ids.carlNext,
        ids.carlCancelled,
      ]);
      // Still ahead of the clock: planned, none late yet.
      expect(thursday.json.counts).toEqual({
        planned: 4,
        late: 0,
        inProgress: 0,
        completed: 0,
        missed: 0,
        cancelled: 1,
      });
      const mine = await get(doctor, '/api/rota/day?date=2026-02-12');
      expect(mine.json.visits.map((v: { id: number }) => v.id)).toEqual([ids.stranger]);
    });

    it('the rota’s week as CSV: the caller’s scope, the week asked, formulas neutralised; a bad week 400', async () => {
      await insertVisit(db, {
        recordedBy: supervisor.id,
        patientId: patientB,
        caregiverId: carl.id,
        plannedStart: at('2026-02-10T16:00:00Z'),
        status: 'cancelled',
        cancelReason: '=HYPERLINK("http://evil.example","x")',
      });
      const before = await exportRowsOf(db, 'visit');
      const res = await get(supervisor, '/api/rota.csv?week=2026-02-11');
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/filename="rota-/);
      const rows = csvTable(res.response.body);
      expect(rows.map((r) => Number(r.Id))).toEqual(
        expect.arrayContaining(Object.values(ids).map(Number)),
      );
      expect(rows).toHaveLength(Object.keys(ids).length + 1);
      expect(rows.find((r) => r['Cancel reason']?.includes('HYPERLINK'))?.['Cancel reason']).toBe(
        `'=HYPERLINK("http://evil.example","x")`,
      );
      expect(await exportRowsOf(db, 'visit')).toBe(before + 1);
      // The doctor's scope: patient A's visits only.
      const mine = csvTable((await get(doctor, '/api/rota.csv?week=2026-02-11')).response.body);
      expect(new Set(mine.map((r) => r['Patient name']))).toEqual(new Set(['Ada Lovelace']));
      expect((await get(supervisor, '/api/rota.csv?week=next')).status).toBe(400);
      expect((await get(cara, '/api/rota.csv')).status).toBe(403);
      expect(await exportRowsOf(db, 'visit')).toBe(before + 2);
    });

    it.each(['2026-02-30', 'next', '20260211'])('week=%s answers 400', async (bad) => {
      const res = await get(supervisor, `/api/rota?week=${bad}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain(visitTexts.weekInvalid);
      expect((await get(supervisor, `/api/rota/day?date=${bad}`)).status).toBe(400);
    });

    it('the week and the day answer the visits the query builder’s column-by-column select gives', async () => {
      const v = (o: Omit<Parameters<typeof insertVisit>[1], 'recordedBy'>) =>
        insertVisit(db, { recordedBy: supervisor.id, tasks: ['Wash', 'Lunch', 'Walk'], ...o });
      const tasked = await v({
        patientId: patientB,
        caregiverId: carl.id,
        plannedStart: at('2026-03-02T09:00:00Z'),
      });
      await db
        .update(visitTasks)
        .set({ status: 'done' })
        .where(and(eq(visitTasks.visitId, tasked), eq(visitTasks.position, 1)));
      await v({ patientId: patientA, caregiverId: null, plannedStart: at('2026-03-02T11:00:00Z') });
      await v({
        patientId: patientA,
        caregiverId: ivy.id,
        plannedStart: at('2026-03-03T09:00:00Z'),
      });
      await v({
        patientId: patientC,
        caregiverId: carl.id,
        plannedStart: at('2026-03-03T10:00:00Z'),
        status: 'in-progress',
        checkInAt: at('2026-03-03T10:05:00Z'),
      });
      await v({
        patientId: patientC,
        caregiverId: stranger.id,
        plannedStart: at('2026-03-04T10:00:00Z'),
        status: 'cancelled',
        cancelReason: 'Patient away',
        tasks: [],
      });
      // The reference: the rows as the query builder maps them, column by column.
      const reference = async (from: string, to: string, now: Date) => {
        const start = at(from);
        const rows = await db
          .select(summaryColumns)
          .from(visits)
          .innerJoin(patients, eq(patients.id, visits.patientId))
          .where(
            and(
              isNull(visits.deletedAt),
              isNull(patients.deletedAt),
              gt(visits.plannedStart, new Date(start.getTime() - 24 * 3_600_000)),
              lt(visits.plannedStart, at(to)),
              gt(visits.plannedEnd, start),
            ),
          )
          .orderBy(asc(visits.plannedStart), asc(visits.id));
        return rows.map((row) => toSummary(row, 'Europe/London', 15, now));
      };
      const week = await get(supervisor, '/api/rota?week=2026-03-04');
      expect(week.status).toBe(200);
      const expected = await reference(
        '2026-03-02T00:00:00Z',
        '2026-03-09T00:00:00Z',
        at(week.json.now),
      );
      expect(expected).toHaveLength(5);
      expect(expected.find((x) => x.id === tasked)).toMatchObject({ taskCount: 3, tasksDone: 1 });
      expect(week.json.visits).toEqual(expected);
      const day = await get(supervisor, '/api/rota/day?date=2026-03-03');
      expect(day.json.visits).toEqual(
        await reference('2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z', at(day.json.now)),
      );
      expect(day.json.visits).toHaveLength(2);
    });

    it('the week costs the same statements for 3 caregivers as for 50 with 5 visits each, and pages by 50 caregivers', async () => {
      const statementsFor = async (user: TestUser, url: string) => {
        let status = 0;
        let body: any;
        const count = await countStatements(t.database, async () => {
          const res = await get(user, url);
          status = res.status;
          body = res.json;
        });
        expect(status).toBe(200);
        return { count, body };
      };
      const empty = '/api/rota?week=2027-06-02';
      await statementsFor(supervisor, empty);
      const small = await statementsFor(supervisor, empty);
      for (let i = 0; i < 50; i += 1) {
        const c = await createUser(db, { role: 'caregiver' });
        const p = (await createPatient(db, { careTeam: [c] })).id;
        for (let d = 0; d < 5; d += 1) {
          await insertVisit(db, {
            recordedBy: supervisor.id,
            patientId: p,
            caregiverId: c.id,
            plannedStart: at(`2027-06-0${d + 1}T09:00:00Z`),
            tasks: ['Help with shower'],
          });
        }
      }
      const large = await statementsFor(supervisor, empty);
      expect(large.count).toBe(small.count);
      // The session, the settings, the caregivers, the visits and the audit rows.
      expect(large.count).toBeLessThanOrEqual(6);

      // More than 50 caregivers: pages of 50 by name, each with its caregivers' visits only.
      expect(large.body.caregivers).toHaveLength(50);
      const total = large.body.caregiverTotal as number;
      expect(total).toBeGreaterThan(50);
      expect(large.body.pageCount).toBe(Math.ceil(total / 50));
      const second = await statementsFor(supervisor, `${empty}&page=2`);
      expect(second.count).toBe(small.count);
      expect(second.body.page).toBe(2);
      expect(second.body.caregivers).toHaveLength(total - 50);
      const pageOne = new Set(large.body.caregivers.map((c: { id: number }) => c.id));
      const pageTwo = new Set(second.body.caregivers.map((c: { id: number }) => c.id));
      expect([...pageTwo].some((id) => pageOne.has(id))).toBe(false);
      type Row = { caregiverId: number };
      expect(large.body.visits.every((v: Row) => pageOne.has(v.caregiverId))).toBe(true);
      expect(second.body.visits.every((v: Row) => pageTwo.has(v.caregiverId))).toBe(true);
      expect(large.body.visits.length + second.body.visits.length).toBe(250);
      // The day view pages the same way.
      const day1 = await get(supervisor, '/api/rota/day?date=2027-06-01');
      const day2 = await get(supervisor, '/api/rota/day?date=2027-06-01&page=2');
      expect(day1.json.pageCount).toBe(large.body.pageCount);
      expect(day1.json.visits.length + day2.json.visits.length).toBe(50);
      // A page past the last is empty; a page that is not a number is refused.
      const past = await get(supervisor, `${empty}&page=9`);
      expect(past.json.caregivers).toEqual([]);
      expect(past.json.visits).toEqual([]);
      for (const bad of ['0', '-1', 'x', '1.5']) {
        const res = await get(supervisor, `${empty}&page=${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.json.message).toBe('Page must be a whole number from 1');
      }
      // The CSV holds every page's visits, read page by page.
      const csv = await get(supervisor, '/api/rota.csv?week=2027-06-02');
      expect(csvTable(csv.response.body)).toHaveLength(250);
    });
  });

  describe('GET /api/patients/{id}/visits', () => {
    let soon: number;
    let inTwoWeeks: number;

    beforeAll(async () => {
      soon = await insertVisit(db, {
        recordedBy: supervisor.id,
        patientId: patientA,
        caregiverId: cara.id,
        plannedStart: at('2026-01-16T10:00:00Z'),
      });
      inTwoWeeks = await insertVisit(db, {
        recordedBy: supervisor.id,
        patientId: patientA,
        caregiverId: cara.id,
        plannedStart: at('2026-01-29T10:00:00Z'),
      });
      // Day 15 is past the default period.
      await insertVisit(db, {
        recordedBy: supervisor.id,
        patientId: patientA,
        caregiverId: cara.id,
        plannedStart: at('2026-01-30T10:00:00Z'),
      });
    });

    it('today and the next 14 days by default, for the patient and the care team', async () => {
      for (const user of [patientUser, doctor, cara, supervisor]) {
        const mark = await auditMark();
        const res = await get(user, `/api/patients/${patientA}/visits`);
        expect(res.status).toBe(200);
        expect(patientVisitsSchema.safeParse(res.json).success).toBe(true);
        expect(res.json).toMatchObject({
          from: '2026-01-15',
          to: '2026-01-29',
          timeZone: 'Europe/London',
        });
        const list = res.json.visits.map((v: { id: number }) => v.id);
        expect(list.slice(-2)).toEqual([soon, inTwoWeeks]);
        expect(res.json.visits.every((v: { patientId: number }) => v.patientId === patientA)).toBe(
          true,
        );
        expect((await auditSince(mark)).map((r) => [r.action, r.entity, r.patientId])).toEqual([
          ['list', 'visit', patientA],
        ]);
      }
    });

    it('a period of dates; an empty one in scope is an empty list', async () => {
      const res = await get(cara, `/api/patients/${patientA}/visits?from=2026-01-29&to=2026-01-30`);
      expect(res.json.visits).toHaveLength(2);
      const none = await get(
        cara,
        `/api/patients/${patientA}/visits?from=2030-01-01&to=2030-01-02`,
      );
      expect(none.status).toBe(200);
      expect(none.json.visits).toEqual([]);
      const fromOnly = await get(cara, `/api/patients/${patientA}/visits?from=2026-01-16`);
      expect(fromOnly.json).toMatchObject({ from: '2026-01-16', to: '2026-01-30' });
    });

    it('the period as CSV: the same rows, no staff ids for the patient; 404 out of scope, 400 bad period', async () => {
      const before = await exportRowsOf(db, 'visit');
      const url = `/api/patients/${patientA}/visits.csv?from=2026-01-29&to=2026-01-30`;
      const res = await get(cara, url);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/visits-patient-\d+-/);
      const listed = (await get(cara, url.replace('.csv', ''))).json.visits;
      expect(csvTable(res.response.body).map((r) => Number(r.Id))).toEqual(
        listed.map((v: { id: number }) => v.id),
      );
      const own = await get(patientUser, url);
      expect(csvHeader(own.response.body)).not.toContain('Caregiver id');
      expect(csvHeader(own.response.body)).toContain('Caregiver name');
      expect(await exportRowsOf(db, 'visit')).toBe(before + 2);
      expect((await get(outsideDoctor, url)).status).toBe(404);
      expect(
        (await get(cara, `/api/patients/${patientA}/visits.csv?from=2026-02-01&to=2026-01-01`))
          .status,
      ).toBe(400);
      expect(await exportRowsOf(db, 'visit')).toBe(before + 2);
    });

    it('404 for a patient out of scope (audited as denied) or missing; 400 for a bad period', async () => {
      const mark = await auditMark();
      const out = await get(outsideDoctor, `/api/patients/${patientA}/visits`);
      expect(out.status).toBe(404);
      const denied = await auditSince(mark);
      expect(denied.map((r) => [r.action, r.patientId, r.outcome])).toEqual([
        ['denied', patientA, 'denied'],
      ]);
      expect((await get(outsideDoctor, `/api/patients/99999999/visits`)).status).toBe(404);
      const other = await createUser(db, { role: 'patient', privileges: 'viewer' });
      expect((await get(other, `/api/patients/${patientA}/visits`)).status).toBe(404);
      for (const q of [
        'from=2026-02-01&to=2026-01-01',
        'from=2026-01-01&to=2026-03-04',
        'from=2026-01-01&to=2026-02-30',
        'from=soon',
      ]) {
        const res = await get(cara, `/api/patients/${patientA}/visits?${q}`);
        expect(res.status, q).toBe(400);
        expect(JSON.stringify(res.json), q).toContain(visitTexts.periodInvalid);
      }
      // 62 days is the most.
      const longest = await get(
        cara,
        `/api/patients/${patientA}/visits?from=2026-01-01&to=2026-03-03`,
      );
      expect(longest.status).toBe(200);
    });
  });

  it('a deleted visit is never listed anywhere', async () => {
    const id = await insertVisit(db, {
      recordedBy: supervisor.id,
      patientId: patientA,
      caregiverId: cara.id,
      plannedStart: at('2026-01-15T15:00:00Z'),
    });
    const seen = async () => {
      const lists = await Promise.all([
        get(cara, '/api/visits/mine'),
        get(supervisor, '/api/rota'),
        get(supervisor, '/api/rota/day'),
        get(cara, `/api/patients/${patientA}/visits`),
      ]);
      return lists.map((res) => res.json.visits.some((v: { id: number }) => v.id === id));
    };
    expect(await seen()).toEqual([true, true, true, true]);
    await db
      .update(visits)
      .set({ deletedAt: at('2026-01-15T08:00:00Z') })
      .where(and(eq(visits.id, id)));
    expect(await seen()).toEqual([false, false, false, false]);
  });

  it('the visits of a deleted patient leave the rota, its day and the caregiver’s day', async () => {
    const patientId = (await createPatient(db, { careTeam: [doctor, cara, ivy] })).id;
    const start = '2026-01-16T15:00:00Z';
    // Cara's (on a page), Ivy's (deactivated: page 1 only) and an unassigned one.
    const ids = [
      await insertVisit(db, {
        recordedBy: supervisor.id,
        patientId,
        caregiverId: cara.id,
        plannedStart: at(start),
      }),
      await insertVisit(db, {
        recordedBy: supervisor.id,
        patientId,
        caregiverId: ivy.id,
        plannedStart: at(start),
      }),
      await insertVisit(db, {
        recordedBy: supervisor.id,
        patientId,
        caregiverId: null,
        plannedStart: at(start),
      }),
    ];
    const seen = async () => {
      const lists = await Promise.all([
        get(supervisor, '/api/rota?week=2026-01-16'),
        get(supervisor, '/api/rota/day?date=2026-01-16'),
        get(doctor, '/api/rota?week=2026-01-16'),
        get(doctor, '/api/rota/day?date=2026-01-16'),
      ]);
      return lists.map((res) =>
        ids.map((id) => res.json.visits.some((v: { id: number }) => v.id === id)),
      );
    };
    expect(await seen()).toEqual(Array(4).fill([true, true, true]));
    await db
      .update(patients)
      .set({ deletedAt: at('2026-01-16T08:00:00Z') })
      .where(eq(patients.id, patientId));
    expect(await seen()).toEqual(Array(4).fill([false, false, false]));
  });
});
