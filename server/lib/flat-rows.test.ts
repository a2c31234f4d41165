import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients, prescriptions, sessions, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createScheduledPrescription } from '../test/dose-factories.ts';
import { createPatient, createUser } from '../test/factories.ts';
import { flatRows } from './flat-rows.ts';

/**
 * flatRows gives exactly what Drizzle's own mapping gives, on PGlite and on PostgreSQL, for every
 * kind of field a flat selection holds: columns of each type the schema uses (dates, times,
 * arrays, JSON, booleans, nulls), SQL with and without a decoder, aliased SQL.
 */
describe('flatRows', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const doctor = await createUser(t.app.db, { role: 'doctor', now: t.clock.now() });
    const patient = await createPatient(t.app.db, { careTeam: [doctor] });
    await createPatient(t.app.db, { careTeam: [doctor] });
    await createScheduledPrescription(t.app, doctor, patient.id, {
      doseTimes: ['20:00', '08:00'],
      weekdays: [1, 3, 5],
      endDate: '2026-12-31',
    });
    await createScheduledPrescription(t.app, doctor, patient.id, { medication: 'Aspirin' });
  });
  afterAll(() => t.close());

  it('maps a join of columns of every type and SQL fields as Drizzle does', async () => {
    const query = () =>
      t.app.db
        .select({
          id: prescriptions.id,
          medication: prescriptions.medication,
          date: prescriptions.date,
          endDate: prescriptions.endDate,
          doseTimes: prescriptions.doseTimes,
          weekdays: prescriptions.weekdays,
          createdAt: prescriptions.createdAt,
          deletedAt: prescriptions.deletedAt,
          dob: patients.dob,
          name: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
          count: sql<number>`(select count(*) from patients)`.mapWith(Number),
          aliased: sql<string>`upper(${prescriptions.medication})`.as('aliased'),
        })
        .from(prescriptions)
        .innerJoin(patients, eq(patients.id, prescriptions.patientId))
        .orderBy(asc(prescriptions.id));
    const drizzle = await query();
    const fast = await flatRows(query());
    expect(drizzle.length).toBe(2);
    expect(fast).toEqual(drizzle);
    expect(fast[0]!.createdAt).toBeInstanceOf(Date);
    expect(fast[0]!.weekdays).toEqual([1, 3, 5]);
    expect(typeof fast[0]!.count).toBe('number');
  });

  it('maps JSON, booleans and timestamps of other tables, inside a transaction too', async () => {
    const query = (db: typeof t.app.db) =>
      db
        .select({
          userId: users.id,
          isActive: users.isActive,
          lastSeenAt: sessions.lastSeenAt,
          revokedAt: sessions.revokedAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .orderBy(asc(sessions.id));
    expect(await flatRows(query(t.app.db))).toEqual(await query(t.app.db));

    const audit = (db: typeof t.app.db) =>
      db
        .select({ id: auditLog.id, details: auditLog.details, at: auditLog.at })
        .from(auditLog)
        .orderBy(asc(auditLog.id))
        .limit(20);
    await t.app.db.insert(auditLog).values({
      at: t.clock.now(),
      action: 'export',
      entity: 'patient',
      outcome: 'success',
      details: { rows: 2, format: 'csv' } as never,
    });
    const outside = await audit(t.app.db);
    const inside = await t.app.db.transaction((tx) =>
      flatRows(audit(tx as unknown as typeof t.app.db)),
    );
    expect(inside).toEqual(outside);
    expect(inside.some((row) => row.details !== null)).toBe(true);
  });

  it('takes its own mapping, not Drizzle’s, for a flat selection', async () => {
    const query = t.app.db.select({ id: patients.id }).from(patients);
    const prepared = (
      query as unknown as { _prepare(): { customResultMapper?: unknown } }
    )._prepare();
    // The internals flatRows sets exist in this Drizzle: it does not silently fall back.
    expect('customResultMapper' in prepared).toBe(true);
    expect(await flatRows(query)).toHaveLength(2);
  });

  it('gives a nested selection Drizzle’s mapping', async () => {
    const rows = await flatRows(
      t.app.db
        .select({ patient: { id: patients.id, dob: patients.dob } })
        .from(patients)
        .orderBy(asc(patients.id)),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.patient.id).toEqual(expect.any(Number));
  });
});
