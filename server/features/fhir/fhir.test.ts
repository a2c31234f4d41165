import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fhirResourceTypes } from '../../../shared/schemas/fhir.ts';
import { createRequestContext } from '../../auth/context.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, doses, patients, prescriptions } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { chartRows, countStatements, insertHistory } from '../../test/chart-history.ts';
import {
  createDeletedPatient,
  createPatient,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { fhirErrors, profileShape } from '../../test/fhir-validator.ts';
import { insertVisit } from '../../test/visit-factories.ts';
import { exportFile } from './fhir.service.ts';

interface Resource {
  resourceType: string;
  id: string;
  [key: string]: any;
}
interface Bundle {
  resourceType: 'Bundle';
  type: string;
  entry: { fullUrl: string; resource: Resource }[];
}

/** Every `reference` anywhere inside a resource. */
function referencesOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) referencesOf(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'reference' && typeof inner === 'string') out.push(inner);
      else referencesOf(inner, out);
    }
  }
  return out;
}

const ndjson = (body: string): Resource[] =>
  body
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Resource);

describe('FHIR R4 export', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let otherPatientUser: TestUser;
  let coordinator: TestUser;
  let outsideDoctor: TestUser;
  let supervisor: TestUser;
  let admin: TestUser;
  let patientId: number;
  let otherPatientId: number;
  let deletedPatientId: number;
  const deleted: Record<string, number> = {};
  const live: Record<string, number> = {};

  const exportOf = (user: TestUser, id: number | string = patientId) =>
    call(t.app, 'GET', `/api/patients/${id}/fhir`, { token: user.token });
  const bundleOf = async (user: TestUser, id = patientId) => {
    const res = await exportOf(user, id);
    expect(res.status).toBe(200);
    return JSON.parse(res.response.body) as Bundle;
  };
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
    doctor = await createUser(db, { role: 'doctor', firstName: 'Meredith', secondName: 'Grey' });
    caregiver = await createUser(db, { role: 'caregiver', firstName: 'Cara', secondName: 'Giver' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    otherPatientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    coordinator = await createUser(db, { role: 'coordinator', privileges: 'viewer' });
    outsideDoctor = await createUser(db, { role: 'doctor' });
    supervisor = await createUser(db, { role: 'caregiver', privileges: 'supervisor' });
    admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    patientId = (await createPatient(db, { careTeam: [doctor, caregiver], account: patientUser }))
      .id;
    otherPatientId = (
      await createPatient(db, {
        account: otherPatientUser,
        overrides: { firstName: 'Grace', lastName: 'Hopper', emergencyContact: '' },
      })
    ).id;
    await db
      .update(patients)
      .set({ noKnownAllergiesAt: new Date('2026-01-02T10:00:00Z'), noKnownAllergiesBy: doctor.id })
      .where(eq(patients.id, otherPatientId));
    deletedPatientId = (await createDeletedPatient(db, { careTeam: [doctor] })).id;

    const p = patientId;
    for (const gone of [false, true]) {
      const deletedAt = gone ? new Date('2026-01-10T00:00:00Z') : null;
      const into = gone ? deleted : live;
      into.appointment = await chartRows.appointment(db, {
        patientId: p,
        doctorId: doctor.id,
        at: '2026-01-20T10:00:00Z',
        deletedAt,
      });
      into.medicalRecord = await chartRows.medicalRecord(db, {
        patientId: p,
        doctorId: doctor.id,
        at: '2026-01-05T10:00:00Z',
        deletedAt,
      });
      into.progressReport = (
        await chartRows.progressReport(db, {
          patientId: p,
          caregiverId: caregiver.id,
          at: '2026-01-06T10:00:00Z',
          deletedAt,
        })
      ).id;
      into.vitalSign = await chartRows.vitalSign(db, {
        patientId: p,
        recordedBy: caregiver.id,
        at: '2026-01-07T08:00:00Z',
        values: {
          systolic: 128,
          diastolic: 82,
          pulse: 72,
          respiratoryRate: 16,
          temperatureC: 36.8,
          spo2: 97,
          glucoseMmolL: 6.1,
          weightKg: 64.5,
          pain: 2,
        },
        note: 'After breakfast',
        deletedAt,
      });
      into.allergy = await chartRows.allergy(db, {
        patientId: p,
        recordedBy: doctor.id,
        at: '2026-01-03T10:00:00Z',
        deletedAt,
      });
      into.condition = await chartRows.condition(db, {
        patientId: p,
        recordedBy: doctor.id,
        at: '2026-01-03T10:00:00Z',
        deletedAt,
      });
      into.medication = await chartRows.medication(db, {
        patientId: p,
        recordedBy: caregiver.id,
        at: '2026-01-08T09:00:00Z',
        deletedAt,
      });
      into.visit = await insertVisit(db, {
        patientId: p,
        caregiverId: caregiver.id,
        plannedStart: new Date('2026-01-09T09:00:00Z'),
        status: 'completed',
        checkInAt: new Date('2026-01-09T09:05:00Z'),
        checkOutAt: new Date('2026-01-09T09:55:00Z'),
        recordedBy: doctor.id,
        deletedAt,
      });
    }
    await insertVisit(db, {
      patientId: p,
      caregiverId: caregiver.id,
      plannedStart: new Date('2026-01-11T09:00:00Z'),
      status: 'missed',
      recordedBy: doctor.id,
    });
    await insertVisit(db, {
      patientId: p,
      caregiverId: null,
      plannedStart: new Date('2026-01-20T09:00:00Z'),
      recordedBy: doctor.id,
    });
    await chartRows.appointment(db, {
      patientId: p,
      doctorId: doctor.id,
      at: '2026-01-04T10:00:00Z',
    });
    const [fixed] = await db
      .insert(prescriptions)
      .values({
        patientId: p,
        doctorId: doctor.id,
        date: '2026-01-01',
        medication: 'Metformin 500 mg',
        dosage: '1 tablet',
        duration: '90 days',
        details: 'With meals',
        recordedBy: doctor.id,
        route: 'oral',
        instructions: 'Swallow whole',
        schedule: 'fixed',
        startDate: '2026-01-01',
        doseTimes: ['08:00', '20:00'],
        weekdays: [1, 3, 5],
      })
      .returning({ id: prescriptions.id });
    const [prn] = await db
      .insert(prescriptions)
      .values({
        patientId: p,
        doctorId: doctor.id,
        date: '2026-01-01',
        medication: 'Paracetamol 500 mg',
        dosage: '1 tablet',
        details: 'For pain',
        recordedBy: doctor.id,
        route: 'oral',
        schedule: 'prn',
        startDate: '2026-01-01',
        endDate: '2026-01-10',
        prnMinIntervalMinutes: 240,
        prnMaxPerDay: 4,
      })
      .returning({ id: prescriptions.id });
    live.prescription = fixed!.id;
    live.prnPrescription = prn!.id;
    deleted.prescription = await chartRows.prescription(db, {
      patientId: p,
      doctorId: doctor.id,
      at: '2026-01-02',
      deletedAt: new Date('2026-01-10T00:00:00Z'),
    });
    const dose = (o: Partial<typeof doses.$inferInsert> & { at: string }) => ({
      patientId: p,
      prescriptionId: fixed!.id,
      scheduledAt: new Date(o.at),
      doseTime: new Date(o.at),
      outcome: 'given',
      recordedBy: caregiver.id,
      ...o,
    });
    const doseRows = await db
      .insert(doses)
      .values([
        dose({ at: '2026-01-05T08:00:00Z', givenAt: new Date('2026-01-05T08:10:00Z') }),
        dose({ at: '2026-01-05T20:00:00Z', outcome: 'refused', note: 'Felt sick' }),
        dose({ at: '2026-01-07T08:00:00Z', outcome: 'not-given', reason: 'in-hospital' }),
        dose({
          at: '2026-01-07T20:00:00Z',
          outcome: 'given-late',
          givenAt: new Date('2026-01-07T21:30:00Z'),
        }),
        dose({
          at: '2026-01-08T20:00:00Z',
          deletedAt: new Date('2026-01-09T00:00:00Z'),
        }),
        {
          patientId: p,
          prescriptionId: prn!.id,
          scheduledAt: null,
          doseTime: new Date('2026-01-06T14:00:00Z'),
          givenAt: new Date('2026-01-06T14:00:00Z'),
          outcome: 'given',
          prnReason: 'Knee pain',
          recordedBy: caregiver.id,
        },
      ])
      .returning({ id: doses.id });
    live.dose = doseRows[0]!.id;
    deleted.dose = doseRows[4]!.id;
  });
  afterAll(() => t.close());

  describe("one patient's bundle (GET /api/patients/{id}/fhir)", () => {
    it('is a collection Bundle with every kind of record, as an attachment of FHIR JSON', async () => {
      const res = await exportOf(doctor);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="patient-${patientId}-fhir.json"`,
      );
      const bundle = JSON.parse(res.response.body) as Bundle;
      expect(bundle.resourceType).toBe('Bundle');
      expect(bundle.type).toBe('collection');
      const types = new Set(bundle.entry.map((e) => e.resource.resourceType));
      expect([...types].sort()).toEqual([...fhirResourceTypes].sort());

      const byId = (type: string, id: string) =>
        bundle.entry.find((e) => e.resource.resourceType === type && e.resource.id === id)
          ?.resource;
      const patient = byId('Patient', String(patientId))!;
      expect(patient.name).toEqual([{ use: 'official', family: 'Lovelace', given: ['Ada'] }]);
      expect(patient.gender).toBe('female');
      expect(patient.birthDate).toBe('1940-12-10');
      expect(byId('RelatedPerson', `emergency-${patientId}`)).toMatchObject({
        patient: { reference: `Patient/${patientId}` },
        name: [{ text: 'Byron Lovelace' }],
        telecom: [{ system: 'phone', value: '555-0101' }],
      });
      expect(byId('CareTeam', `careteam-${patientId}`)!.participant).toHaveLength(2);
      expect(byId('Practitioner', String(doctor.id))!.name).toEqual([
        { family: 'Grey', given: ['Meredith'] },
      ]);

      // Vital signs: the profile's LOINC codes and UCUM units, one Observation per measurement.
      const vital = live.vitalSign;
      const bp = byId('Observation', `vital-${vital}-bp`)!;
      expect(bp.code.coding[0].code).toBe('85354-9');
      expect(bp.category[0].coding[0].code).toBe('vital-signs');
      expect(bp.component.map((c: any) => [c.code.coding[0].code, c.valueQuantity])).toEqual([
        [
          '8480-6',
          { value: 128, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
        ],
        [
          '8462-4',
          { value: 82, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
        ],
      ]);
      const codeAndUnit = (key: string) => {
        const o = byId('Observation', `vital-${vital}-${key}`)!;
        return [
          o.code.coding.map((c: any) => c.code).join('+'),
          o.valueQuantity.value,
          o.valueQuantity.code,
        ];
      };
      expect(codeAndUnit('hr')).toEqual(['8867-4', 72, '/min']);
      expect(codeAndUnit('rr')).toEqual(['9279-1', 16, '/min']);
      expect(codeAndUnit('temp')).toEqual(['8310-5', 36.8, 'Cel']);
      expect(codeAndUnit('spo2')).toEqual(['2708-6+59408-5', 97, '%']);
      expect(codeAndUnit('weight')).toEqual(['29463-7', 64.5, 'kg']);
      expect(codeAndUnit('glucose')).toEqual(['15074-8', 6.1, 'mmol/L']);
      expect(codeAndUnit('pain')).toEqual(['72514-3', 2, '{score}']);

      // Prescriptions: the schedule as dosage timing.
      const fixed = byId('MedicationRequest', String(live.prescription))!;
      expect(fixed).toMatchObject({
        status: 'active',
        intent: 'order',
        medicationCodeableConcept: { text: 'Metformin 500 mg' },
        requester: { reference: `Practitioner/${doctor.id}` },
      });
      expect(fixed.dosageInstruction[0].timing.repeat).toEqual({
        boundsPeriod: { start: '2026-01-01' },
        timeOfDay: ['08:00:00', '20:00:00'],
        dayOfWeek: ['mon', 'wed', 'fri'],
      });
      expect(fixed.dosageInstruction[0].route).toEqual({ text: 'Oral' });
      const prn = byId('MedicationRequest', String(live.prnPrescription))!;
      expect(prn.status).toBe('completed');
      expect(prn.dosageInstruction[0]).toMatchObject({
        asNeededBoolean: true,
        maxDosePerPeriod: { numerator: { value: 4 }, denominator: { value: 1, code: 'd' } },
      });

      // Dose outcomes.
      const administrations = bundle.entry
        .map((e) => e.resource)
        .filter((r) => r.resourceType === 'MedicationAdministration' && r.id.startsWith('dose-'));
      expect(administrations.map((r) => [r.status, r.statusReason?.[0]?.text ?? null])).toEqual([
        ['completed', null],
        ['not-done', 'Refused by the patient'],
        ['not-done', 'In hospital'],
        ['completed', null],
        ['completed', null],
      ]);
      expect(administrations[0]!.effectiveDateTime).toBe('2026-01-05T08:10:00.000Z');
      expect(administrations[0]!.request).toEqual({
        reference: `MedicationRequest/${live.prescription}`,
      });
      expect(byId('MedicationAdministration', `medication-${live.medication}`)).toBeDefined();

      // Visits and notes.
      expect(byId('Encounter', `visit-${live.visit}`)).toMatchObject({
        status: 'finished',
        period: { start: '2026-01-09T09:05:00.000Z', end: '2026-01-09T09:55:00.000Z' },
        participant: [{ individual: { reference: `Practitioner/${caregiver.id}` } }],
      });
      const report = byId('DocumentReference', `progress-report-${live.progressReport}`)!;
      expect(report.type.coding[0].code).toBe('11506-3');
      expect(Buffer.from(report.content[0].attachment.data, 'base64').toString()).toContain(
        'Summary: Ate well, walked twice',
      );
      expect(byId('DocumentReference', `medical-record-${live.medicalRecord}`)).toBeDefined();
    });

    it('validates with 0 errors, and every reference resolves inside the bundle', async () => {
      const bundle = await bundleOf(doctor);
      const ids = new Set(bundle.entry.map((e) => `${e.resource.resourceType}/${e.resource.id}`));
      const fullUrls = bundle.entry.map((e) => e.fullUrl);
      expect(new Set(fullUrls).size).toBe(fullUrls.length);
      for (const entry of bundle.entry) {
        expect(
          entry.fullUrl.endsWith(`/api/fhir/${entry.resource.resourceType}/${entry.resource.id}`),
        ).toBe(true);
        for (const reference of referencesOf(entry.resource)) expect(ids).toContain(reference);
      }
      const errors = [await fhirErrors(bundle)];
      for (const entry of bundle.entry) errors.push(await fhirErrors(entry.resource));
      expect(errors.flat()).toEqual([]);
      // The validator does find errors: a broken copy is refused.
      const broken = { ...bundle.entry[0]!.resource, gender: 'f', birthDate: '10/12/1940' };
      expect((await fhirErrors(broken)).length).toBeGreaterThan(0);
      // Checking a profile once per shape (the demo's export) still checks what a profile sees:
      // another reading of the same kind is the same shape; another unit or code is not.
      const reading = bundle.entry.find(
        (e) => e.resource.resourceType === 'Observation' && e.resource.meta?.profile?.length,
      )!.resource;
      const again = structuredClone(reading);
      again.id = 'vital-0-other';
      again.effectiveDateTime = '2020-01-02T03:04:05.000Z';
      if (again.valueQuantity) again.valueQuantity.value += 1;
      expect(profileShape(again)).toBe(profileShape(reading));
      const otherCode = structuredClone(reading);
      otherCode.code.coding[0].code = '0000-0';
      expect(profileShape(otherCode)).not.toBe(profileShape(reading));
    });

    it('leaves deleted records out', async () => {
      const bundle = await bundleOf(doctor);
      const ids = bundle.entry.map((e) => `${e.resource.resourceType}/${e.resource.id}`);
      for (const id of [
        `Appointment/${deleted.appointment}`,
        `DocumentReference/medical-record-${deleted.medicalRecord}`,
        `DocumentReference/progress-report-${deleted.progressReport}`,
        `Observation/vital-${deleted.vitalSign}-bp`,
        `AllergyIntolerance/${deleted.allergy}`,
        `Condition/${deleted.condition}`,
        `MedicationAdministration/medication-${deleted.medication}`,
        `Encounter/visit-${deleted.visit}`,
        `MedicationRequest/${deleted.prescription}`,
        `MedicationAdministration/dose-${deleted.dose}`,
      ]) {
        expect(ids).not.toContain(id);
      }
      expect(ids).toContain(`Appointment/${live.appointment}`);
    });

    it('answers 404 out of scope, audited as denied; the patient gets their own', async () => {
      const mark = await auditMark();
      const res = await exportOf(outsideDoctor);
      expect(res.status).toBe(404);
      expect(res.response.body).not.toContain('Lovelace');
      const rows = await auditSince(mark);
      expect(rows.map((r) => [r.action, r.outcome, r.patientId])).toEqual([
        ['denied', 'denied', patientId],
      ]);
      expect((await exportOf(otherPatientUser)).status).toBe(404);
      const own = await bundleOf(patientUser);
      expect(own.entry.some((e) => e.resource.resourceType === 'Observation')).toBe(true);
      const other = await bundleOf(otherPatientUser, otherPatientId);
      expect(other.entry.map((e) => e.resource.resourceType)).toEqual([
        'Patient',
        'AllergyIntolerance',
      ]);
      expect(other.entry[1]!.resource.code.coding[0].code).toBe('716186003');
      expect(await fhirErrors(other)).toEqual([]);
    });

    it('gives a coordinator no clinical resource', async () => {
      const bundle = await bundleOf(coordinator);
      expect([...new Set(bundle.entry.map((e) => e.resource.resourceType))]).toEqual([
        'Patient',
        'RelatedPerson',
        'Practitioner',
        'CareTeam',
        'Encounter',
      ]);
      // Only the care team's staff, named by the resources the coordinator receives.
      expect(
        bundle.entry
          .filter((e) => e.resource.resourceType === 'Practitioner')
          .map((e) => Number(e.resource.id))
          .sort(),
      ).toEqual([doctor.id, caregiver.id].sort());
    });

    it('answers 400 for a malformed id and 404 for a missing or deleted patient', async () => {
      for (const bad of ['abc', '0', '-1', '1.5', '01', '99999999999']) {
        const res = await exportOf(doctor, bad);
        expect(res.status, bad).toBe(400);
        expect(res.json.message).toBeTypeOf('string');
      }
      expect((await exportOf(doctor, 999_999)).status).toBe(404);
      expect((await exportOf(doctor, deletedPatientId)).status).toBe(404);
      expect((await call(t.app, 'GET', `/api/patients/${patientId}/fhir`)).status).toBe(401);
    });

    it("is audited as an 'export' of every record it holds", async () => {
      const mark = await auditMark();
      await bundleOf(caregiver);
      const rows = await auditSince(mark);
      expect(rows.every((r) => r.action === 'export' && r.patientId === patientId)).toBe(true);
      expect(rows.every((r) => r.userId === caregiver.id && r.outcome === 'success')).toBe(true);
      const entities = rows.map((r) => `${r.entity}/${r.entityId}`);
      expect(entities).toEqual(
        expect.arrayContaining([
          `patient/${patientId}`,
          `care-team/${patientId}`,
          `vital-sign/${live.vitalSign}`,
          `prescription/${live.prescription}`,
          `dose/${live.dose}`,
          `medication/${live.medication}`,
          `visit/${live.visit}`,
          `appointment/${live.appointment}`,
          `progress-report/${live.progressReport}`,
          `medical-record/${live.medicalRecord}`,
          `allergy/${live.allergy}`,
          `condition/${live.condition}`,
        ]),
      );
      expect(entities).not.toContain(`vital-sign/${deleted.vitalSign}`);
      // One row per record: 1 patient, 1 care team, 2 appointments, 3 visits, 1 condition,
      // 1 allergy, 2 prescriptions, 5 doses, 1 log entry, 1 reading, 1 report, 1 record.
      expect(rows).toHaveLength(20);
      // The patient's "who viewed my record" shows the export.
      const log = await call(t.app, 'GET', `/api/patients/${patientId}/access-log?limit=100`, {
        token: patientUser.token,
      });
      expect(log.status).toBe(200);
      expect(log.json.some((row: any) => row.action === 'export')).toBe(true);
    });

    it('sends the same number of statements whatever the history', async () => {
      const small = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
      const large = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
      const base = {
        doctorId: doctor.id,
        caregiverId: caregiver.id,
        until: '2026-01-14T00:00:00Z',
      };
      await insertHistory(db, { ...base, patientId: small, count: 1 });
      await insertHistory(db, { ...base, patientId: large, count: 50 });
      const measure = (id: number) =>
        countStatements(t.database, async () =>
          expect((await exportOf(doctor, id)).status).toBe(200),
        );
      const few = await measure(small);
      const many = await measure(large);
      expect(many).toBe(few);
      // Session, scope, 14 sources, the Practitioners, one audit insert (and little else).
      expect(few).toBeLessThanOrEqual(20);
    });
  });

  describe('the agency export (GET /api/fhir/export, /api/fhir/export/{type}.ndjson)', () => {
    let bulkPatient: number;

    beforeAll(async () => {
      // More than one keyset page of records.
      bulkPatient = (await createPatient(db, { careTeam: [doctor] })).id;
      await insertHistory(db, {
        patientId: bulkPatient,
        doctorId: doctor.id,
        caregiverId: caregiver.id,
        count: 1100,
        until: '2026-01-14T00:00:00Z',
      });
    });

    it('is refused to everyone but admins (403)', async () => {
      for (const user of [doctor, supervisor, coordinator, patientUser]) {
        expect((await call(t.app, 'GET', '/api/fhir/export', { token: user.token })).status).toBe(
          403,
        );
        const file = await call(t.app, 'GET', '/api/fhir/export/Patient.ndjson', {
          token: user.token,
        });
        expect(file.status).toBe(403);
        expect(file.response.body).not.toContain('Lovelace');
      }
    });

    it('answers 400 for an unknown file', async () => {
      for (const bad of ['Medication.ndjson', 'patient.ndjson', 'Patient.json', '..%2F..%2Fetc']) {
        const res = await call(t.app, 'GET', `/api/fhir/export/${bad}`, { token: admin.token });
        expect(res.status, bad).toBe(400);
        expect(res.json.message).toContain('Patient.ndjson');
      }
    });

    it('streams every live patient, with the counts of the manifest, valid line by line', async () => {
      const manifest = await call(t.app, 'GET', '/api/fhir/export', { token: admin.token });
      expect(manifest.status).toBe(200);
      expect(manifest.json.output.map((o: any) => o.type)).toEqual([...fhirResourceTypes]);
      const [livePatients] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(patients)
        .where(sql`${patients.deletedAt} is null`);
      const all = new Map<string, Resource[]>();
      for (const { type, url, count } of manifest.json.output) {
        const res = await call(t.app, 'GET', url, { token: admin.token });
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/fhir+ndjson; charset=utf-8');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${type}.ndjson"`);
        const resources = ndjson(res.response.body);
        expect(resources.length, type).toBe(count);
        expect(resources.every((r) => r.resourceType === type)).toBe(true);
        expect(new Set(resources.map((r) => r.id)).size).toBe(resources.length);
        all.set(type, resources);
      }
      const patientIds = all.get('Patient')!.map((r) => Number(r.id));
      expect(patientIds).toHaveLength(livePatients!.n);
      expect(patientIds).toContain(otherPatientId); // on no care team
      expect(patientIds).not.toContain(deletedPatientId);
      expect(
        all
          .get('Appointment')!
          .filter((r) => r.participant[0].actor.reference === `Patient/${bulkPatient}`),
      ).toHaveLength(1100);
      expect(all.get('Observation')!.some((r) => r.id === `vital-${deleted.vitalSign}-bp`)).toBe(
        false,
      );

      // Every reference resolves inside the export, and every resource validates.
      const ids = new Set([...all.values()].flat().map((r) => `${r.resourceType}/${r.id}`));
      const errors: string[] = [];
      for (const resources of all.values()) {
        for (const [index, resource] of resources.entries()) {
          for (const reference of referencesOf(resource)) {
            if (!ids.has(reference))
              errors.push(`${resource.resourceType}/${resource.id} -> ${reference}`);
          }
          // The long history's rows are alike: every 25th of them is enough for the validator.
          const ofHistory = JSON.stringify(resource).includes(`"Patient/${bulkPatient}"`);
          if (!ofHistory || index % 25 === 0) errors.push(...(await fhirErrors(resource)));
        }
      }
      expect(errors).toEqual([]);
    });

    it("writes one 'export' audit row per file, with the type and the count", async () => {
      const mark = await auditMark();
      const res = await call(t.app, 'GET', '/api/fhir/export/Condition.ndjson', {
        token: admin.token,
      });
      const count = ndjson(res.response.body).length;
      const rows = await auditSince(mark);
      expect(
        rows.map((r) => [r.action, r.entity, r.entityId, r.details, r.outcome, r.userId]),
      ).toEqual([
        [
          'export',
          'fhir-export',
          'Condition',
          { resourceType: 'Condition', resources: count },
          'success',
          admin.id,
        ],
      ]);
    });

    it('reads a page at a time, and stops reading when the reader goes away', async () => {
      const ctx = createRequestContext({
        db,
        clock: t.clock,
        ip: '127.0.0.1',
        requestId: 'fhir-test',
        sessionId: null,
        user: {
          id: admin.id,
          username: admin.username,
          role: 'doctor',
          storedRole: 'doctor',
          privileges: 'admin',
        },
      });
      const mark = await auditMark();
      let first = '';
      const statements = await countStatements(t.database, async () => {
        // Pages of 10 rows; the reader takes one chunk and goes away (break destroys the stream).
        for await (const chunk of exportFile(ctx, 'Appointment', 10)) {
          first = String(chunk);
          break;
        }
      });
      expect(ndjson(first)).toHaveLength(10);
      // The first page, at most one read ahead, and the audit row: not the 1,100+ rows' pages.
      expect(statements).toBeLessThanOrEqual(4);
      let row: typeof auditLog.$inferSelect | undefined;
      for (let i = 0; i < 100 && !row; i += 1) {
        [row] = await db
          .select()
          .from(auditLog)
          .where(and(gt(auditLog.id, mark), eq(auditLog.entity, 'fhir-export')));
        if (!row) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(row).toMatchObject({ action: 'export', outcome: 'failure', userId: admin.id });
      expect(row!.details?.resources).toBeLessThanOrEqual(20);
    });
  });
});
