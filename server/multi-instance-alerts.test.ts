import { and, asc, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from './db/schema/index.ts';
import { runDoseAlerts } from './jobs/doses.ts';
import { runVisitAlerts } from './jobs/visits.ts';
import { ManualClock } from './lib/clock.ts';
import { usingPostgres } from './test/app.ts';
import { insertFixedPrescription, setAgencySettings } from './test/dose-read-factories.ts';
import { createPatient, createUser } from './test/factories.ts';
import { listenLocally, openEventStream, type SseClient } from './test/sse.ts';
import { insertVisit } from './test/visit-factories.ts';
import { twoInstances } from './test/two-instances.ts';

if (!usingPostgres()) {
  console.log(
    'multi-instance-alerts.test.ts: runs only on PostgreSQL (npm run test:pg with TEST_DATABASE_URL set); skipped.',
  );
}

describe.skipIf(!usingPostgres())('dose and visit alerts from two instances', () => {
  // Sessions are made at 09:00 and last 30 idle minutes: every alert below falls due by 09:10.
  const clock = new ManualClock('2026-01-15T09:10:00.000Z');
  const instances = twoInstances(clock);

  it('both instances run the dose and visit jobs; each alert reaches each recipient once, live on both instances', async () => {
    const db = instances.databaseA.db;
    await setAgencySettings(db, { timeZone: 'Europe/London', visitLateAfterMinutes: 15 });
    const caregiver = await createUser(db, { role: 'caregiver' });
    const doctor = await createUser(db, { role: 'doctor' });
    const patientId = (await createPatient(db, { careTeam: [caregiver, doctor] })).id;
    // London is on UTC in January. At 09:10 the 08:00 dose is late (window 60 min) and the
    // 03:00 one missed (240 min); the 08:50 visit is late (15 min) and the 07:00 one is over.
    await insertFixedPrescription(db, {
      patientId,
      doctorId: doctor.id,
      startDate: '2026-01-15',
      doseTimes: ['03:00', '08:00'],
    });
    const base = { patientId, caregiverId: caregiver.id, recordedBy: doctor.id };
    await insertVisit(db, { ...base, plannedStart: new Date('2026-01-15T08:50:00.000Z') });
    await insertVisit(db, { ...base, plannedStart: new Date('2026-01-15T07:00:00.000Z') });

    // Each recipient is connected to both instances, so whichever instance sends an alert,
    // one of the two streams receives it from the other instance.
    const [urlA, urlB] = [await listenLocally(instances.appA), await listenLocally(instances.appB)];
    const streams: { user: { id: number }; on: string; stream: SseClient }[] = [];
    for (const user of [caregiver, doctor]) {
      for (const [on, url] of [
        ['a', urlA],
        ['b', urlB],
      ] as const) {
        streams.push({
          user,
          on,
          stream: await openEventStream(`${url}/api/notifications/stream`, user.token),
        });
      }
    }
    try {
      const sweepAll = () =>
        Promise.all([
          runDoseAlerts(instances.appA),
          runDoseAlerts(instances.appB),
          runVisitAlerts(instances.appA),
          runVisitAlerts(instances.appB),
        ]);
      const first = await sweepAll();
      // Later runs, on either instance, find nothing left to send.
      const again = [
        ...(await sweepAll()),
        await runDoseAlerts(instances.appB),
        await runVisitAlerts(instances.appA),
      ];
      const sum = (runs: { late: number; missed: number }[]) =>
        runs.reduce((a, b) => ({ late: a.late + b.late, missed: a.missed + b.missed }));
      expect(sum([first[0], first[1]])).toEqual({ late: 1, missed: 1 });
      expect(sum([first[2], first[3]])).toEqual({ late: 1, missed: 1 });
      expect(sum(again)).toEqual({ late: 0, missed: 0 });

      // Stored once per recipient: the caregiver is told of the late dose, the missed dose and
      // the missed visit; the doctor of the missed dose, the late visit and the missed visit.
      const stored = await db
        .select({ id: notifications.id, userId: notifications.userId, kind: notifications.kind })
        .from(notifications)
        .where(
          and(
            inArray(notifications.userId, [caregiver.id, doctor.id]),
            inArray(notifications.kind, ['dose', 'visit']),
          ),
        )
        .orderBy(asc(notifications.id));
      const kindsOf = (user: { id: number }) =>
        stored
          .filter((row) => row.userId === user.id)
          .map((row) => row.kind)
          .sort();
      expect(kindsOf(caregiver)).toEqual(['dose', 'dose', 'visit']);
      expect(kindsOf(doctor)).toEqual(['dose', 'visit', 'visit']);

      // Live: every stream of a recipient gets each of its notifications exactly once.
      for (const { user, stream } of streams) {
        const ids = stored.filter((row) => row.userId === user.id).map((row) => row.id);
        for (const id of ids) {
          await stream.next(
            (e) => e.event === 'notification' && (e.data as { id: number }).id === id,
          );
        }
      }
      // A duplicate would come right after the original: give it time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const { user, on, stream } of streams) {
        const ids = stored.filter((row) => row.userId === user.id).map((row) => row.id);
        const received = stream.events
          .filter((e) => e.event === 'notification')
          .map((e) => (e.data as { id: number }).id)
          .sort((a, b) => a - b);
        expect({ on, received }).toEqual({ on, received: ids });
      }
    } finally {
      for (const { stream } of streams) stream.close();
    }
  });
});
