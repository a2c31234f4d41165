import { renderNotificationText } from '../../../shared/format.ts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitTexts } from '../../../shared/messages.ts';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { notifications, visitAlerts, visits } from '../../db/schema/index.ts';
import { startJobs } from '../../jobs/index.ts';
import { runVisitAlerts } from '../../jobs/visits.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  createTestApp,
  openTestDatabase,
  testConfig,
  usingPostgres,
  type TestApp,
} from '../../test/app.ts';
import { setAgencySettings } from '../../test/dose-read-factories.ts';
import {
  createDeletedPatient,
  createPatient,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { insertVisit } from '../../test/visit-factories.ts';
import { sweepVisitAlerts } from './visit-alerts.ts';
import { twoInstances } from '../../test/two-instances.ts';

const at = (iso: string) => new Date(iso);

/** The visit notices a user received, oldest first. */
const noticesOf = (db: Db, user: { id: number }) =>
  db
    .select({
      message: notifications.message,
      at: notifications.at,
      kind: notifications.kind,
      link: notifications.link,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'visit')))
    .orderBy(asc(notifications.id))
    // As a reader in the agency's zone (London) reads them.
    .then((rows) =>
      rows.map(({ at, ...row }) => ({
        ...row,
        message: renderNotificationText(row.message, at, 'Europe/London'),
      })),
    );

const alertRowsOf = (db: Db, ids: number[]) =>
  db
    .select({ visitId: visitAlerts.visitId, kind: visitAlerts.kind })
    .from(visitAlerts)
    .where(inArray(visitAlerts.visitId, ids))
    .orderBy(asc(visitAlerts.visitId), asc(visitAlerts.kind));

const statusOf = async (db: Db, id: number) =>
  (await db.select({ status: visits.status }).from(visits).where(eq(visits.id, id)))[0]!.status;

