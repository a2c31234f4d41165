import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conditionTexts, importTexts, patientTexts, validation } from '../../../shared/messages.ts';
import { importCsvTemplate } from '../../../shared/schemas/patient-import.ts';
import {
  allergies,
  auditLog,
  careTeamMembers,
  conditions,
  patients,
} from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

const HEADER =
  'firstName,lastName,dob,gender,address,phoneNumber,emergencyContact,emergencyContactPhone';
const row = (first: string, last: string, dob = '1941-03-02', extra = '') =>
  `${first},${last},${dob},Female,"1 Oak Lane, Springfield",555-0100,Sam ${last},555-0101${extra}`;
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';

/** A browser's multipart upload of one file in the field `file`. */
function upload(content: string | Buffer, filename = 'patients.csv', type = 'text/csv') {
  const boundary = `----ElderCareImport${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function importFile(
  t: TestApp,
  token: string,
  content: string | Buffer,
  options: { dryRun?: boolean; filename?: string; type?: string } = {},
) {
  const { payload, headers } = upload(content, options.filename, options.type);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/patients/import${options.dryRun ? '?dryRun=true' : ''}`,
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  return { status: response.statusCode, json: response.json() };
}

const fhirBundle = (entries: unknown[]) =>
  JSON.stringify({ resourceType: 'Bundle', type: 'collection', entry: entries });

