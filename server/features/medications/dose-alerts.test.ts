import { renderNotificationText } from '../../../shared/format.ts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doseTexts } from '../../../shared/messages.ts';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { doseAlerts, notifications } from '../../db/schema/index.ts';
import { startJobs } from '../../jobs/index.ts';
import { runDoseAlerts } from '../../jobs/doses.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  createTestApp,
  openTestDatabase,
  testConfig,
  usingPostgres,
  type TestApp,
} from '../../test/app.ts';
import {
  insertDose,
  insertFixedPrescription,
  insertPrnPrescription,
  setAgencySettings,
} from '../../test/dose-read-factories.ts';
import {
  createDeletedPatient,
  createPatient,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { sweepDoseAlerts } from './dose-alerts.ts';
import { twoInstances } from '../../test/two-instances.ts';

/** The dose notices a user received, oldest first. */
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
    .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'dose')))
    .orderBy(asc(notifications.id))
    // As a reader in the agency's zone (London) reads them.
    .then((rows) =>
      rows.map(({ at, ...row }) => ({
        ...row,
        message: renderNotificationText(row.message, at, 'Europe/London'),
      })),
    );

const alertRowsOf = (db: Db, prescriptionIds: number[]) =>
  db
    .select({
      prescriptionId: doseAlerts.prescriptionId,
      scheduledAt: doseAlerts.scheduledAt,
      kind: doseAlerts.kind,
    })
    .from(doseAlerts)
    .where(inArray(doseAlerts.prescriptionId, prescriptionIds))
    .orderBy(asc(doseAlerts.scheduledAt), asc(doseAlerts.kind));