describe('late and missed visit alerts', () => {
  let t: TestApp;
  let db: Db;
  let office: TestUser;
  let planner: TestUser;
  let admin: TestUser;

  /** A care team: a doctor, a caregiver, an inactive doctor, the patient's own account. */
  const team = async () => {
    const doctor = await createUser(db, {
      role: 'doctor',
      firstName: 'Meredith',
      secondName: 'Grey',
    });
    const caregiver = await createUser(db, {
      role: 'caregiver',
      firstName: 'Cara',
      secondName: 'Giver',
    });
    const otherCaregiver = await createUser(db, { role: 'caregiver' });
    const formerDoctor = await createUser(db, { role: 'doctor', isActive: false });
    const account = await createUser(db, { role: 'patient', privileges: 'viewer' });
    const patientId = (
      await createPatient(db, {
        careTeam: [doctor, caregiver, otherCaregiver, formerDoctor],
        account,
        overrides: { firstName: 'Ada', lastName: 'Lovelace' },
      })
    ).id;
    return { doctor, caregiver, otherCaregiver, formerDoctor, account, patientId };
  };
  const sweep = (iso: string, options?: { batchSize?: number }) => {
    t.clock.set(iso);
    return sweepVisitAlerts(db, t.clock.now(), options);
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    await setAgencySettings(db, { timeZone: 'Europe/London', visitLateAfterMinutes: 15 });
    // The office: an active supervisor (any staff role) is told of every late visit.
    office = await createUser(db, { role: 'caregiver', privileges: 'supervisor' });
    planner = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    // An administrator supervises too (privileges are cumulative).
    admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
  });
  afterAll(() => t.close());

  it('late notifies the care team’s doctors and the supervisors once; missed marks the visit and tells them and the caregiver once', async () => {
    const { doctor, caregiver, otherCaregiver, formerDoctor, account, patientId } = await team();
    const inactiveSupervisor = await createUser(db, {
      role: 'doctor',
      privileges: 'supervisor',
      isActive: false,
    });
    // 10:00 to 11:00 London (UTC in February).
    const id = await insertVisit(db, {
      patientId,
      caregiverId: caregiver.id,
      recordedBy: planner.id,
      plannedStart: at('2026-02-02T10:00:00Z'),
    });

    // 14 minutes after the start: not late yet.
    expect(await sweep('2026-02-02T10:14:00.000Z')).toEqual({ late: 0, missed: 0 });
    expect(await sweep('2026-02-02T10:15:00.000Z')).toEqual({ late: 1, missed: 0 });
    expect(await sweep('2026-02-02T10:30:00.000Z')).toEqual({ late: 0, missed: 0 });

    const late = visitTexts.lateAlert('Cara Giver', 'Ada Lovelace', '10:00 AM GMT');
    const link = '/rota?view=day&date=2026-02-02';
    for (const user of [doctor, office, planner, admin]) {
      expect(await noticesOf(db, user), String(user.id)).toEqual([
        { message: late, kind: 'visit', link, createdAt: at('2026-02-02T10:15:00.000Z') },
      ]);
    }
    for (const user of [caregiver, otherCaregiver, formerDoctor, account, inactiveSupervisor]) {
      expect(await noticesOf(db, user)).toEqual([]);
    }
    expect(await statusOf(db, id)).toBe('planned');

    // At the planned end it becomes missed, once.
    expect(await sweep('2026-02-02T11:00:00.000Z')).toEqual({ late: 0, missed: 1 });
    expect(await sweep('2026-02-02T11:01:00.000Z')).toEqual({ late: 0, missed: 0 });
    expect(await statusOf(db, id)).toBe('missed');
    const missed = visitTexts.missedAlert('Cara Giver', 'Ada Lovelace', '10:00 AM GMT');
    for (const user of [doctor, office, planner]) {
      expect((await noticesOf(db, user)).map((n) => n.message)).toEqual([late, missed]);
    }
    expect(await noticesOf(db, caregiver)).toEqual([
      {
        message: missed,
        kind: 'visit',
        link: '/caregiver-dashboard',
        createdAt: at('2026-02-02T11:00:00.000Z'),
      },
    ]);
    for (const user of [otherCaregiver, formerDoctor, account, inactiveSupervisor]) {
      expect(await noticesOf(db, user)).toEqual([]);
    }
    expect(await alertRowsOf(db, [id])).toEqual([
      { visitId: id, kind: 'late' },
      { visitId: id, kind: 'missed' },
    ]);
  });

  it('an unassigned visit says nobody is assigned', async () => {
    const { doctor, patientId } = await team();
    await insertVisit(db, {
      patientId,
      caregiverId: null,
      recordedBy: planner.id,
      plannedStart: at('2026-02-03T08:00:00Z'),
    });
    await sweep('2026-02-03T08:20:00.000Z');
    await sweep('2026-02-03T09:00:00.000Z');
    expect((await noticesOf(db, doctor)).map((n) => n.message)).toEqual([
      visitTexts.unassignedLateAlert('Ada Lovelace', '08:00 AM GMT'),
      visitTexts.unassignedMissedAlert('Ada Lovelace', '08:00 AM GMT'),
    ]);
  });

  it('checked in, checked out, cancelled, deleted or of a deleted patient: no alert, no status change', async () => {
    const { doctor, caregiver, patientId } = await team();
    const base = { patientId, caregiverId: caregiver.id, recordedBy: planner.id };
    const start = at('2026-02-04T09:00:00Z');
    const ids = [
      await insertVisit(db, {
        ...base,
        plannedStart: start,
        status: 'in-progress',
        checkInAt: at('2026-02-04T09:05:00Z'),
      }),
      await insertVisit(db, {
        ...base,
        plannedStart: start,
        status: 'completed',
        checkInAt: at('2026-02-04T09:05:00Z'),
        checkOutAt: at('2026-02-04T09:50:00Z'),
      }),
      await insertVisit(db, {
        ...base,
        plannedStart: start,
        status: 'cancelled',
        cancelReason: 'Away',
      }),
      await insertVisit(db, {
        ...base,
        plannedStart: start,
        deletedAt: at('2026-02-01T00:00:00Z'),
      }),
    ];
    const gone = await createDeletedPatient(db, { careTeam: [doctor, caregiver] });
    ids.push(await insertVisit(db, { ...base, patientId: gone.id, plannedStart: start }));
    const before = await Promise.all(ids.map((id) => statusOf(db, id)));
    expect(await sweep('2026-02-04T09:30:00.000Z')).toEqual({ late: 0, missed: 0 });
    expect(await sweep('2026-02-04T12:00:00.000Z')).toEqual({ late: 0, missed: 0 });
    expect(await Promise.all(ids.map((id) => statusOf(db, id)))).toEqual(before);
    expect(await noticesOf(db, doctor)).toEqual([]);
    expect(await alertRowsOf(db, ids)).toEqual([]);
  });

  it('the late setting decides when; a visit seen first when already over is missed without a late alert', async () => {
    const { doctor, caregiver, patientId } = await team();
    await setAgencySettings(db, { timeZone: 'Europe/London', visitLateAfterMinutes: 30 });
    try {
      const id = await insertVisit(db, {
        patientId,
        caregiverId: caregiver.id,
        recordedBy: planner.id,
        plannedStart: at('2026-02-05T09:00:00Z'),
      });
      expect(await sweep('2026-02-05T09:29:00.000Z')).toEqual({ late: 0, missed: 0 });
      expect(await sweep('2026-02-05T09:30:00.000Z')).toEqual({ late: 1, missed: 0 });
      const over = await insertVisit(db, {
        patientId,
        caregiverId: caregiver.id,
        recordedBy: planner.id,
        plannedStart: at('2026-02-05T07:00:00Z'),
        plannedEnd: at('2026-02-05T07:30:00Z'),
      });
      expect(await sweep('2026-02-05T09:31:00.000Z')).toEqual({ late: 0, missed: 1 });
      expect(await alertRowsOf(db, [id, over])).toEqual([
        { visitId: id, kind: 'late' },
        { visitId: over, kind: 'missed' },
      ]);
      expect((await noticesOf(db, doctor)).map((n) => n.message)).toEqual([
        visitTexts.lateAlert('Cara Giver', 'Ada Lovelace', '09:00 AM GMT'),
        visitTexts.missedAlert('Cara Giver', 'Ada Lovelace', '07:00 AM GMT'),
      ]);
      // The late one becomes missed at its end.
      expect(await sweep('2026-02-05T10:00:00.000Z')).toEqual({ late: 0, missed: 1 });
    } finally {
      await setAgencySettings(db, { timeZone: 'Europe/London', visitLateAfterMinutes: 15 });
    }
  });

  it('a visit over for more than a day is marked missed without notices; late looks back 24 hours', async () => {
    const { doctor, caregiver, patientId } = await team();
    const old = await insertVisit(db, {
      patientId,
      caregiverId: caregiver.id,
      recordedBy: planner.id,
      plannedStart: at('2026-02-06T09:00:00Z'),
    });
    expect(await sweep('2026-02-08T09:00:00.000Z')).toEqual({ late: 0, missed: 1 });
    expect(await statusOf(db, old)).toBe('missed');
    expect(await noticesOf(db, doctor)).toEqual([]);
    expect(await noticesOf(db, caregiver)).toEqual([]);
  });

  it('works through many visits in batches, each alert once', async () => {
    const { doctor, caregiver, patientId } = await team();
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      ids.push(
        await insertVisit(db, {
          patientId,
          caregiverId: caregiver.id,
          recordedBy: planner.id,
          // Six over (missed), six running (late).
          plannedStart: at(
            `2026-02-10T${String(i < 6 ? 6 : 9).padStart(2, '0')}:${String(i * 4).padStart(2, '0')}:00Z`,
          ),
          plannedEnd: at(`2026-02-10T${i < 6 ? '07' : '11'}:59:00Z`),
        }),
      );
    }
    expect(await sweep('2026-02-10T10:00:00.000Z', { batchSize: 4 })).toEqual({
      late: 6,
      missed: 6,
    });
    expect(await sweep('2026-02-10T10:01:00.000Z', { batchSize: 4 })).toEqual({
      late: 0,
      missed: 0,
    });
    expect(await noticesOf(db, doctor)).toHaveLength(12);
    expect(await noticesOf(db, caregiver)).toHaveLength(6);
    expect(await alertRowsOf(db, ids)).toHaveLength(12);
    // The late ones end at 11:59: missed then, in batches too.
    expect(await sweep('2026-02-10T12:00:00.000Z', { batchSize: 4 })).toEqual({
      late: 0,
      missed: 6,
    });
    expect(await noticesOf(db, caregiver)).toHaveLength(12);
    expect(await alertRowsOf(db, ids)).toHaveLength(18);
  });

  it('coordinators, who plan the visits, are told of late and missed ones at any privilege; inactive ones are not', async () => {
    const { caregiver, patientId } = await team();
    const coordinator = await createUser(db, { role: 'coordinator', privileges: 'viewer' });
    const former = await createUser(db, { role: 'coordinator', isActive: false });
    await insertVisit(db, {
      patientId,
      caregiverId: caregiver.id,
      recordedBy: coordinator.id,
      plannedStart: at('2026-02-12T10:00:00Z'),
    });
    expect(await sweep('2026-02-12T10:15:00.000Z')).toEqual({ late: 1, missed: 0 });
    expect(await sweep('2026-02-12T11:00:00.000Z')).toEqual({ late: 0, missed: 1 });
    expect((await noticesOf(db, coordinator)).map((n) => [n.message, n.link])).toEqual([
      [
        visitTexts.lateAlert('Cara Giver', 'Ada Lovelace', '10:00 AM GMT'),
        '/rota?view=day&date=2026-02-12',
      ],
      [
        visitTexts.missedAlert('Cara Giver', 'Ada Lovelace', '10:00 AM GMT'),
        '/rota?view=day&date=2026-02-12',
      ],
    ]);
    expect(await noticesOf(db, former)).toEqual([]);
  });

  it('two app instances sweeping at once on one database send each alert once', async () => {
    const second = await buildApp({
      config: testConfig,
      database: t.database,
      clock: t.clock,
      clientRoot: '/nonexistent-client',
    });
    try {
      const { doctor, caregiver, patientId } = await team();
      for (let i = 0; i < 10; i += 1) {
        await insertVisit(db, {
          patientId,
          caregiverId: caregiver.id,
          recordedBy: planner.id,
          plannedStart: at(`2026-02-12T0${i < 5 ? 6 : 9}:${String(i * 5).padStart(2, '0')}:00Z`),
          plannedEnd: at(`2026-02-12T${i < 5 ? '07' : '11'}:00:00Z`),
        });
      }
      t.clock.set('2026-02-12T10:30:00.000Z');
      const runs = await Promise.all([t.app, second, t.app, second].map((a) => runVisitAlerts(a)));
      const total = runs.reduce((sum, run) => ({
        late: sum.late + run.late,
        missed: sum.missed + run.missed,
      }));
      expect(total).toEqual({ late: 5, missed: 5 });
      expect(await noticesOf(db, doctor)).toHaveLength(10);
      expect(await noticesOf(db, caregiver)).toHaveLength(5);
    } finally {
      await second.close();
    }
  });

  it('a server started after downtime catches up at start, once', async () => {
    const database = await openTestDatabase();
    const clock = new ManualClock('2026-04-01T07:00:00.000Z');
    const options = { config: testConfig, database, clock, clientRoot: '/nonexistent-client' };
    try {
      await setAgencySettings(database.db, { timeZone: 'Europe/London' });
      const gp = await createUser(database.db, { role: 'doctor' });
      const nurse = await createUser(database.db, {
        role: 'caregiver',
        firstName: 'Cara',
        secondName: 'Giver',
      });
      const patientId = (
        await createPatient(database.db, {
          careTeam: [gp, nurse],
          overrides: { firstName: 'Ada', lastName: 'Lovelace' },
        })
      ).id;
      // 09:00 to 10:00 London summer time: 08:00 to 09:00 UTC.
      const id = await insertVisit(database.db, {
        patientId,
        caregiverId: nurse.id,
        recordedBy: gp.id,
        plannedStart: at('2026-04-01T08:00:00Z'),
      });
      const before = buildApp(options);
      const app = await before;
      const jobs = startJobs(app);
      await jobs.idle();
      await jobs.stop();
      await app.close(); // down from 07:00 to 08:20

      for (const now of ['2026-04-01T08:20:00.000Z', '2026-04-01T08:25:00.000Z']) {
        clock.set(now);
        const after = await buildApp(options);
        const restarted = startJobs(after);
        await restarted.idle(); // the first run happens at start
        await restarted.stop();
        await after.close();
      }
      const late = visitTexts.lateAlert('Cara Giver', 'Ada Lovelace', '09:00 AM GMT+1');
      expect(await noticesOf(database.db, gp)).toEqual([
        {
          message: late,
          kind: 'visit',
          link: '/rota?view=day&date=2026-04-01',
          createdAt: at('2026-04-01T08:20:00.000Z'),
        },
      ]);
      clock.set('2026-04-01T09:30:00.000Z');
      const last = await buildApp(options);
      const jobs2 = startJobs(last);
      await jobs2.idle();
      await jobs2.stop();
      await last.close();
      expect(await statusOf(database.db, id)).toBe('missed');
      expect((await noticesOf(database.db, nurse)).map((n) => n.message)).toEqual([
        visitTexts.missedAlert('Cara Giver', 'Ada Lovelace', '09:00 AM GMT+1'),
      ]);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!usingPostgres())('visit alerts from two app instances on one PostgreSQL', () => {
  // PGlite is one process on one directory: separate pools on one database need PostgreSQL.
  const clock = new ManualClock('2026-01-15T09:00:00.000Z');
  const instances = twoInstances(clock);

  it('each late alert and each missed visit is handled exactly once between them, sweeping at once', async () => {
    const db = instances.databaseA.db;
    await setAgencySettings(db, { timeZone: 'Europe/London' });
    const nurses = await Promise.all(
      Array.from({ length: 4 }, () => createUser(db, { role: 'caregiver' })),
    );
    const gp = await createUser(db, { role: 'doctor' });
    const boss = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const patientId = (await createPatient(db, { careTeam: [nurses[i % 4]!, gp] })).id;
      // 06:00-07:00 missed by 09:00; 08:30-09:30 late.
      ids.push(
        await insertVisit(db, {
          patientId,
          caregiverId: nurses[i % 4]!.id,
          recordedBy: gp.id,
          plannedStart: at('2026-01-15T06:00:00Z'),
        }),
        await insertVisit(db, {
          patientId,
          caregiverId: nurses[i % 4]!.id,
          recordedBy: gp.id,
          plannedStart: at('2026-01-15T08:30:00Z'),
        }),
      );
    }
    const runs = await Promise.all(
      [
        instances.appA,
        instances.appB,
        instances.appA,
        instances.appB,
        instances.appA,
        instances.appB,
      ].map((app) => sweepVisitAlerts(app.db, clock.now(), { batchSize: 3 })),
    );
    const total = runs.reduce((sum, run) => ({
      late: sum.late + run.late,
      missed: sum.missed + run.missed,
    }));
    expect(total).toEqual({ late: 20, missed: 20 });
    expect(runs.filter((run) => run.late + run.missed > 0).length).toBeGreaterThan(1);
    expect(await noticesOf(db, gp)).toHaveLength(40);
    expect(await noticesOf(db, boss)).toHaveLength(40);
    const [caregiverNotices] = await db
      .select({ value: count() })
      .from(notifications)
      .where(
        and(
          inArray(
            notifications.userId,
            nurses.map((n) => n.id),
          ),
          eq(notifications.kind, 'visit'),
        ),
      );
    expect(caregiverNotices?.value).toBe(20); // missed only
    expect(await alertRowsOf(db, ids)).toHaveLength(40);
    expect(await sweepVisitAlerts(instances.databaseB.db, clock.now())).toEqual({
      late: 0,
      missed: 0,
    });
    expect(await sweepVisitAlerts(instances.databaseA.db, clock.now())).toEqual({
      late: 0,
      missed: 0,
    });
  });
});