describe('patient import', () => {
  let t: TestApp;
  let admin: TestUser;
  let adminDoctor: TestUser;
  let doctor: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.database.db, { role: 'coordinator', privileges: 'admin' });
    adminDoctor = await createUser(t.database.db, { role: 'doctor', privileges: 'admin' });
    doctor = await createUser(t.database.db, { role: 'doctor', privileges: 'editor' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const patientCount = async () => (await db().select().from(patients)).length;
  const counts = async () => ({
    patients: (await db().select().from(patients)).length,
    allergies: (await db().select().from(allergies)).length,
    conditions: (await db().select().from(conditions)).length,
    careTeams: (await db().select().from(careTeamMembers)).length,
  });
  const auditOf = (action: 'import' | 'create', userId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.userId, userId)));

  beforeEach(async () => {
    await db().delete(careTeamMembers);
    await db().delete(allergies);
    await db().delete(conditions);
    await db().delete(patients);
    await db().delete(auditLog);
  });

  describe('CSV', () => {
    it('checks a file in a dry run without changing anything, and audits the check', async () => {
      const before = await counts();
      const { status, json } = await importFile(
        t,
        admin.token,
        csv(row('Ada', 'Byron'), row('Alan', 'Turing')),
        {
          dryRun: true,
        },
      );
      expect(status).toBe(200);
      expect(json).toMatchObject({
        dryRun: true,
        imported: false,
        format: 'csv',
        patients: 2,
        allergies: 0,
        conditions: 0,
        duplicates: 0,
        problems: [],
      });
      expect(json.rows).toEqual([
        expect.objectContaining({ row: 2, name: 'Ada Byron', dob: '1941-03-02', status: 'new' }),
        expect.objectContaining({ row: 3, name: 'Alan Turing', status: 'new' }),
      ]);
      expect(await counts()).toEqual(before);
      const [audit] = await auditOf('import', admin.id);
      expect(audit?.details).toEqual({
        dryRun: true,
        patients: 2,
        allergies: 0,
        conditions: 0,
        duplicates: 0,
        problems: 0,
      });
    });

    it('imports every row in one step with a create audit row each and one import row', async () => {
      const { status, json } = await importFile(
        t,
        admin.token,
        csv(row('Ada', 'Byron'), row('Alan', 'Turing', '1912-06-23')),
      );
      expect(status).toBe(200);
      expect(json).toMatchObject({ imported: true, dryRun: false, patients: 2 });
      const rows = await db().select().from(patients);
      expect(
        rows.map((p) => [p.firstName, p.lastName, p.dob, p.address, p.emergencyContact]),
      ).toEqual(
        expect.arrayContaining([
          ['Ada', 'Byron', '1941-03-02', '1 Oak Lane, Springfield', 'Sam Byron'],
          ['Alan', 'Turing', '1912-06-23', '1 Oak Lane, Springfield', 'Sam Turing'],
        ]),
      );
      expect(rows.every((p) => p.createdBy === admin.id)).toBe(true);
      const created = await auditOf('create', admin.id);
      expect(created.map((a) => a.patientId).sort()).toEqual(rows.map((p) => p.id).sort());
      expect(created.every((a) => a.entity === 'patient')).toBe(true);
      const [imported] = await auditOf('import', admin.id);
      expect(imported).toMatchObject({
        entityId: null,
        details: {
          dryRun: false,
          patients: 2,
          allergies: 0,
          conditions: 0,
          duplicates: 0,
          problems: 0,
        },
        outcome: 'success',
      });
      // An administrator who is not a doctor joins no care team.
      expect((await counts()).careTeams).toBe(0);
      // The imported patients are in the patients list.
      const list = await call(t.app, 'GET', '/api/patients?q=turing', { token: admin.token });
      expect(list.json.map((p: { lastName: string }) => p.lastName)).toEqual(['Turing']);
    });

    it("puts a doctor who imports on each new patient's care team, as adding one by hand does", async () => {
      const { status } = await importFile(t, adminDoctor.token, csv(row('Ada', 'Byron')));
      expect(status).toBe(200);
      const team = await db().select().from(careTeamMembers);
      expect(team).toEqual([expect.objectContaining({ userId: adminDoctor.id })]);
    });

    it('reads the template, a byte order mark, CRLF and the headers of the patients table', async () => {
      expect(
        (await importFile(t, admin.token, '\uFEFF' + importCsvTemplate, { dryRun: true })).json,
      ).toMatchObject({
        patients: 1,
        problems: [],
      });
      const screen =
        'ID,First Name,Last Name,Date of Birth,Gender,Address,Phone Number,Emergency Contact,Emergency Contact Phone\r\n' +
        '7,Grace,Hopper,1906-12-09,Female,Arlington,+1 555 0100,Vincent Hopper,555-0101\r\n';
      const { status, json } = await importFile(t, admin.token, screen);
      expect(status).toBe(200);
      const [grace] = await db().select().from(patients);
      expect(grace).toMatchObject({
        firstName: 'Grace',
        dob: '1906-12-09',
        phoneNumber: '+1 555 0100',
      });
      expect(json.rows[0].row).toBe(2);
    });

    it('flags duplicates of the agency and of earlier rows, and imports only the new rows', async () => {
      await createPatient(db(), {
        overrides: { firstName: 'Ada', lastName: 'Byron', dob: '1941-03-02' },
      });
      const file = csv(
        row('ADA', 'byron'),
        row('Alan', 'Turing'),
        row('alan', 'TURING'),
        row('Alan', 'Turing', '1950-01-01'),
      );
      const check = await importFile(t, admin.token, file, { dryRun: true });
      expect(check.json).toMatchObject({ patients: 2, duplicates: 2, problems: [] });
      expect(
        check.json.rows.map((r: { status: string; duplicateOf: unknown }) => [
          r.status,
          r.duplicateOf,
        ]),
      ).toEqual([
        ['duplicate', 'agency'],
        ['new', null],
        ['duplicate', 3],
        ['new', null],
      ]);
      const done = await importFile(t, admin.token, file);
      expect(done.status).toBe(200);
      expect(await patientCount()).toBe(3);
      // Checking it again: everything is now a duplicate and there is nothing to import.
      const again = await importFile(t, admin.token, file);
      expect(again).toMatchObject({ status: 400, json: { message: importTexts.nothingToImport } });
      expect(await patientCount()).toBe(3);
    });

    it('reports every bad row with its row and column, and a real run changes nothing', async () => {
      const file = csv(
        row('Ada', 'Byron'),
        `,Lovelace,1941-03-02,Female,Somewhere,555,Sam,555`,
        row('Future', 'Born', '2999-01-01'),
        row('Old', 'Typo', '0940-01-01'),
        row('Bad', 'Date', '1941-02-30'),
        row('"=HYPERLINK(""http://x"",""y"")"', 'Formula'),
        row('@SUM(A1)', 'Formula2'),
        `Too,Few,1941-03-02`,
        row('Alan', 'Turing', '12/06/1912'),
      );
      const before = await counts();
      const { status, json } = await importFile(t, admin.token, file, { dryRun: true });
      expect(status).toBe(200);
      expect(json.problems).toEqual([
        { row: 3, field: 'firstName', message: validation.firstNameRequired },
        { row: 4, field: 'dob', message: patientTexts.dobInFuture },
        { row: 5, field: 'dob', message: patientTexts.dobTooEarly },
        { row: 6, field: 'dob', message: patientTexts.dobInvalid },
        { row: 7, field: 'firstName', message: importTexts.formula },
        { row: 8, field: 'firstName', message: importTexts.formula },
        { row: 9, field: '', message: importTexts.cellCount(3, 8) },
        { row: 10, field: 'dob', message: patientTexts.dobInvalid },
      ]);
      expect(json.patients).toBe(1);

      const real = await importFile(t, admin.token, file);
      expect(real.status).toBe(400);
      expect(real.json.message).toBe(importTexts.hasProblems);
      expect(real.json.result.problems).toHaveLength(8);
      expect(await counts()).toEqual(before);
      const [failed] = await auditOf('import', admin.id).then((rows) =>
        rows.filter((r) => r.outcome === 'failure'),
      );
      expect(failed).toBeDefined();
      expect(await auditOf('create', admin.id)).toEqual([]);
    });

    it('refuses a formula even after leading spaces or a tab, and allows +44 phone numbers', async () => {
      const file = [
        HEADER,
        ` =1+1,Space,1941-03-02,Female,Here,+44 20 7946 0000,Sam,+44 (0)20 7946 0001`,
        `\t=1,Tab,1941-03-02,Female,Here,555,Sam,555`,
        `Ok,Name,1941-03-02,Female,-Here,555,Sam,555`,
        `Ok,Phone,1941-03-02,Female,Here,+1 =2,Sam,555`,
      ].join('\r\n');
      const { json } = await importFile(t, admin.token, file, { dryRun: true });
      expect(json.problems.map((p: { row: number; field: string }) => [p.row, p.field])).toEqual([
        [2, 'firstName'],
        [3, 'firstName'],
        [4, 'address'],
        [5, 'phoneNumber'],
      ]);
    });

    it('refuses a header without a column or with an unknown one, reporting row 1', async () => {
      const missing = await importFile(t, admin.token, 'firstName,lastName,dob\nA,B,1941-01-01\n', {
        dryRun: true,
      });
      expect(missing.status).toBe(200);
      expect(missing.json.problems).toContainEqual({
        row: 1,
        field: 'gender',
        message: importTexts.missingColumn('gender'),
      });
      expect(missing.json.rows).toEqual([]);
      const unknown = await importFile(
        t,
        admin.token,
        `${HEADER},shoeSize\n${row('A', 'B')},42\n`,
        {
          dryRun: true,
        },
      );
      expect(unknown.json.problems).toEqual([
        { row: 1, field: 'shoeSize', message: importTexts.unknownColumn('shoeSize') },
      ]);
      const twice = await importFile(t, admin.token, `${HEADER},First Name\n${row('A', 'B')},C\n`, {
        dryRun: true,
      });
      expect(twice.json.problems).toEqual([
        { row: 1, field: 'First Name', message: importTexts.repeatedColumn('First Name') },
      ]);
      expect(await patientCount()).toBe(0);
    });

    it('answers 400 with a clear message for a CSV it cannot read', async () => {
      const broken = await importFile(t, admin.token, `${HEADER}\n"Ada,Byron,1941-03-02\n`, {
        dryRun: true,
      });
      expect(broken.status).toBe(400);
      expect(broken.json.message).toMatch(/cannot be read from line/);
      const headerOnly = await importFile(t, admin.token, `${HEADER}\r\n`);
      expect(headerOnly.json).toEqual({ message: importTexts.noPatients });
    });
  });

  describe('any file', () => {
    it.each([
      ['an empty file', '', importTexts.fileEmpty],
      ['only blank lines', '\r\n \n', importTexts.fileEmpty],
      ['a byte order mark alone', '\uFEFF', importTexts.fileEmpty],
      ['malformed JSON', '{"resourceType": "Bundle",', importTexts.malformedJson],
      ['JSON that is not a Bundle', '{"resourceType": "Patient"}', importTexts.notBundle],
      ['a JSON array', '[1, 2]', importTexts.notBundle],
      [
        'a Bundle without entries',
        '{"resourceType": "Bundle", "entry": []}',
        importTexts.noEntries,
      ],
      [
        'a Bundle whose entry is not a list',
        '{"resourceType": "Bundle", "entry": 5}',
        importTexts.noEntries,
      ],
    ])('refuses %s with a clear 400', async (_name, content, message) => {
      for (const dryRun of [true, false]) {
        const { status, json } = await importFile(t, admin.token, content, { dryRun });
        expect(status).toBe(400);
        expect(json).toEqual({ message });
      }
      expect(await patientCount()).toBe(0);
    });

    it('refuses a file that is not UTF-8', async () => {
      const latin1 = Buffer.concat([
        Buffer.from(`${HEADER}\n`),
        Buffer.from([0x4a, 0xf6, 0x72, 0x67, 0x2c]),
      ]);
      const { status, json } = await importFile(t, admin.token, latin1);
      expect(status).toBe(400);
      expect(json.message).toBe(importTexts.notUtf8);
    });

    it('refuses a file of 10 MB or more with 413 and changes nothing', async () => {
      const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
      const { status, json } = await importFile(t, admin.token, big);
      expect(status).toBe(413);
      expect(json.message).toBe(importTexts.fileTooLarge);
      expect(await patientCount()).toBe(0);
    });

    it('refuses a request without a file, with two files, or that is not multipart', async () => {
      const none = await call(t.app, 'POST', '/api/patients/import', {
        token: admin.token,
        body: { other: 'x' },
      });
      expect(none.status).toBe(400);
      expect(none.json.message).toBe(importTexts.fileRequired);
      const boundary = 'b0undary';
      const part = (n: number) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="file${n}"; filename="a${n}.csv"\r\n\r\n${csv(row('A', 'B'))}\r\n`;
      const two = await t.app.inject({
        method: 'POST',
        url: '/api/patients/import',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${admin.token}`,
        },
        payload: `${part(1)}${part(2)}--${boundary}--\r\n`,
      });
      expect(two.statusCode).toBeGreaterThanOrEqual(400);
      expect(two.statusCode).toBeLessThan(500);
      const bad = await call(t.app, 'POST', '/api/patients/import?dryRun=maybe', {
        token: admin.token,
      });
      expect(bad.status).toBe(400);
      expect(await patientCount()).toBe(0);
    });

    it('is for administrators only', async () => {
      const { status } = await importFile(t, doctor.token, csv(row('Ada', 'Byron')));
      expect(status).toBe(403);
      expect(await patientCount()).toBe(0);
    });
  });

  describe('FHIR Bundle', () => {
    const patient = (id: string, overrides: Record<string, unknown> = {}) => ({
      fullUrl: `urn:uuid:${id}`,
      resource: {
        resourceType: 'Patient',
        id,
        name: [{ use: 'official', family: 'Hopper', given: ['Grace', 'Brewster'] }],
        gender: 'female',
        birthDate: '1906-12-09',
        address: [{ line: ['1 Navy Way'], city: 'Arlington', postalCode: '22201' }],
        telecom: [
          { system: 'email', value: 'g@example.test' },
          { system: 'phone', value: '555-0100' },
        ],
        ...overrides,
      },
    });
    const related = (patientRef: string) => ({
      fullUrl: 'urn:uuid:rp-1',
      resource: {
        resourceType: 'RelatedPerson',
        patient: { reference: patientRef },
        relationship: [
          { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C' }] },
        ],
        name: [{ given: ['Vincent'], family: 'Hopper' }],
        telecom: [{ system: 'phone', value: '555-0199' }],
      },
    });
    const allergy = (patientRef: string, overrides: Record<string, unknown> = {}) => ({
      resource: {
        resourceType: 'AllergyIntolerance',
        patient: { reference: patientRef },
        clinicalStatus: { coding: [{ code: 'active' }] },
        criticality: 'high',
        code: {
          coding: [{ system: 'http://snomed.info/sct', code: '764146007', display: 'Penicillin' }],
        },
        reaction: [{ manifestation: [{ text: 'Hives' }], severity: 'severe' }],
        onsetDateTime: '2001-05-04T10:00:00Z',
        ...overrides,
      },
    });
    const condition = (patientRef: string, overrides: Record<string, unknown> = {}) => ({
      resource: {
        resourceType: 'Condition',
        subject: { reference: patientRef },
        clinicalStatus: { coding: [{ code: 'remission' }] },
        code: { text: 'Type 2 diabetes' },
        onsetPeriod: { start: '2010-01-02' },
        note: [{ text: 'Diet controlled' }],
        ...overrides,
      },
    });

    it('imports patients with their emergency contact, allergies and conditions', async () => {
      const bundle = fhirBundle([
        patient('p-1'),
        related('urn:uuid:p-1'),
        allergy('urn:uuid:p-1'),
        condition('Patient/p-1'),
        { resource: { resourceType: 'Observation', status: 'final' } },
      ]);
      const check = await importFile(t, admin.token, bundle, {
        dryRun: true,
        filename: 'b.json',
        type: 'application/fhir+json',
      });
      expect(check.json).toMatchObject({
        format: 'fhir',
        patients: 1,
        allergies: 1,
        conditions: 1,
        problems: [],
      });
      expect(check.json.skipped).toEqual([
        {
          row: 4,
          field: 'Bundle.entry[4].resource.resourceType',
          message: importTexts.skippedResource('Observation'),
        },
      ]);
      expect(await patientCount()).toBe(0);

      const { status } = await importFile(t, admin.token, bundle);
      expect(status).toBe(200);
      const [p] = await db().select().from(patients);
      expect(p).toMatchObject({
        firstName: 'Grace Brewster',
        lastName: 'Hopper',
        dob: '1906-12-09',
        gender: 'Female',
        address: '1 Navy Way, Arlington, 22201',
        phoneNumber: '555-0100',
        emergencyContact: 'Vincent Hopper',
        emergencyContactPhone: '555-0199',
      });
      expect(await db().select().from(allergies)).toEqual([
        expect.objectContaining({
          patientId: p!.id,
          substance: 'Penicillin',
          reaction: 'Hives; severe reaction; high criticality',
          onset: '2001-05-04',
          status: 'active',
          recordedBy: admin.id,
        }),
      ]);
      expect(await db().select().from(conditions)).toEqual([
        expect.objectContaining({
          patientId: p!.id,
          name: 'Type 2 diabetes',
          onset: '2010-01-02',
          status: 'resolved',
          note: 'Diet controlled',
        }),
      ]);
      const created = await auditOf('create', admin.id);
      expect(created.map((a) => a.entity).sort()).toEqual(['allergy', 'condition', 'patient']);
      expect((await auditOf('import', admin.id)).map((a) => a.details)).toContainEqual({
        dryRun: false,
        patients: 1,
        allergies: 1,
        conditions: 1,
        duplicates: 0,
        problems: 0,
      });
    });

    it('reports wrong resource types, missing fields and bad references per entry with their FHIR path', async () => {
      const bundle = fhirBundle([
        patient('p-1', { birthDate: undefined }),
        { resource: { resourceType: 'Spaceship' } },
        { resource: { name: 'no type' } },
        'not an entry',
        allergy('Patient/nobody'),
        condition('urn:uuid:p-1', { code: {}, clinicalStatus: { coding: [{ code: 'maybe' }] } }),
        patient('p-2', { name: 42, gender: 7, birthDate: '2999-01-01', telecom: 'x' }),
        allergy('urn:uuid:p-2', { patient: undefined }),
        allergy('urn:uuid:p-2', { code: { text: '=HYPERLINK("http://x","y")' } }),
      ]);
      const before = await counts();
      const { status, json } = await importFile(t, admin.token, bundle, { dryRun: true });
      expect(status).toBe(200);
      const where = json.problems.map((p: { row: number; field: string; message: string }) => [
        p.row,
        p.field,
        p.message,
      ]);
      expect(where).toEqual(
        expect.arrayContaining([
          [0, 'Bundle.entry[0].resource.birthDate', validation.dobRequired],
          [
            1,
            'Bundle.entry[1].resource.resourceType',
            importTexts.unsupportedResource('Spaceship'),
          ],
          [2, 'Bundle.entry[2].resource.resourceType', importTexts.missingResourceType],
          [3, 'Bundle.entry[3]', importTexts.entryNotObject],
          [
            4,
            'Bundle.entry[4].resource.patient.reference',
            importTexts.referenceUnknown('Patient/nobody'),
          ],
          [5, 'Bundle.entry[5].resource.code', conditionTexts.nameRequired],
          [5, 'Bundle.entry[5].resource.clinicalStatus', conditionTexts.statusInvalid],
          [6, 'Bundle.entry[6].resource.name[0].given', validation.firstNameRequired],
          [6, 'Bundle.entry[6].resource.birthDate', patientTexts.dobInFuture],
          [7, 'Bundle.entry[7].resource.patient.reference', importTexts.referenceMissing],
          [8, 'Bundle.entry[8].resource.code', importTexts.formula],
        ]),
      );
      const real = await importFile(t, admin.token, bundle);
      expect(real.status).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it('records "no known allergies" and leaves out entered-in-error resources', async () => {
      const bundle = fhirBundle([
        patient('p-1'),
        related('Patient/p-1'),
        allergy('Patient/p-1', {
          code: {
            coding: [
              { system: 'http://snomed.info/sct', code: '716186003', display: 'No known allergy' },
            ],
          },
        }),
        condition('Patient/p-1', {
          verificationStatus: { coding: [{ code: 'entered-in-error' }] },
        }),
      ]);
      const { status, json } = await importFile(t, admin.token, bundle);
      expect(status).toBe(200);
      expect(json).toMatchObject({ patients: 1, allergies: 0, conditions: 0 });
      const [p] = await db().select().from(patients);
      expect(p?.noKnownAllergiesAt).not.toBeNull();
      expect(p?.noKnownAllergiesBy).toBe(admin.id);
    });

    it('round trip: a patient exported with GET /api/patients/{id}/fhir imports into an empty database unchanged', async () => {
      const source = await createTestApp();
      const target = await createTestApp();
      try {
        const author = await createUser(source.database.db, { role: 'doctor' });
        const importer = await createUser(target.database.db, {
          role: 'coordinator',
          privileges: 'admin',
        });
        const input = {
          firstName: 'Ada',
          lastName: 'Lovelace',
          dob: '1940-12-10',
          gender: 'Female',
          address: '12 Elm Street, Springfield',
          phoneNumber: '555-0100',
          emergencyContact: 'Byron Lovelace',
          emergencyContactPhone: '555-0101',
        };
        const made = await call(source.app, 'POST', '/api/patients', {
          token: author.token,
          body: input,
        });
        expect(made.status).toBe(201);
        const patientId = made.json.id;
        const allergyBodies = [
          {
            patientId,
            substance: 'Penicillin',
            reaction: 'Rash',
            onset: '2001-05-04',
            status: 'active',
          },
          { patientId, substance: 'Latex', reaction: '', onset: null, status: 'resolved' },
        ];
        const conditionBodies = [
          {
            patientId,
            name: 'Type 2 diabetes',
            onset: '2010-01-02',
            status: 'active',
            note: 'Diet controlled',
          },
          { patientId, name: 'Hip fracture', onset: null, status: 'resolved', note: '' },
        ];
        for (const body of allergyBodies) {
          expect(
            (await call(source.app, 'POST', '/api/allergies', { token: author.token, body }))
              .status,
          ).toBe(201);
        }
        for (const body of conditionBodies) {
          expect(
            (await call(source.app, 'POST', '/api/conditions', { token: author.token, body }))
              .status,
          ).toBe(201);
        }
        const exported = await source.app.inject({
          method: 'GET',
          url: `/api/patients/${patientId}/fhir`,
          headers: { authorization: `Bearer ${author.token}` },
        });
        expect(exported.statusCode).toBe(200);

        const { status, json } = await importFile(target, importer.token, exported.body, {
          filename: 'patient.json',
          type: 'application/fhir+json',
        });
        expect(json.problems).toEqual([]);
        expect(status).toBe(200);
        expect(json).toMatchObject({ patients: 1, allergies: 2, conditions: 2 });

        const [copy] = await target.database.db.select().from(patients);
        expect(copy).toMatchObject(input);
        const pick = <T extends Record<string, unknown>>(rows: T[], keys: (keyof T)[]) =>
          rows
            .map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])))
            .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
        const allergyKeys = ['substance', 'reaction', 'onset', 'status'] as const;
        const conditionKeys = ['name', 'onset', 'status', 'note'] as const;
        expect(pick(await target.database.db.select().from(allergies), [...allergyKeys])).toEqual(
          pick(await source.database.db.select().from(allergies), [...allergyKeys]),
        );
        expect(
          pick(await target.database.db.select().from(conditions), [...conditionKeys]),
        ).toEqual(pick(await source.database.db.select().from(conditions), [...conditionKeys]));
      } finally {
        await source.close();
        await target.close();
      }
    });
  });
});
