import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { offlineWriteTexts } from '../../../shared/messages.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAY_HEADER,
  offlineWrites,
  RECORDED_AT_HEADER,
  type OfflineWriteKind,
} from '../../../shared/offline.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  doses,
  idempotencyKeys,
  medicalRecords,
  progressReports,
  visits,
  vitalSigns,
} from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { signIn } from '../../test/dose-factories.ts';
import { insertFixedPrescription, setAgencySettings } from '../../test/dose-read-factories.ts';
import {
  validMedicalRecordInput,
  validProgressReportInput,
} from '../../test/clinical-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { insertVisit } from '../../test/visit-factories.ts';
import { validVitalSignInput } from '../../test/vital-sign-factories.ts';

/**
 * Changes sent from a device's offline queue (shared/offline.ts): idempotency keys, the time
 * recorded on the device, and the audit trail's "recorded offline". Zone Europe/London (GMT in
 * January); the server's clock starts at 09:00 UTC on 15 January 2026.
 */
describe('offline writes: idempotency keys, recorded time and audit', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let cara: TestUser;
  let grace: TestUser;
  let patientId: number;
  let keyCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor' });
    cara = await createUser(db, { role: 'caregiver', firstName: 'Cara', secondName: 'Giver' });
    grace = await createUser(db, { role: 'caregiver', firstName: 'Grace', secondName: 'Kel' });
    patientId = (await createPatient(db, { careTeam: [doctor, cara, grace] })).id;
    await setAgencySettings(db, { timeZone: 'Europe/London' });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set('2026-01-15T09:00:00.000Z'));

  const newKey = () => `key-${Date.now()}-${++keyCounter}`;

  interface Target {
    method: 'POST';
    url: string;
    body: unknown;
  }

  /** Sends a change as `user` now, with the queue's headers when given. */
  const send = async (
    user: TestUser,
    target: Target,
    headers: { key?: string; recordedAt?: string; token?: string } = {},
  ) => {
    const token = headers.token ?? (await signIn(db, user, t.clock.now())).token;
    return call(t.app, target.method, target.url, {
      token,
      body: target.body,
      headers: {
        ...(headers.key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: headers.key }),
        ...(headers.recordedAt === undefined ? {} : { [RECORDED_AT_HEADER]: headers.recordedAt }),
      },
    });
  };

  /** A visit of `user` today 09:00-10:00 UTC, planned, or in progress since 09:02. */
  const visitOf = (user: TestUser, status: 'planned' | 'in-progress' = 'planned') =>
    insertVisit(db, {
      patientId,
      caregiverId: user.id,
      plannedStart: new Date('2026-01-15T09:00:00.000Z'),
      recordedBy: doctor.id,
      status,
      checkInAt: status === 'in-progress' ? new Date('2026-01-15T09:02:00.000Z') : null,
    });

  /** A fixed 08:00 prescription of its own, so each dose recorded here is the only one. */
  const prescriptionOf = () =>
    insertFixedPrescription(db, { patientId, doctorId: doctor.id, doseTimes: ['08:00'] });

  const refused = { status: 'refused' };

  /**
   * Each of the five offline routes: a fresh target for a user, how many records of its kind
   * exist, and the audit entity of its change.
   */
  const routes: Record<
    OfflineWriteKind,
    { make(user: TestUser): Promise<Target>; count(): Promise<number>; entity: string }
  > = {
    dose: {
      async make() {
        const prescriptionId = await prescriptionOf();
        return {
          method: 'POST',
          url: '/api/doses',
          body: {
            patientId,
            prescriptionId,
            scheduledAt: '2026-01-15T08:00:00.000Z',
            outcome: 'given',
          },
        };
      },
      count: () => db.$count(doses),
      entity: 'dose',
    },
    checkIn: {
      async make(user) {
        const id = await visitOf(user);
        return {
          method: 'POST',
          url: `/api/visits/check-in/${id}`,
          body: { location: refused },
        };
      },
      count: () => db.$count(visits, eq(visits.status, 'in-progress')),
      entity: 'visit',
    },
    checkOut: {
      async make(user) {
        const id = await visitOf(user, 'in-progress');
        return {
          method: 'POST',
          url: `/api/visits/check-out/${id}`,
          body: { location: refused, tasks: [], note: 'All well', createReport: true },
        };
      },
      count: () => db.$count(visits, eq(visits.status, 'completed')),
      entity: 'visit',
    },
    progressReport: {
      async make(user) {
        return {
          method: 'POST',
          url: '/api/progress-reports',
          body: validProgressReportInput(patientId, user.id),
        };
      },
      count: () => db.$count(progressReports),
      entity: 'progress-report',
    },
    vitalSign: {
      async make() {
        return { method: 'POST', url: '/api/vital-signs', body: validVitalSignInput(patientId) };
      },
      count: () => db.$count(vitalSigns),
      entity: 'vital-sign',
    },
  };
  const kinds = Object.keys(routes) as OfflineWriteKind[];

  /** Audit rows of changes (create, update) of an entity. */
  const changeRows = (entity: string) =>
    db.$count(
      auditLog,
      and(eq(auditLog.entity, entity), inArray(auditLog.action, ['create', 'update'])),
    );
  const keysOf = (user: TestUser) =>
    db.$count(idempotencyKeys, eq(idempotencyKeys.userId, user.id));

  it('marks exactly the routes of shared/offline.ts', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const withHeaders = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) =>
          ((operation as { parameters?: { in: string; name: string }[] }).parameters ?? []).some(
            (p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
          ),
        )
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(withHeaders.sort()).toEqual(Object.values(offlineWrites).sort());
  });

  for (const kind of kinds) {
    describe(`${offlineWrites[kind]}`, () => {
      it('applies a key once: the repeat answers the first answer with Idempotent-Replay', async () => {
        const route = routes[kind];
        const target = await route.make(cara);
        const key = newKey();
        const before = { records: await route.count(), audit: await changeRows(route.entity) };
        const first = await send(cara, target, { key });
        expect(first.status, JSON.stringify(first.json)).toBeGreaterThanOrEqual(200);
        expect(first.status).toBeLessThan(300);
        expect(first.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
        t.clock.advance(60_000);
        const again = await send(cara, target, { key });
        expect(again.status).toBe(first.status);
        expect(again.json).toEqual(first.json);
        expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
        expect(await route.count()).toBe(before.records + 1);
        expect(await changeRows(route.entity)).toBe(before.audit + 1);
        const [stored] = await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, cara.id), eq(idempotencyKeys.key, key)));
        expect(stored).toMatchObject({
          statusCode: first.status,
          route: `POST ${target.url}`,
        });
      });

      it('keeps keys per account: two users with the same key make two records', async () => {
        const route = routes[kind];
        const key = newKey();
        const before = await route.count();
        const a = await send(cara, await route.make(cara), { key });
        const b = await send(grace, await route.make(grace), { key });
        expect([a.status, b.status].every((s) => s >= 200 && s < 300)).toBe(true);
        expect(b.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
        expect(await route.count()).toBe(before + 2);
      });

      it('refuses a key used for another change (another route or record): nothing changed', async () => {
        const route = routes[kind];
        const key = newKey();
        const other = kinds[(kinds.indexOf(kind) + 1) % kinds.length]!;
        const done = await send(cara, await routes[other].make(cara), { key });
        expect(done.status).toBeLessThan(300);
        const before = { records: await route.count(), audit: await db.$count(auditLog) };
        const res = await send(cara, await route.make(cara), { key });
        expect(res.status).toBe(422);
        expect(res.json).toEqual({ message: offlineWriteTexts.keyOnOtherRoute });
        expect(await route.count()).toBe(before.records);
        expect(await db.$count(auditLog)).toBe(before.audit);
      });

      it('records once when the same key is sent twice at once', async () => {
        const route = routes[kind];
        const target = await route.make(cara);
        const key = newKey();
        const before = { records: await route.count(), audit: await changeRows(route.entity) };
        // Signed in first, so the two requests run side by side from their first step.
        const { token } = await signIn(db, cara, t.clock.now());
        const [a, b] = await Promise.all([
          send(cara, target, { key, token }),
          send(cara, target, { key, token }),
        ]);
        expect(await route.count()).toBe(before.records + 1);
        expect(await changeRows(route.entity)).toBe(before.audit + 1);
        expect(a!.status, JSON.stringify(a!.json)).toBeLessThan(300);
        expect(b!.status, JSON.stringify(b!.json)).toBe(a!.status);
        expect(b!.json).toEqual(a!.json);
        const replays = [a!, b!].filter(
          (r) => r.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()] === 'true',
        );
        expect(replays).toHaveLength(1);
      });
    });
  }

  it('refuses the same key on the same route for another record', async () => {
    const key = newKey();
    const first = await send(cara, await routes.checkIn.make(cara), { key });
    expect(first.status).toBe(200);
    const otherVisit = await routes.checkIn.make(cara);
    const res = await send(cara, otherVisit, { key });
    expect(res.status).toBe(422);
    expect(await keysOf(cara)).toBeGreaterThan(0);
  });

  it('accepts a check-in made on time offline and sent after the visit ended, at its time', async () => {
    const target = await routes.checkIn.make(cara);
    t.clock.set('2026-01-15T11:30:00.000Z');
    // Sent now without the device's time, the visit is closed.
    const late = await send(cara, target);
    expect(late.status).toBe(409);
    const res = await send(cara, target, {
      key: newKey(),
      recordedAt: '2026-01-15T09:05:00.000Z',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      status: 'in-progress',
      checkInAt: '2026-01-15T09:05:00.000Z',
    });
  });

  it('accepts a check-in recorded in time on a visit the sweep marked missed meanwhile', async () => {
    const id = await insertVisit(db, {
      patientId,
      caregiverId: cara.id,
      plannedStart: new Date('2026-01-15T09:00:00.000Z'),
      recordedBy: doctor.id,
      status: 'missed',
    });
    const target: Target = {
      method: 'POST',
      url: `/api/visits/check-in/${id}`,
      body: { location: refused },
    };
    t.clock.set('2026-01-15T11:30:00.000Z');
    // Online, a missed visit stays closed; so does a recorded time after its end.
    expect((await send(cara, target)).status).toBe(409);
    expect((await send(cara, target, { recordedAt: '2026-01-15T10:05:00.000Z' })).status).toBe(409);
    const res = await send(cara, target, { recordedAt: '2026-01-15T09:10:00.000Z' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      status: 'in-progress',
      checkInAt: '2026-01-15T09:10:00.000Z',
    });
  });

  it('dates a check-out and its progress report by the recorded time; the audit says offline', async () => {
    const target = await routes.checkOut.make(cara);
    const visitId = Number(target.url.split('/').pop());
    t.clock.set('2026-01-15T12:00:00.000Z');
    const recordedAt = '2026-01-15T10:01:00.000Z';
    const res = await send(cara, target, { key: newKey(), recordedAt });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ status: 'completed', checkOutAt: recordedAt });
    const [visit] = await db.select().from(visits).where(eq(visits.id, visitId));
    const [report] = await db
      .select()
      .from(progressReports)
      .where(eq(progressReports.id, visit!.progressReportId!));
    expect(report!.date.toISOString()).toBe(recordedAt);
    const rows = await db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.requestId} = (select request_id from audit_log where entity = 'visit' and entity_id = ${String(visitId)} and action = 'update' order by id desc limit 1)`,
      );
    expect(rows.map((row) => row.entity).sort()).toEqual(['progress-report', 'visit']);
    for (const row of rows) {
      expect(row.details).toEqual({ recordedOffline: true, recordedAt });
      // The audit row's own time is the upload's.
      expect(row.at.toISOString()).toBe('2026-01-15T12:00:00.000Z');
    }
  });

  it('gives a dose given offline the recorded time, and its audit rows say so', async () => {
    const target = await routes.dose.make(cara);
    t.clock.set('2026-01-15T11:30:00.000Z');
    const recordedAt = '2026-01-15T08:10:00.000Z';
    const res = await send(cara, target, { key: newKey(), recordedAt });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ givenAt: recordedAt, outcome: 'given' });
    const rows = await db
      .select()
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.entity, ['dose', 'medication']),
          eq(
            auditLog.requestId,
            sql`(select request_id from audit_log where entity = 'dose' and entity_id = ${String(res.json.id)} limit 1)`,
          ),
        ),
      );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.details).toEqual({ recordedOffline: true, recordedAt });
  });

  it('takes a recorded time a little ahead of the server (clock skew) as the server’s now', async () => {
    const target = await routes.checkIn.make(cara);
    const res = await send(cara, target, { recordedAt: '2026-01-15T09:03:00.000Z' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.checkInAt).toBe('2026-01-15T09:00:00.000Z');
  });

  const refusals: [string, { key?: string; recordedAt?: string }, string][] = [
    [
      'a recorded time beyond the clock skew',
      { recordedAt: '2026-01-15T09:06:00.000Z' },
      offlineWriteTexts.recordedAtInFuture,
    ],
    [
      'a recorded time older than 7 days',
      { recordedAt: '2026-01-08T08:59:00.000Z' },
      offlineWriteTexts.recordedAtTooOld,
    ],
    [
      'a recorded time that is not one',
      { recordedAt: 'yesterday at nine' },
      offlineWriteTexts.recordedAtInvalid,
    ],
    [
      'a recorded time without its zone',
      { recordedAt: '2026-01-15T08:30:00' },
      offlineWriteTexts.recordedAtInvalid,
    ],
    ['a key with spaces', { key: 'not a key' }, offlineWriteTexts.keyInvalid],
    ['a key over 100 characters', { key: 'k'.repeat(101) }, offlineWriteTexts.keyInvalid],
    ['an empty key', { key: '' }, offlineWriteTexts.keyInvalid],
  ];
  for (const [what, headers, message] of refusals) {
    it(`refuses ${what} with 400 and changes nothing`, async () => {
      const target = await routes.dose.make(cara);
      const before = {
        doses: await db.$count(doses),
        audit: await db.$count(auditLog),
        keys: await db.$count(idempotencyKeys),
      };
      const res = await send(cara, target, { key: newKey(), ...headers });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
      expect({
        doses: await db.$count(doses),
        audit: await db.$count(auditLog),
        keys: await db.$count(idempotencyKeys),
      }).toEqual(before);
    });
  }

  it('stores no key for a refused change: a retry gets the refusal again, not a replay', async () => {
    const target = await routes.dose.make(cara);
    const byGrace = await send(grace, target);
    expect(byGrace.status).toBe(201);
    const key = newKey();
    const keysBefore = await keysOf(cara);
    const res = await send(cara, target, { key, recordedAt: '2026-01-15T08:20:00.000Z' });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('already-recorded');
    expect(await keysOf(cara)).toBe(keysBefore);
    const retry = await send(cara, target, { key, recordedAt: '2026-01-15T08:20:00.000Z' });
    expect(retry.status).toBe(409);
    expect(retry.json).toEqual(res.json);
    expect(retry.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('answers "already recorded" for a key whose change committed but whose answer was lost', async () => {
    const target = await routes.vitalSign.make(cara);
    const key = newKey();
    await db.insert(idempotencyKeys).values({
      userId: cara.id,
      key,
      route: `POST ${target.url}`,
      createdAt: t.clock.now(),
    });
    const before = await routes.vitalSign.count();
    const res = await send(cara, target, { key });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: offlineWriteTexts.alreadyRecorded });
    expect(res.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(await routes.vitalSign.count()).toBe(before);
  });

  it('ignores the headers on routes that are not marked', async () => {
    const before = await db.$count(idempotencyKeys);
    const res = await send(
      doctor,
      {
        method: 'POST',
        url: '/api/medical-records',
        body: validMedicalRecordInput(patientId, doctor.id),
      },
      { key: 'not a key', recordedAt: 'garbage' },
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const [row] = await db.select().from(medicalRecords).where(eq(medicalRecords.id, res.json.id));
    expect(row).toBeTruthy();
    expect(await db.$count(idempotencyKeys)).toBe(before);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'medical-record'), eq(auditLog.entityId, String(res.json.id))),
      );
    expect(audit!.details).toBeNull();
  });

  it('answers the older path of check-in (/visits/{id}/check-in) with the same key rules', async () => {
    const id = await visitOf(cara);
    const key = newKey();
    const target: Target = {
      method: 'POST',
      url: `/api/visits/${id}/check-in`,
      body: { location: refused },
    };
    const first = await send(cara, target, { key });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const again = await send(cara, target, { key });
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(again.json).toEqual(first.json);
  });
});
