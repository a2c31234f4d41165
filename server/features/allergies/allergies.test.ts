import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allergyTexts, clinicalTexts, validation } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { allergies, auditLog, patients } from '../../db/schema/index.ts';
import { call, createTestApp, usingPostgres, type TestApp } from '../../test/app.ts';
import { insertAllergy, validAllergyInput } from '../../test/chart-factories.ts';
import {
  createDeletedPatient,
  createPatient,
  createUser,
  type TestUser,
} from '../../test/factories.ts';

describe('allergies', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let viewerDoctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let supervisor: TestUser;
  let admin: TestUser;
  let patientId: number;
  let otherPatientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, {
      role: 'doctor',
      privileges: 'editor',
      firstName: 'Meredith',
      secondName: 'Grey',
    });
    viewerDoctor = await createUser(db, { role: 'doctor', privileges: 'viewer' });
    caregiver = await createUser(db, { role: 'caregiver', privileges: 'editor' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'editor' });
    supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    patientId = (
      await createPatient(db, {
        careTeam: [doctor, viewerDoctor, caregiver],
        account: patientUser,
      })
    ).id;
    otherPatientId = (
      await createPatient(db, { overrides: { firstName: 'Out', lastName: 'Sider' } })
    ).id;
  });
  afterAll(() => t.close());

  const post = (user: TestUser, body: unknown) =>
    call(t.app, 'POST', '/api/allergies', { token: user.token, body });
  const put = (user: TestUser, id: number, body: unknown) =>
    call(t.app, 'PUT', `/api/allergies/${id}`, { token: user.token, body });
  const stored = async (id: number) =>
    (await db.select().from(allergies).where(eq(allergies.id, id)))[0];
  const lastAudit = async (userId: number) =>
    (
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.userId, userId))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  /** A fresh patient on the doctor's and caregiver's care team. */
  const newPatient = async () =>
    (await createPatient(db, { careTeam: [doctor, viewerDoctor, caregiver] })).id;

  const setStatus = (user: TestUser, id: number, body: unknown) =>
    call(t.app, 'PUT', `/api/patients/${id}/allergy-status`, { token: user.token, body });
  const noKnownColumns = async (id: number) =>
    (
      await db
        .select({ at: patients.noKnownAllergiesAt, by: patients.noKnownAllergiesBy })
        .from(patients)
        .where(eq(patients.id, id))
    )[0]!;

  describe('the record type', () => {
    it('a doctor lists an allergy, answered with who listed it; status defaults to active', async () => {
      const res = await post(doctor, {
        patientId,
        substance: '  Penicillin ',
        reaction: 'Hives',
        onset: '',
      });
      expect(res.status).toBe(201);
      const now = t.clock.now().toISOString();
      expect(res.json).toEqual({
        id: expect.any(Number),
        patientId,
        patientName: 'Ada Lovelace',
        substance: 'Penicillin',
        reaction: 'Hives',
        onset: null,
        status: 'active',
        recordedBy: doctor.id,
        recordedByName: 'Meredith Grey',
        createdAt: now,
        updatedAt: now,
      });
      const row = await stored(res.json.id);
      expect(row).toMatchObject({ substance: 'Penicillin', recordedBy: doctor.id, onset: null });
    });

    it('the recorder is the caller, whatever the body says', async () => {
      const res = await post(doctor, { ...validAllergyInput(patientId), recordedBy: admin.id });
      expect(res.status).toBe(201);
      expect(res.json.recordedBy).toBe(doctor.id);
    });

    it('lists newest first, and searches substance and reaction', async () => {
      const id = await newPatient();
      t.clock.advance(60_000);
      const first = await post(doctor, { ...validAllergyInput(id), substance: 'Latex' });
      t.clock.advance(60_000);
      const second = await post(doctor, {
        ...validAllergyInput(id),
        substance: 'Shellfish',
        reaction: 'Swelling of the lips',
      });
      // Listed at the same moment: the later id comes first.
      const third = await post(doctor, { ...validAllergyInput(id), substance: 'Aspirin' });
      const list = await call(t.app, 'GET', `/api/allergies/patient/${id}`, {
        token: caregiver.token,
      });
      expect(list.status).toBe(200);
      expect(list.headers['x-total-count']).toBe('3');
      expect(list.json.map((a: any) => a.id)).toEqual([
        third.json.id,
        second.json.id,
        first.json.id,
      ]);
      const bySubstance = await call(t.app, 'GET', `/api/allergies/patient/${id}?q=latex`, {
        token: doctor.token,
      });
      expect(bySubstance.json.map((a: any) => a.id)).toEqual([first.json.id]);
      const byReaction = await call(t.app, 'GET', `/api/allergies?q=lips`, {
        token: doctor.token,
      });
      expect(byReaction.json.map((a: any) => a.id)).toEqual([second.json.id]);
    });

    it('a doctor changes an allergy (resolved, onset); who listed it stays', async () => {
      const { id } = await insertAllergy(db, patientId, admin.id);
      t.clock.advance(60_000);
      const res = await put(doctor, id, {
        ...validAllergyInput(patientId),
        reaction: 'Anaphylaxis',
        onset: '2020-01-31',
        status: 'resolved',
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        reaction: 'Anaphylaxis',
        onset: '2020-01-31',
        status: 'resolved',
        recordedBy: admin.id,
        updatedAt: t.clock.now().toISOString(),
      });
    });

    const badBodies: [string, Record<string, unknown>, string, string][] = [
      [
        'a missing substance',
        { substance: undefined },
        'substance',
        allergyTexts.substanceRequired,
      ],
      ['a blank substance', { substance: '   ' }, 'substance', allergyTexts.substanceRequired],
      ['a substance not text', { substance: 42 }, 'substance', allergyTexts.substanceRequired],
      [
        'an overlong substance',
        { substance: 'x'.repeat(201) },
        'substance',
        'Must be at most 200 characters',
      ],
      [
        'an overlong reaction',
        { reaction: 'x'.repeat(501) },
        'reaction',
        'Must be at most 500 characters',
      ],
      ['an unknown status', { status: 'gone' }, 'status', allergyTexts.statusInvalid],
      ['an impossible onset', { onset: '2023-02-30' }, 'onset', clinicalTexts.invalidDate],
      ['an onset that is no date', { onset: 'last spring' }, 'onset', clinicalTexts.invalidDate],
      ['no patient', { patientId: '' }, 'patientId', validation.patientIdRequired],
    ];
    it.each(badBodies)(
      '%s answers 400 with the form’s message, on create and edit, and nothing is written',
      async (_name, change, field, message) => {
        const existing = await insertAllergy(db, patientId, doctor.id);
        const before = await stored(existing.id);
        const count = await db.$count(allergies);
        const body: Record<string, unknown> = { ...validAllergyInput(patientId), ...change };
        for (const key of Object.keys(change)) if (change[key] === undefined) delete body[key];
        for (const res of [await post(doctor, body), await put(doctor, existing.id, body)]) {
          expect(res.status).toBe(400);
          expect(res.json.errors[field]).toBe(message);
          expect(res.json.message).toBe(message);
        }
        expect(await db.$count(allergies)).toBe(count);
        expect(await stored(existing.id)).toEqual(before);
      },
    );

    it('a body that is not an object answers 400, nothing written', async () => {
      const count = await db.$count(allergies);
      for (const body of [[validAllergyInput(patientId)], []]) {
        const res = await post(doctor, body);
        expect(res.status).toBe(400);
        expect(typeof res.json.message).toBe('string');
      }
      expect(await db.$count(allergies)).toBe(count);
    });

    it('a caregiver and the patient read the allergies but may not change them (403)', async () => {
      const { id } = await insertAllergy(db, patientId, doctor.id);
      const before = await stored(id);
      const count = await db.$count(allergies);
      for (const user of [caregiver, patientUser, viewerDoctor]) {
        const read = await call(t.app, 'GET', `/api/allergies/${id}`, { token: user.token });
        expect(read.status).toBe(200);
        expect(read.json.id).toBe(id);
        const list = await call(t.app, 'GET', `/api/allergies/patient/${patientId}`, {
          token: user.token,
        });
        expect(list.status).toBe(200);
        const deniedBefore = await db.$count(
          auditLog,
          and(eq(auditLog.userId, user.id), eq(auditLog.action, 'denied')),
        );
        const attempts = [
          await post(user, validAllergyInput(patientId)),
          await put(user, id, { ...validAllergyInput(patientId), status: 'resolved' }),
          await call(t.app, 'DELETE', `/api/allergies/${id}`, { token: user.token }),
        ];
        for (const res of attempts) {
          expect(res.status).toBe(403);
          expect(res.json).toEqual({ message: 'You are not allowed to do this' });
        }
        expect(
          await db.$count(
            auditLog,
            and(eq(auditLog.userId, user.id), eq(auditLog.action, 'denied')),
          ),
        ).toBe(deniedBefore + 3);
      }
      expect(await db.$count(allergies)).toBe(count);
      expect(await stored(id)).toEqual(before);
    });

    it('a patient sees their own allergies and no one else’s', async () => {
      const other = await insertAllergy(db, otherPatientId, doctor.id);
      const list = await call(t.app, 'GET', '/api/allergies', { token: patientUser.token });
      expect(list.status).toBe(200);
      expect(list.json.length).toBeGreaterThan(0);
      expect(new Set(list.json.map((a: any) => a.patientId))).toEqual(new Set([patientId]));
      const one = await call(t.app, 'GET', `/api/allergies/${other.id}`, {
        token: patientUser.token,
      });
      expect(one.status).toBe(404);
      expect(one.json).toEqual({ message: 'Not found' });
      const theirs = await call(t.app, 'GET', `/api/allergies/patient/${otherPatientId}`, {
        token: patientUser.token,
      });
      expect(theirs.status).toBe(404);
    });

    it('out of scope answers 404 like a missing id, a denied row carries the patient, nothing changes', async () => {
      const { id } = await insertAllergy(db, otherPatientId, admin.id);
      const before = await stored(id);
      const count = await db.$count(allergies);
      for (const [method, url, body] of [
        ['GET', `/api/allergies/${id}`, undefined],
        ['PUT', `/api/allergies/${id}`, validAllergyInput(otherPatientId)],
        ['DELETE', `/api/allergies/${id}`, undefined],
        ['POST', '/api/allergies', validAllergyInput(otherPatientId)],
        ['GET', `/api/allergies/patient/${otherPatientId}`, undefined],
      ] as const) {
        const res = await call(t.app, method, url, { token: doctor.token, body });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.json).toEqual({ message: 'Not found' });
        expect(await lastAudit(doctor.id)).toMatchObject({
          action: 'denied',
          outcome: 'denied',
          entity: 'allergy',
          patientId: otherPatientId,
        });
      }
      // Moving one's own patient's allergy to a patient out of scope is refused the same way.
      const mine = await insertAllergy(db, patientId, doctor.id);
      const moved = await put(doctor, mine.id, validAllergyInput(otherPatientId));
      expect(moved.status).toBe(404);
      expect((await stored(mine.id))!.patientId).toBe(patientId);
      expect(await db.$count(allergies)).toBe(count + 1);
      expect(await stored(id)).toEqual(before);
      const missing = await call(t.app, 'GET', '/api/allergies/999999', { token: doctor.token });
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ message: 'Not found' });
    });

    it('a supervisor reads the allergies of any patient of the agency', async () => {
      const { id } = await insertAllergy(db, otherPatientId, doctor.id);
      const res = await call(t.app, 'GET', `/api/allergies/patient/${otherPatientId}`, {
        token: supervisor.token,
      });
      expect(res.status).toBe(200);
      expect(res.json.map((a: any) => a.id)).toContain(id);
    });

    it('every read, list and change leaves an audit row of entity allergy', async () => {
      const [newest] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      const since = newest!.id;
      const created = await post(doctor, validAllergyInput(patientId));
      const id = created.json.id as number;
      await call(t.app, 'GET', `/api/allergies/${id}`, { token: caregiver.token });
      await call(t.app, 'GET', `/api/allergies/patient/${patientId}`, {
        token: patientUser.token,
      });
      await put(doctor, id, { ...validAllergyInput(patientId), status: 'resolved' });
      await call(t.app, 'DELETE', `/api/allergies/${id}`, { token: doctor.token });
      await call(t.app, 'POST', `/api/allergies/${id}/restore`, { token: admin.token });
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'allergy'), gt(auditLog.id, since)))
        .orderBy(auditLog.id);
      expect(rows.map((r) => [r.action, r.userId, r.patientId, r.outcome])).toEqual([
        ['create', doctor.id, patientId, 'success'],
        ['read', caregiver.id, patientId, 'success'],
        ['list', patientUser.id, patientId, 'success'],
        ['update', doctor.id, patientId, 'success'],
        ['delete', doctor.id, patientId, 'success'],
        ['restore', admin.id, patientId, 'success'],
      ]);
      expect(rows.filter((r) => r.action !== 'list').every((r) => r.entityId === String(id))).toBe(
        true,
      );
    });

    it('a soft-deleted allergy leaves the lists, shows on Deleted Records, and an admin restores it unchanged', async () => {
      const created = await post(doctor, {
        ...validAllergyInput(patientId),
        substance: 'Sulfa drugs',
        reaction: 'rash',
        onset: '2018-07-09',
      });
      const id = created.json.id as number;
      const before = await stored(id);
      const deleted = await call(t.app, 'DELETE', `/api/allergies/${id}`, { token: doctor.token });
      expect(deleted.status).toBe(204);
      expect((await stored(id))!.deletedAt).not.toBeNull();
      expect(
        (await call(t.app, 'GET', `/api/allergies/${id}`, { token: doctor.token })).status,
      ).toBe(404);
      const list = await call(t.app, 'GET', `/api/allergies/patient/${patientId}`, {
        token: doctor.token,
      });
      expect(list.json.map((a: any) => a.id)).not.toContain(id);
      const deletedList = await call(t.app, 'GET', '/api/deleted-records?type=allergy', {
        token: admin.token,
      });
      expect(deletedList.status).toBe(200);
      expect(deletedList.json.find((r: any) => r.id === id)).toMatchObject({
        type: 'allergy',
        patientId,
        patientName: 'Ada Lovelace',
        summary: 'Sulfa drugs (rash)',
        recordDate: '2018-07-09',
      });
      const refused = await call(t.app, 'POST', `/api/allergies/${id}/restore`, {
        token: doctor.token,
      });
      expect(refused.status).toBe(403);
      const restored = await call(t.app, 'POST', `/api/allergies/${id}/restore`, {
        token: admin.token,
      });
      expect(restored.status).toBe(200);
      expect(restored.json).toEqual(created.json);
      expect(await stored(id)).toEqual(before);
      const again = await call(t.app, 'POST', `/api/allergies/${id}/restore`, {
        token: admin.token,
      });
      expect(again.status).toBe(409);
    });

    it('Deleted Records shows the substance alone without a reaction, dated when listed without an onset', async () => {
      const { id } = await insertAllergy(db, patientId, doctor.id, { reaction: '', onset: null });
      await call(t.app, 'DELETE', `/api/allergies/${id}`, { token: doctor.token });
      const res = await call(t.app, 'GET', '/api/deleted-records?type=allergy', {
        token: admin.token,
      });
      const row = res.json.find((r: any) => r.id === id);
      expect(row.summary).toBe('Penicillin');
      expect(row.recordDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });
  });

  describe('no known allergies (PUT /api/patients/{id}/allergy-status)', () => {
    it('is not recorded until a doctor records it; then none; false takes it back', async () => {
      const id = await newPatient();
      expect(await noKnownColumns(id)).toEqual({ at: null, by: null });
      t.clock.advance(60_000);
      const set = await setStatus(doctor, id, { noKnownAllergies: true });
      expect(set.status).toBe(200);
      expect(set.json).toEqual({ allergyStatus: 'none' });
      expect(await noKnownColumns(id)).toEqual({
        at: t.clock.now(),
        by: doctor.id,
      });
      expect(await lastAudit(doctor.id)).toMatchObject({
        action: 'update',
        entity: 'patient',
        entityId: String(id),
        patientId: id,
        outcome: 'success',
      });
      const again = await setStatus(doctor, id, { noKnownAllergies: true });
      expect(again.json).toEqual({ allergyStatus: 'none' });
      const cleared = await setStatus(doctor, id, { noKnownAllergies: false });
      expect(cleared.status).toBe(200);
      expect(cleared.json).toEqual({ allergyStatus: 'not-recorded' });
      expect(await noKnownColumns(id)).toEqual({ at: null, by: null });
    });

    it('listing an allergy ends the entry, in the same change', async () => {
      const id = await newPatient();
      await setStatus(doctor, id, { noKnownAllergies: true });
      const created = await post(doctor, validAllergyInput(id));
      expect(created.status).toBe(201);
      expect(await noKnownColumns(id)).toEqual({ at: null, by: null });
      // Taking an entry back that is gone leaves the listed allergies as the status.
      const status = await setStatus(doctor, id, { noKnownAllergies: false });
      expect(status.json).toEqual({ allergyStatus: 'recorded' });
    });

    it('is refused with 409 while active allergies are listed; nothing changes; a failure row', async () => {
      const id = await newPatient();
      await insertAllergy(db, id, doctor.id);
      const res = await setStatus(doctor, id, { noKnownAllergies: true });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ message: allergyTexts.activeAllergiesListed });
      expect(await noKnownColumns(id)).toEqual({ at: null, by: null });
      expect(await lastAudit(doctor.id)).toMatchObject({
        action: 'update',
        entity: 'patient',
        patientId: id,
        outcome: 'failure',
      });
    });

    it('recorded at the same time as an allergy is listed, the two never both stand', async () => {
      for (let round = 0; round < 5; round += 1) {
        const id = await newPatient();
        const [status, created] = await Promise.all([
          setStatus(doctor, id, { noKnownAllergies: true }),
          post(doctor, validAllergyInput(id)),
        ]);
        expect(created.status).toBe(201);
        expect([200, 409]).toContain(status.status);
        // Whichever came first, the allergy listed ends (or prevents) the entry.
        expect(await noKnownColumns(id)).toEqual({ at: null, by: null });
      }
    });

    it.runIf(usingPostgres())(
      'waits for an allergy being listed on the patient, then refuses (409)',
      async () => {
        const id = await newPatient();
        let pending: ReturnType<typeof setStatus> | undefined;
        // What listing an allergy does in its transaction: the row, then the patient's row.
        await db.transaction(async (tx) => {
          await tx.insert(allergies).values({ ...validAllergyInput(id), recordedBy: doctor.id });
          await tx
            .update(patients)
            .set({ noKnownAllergiesAt: null, noKnownAllergiesBy: null })
            .where(eq(patients.id, id));
          pending = setStatus(doctor, id, { noKnownAllergies: true });
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        const res = await pending!;
        expect(res.status).toBe(409);
        expect(await noKnownColumns(id)).toEqual({ at: null, by: null });
      },
    );

    it('resolved and deleted allergies do not stand in the way; restoring or reactivating one ends the entry', async () => {
      const id = await newPatient();
      const resolved = await insertAllergy(db, id, doctor.id, { status: 'resolved' });
      const deleted = await insertAllergy(db, id, doctor.id, {
        substance: 'Latex',
        deletedAt: new Date('2026-01-10T00:00:00Z'),
      });
      expect((await setStatus(doctor, id, { noKnownAllergies: true })).json).toEqual({
        allergyStatus: 'none',
      });
      // An edit that keeps it resolved leaves the entry.
      const kept = await put(doctor, resolved.id, {
        ...validAllergyInput(id),
        reaction: 'Mild rash',
        status: 'resolved',
      });
      expect(kept.status).toBe(200);
      expect((await noKnownColumns(id)).at).not.toBeNull();
      const restored = await call(t.app, 'POST', `/api/allergies/${deleted.id}/restore`, {
        token: admin.token,
      });
      expect(restored.status).toBe(200);
      expect(await noKnownColumns(id)).toEqual({ at: null, by: null });
      // Back to none once the restored one is resolved; then active again ends it.
      await put(doctor, deleted.id, { ...validAllergyInput(id), status: 'resolved' });
      expect((await setStatus(doctor, id, { noKnownAllergies: true })).json).toEqual({
        allergyStatus: 'none',
      });
      const reactivated = await put(doctor, resolved.id, {
        ...validAllergyInput(id),
        status: 'active',
      });
      expect(reactivated.status).toBe(200);
      expect(await noKnownColumns(id)).toEqual({ at: null, by: null });
    });

    it('only doctors who keep allergies may set it (403, audited against the patient)', async () => {
      const id = await newPatient();
      for (const user of [caregiver, viewerDoctor, patientUser]) {
        const res = await setStatus(user, user === patientUser ? patientId : id, {
          noKnownAllergies: true,
        });
        expect(res.status).toBe(403);
        expect(await lastAudit(user.id)).toMatchObject({ action: 'denied', entity: 'patient' });
      }
      expect(await noKnownColumns(id)).toEqual({ at: null, by: null });
      expect(await noKnownColumns(patientId)).toEqual({ at: null, by: null });
      expect((await call(t.app, 'PUT', `/api/patients/${id}/allergy-status`)).status).toBe(401);
    });

    it('a patient out of scope, missing or deleted answers 404; a supervisor may set it for any', async () => {
      const res = await setStatus(doctor, otherPatientId, { noKnownAllergies: true });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Not found' });
      expect(await lastAudit(doctor.id)).toMatchObject({
        action: 'denied',
        entity: 'patient',
        patientId: otherPatientId,
      });
      expect(await noKnownColumns(otherPatientId)).toEqual({ at: null, by: null });
      const missing = await setStatus(doctor, 999_999, { noKnownAllergies: true });
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ message: 'Not found' });
      const gone = (await createDeletedPatient(db, { careTeam: [doctor] })).id;
      expect((await setStatus(doctor, gone, { noKnownAllergies: true })).status).toBe(404);
      expect(await noKnownColumns(gone)).toEqual({ at: null, by: null });
      const bySupervisor = await setStatus(supervisor, otherPatientId, { noKnownAllergies: false });
      expect(bySupervisor.status).toBe(200);
    });

    it('a body without a true or false answers 400 with a message, nothing changed', async () => {
      const id = await newPatient();
      for (const body of [{}, { noKnownAllergies: 'yes' }, { noKnownAllergies: null }, []]) {
        const res = await setStatus(doctor, id, body);
        expect(res.status).toBe(400);
        expect(typeof res.json.message).toBe('string');
      }
      const wrong = await setStatus(doctor, id, { noKnownAllergies: 1 });
      expect(wrong.json.errors.noKnownAllergies).toBe(allergyTexts.noKnownInvalid);
      const badId = await setStatus(doctor, 0, { noKnownAllergies: true });
      expect(badId.status).toBe(400);
      expect(await noKnownColumns(id)).toEqual({ at: null, by: null });
    });

    it('is described in the OpenAPI document', async () => {
      const doc = await call(t.app, 'GET', '/api/openapi.json');
      const operation = doc.json.paths['/api/patients/{id}/allergy-status'].put;
      expect(operation.summary).toMatch(/no known allergies/);
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '400', '403', '404', '409']),
      );
    });
  });
});
