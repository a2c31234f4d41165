import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, medicalRecords } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { auditRowsAfter, csvGrid, csvTable, lastAuditId } from '../../test/csv.ts';
import { createScheduledPrescription } from '../../test/dose-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

/**
 * The CSV sibling of each list: the list's own query, permission and scope, every matching row
 * (in batches past a page), formulas neutralised, times in the reader's zone, one 'export' audit
 * row per download beside the list's own 'list' row; bad queries answer the list's 400.
 */
describe('CSV exports of lists', () => {
  let t: TestApp;
  let db: Db;
  let house: TestUser;
  let cuddy: TestUser;
  let admin: TestUser;
  let adaAccount: TestUser;
  const ids: Record<string, number> = {};
  const NOW = '2026-04-10T12:00:00.000Z';

  async function record(patient: string, doctor: TestUser, at: string, diagnosis: string) {
    await db.insert(medicalRecords).values({
      patientId: ids[patient]!,
      doctorId: doctor.id,
      dateOfVisit: new Date(at),
      location: 'Home',
      diagnosis,
      treatmentPlan: 'Rest',
      notes: 'line one\nline two, with "quotes"',
      createdBy: doctor.id,
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(NOW);
    db = t.database.db;
    const now = new Date(NOW);
    house = await createUser(db, {
      role: 'doctor',
      firstName: 'Gregory',
      secondName: 'House',
      now,
    });
    cuddy = await createUser(db, { role: 'doctor', firstName: 'Lisa', secondName: 'Cuddy', now });
    admin = await createUser(db, { role: 'caregiver', privileges: 'admin', now });
    adaAccount = await createUser(db, { role: 'patient', now });
    const people: [string, string, TestUser, TestUser?][] = [
      ['Ada', 'Lovelace', house, adaAccount],
      ['Alan', 'Turing', house],
      ['Grace', 'Hopper', cuddy],
    ];
    for (const [first, last, doctor, account] of people) {
      ids[first] = (
        await createPatient(db, {
          careTeam: [doctor],
          account,
          overrides: { firstName: first, lastName: last },
        })
      ).id;
    }
    await record('Ada', house, '2026-03-01T10:00:00Z', '=HYPERLINK("http://evil.example","x")');
    await record('Grace', cuddy, '2026-03-02T10:00:00Z', 'Not House’s');
    // More than two batches of one patient's records, written at once.
    await db.insert(medicalRecords).values(
      Array.from({ length: 1100 }, (_, i) => ({
        patientId: ids.Alan!,
        doctorId: house.id,
        dateOfVisit: new Date(Date.UTC(2026, 0, 1, 0, i)),
        location: 'Clinic',
        diagnosis: `Bulk ${i}`,
        treatmentPlan: '',
        notes: '',
        createdBy: house.id,
      })),
    );
  });
  afterAll(() => t.close());

  const download = (url: string, user: TestUser, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { token: user.token, headers });

  it('patients: the caller’s scope, the search and the order, with a dated file name', async () => {
    const mark = await lastAuditId(db);
    const res = await download('/api/patients.csv?sort=-name', house);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="patients-2026-04-10.csv"',
    );
    const rows = csvTable(res.response.body);
    expect(rows.map((r) => r['Last name'])).toEqual(['Turing', 'Lovelace']);
    expect(Object.keys(rows[0]!)).toContain('Date of birth');
    expect(await auditRowsAfter(db, mark, { withPatientId: true })).toEqual([
      {
        action: 'list',
        entity: 'patient',
        entityId: null,
        patientId: null,
        userId: house.id,
        details: null,
      },
      {
        action: 'export',
        entity: 'patient',
        entityId: null,
        details: { rows: 2 },
        patientId: null,
        userId: house.id,
      },
    ]);

    const searched = csvTable((await download('/api/patients.csv?q=ada', house)).response.body);
    expect(searched.map((r) => r['First name'])).toEqual(['Ada']);
    const everyone = csvTable((await download('/api/patients.csv', admin)).response.body);
    expect(everyone.map((r) => r['First name']).sort()).toEqual(['Ada', 'Alan', 'Grace']);
  });

  it('patients: a bad query is the list’s own 400 and writes no export row', async () => {
    const mark = await lastAuditId(db);
    const res = await download('/api/patients.csv?sort=age', house);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(
      'The sort must be one of: name, -name, dateOfBirth, -dateOfBirth.',
    );
    expect(await auditRowsAfter(db, mark, { withPatientId: true })).toEqual([]);
  });

  it('a clinical type: every row past one batch, once each, in scope, neutralised, in the reader’s zone', async () => {
    const mark = await lastAuditId(db);
    const res = await download('/api/medical-records.csv', house, {
      'X-Time-Zone': 'Europe/Paris',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="medical-records-2026-04-10.csv"',
    );
    const rows = csvTable(res.response.body);
    expect(rows).toHaveLength(1101);
    expect(new Set(rows.map((r) => r.Id)).size).toBe(1101);
    expect(rows.some((r) => r.Diagnosis === 'Not House’s')).toBe(false);
    // Newest first, as the list; 10:00 UTC is 11:00 in Paris in March.
    const ada = rows[0]!;
    expect(ada['Patient name']).toBe('Ada Lovelace');
    expect(ada['Date of visit']).toBe('2026-03-01 11:00');
    expect(ada.Diagnosis).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(ada.Notes).toBe('line one\nline two, with "quotes"');
    expect(ada['Doctor id']).toBe(String(house.id));
    expect(ada['Doctor name']).toBe('Gregory House');
    // Three batches read, one 'list' row as the screen's read writes, one 'export' row.
    expect(await auditRowsAfter(db, mark, { withPatientId: true })).toEqual([
      {
        action: 'list',
        entity: 'medical-record',
        entityId: null,
        patientId: null,
        userId: house.id,
        details: null,
      },
      {
        action: 'export',
        entity: 'medical-record',
        entityId: null,
        details: { rows: 1101 },
        patientId: null,
        userId: house.id,
      },
    ]);
  });

  it('a clinical type: the list’s filters and sort; another doctor’s patient stays out', async () => {
    const filtered = csvTable(
      (
        await download(
          `/api/medical-records.csv?patientId=${ids.Alan}&from=2026-01-01&to=2026-01-01&sort=date&q=bulk 1`,
          house,
          { 'X-Time-Zone': 'UTC' },
        )
      ).response.body,
    );
    // "bulk 1" matches Bulk 1, 10..19, 100..199, 1000..1099; all on 1 January UTC up to 23:59.
    const expected = Array.from({ length: 1100 }, (_, i) => i)
      .filter((i) => String(i).startsWith('1') && i < 1440)
      .map((i) => `Bulk ${i}`);
    expect(filtered.map((r) => r.Diagnosis)).toEqual(expected);
    const outside = await download(`/api/medical-records.csv?patientId=${ids.Grace}`, house);
    expect(outside.status).toBe(200);
    expect(csvTable(outside.response.body)).toEqual([]);
    const bad = await download('/api/medical-records.csv?from=2026-02-30', house);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(
      "The 'from' date must be a day written YYYY-MM-DD, such as 2026-11-23.",
    );
  });

  it('a patient reading their own records gets no staff ids, the names stay', async () => {
    const res = await download('/api/medical-records.csv', adaAccount);
    expect(res.status).toBe(200);
    const rows = csvTable(res.response.body);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!)).not.toContain('Doctor id');
    expect(Object.keys(rows[0]!)).not.toContain('Recorded by');
    expect(rows[0]!['Doctor name']).toBe('Gregory House');
  });

  it('the audit log: admins only, with its filters; a bad action is its 400', async () => {
    expect((await download('/api/audit.csv', house)).status).toBe(403);
    const res = await download(`/api/audit.csv?action=export&userId=${house.id}&sort=at`, admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="audit-log-2026-04-10.csv"',
    );
    const rows = csvTable(res.response.body);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.Action))).toEqual(new Set(['export']));
    expect(new Set(rows.map((r) => r['User id']))).toEqual(new Set([String(house.id)]));
    const ids = rows.map((r) => Number(r.Id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // Each export's row count is in its details, in words.
    expect(rows.every((r) => /^rows: \d+/.test(r.Details ?? ''))).toBe(true);
    const bad = await download('/api/audit.csv?action=steal', admin);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^The action must be one of: read, list/);
    const [exportRow] = await db
      .select({ entityId: auditLog.entityId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entity, 'audit-log')));
    expect(exportRow).toEqual({ entityId: null, details: { rows: rows.length } });
  });

  it('the MAR: a line per medication and time, a column per day; out of scope 404; bad month 400', async () => {
    await createScheduledPrescription(t.app, house, ids.Ada!, { medication: '+Metformin' });
    const url = `/api/patients/${ids.Ada}/mar.csv?month=2026-03`;
    const mark = await lastAuditId(db);
    const res = await download(url, house);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="mar-patient-${ids.Ada}-2026-03.csv"`,
    );
    const body = res.response.body;
    const grid = csvGrid(body);
    expect(grid[0]!.slice(0, 6)).toEqual([
      'Medication',
      'Dosage',
      'Route',
      'Instructions',
      'Time',
      '2026-03-01',
    ]);
    expect(grid[0]).toHaveLength(5 + 31);
    expect(grid.slice(1).map((r) => [r[0], r[4]])).toEqual([
      ["'+Metformin", '08:00'],
      ["'+Metformin", '20:00'],
    ]);
    // Every dose of March is past its window by April: missed.
    expect(new Set(grid[1]!.slice(5))).toEqual(new Set(['M']));
    expect(await auditRowsAfter(db, mark, { withPatientId: true })).toEqual([
      {
        action: 'list',
        entity: 'dose',
        entityId: null,
        patientId: ids.Ada,
        userId: house.id,
        details: null,
      },
      {
        action: 'export',
        entity: 'mar',
        entityId: null,
        details: { rows: 2, month: '2026-03' },
        patientId: ids.Ada,
        userId: house.id,
      },
    ]);
    const outside = await download(url, cuddy);
    expect(outside.status).toBe(404);
    const bad = await download(`/api/patients/${ids.Ada}/mar.csv?month=2026-13`, house);
    expect(bad.status).toBe(400);
    expect(bad.json.message).not.toMatch(/Invalid|expected/);
  });
});