describe('late and missed dose alerts', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;

  /** A care team: an active doctor and caregiver, an inactive one of each. */
  const team = async () => ({
    doctor: await createUser(db, { role: 'doctor', firstName: 'Meredith', secondName: 'Grey' }),
    caregiver: await createUser(db, { role: 'caregiver', firstName: 'Cara', secondName: 'Giver' }),
    formerDoctor: await createUser(db, { role: 'doctor', isActive: false }),
    formerCaregiver: await createUser(db, { role: 'caregiver', isActive: false }),
  });
  const sweep = (at: string, options?: { batchSize?: number }) => {
    t.clock.set(at);
    return sweepDoseAlerts(db, t.clock.now(), options);
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    await setAgencySettings(db, { timeZone: 'Europe/London' });
    doctor = await createUser(db, { role: 'doctor' });
  });
  afterAll(() => t.close());

  it('late notifies the active caregivers of the care team once; missed then notifies caregivers and doctors once', async () => {
    const people = await team();
    const outsider = await createUser(db, { role: 'caregiver' });
    const patientId = (await createPatient(db, { careTeam: Object.values(people) })).id;
    const p = await insertFixedPrescription(db, {
      patientId,
      doctorId: people.doctor.id,
      medication: 'Amlodipine',
      startDate: '2026-01-20',
      doseTimes: ['08:00'],
    });

    await sweep('2026-01-20T09:00:00.000Z'); // the window's last minute: still due
    expect(await noticesOf(db, people.caregiver)).toEqual([]);

    const late = await sweep('2026-01-20T09:01:00.000Z');
    expect(late.late).toBeGreaterThanOrEqual(1);
    const lateNotice = {
      message: doseTexts.lateAlert('Amlodipine', 'Ada Lovelace', '08:00 AM GMT'),
      kind: 'dose',
      link: `/patients/${patientId}?tab=medication`,
      createdAt: new Date('2026-01-20T09:01:00.000Z'),
    };
    expect(await noticesOf(db, people.caregiver)).toEqual([lateNotice]);
    for (const user of [people.doctor, people.formerDoctor, people.formerCaregiver, outsider]) {
      expect(await noticesOf(db, user)).toEqual([]);
    }
    await sweep('2026-01-20T10:00:00.000Z');
    expect(await noticesOf(db, people.caregiver)).toHaveLength(1);

    await sweep('2026-01-20T11:59:00.000Z'); // a minute before missed
    expect(await noticesOf(db, people.doctor)).toEqual([]);
    await sweep('2026-01-20T12:00:00.000Z');
    await sweep('2026-01-20T12:30:00.000Z');
    const missedNotice = {
      ...lateNotice,
      message: doseTexts.missedAlert('Amlodipine', 'Ada Lovelace', '08:00 AM GMT'),
      createdAt: new Date('2026-01-20T12:00:00.000Z'),
    };
    expect(await noticesOf(db, people.caregiver)).toEqual([lateNotice, missedNotice]);
    expect(await noticesOf(db, people.doctor)).toEqual([missedNotice]);
    for (const user of [people.formerDoctor, people.formerCaregiver, outsider]) {
      expect(await noticesOf(db, user)).toEqual([]);
    }
    expect(await alertRowsOf(db, [p])).toEqual([
      { prescriptionId: p, scheduledAt: new Date('2026-01-20T08:00:00.000Z'), kind: 'late' },
      { prescriptionId: p, scheduledAt: new Date('2026-01-20T08:00:00.000Z'), kind: 'missed' },
    ]);
  });

  it('sends nothing for a dose with an outcome; a deleted outcome counts for nothing; a dose first seen missed sends only the missed alert', async () => {
    const people = await team();
    const patientId = (await createPatient(db, { careTeam: Object.values(people) })).id;
    const p = await insertFixedPrescription(db, {
      patientId,
      doctorId: people.doctor.id,
      medication: 'Metformin',
      startDate: '2026-02-01',
      doseTimes: ['08:00', '10:00'],
    });
    await insertDose(db, {
      patientId,
      prescriptionId: p,
      recordedBy: people.caregiver.id,
      scheduledAt: '2026-02-01T08:00:00Z',
      outcome: 'refused',
      note: 'Said no',
    });
    await insertDose(db, {
      patientId,
      prescriptionId: p,
      recordedBy: people.caregiver.id,
      scheduledAt: '2026-02-01T10:00:00Z',
      deletedAt: new Date('2026-02-01T10:30:00Z'),
    });

    // The server was down from before 08:00 until 15:00: 10:00 is missed by now.
    await sweep('2026-02-01T15:00:00.000Z');
    const missed = doseTexts.missedAlert('Metformin', 'Ada Lovelace', '10:00 AM GMT');
    expect((await noticesOf(db, people.caregiver)).map((n) => n.message)).toEqual([missed]);
    expect((await noticesOf(db, people.doctor)).map((n) => n.message)).toEqual([missed]);
    // Its late row is there too, so a late alert can never follow.
    expect(await alertRowsOf(db, [p])).toEqual([
      { prescriptionId: p, scheduledAt: new Date('2026-02-01T10:00:00.000Z'), kind: 'late' },
      { prescriptionId: p, scheduledAt: new Date('2026-02-01T10:00:00.000Z'), kind: 'missed' },
    ]);
    await sweep('2026-02-01T15:01:00.000Z');
    expect(await noticesOf(db, people.caregiver)).toHaveLength(1);
  });

  it('sends nothing for deleted prescriptions or patients, ended or future ones, other weekdays, or PRN medicines', async () => {
    const people = await team();
    const patientId = (await createPatient(db, { careTeam: Object.values(people) })).id;
    const gone = (await createDeletedPatient(db, { careTeam: Object.values(people) })).id;
    const common = { patientId, doctorId: people.doctor.id, doseTimes: ['08:00'] };
    const quiet = [
      await insertFixedPrescription(db, {
        ...common,
        deletedAt: new Date('2026-02-20T00:00:00Z'),
      }),
      await insertFixedPrescription(db, { ...common, patientId: gone }),
      await insertFixedPrescription(db, { ...common, endDate: '2026-02-27' }),
      await insertFixedPrescription(db, { ...common, startDate: '2026-03-02' }),
      // 2026-03-01 is a Sunday, 02-28 a Saturday.
      await insertFixedPrescription(db, { ...common, weekdays: [1, 2, 3, 4, 5] }),
      await insertPrnPrescription(db, {
        patientId,
        doctorId: people.doctor.id,
        minIntervalMinutes: 60,
        maxPerDay: 4,
      }),
    ];
    await sweep('2026-03-01T12:00:00.000Z');
    expect(await noticesOf(db, people.caregiver)).toEqual([]);
    expect(await noticesOf(db, people.doctor)).toEqual([]);
    expect(await alertRowsOf(db, quiet)).toEqual([]);
  });

  it('reads prescriptions in batches and alerts each dose once', async () => {
    const nurse = await createUser(db, { role: 'caregiver' });
    const patients = await Promise.all(
      Array.from({ length: 5 }, () => createPatient(db, { careTeam: [nurse, doctor] })),
    );
    const ids: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      ids.push(
        await insertFixedPrescription(db, {
          patientId: patients[i % 5]!.id,
          doctorId: doctor.id,
          medication: `Medicine ${String(i).padStart(2, '0')}`,
          startDate: '2026-03-10',
          doseTimes: ['08:00'],
        }),
      );
    }
    const first = await sweep('2026-03-10T09:30:00.000Z', { batchSize: 4 });
    expect(first.late).toBeGreaterThanOrEqual(25);
    expect(await noticesOf(db, nurse)).toHaveLength(25);
    await sweep('2026-03-10T09:31:00.000Z', { batchSize: 4 });
    await sweep('2026-03-10T09:32:00.000Z', { batchSize: 100 });
    expect(await noticesOf(db, nurse)).toHaveLength(25);
    expect(await alertRowsOf(db, ids)).toHaveLength(25);
    expect(await noticesOf(db, doctor)).toEqual([]);
  });

  it('two app instances sweeping at once on one database alert each dose once', async () => {
    const second = await buildApp({
      config: testConfig,
      database: t.database,
      clock: t.clock,
      clientRoot: '/nonexistent-client',
    });
    try {
      const nurse = await createUser(db, { role: 'caregiver' });
      const patientId = (await createPatient(db, { careTeam: [nurse] })).id;
      for (let i = 0; i < 12; i += 1) {
        await insertFixedPrescription(db, {
          patientId,
          doctorId: doctor.id,
          startDate: '2026-03-20',
          doseTimes: ['06:00', '08:00'],
        });
      }
      t.clock.set('2026-03-20T09:30:00.000Z'); // 06:00 late, 08:00 late
      await Promise.all([t.app, second, t.app, second].map((app) => runDoseAlerts(app)));
      expect(await noticesOf(db, nurse)).toHaveLength(24);
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
      const nurse = await createUser(database.db, { role: 'caregiver' });
      const gp = await createUser(database.db, { role: 'doctor' });
      const patientId = (await createPatient(database.db, { careTeam: [nurse, gp] })).id;
      await insertFixedPrescription(database.db, {
        patientId,
        doctorId: gp.id,
        medication: 'Warfarin',
        startDate: '2026-04-01',
        doseTimes: ['09:00'], // 08:00 UTC: London is on summer time
      });
      const before = await buildApp(options);
      const jobs = startJobs(before);
      await jobs.idle();
      await jobs.stop();
      await before.close(); // down from 07:00 to 14:00

      for (const at of ['2026-04-01T14:00:00.000Z', '2026-04-01T14:05:00.000Z']) {
        clock.set(at);
        const after = await buildApp(options);
        const restarted = startJobs(after);
        await restarted.idle(); // the first run happens at start
        await restarted.stop();
        await after.close();
      }
      const missed = doseTexts.missedAlert('Warfarin', 'Ada Lovelace', '09:00 AM GMT+1');
      expect(await noticesOf(database.db, nurse)).toEqual([
        {
          message: missed,
          kind: 'dose',
          link: `/patients/${patientId}?tab=medication`,
          createdAt: new Date('2026-04-01T14:00:00.000Z'),
        },
      ]);
      expect((await noticesOf(database.db, gp)).map((n) => n.message)).toEqual([missed]);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!usingPostgres())('dose alerts from two app instances on one PostgreSQL', () => {
  // PGlite is one process on one directory: separate pools on one database need PostgreSQL.
  const clock = new ManualClock('2026-01-15T09:00:00.000Z');
  const instances = twoInstances(clock);

  it('each late and missed alert is sent exactly once between them, sweeping at the same time', async () => {
    const db = instances.databaseA.db;
    await setAgencySettings(db, { timeZone: 'Europe/London' });
    const nurses = await Promise.all(
      Array.from({ length: 4 }, () => createUser(db, { role: 'caregiver' })),
    );
    const gp = await createUser(db, { role: 'doctor' });
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const patientId = (await createPatient(db, { careTeam: [nurses[i % 4]!, gp] })).id;
      for (let j = 0; j < 3; j += 1) {
        ids.push(
          await insertFixedPrescription(db, {
            patientId,
            doctorId: gp.id,
            startDate: '2026-01-15',
            doseTimes: ['03:00', '07:00'],
          }),
        );
      }
    }
    // 03:00 missed (first seen so), 07:00 late: 60 of each.
    const runs = await Promise.all(
      [
        instances.appA,
        instances.appB,
        instances.appA,
        instances.appB,
        instances.appA,
        instances.appB,
      ].map((app) => sweepDoseAlerts(app.db, clock.now(), { batchSize: 7 })),
    );
    const total = runs.reduce((sum, run) => ({
      late: sum.late + run.late,
      missed: sum.missed + run.missed,
    }));
    // Exactly once between them, however the six sweeps interleave. (How the work is shared
    // depends on the machine's timing: on a busy one the first sweep can take it all before the
    // others start, so the sharing itself is not asserted.)
    expect(total).toEqual({ late: 60, missed: 60 });

    const [caregiverNotices] = await db
      .select({ value: count() })
      .from(notifications)
      .where(
        and(
          inArray(
            notifications.userId,
            nurses.map((n) => n.id),
          ),
          eq(notifications.kind, 'dose'),
        ),
      );
    expect(caregiverNotices?.value).toBe(120); // each patient's caregiver: 60 late + 60 missed
    expect(await noticesOf(db, gp)).toHaveLength(60); // the doctor: missed only
    expect(await alertRowsOf(db, ids)).toHaveLength(180); // late and missed of 03:00, late of 07:00

    // Later sweeps from either instance find nothing more to send.
    expect(await sweepDoseAlerts(instances.databaseB.db, clock.now())).toEqual({
      late: 0,
      missed: 0,
    });
    expect(await sweepDoseAlerts(instances.databaseA.db, clock.now())).toEqual({
      late: 0,
      missed: 0,
    });
  });
});
