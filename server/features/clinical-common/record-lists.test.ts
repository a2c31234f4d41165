import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, medicalRecords, prescriptions } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { and, desc, eq } from 'drizzle-orm';

/**
 * The clinical record lists sort by whitelisted columns and filter by patient, clinician and a
 * range of days, inside the caller's scope; pages stay stable and bad values change nothing.
 */
describe('clinical record lists: orders and filters', () => {
  let t: TestApp;
  let db: Db;
  let house: TestUser;
  let wilson: TestUser;
  let outsider: TestUser;
  let supervisor: TestUser;
  const patientIds: Record<string, number> = {};

  /** A medical record at a time, written straight to the table (the subject is the list). */
  async function record(patient: string, doctor: TestUser, at: string, diagnosis: string) {
    const [row] = await db
      .insert(medicalRecords)
      .values({
        patientId: patientIds[patient]!,
        doctorId: doctor.id,
        dateOfVisit: new Date(at),
        location: 'Home',
        diagnosis,
        treatmentPlan: 'Rest',
        notes: '',
        createdBy: doctor.id,
      })
      .returning({ id: medicalRecords.id });
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    house = await createUser(db, { role: 'doctor', firstName: 'Gregory', secondName: 'House' });
    wilson = await createUser(db, { role: 'doctor', firstName: 'James', secondName: 'Wilson' });
    outsider = await createUser(db, { role: 'doctor', firstName: 'Lisa', secondName: 'Cuddy' });
    supervisor = await createUser(db, { role: 'caregiver', privileges: 'admin' });
    for (const [first, last] of [
      ['Ada', 'Lovelace'],
      ['Alan', 'Turing'],
      ['Grace', 'Hopper'],
    ] as const) {
      patientIds[last] = (
        await createPatient(db, {
          careTeam: [house, wilson],
          overrides: { firstName: first, lastName: last },
        })
      ).id;
    }
    await record('Lovelace', house, '2026-03-01T10:00:00Z', 'LA');
    await record('Turing', wilson, '2026-03-02T10:00:00Z', 'TW');
    await record('Hopper', house, '2026-03-03T10:00:00Z', 'HH');
    await record('Lovelace', wilson, '2026-03-04T10:00:00Z', 'LW');
    await record('Turing', house, '2026-03-05T10:00:00Z', 'TH');
    // Five records at one instant: the order among them is by id.
    for (const diagnosis of ['S1', 'S2', 'S3', 'S4', 'S5']) {
      await record('Hopper', wilson, '2026-03-06T04:30:00Z', diagnosis);
    }
  });
  afterAll(() => t.close());

  const list = async (query: string, token = supervisor.token, headers = {}) => {
    const res = await call(t.app, 'GET', `/api/medical-records?limit=100&${query}`, {
      token,
      headers,
    });
    return res;
  };
  const diagnoses = async (query: string, token = supervisor.token, headers = {}) => {
    const res = await list(query, token, headers);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return (res.json as { diagnosis: string }[]).map((r) => r.diagnosis);
  };

  it('sorts by date both ways, ties by id in the same direction', async () => {
    expect(await diagnoses('sort=date')).toEqual([
      'LA',
      'TW',
      'HH',
      'LW',
      'TH',
      'S1',
      'S2',
      'S3',
      'S4',
      'S5',
    ]);
    expect(await diagnoses('sort=-date')).toEqual([
      'S5',
      'S4',
      'S3',
      'S2',
      'S1',
      'TH',
      'LW',
      'HH',
      'TW',
      'LA',
    ]);
    // No order asked: newest first, as the lists always were.
    expect(await diagnoses('')).toEqual(await diagnoses('sort=-date'));
  });

  it("sorts by the patient's last name, each patient's records newest first", async () => {
    expect(await diagnoses('sort=patient')).toEqual([
      'S5',
      'S4',
      'S3',
      'S2',
      'S1',
      'HH',
      'LW',
      'LA',
      'TH',
      'TW',
    ]);
    const descending = await diagnoses('sort=-patient');
    expect(descending.slice(0, 4)).toEqual(['TH', 'TW', 'LW', 'LA']);
  });

  it("sorts by the doctor's name", async () => {
    const byDoctor = await diagnoses('sort=doctor');
    expect(byDoctor.slice(0, 4)).toEqual(['TH', 'HH', 'LA', 'S5']);
    const reversed = await diagnoses('sort=-doctor');
    expect(reversed[0]).toBe('S5');
    expect(reversed.at(-1)).toBe('LA');
  });

  it('pages of every order neither repeat nor skip a record', async () => {
    for (const sort of ['date', '-date', 'patient', '-patient', 'doctor', '-doctor']) {
      const whole = await diagnoses(`sort=${sort}`);
      const paged: string[] = [];
      for (let offset = 0; offset < whole.length; offset += 3) {
        const res = await call(
          t.app,
          'GET',
          `/api/medical-records?sort=${sort}&limit=3&offset=${offset}`,
          { token: supervisor.token },
        );
        expect(res.status).toBe(200);
        expect(res.headers['x-total-count']).toBe(String(whole.length));
        paged.push(...(res.json as { diagnosis: string }[]).map((r) => r.diagnosis));
      }
      expect(paged, sort).toEqual(whole);
    }
  });

  it('filters by patient, by doctor and by both, with the total of what matches', async () => {
    expect(await diagnoses(`patientId=${patientIds.Lovelace}`)).toEqual(['LW', 'LA']);
    expect(await diagnoses(`doctorId=${house.id}&sort=date`)).toEqual(['LA', 'HH', 'TH']);
    const both = await list(`patientId=${patientIds.Turing}&doctorId=${wilson.id}`);
    expect(both.json.map((r: { diagnosis: string }) => r.diagnosis)).toEqual(['TW']);
    expect(both.headers['x-total-count']).toBe('1');
    // A patient filter is written in the list's audit row.
    const [row] = await db
      .select({ patientId: auditLog.patientId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'medical-record'), eq(auditLog.action, 'list')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.patientId).toBe(patientIds.Turing);
  });

  it("a range of days is read in the reader's time zone, both days included", async () => {
    expect(await diagnoses('from=2026-03-02&to=2026-03-04&sort=date')).toEqual(['TW', 'HH', 'LW']);
    // 04:30 UTC on the 6th is still the 5th in New York.
    const newYork = { 'x-time-zone': 'America/New_York' };
    expect(await diagnoses('from=2026-03-05&to=2026-03-05&sort=date', undefined, newYork)).toEqual([
      'TH',
      'S1',
      'S2',
      'S3',
      'S4',
      'S5',
    ]);
    expect(await diagnoses('from=2026-03-06&sort=date', undefined, newYork)).toEqual([]);
    expect(await diagnoses('to=2026-03-01')).toEqual(['LA']);
  });

  it('a filter never widens the scope: another care team stays out of reach', async () => {
    expect(await diagnoses(`patientId=${patientIds.Lovelace}`, outsider.token)).toEqual([]);
    expect(await diagnoses(`doctorId=${house.id}`, outsider.token)).toEqual([]);
  });

  it('a calendar-day date (a prescription’s) is filtered by its days', async () => {
    await db.insert(prescriptions).values({
      patientId: patientIds.Hopper!,
      doctorId: house.id,
      medication: 'Aspirin',
      dosage: '75 mg',
      details: 'Daily',
      date: '2026-04-10',
      recordedBy: house.id,
    });
    const res = await call(
      t.app,
      'GET',
      '/api/prescriptions?from=2026-04-10&to=2026-04-10&sort=-patient',
      { token: supervisor.token },
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.map((p: { medication: string }) => p.medication)).toEqual(['Aspirin']);
  });

  it.each([
    ['sort=name', 'The sort must be one of: date, -date, patient, -patient, doctor, -doctor.'],
    ['sort=caregiver', 'The sort must be one of: date, -date, patient, -patient, doctor, -doctor.'],
    ['from=2026-02-30', "The 'from' date must be a day written YYYY-MM-DD, such as 2026-11-23."],
    ['to=yesterday', "The 'to' date must be a day written YYYY-MM-DD, such as 2026-11-23."],
    ['from=2026-03-05&to=2026-03-01', "The 'from' date must be on or before the 'to' date."],
  ])('%s answers 400 with a sentence', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
  });

  it('a bad patient or doctor id answers 400 naming the field', async () => {
    for (const query of ['patientId=abc', 'doctorId=-1', 'patientId=1.5']) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.json), query).toMatch(/patientId|doctorId/);
    }
  });

  it('progress reports sort and filter by their caregiver, not by a doctor', async () => {
    const caregiver = await createUser(db, { role: 'caregiver' });
    const ok = await call(t.app, 'GET', `/api/progress-reports?caregiverId=${caregiver.id}`, {
      token: supervisor.token,
    });
    expect(ok.status).toBe(200);
    const sorted = await call(t.app, 'GET', '/api/progress-reports?sort=-caregiver', {
      token: supervisor.token,
    });
    expect(sorted.status).toBe(200);
    const refused = await call(t.app, 'GET', '/api/progress-reports?sort=doctor', {
      token: supervisor.token,
    });
    expect(refused.status).toBe(400);
  });
});
