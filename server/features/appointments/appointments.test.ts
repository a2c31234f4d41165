import { renderNotificationText } from '../../../shared/format.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointmentTexts, validation } from '../../../shared/messages.ts';
import { normalizePrivilege, normalizeRole } from '../../../shared/permissions.ts';
import {
  appointments,
  auditLog,
  careTeamMembers,
  notifications,
  patients,
} from '../../db/schema/index.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { selectAppointmentPage } from './appointments.queries.ts';

/** The seed's client sends a browser FormData: every field a text part. */
function multipart(fields: Record<string, string>) {
  const boundary = `----ElderCareBoundary${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function postMultipart(t: TestApp, token: string, fields: Record<string, string>) {
  const { payload, headers } = multipart(fields);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  return { status: response.statusCode, json: response.json() };
}

describe('appointments API', () => {
  let t: TestApp;
  let doctorA: TestUser;
  let doctorB: TestUser;
  let supervisor: TestUser;
  let viewerDoctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let otherPatientUser: TestUser;
  let inactiveDoctor: TestUser;
  let p1: { id: number }; // doctor A + caregiver, linked to patientUser
  let p2: { id: number }; // doctor B only, linked to otherPatientUser
  let p3: { id: number }; // doctor A, no account

  const future = '2026-02-01T10:00:00.000Z';
  const past = '2025-12-01T10:00:00.000Z';

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    doctorA = await createUser(db, { role: 'doctor', firstName: 'Gregory', secondName: 'House' });
    doctorB = await createUser(db, { role: 'doctor' });
    supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    viewerDoctor = await createUser(db, { role: 'doctor', privileges: 'viewer' });
    caregiver = await createUser(db, { role: 'caregiver' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    otherPatientUser = await createUser(db, { role: 'user', privileges: 'viewer' });
    inactiveDoctor = await createUser(db, { role: 'doctor', isActive: false });
    p1 = await createPatient(db, {
      careTeam: [doctorA, caregiver, viewerDoctor],
      account: patientUser,
      overrides: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    p2 = await createPatient(db, { careTeam: [doctorB], account: otherPatientUser });
    p3 = await createPatient(db, { careTeam: [doctorA] });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set('2026-01-15T09:00:00.000Z'));

  // These tests book the same doctor at the same hour again and again: each confirms the
  // double booking (the overlap check has its own tests in appointment-status.test.ts).
  const book = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/appointments', { token, body: { confirmOverlap: true, ...body } });

  async function countAppointments() {
    return (await t.database.db.select({ id: appointments.id }).from(appointments)).length;
  }

  async function auditRows(requestUser: TestUser) {
    return t.database.db.select().from(auditLog).where(eq(auditLog.userId, requestUser.id));
  }

  /** A user's notifications as a reader in UTC reads them (times are written when read). */
  async function notificationsOf(user: TestUser) {
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    return rows.map((n) => ({ ...n, message: renderNotificationText(n.message, n.at, 'UTC') }));
  }

  describe("the seed's calls", () => {
    it("accepts the seed's multipart form unchanged and lists it for the doctor", async () => {
      const res = await postMultipart(t, doctorA.token, {
        doctorUsername: doctorA.username,
        patientId: String(p1.id),
        appointmentDate: '2024-12-01T10:00',
        location: 'Clinic',
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        doctorId: doctorA.id,
        doctorUsername: doctorA.username,
        doctorName: 'Gregory House',
        patientId: p1.id,
        patientName: 'Ada Lovelace',
        appointmentDate: '2024-12-01T10:00:00.000Z',
        location: 'Clinic',
        requestedBy: doctorA.id,
      });

      const list = await call(t.app, 'GET', `/api/appointments/doctor/${doctorA.id}`, {
        token: doctorA.token,
      });
      expect(list.status).toBe(200);
      const item = list.json.find((a: { id: number }) => a.id === res.json.id);
      // The fields the seed's client reads.
      expect(item).toMatchObject({
        id: res.json.id,
        doctorUsername: doctorA.username,
        patientId: p1.id,
        appointmentDate: '2024-12-01T10:00:00.000Z',
        location: 'Clinic',
      });
      expect(list.headers['x-total-count']).toBe(String(list.json.length));
    });

    it('accepts JSON, and doctorUsername defaults to the signed-in doctor', async () => {
      const res = await book(doctorA.token, {
        patientId: p3.id,
        appointmentDate: future,
        location: 'Home visit',
      });
      expect(res.status).toBe(201);
      expect(res.json.doctorUsername).toBe(doctorA.username);
      expect(res.json.doctorId).toBe(doctorA.id);
    });

    it('a doctor may book for another active doctor, named by username in any case', async () => {
      // The doctor named must be on the patient's care team (issue 13).
      const colleague = await createUser(t.database.db, { role: 'doctor' });
      const shared = await createPatient(t.database.db, { careTeam: [doctorA, colleague] });
      const res = await book(doctorA.token, {
        doctorUsername: colleague.username.toUpperCase(),
        patientId: shared.id,
        appointmentDate: future,
        location: 'Clinic',
      });
      expect(res.status).toBe(201);
      expect(res.json.doctorId).toBe(colleague.id);
    });

    it('DELETE removes the appointment from every list but keeps the row (soft delete)', async () => {
      const created = await book(doctorA.token, {
        patientId: p3.id,
        appointmentDate: future,
        location: 'Clinic',
      });
      const res = await call(t.app, 'DELETE', `/api/appointments/${created.json.id}`, {
        token: doctorA.token,
      });
      expect(res.status).toBe(204);
      const list = await call(t.app, 'GET', '/api/appointments?limit=500', {
        token: doctorA.token,
      });
      expect(list.json.map((a: { id: number }) => a.id)).not.toContain(created.json.id);
      const one = await call(t.app, 'GET', `/api/appointments/${created.json.id}`, {
        token: doctorA.token,
      });
      expect(one.status).toBe(404);
      const [row] = await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.id, created.json.id));
      expect(row?.deletedAt).toBeInstanceOf(Date);
      const again = await call(t.app, 'DELETE', `/api/appointments/${created.json.id}`, {
        token: doctorA.token,
      });
      expect(again.status).toBe(404);
    });
  });

  it('an admin restores a deleted appointment exactly as it was; others may not', async () => {
    const admin = await createUser(t.database.db, { role: 'doctor', privileges: 'admin' });
    const created = await book(doctorA.token, {
      patientId: p3.id,
      appointmentDate: '2026-05-05T08:15:00.000Z',
      location: 'Restore room',
    });
    const id = created.json.id as number;
    expect(
      (await call(t.app, 'DELETE', `/api/appointments/${id}`, { token: doctorA.token })).status,
    ).toBe(204);
    const refused = await call(t.app, 'POST', `/api/appointments/${id}/restore`, {
      token: doctorA.token,
    });
    expect(refused.status).toBe(403);
    const restored = await call(t.app, 'POST', `/api/appointments/${id}/restore`, {
      token: admin.token,
    });
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({
      id,
      appointmentDate: '2026-05-05T08:15:00.000Z',
      location: 'Restore room',
    });
    const again = await call(t.app, 'POST', `/api/appointments/${id}/restore`, {
      token: admin.token,
    });
    expect(again.status).toBe(404);
    const back = await call(t.app, 'GET', `/api/appointments/${id}`, { token: doctorA.token });
    expect(back.status).toBe(200);
  });

  describe('validation', () => {
    const valid = () => ({
      doctorUsername: doctorA.username,
      patientId: String(p1.id),
      appointmentDate: '2026-03-01T10:00',
      location: 'Clinic',
    });
    const fieldMessages = [
      ['patientId', validation.patientIdRequired],
      ['appointmentDate', validation.appointmentDateRequired],
      ['location', validation.locationRequired],
    ] as const;

    for (const [field, message] of fieldMessages) {
      it(`JSON without ${field} answers '${message}' and stores nothing`, async () => {
        const before = await countAppointments();
        const body: Record<string, unknown> = valid();
        delete body[field];
        const res = await book(doctorA.token, body);
        expect(res.status).toBe(400);
        expect(res.json.errors[field]).toBe(message);
        expect(res.json.message).toBe(message);
        const blank = await book(doctorA.token, { ...valid(), [field]: '   ' });
        expect(blank.status).toBe(400);
        expect(blank.json.errors[field]).toBe(message);
        expect(await countAppointments()).toBe(before);
      });

      it(`multipart with an empty ${field} answers '${message}'`, async () => {
        const before = await countAppointments();
        const missing: Record<string, string> = valid();
        delete missing[field];
        const res = await postMultipart(t, doctorA.token, missing);
        expect(res.status).toBe(400);
        expect(res.json.errors[field]).toBe(message);
        const empty = await postMultipart(t, doctorA.token, { ...valid(), [field]: '' });
        expect(empty.status).toBe(400);
        expect(empty.json.errors[field]).toBe(message);
        expect(await countAppointments()).toBe(before);
      });
    }

    it("answers 'Doctor username is required' when it is missing and there is no default", async () => {
      const body = { ...valid(), appointmentDate: future };
      const { doctorUsername: _omitted, ...withoutDoctor } = body;
      const json = await book(patientUser.token, withoutDoctor);
      expect(json.status).toBe(400);
      expect(json.json.errors.doctorUsername).toBe(validation.doctorUsernameRequired);
      const form = await postMultipart(t, patientUser.token, { ...body, doctorUsername: '' });
      expect(form.status).toBe(400);
      expect(form.json.errors.doctorUsername).toBe(validation.doctorUsernameRequired);
    });

    it('an empty form answers every message at once', async () => {
      const res = await postMultipart(t, doctorA.token, {
        doctorUsername: doctorA.username,
        patientId: '',
        appointmentDate: '',
        location: '',
      });
      expect(res.status).toBe(400);
      expect(res.json.errors).toMatchObject({
        patientId: validation.patientIdRequired,
        appointmentDate: validation.appointmentDateRequired,
        location: validation.locationRequired,
      });
    });

    for (const bad of [
      'tomorrow',
      '2024-02-30T10:00',
      '2024-13-01T10:00Z',
      '2024-12-01T25:00',
      '12/01/2024',
    ]) {
      it(`an unreadable date '${bad}' answers 400 and stores nothing`, async () => {
        const before = await countAppointments();
        const res = await book(doctorA.token, { ...valid(), appointmentDate: bad });
        expect(res.status).toBe(400);
        expect(res.json.errors.appointmentDate).toBe(appointmentTexts.invalidDate);
        expect(await countAppointments()).toBe(before);
      });
    }

    it('a patient id that is not a number answers the patient message', async () => {
      const res = await book(doctorA.token, { ...valid(), patientId: 'abc' });
      expect(res.status).toBe(400);
      expect(res.json.errors.patientId).toBe(validation.patientIdRequired);
    });

    it('a username that is not an active doctor is refused on the doctor field', async () => {
      for (const username of ['nobody-here', caregiver.username, inactiveDoctor.username]) {
        const res = await book(doctorA.token, { ...valid(), doctorUsername: username });
        expect(res.status).toBe(400);
        expect(res.json.errors.doctorUsername).toBe(appointmentTexts.doctorNotFound);
      }
    });

    it('a bad range filter answers 400, never a 500', async () => {
      const res = await call(t.app, 'GET', '/api/appointments?from=yesterday', {
        token: doctorA.token,
      });
      expect(res.status).toBe(400);
      const limit = await call(t.app, 'GET', '/api/appointments?limit=100000', {
        token: doctorA.token,
      });
      expect(limit.status).toBe(400);
    });
  });

  describe('dates', () => {
    it('a date with a zone survives the round trip to the millisecond', async () => {
      const res = await book(doctorA.token, {
        patientId: p3.id,
        appointmentDate: '2026-03-01T10:15:30.123+05:30',
        location: 'Clinic',
      });
      expect(res.status).toBe(201);
      expect(res.json.appointmentDate).toBe('2026-03-01T04:45:30.123Z');
      const one = await call(t.app, 'GET', `/api/appointments/${res.json.id}`, {
        token: doctorA.token,
      });
      expect(one.json.appointmentDate).toBe('2026-03-01T04:45:30.123Z');
      expect(new Date(one.json.appointmentDate).getTime()).toBe(
        Date.parse('2026-03-01T10:15:30.123+05:30'),
      );
    });

    it('a date without a zone is read as UTC, whatever the server zone', async () => {
      const res = await book(doctorA.token, {
        patientId: p3.id,
        appointmentDate: '2026-03-01T23:30',
        location: 'Clinic',
      });
      expect(res.json.appointmentDate).toBe('2026-03-01T23:30:00.000Z');
    });

    it('keeps the bounds of the care years exactly and refuses dates beyond them', async () => {
      // Years 0001 and 9999 were once accepted (issue 13): no appointment is that far off.
      for (const date of ['1900-01-01T00:00:00.000Z', '2200-12-31T23:59:59.999Z']) {
        const res = await book(doctorA.token, {
          patientId: p3.id,
          appointmentDate: date,
          location: 'Clinic',
        });
        expect(res.status).toBe(201);
        expect(res.json.appointmentDate).toBe(date);
      }
      for (const date of ['0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
        const before = await countAppointments();
        const res = await book(doctorA.token, {
          patientId: p3.id,
          appointmentDate: date,
          location: 'Clinic',
        });
        expect(res.status).toBe(400);
        expect(res.json.errors.appointmentDate).toBe(appointmentTexts.invalidDate);
        expect(await countAppointments()).toBe(before);
      }
    });
  });

  describe('listing', () => {
    let doctor: TestUser;
    let patient: { id: number };
    beforeAll(async () => {
      doctor = await createUser(t.database.db, { role: 'doctor' });
      patient = await createPatient(t.database.db, { careTeam: [doctor] });
      for (const date of [
        '2026-03-03T09:00:00.000Z',
        '2026-03-01T09:00:00.000Z',
        '2026-03-02T09:00:00.000Z',
        '2026-04-01T09:00:00.000Z',
      ]) {
        await book(doctor.token, { patientId: patient.id, appointmentDate: date, location: 'X' });
      }
    });

    it('orders by date, pages with limit/offset and gives the total in X-Total-Count', async () => {
      const first = await call(t.app, 'GET', '/api/appointments?limit=2', { token: doctor.token });
      expect(first.status).toBe(200);
      expect(first.headers['x-total-count']).toBe('4');
      expect(first.json.map((a: { appointmentDate: string }) => a.appointmentDate)).toEqual([
        '2026-03-01T09:00:00.000Z',
        '2026-03-02T09:00:00.000Z',
      ]);
      const second = await call(t.app, 'GET', '/api/appointments?limit=2&offset=2', {
        token: doctor.token,
      });
      expect(second.json.map((a: { appointmentDate: string }) => a.appointmentDate)).toEqual([
        '2026-03-03T09:00:00.000Z',
        '2026-04-01T09:00:00.000Z',
      ]);
    });

    it('filters by a [from, to) range', async () => {
      const res = await call(
        t.app,
        'GET',
        `/api/appointments?from=${encodeURIComponent('2026-03-02T09:00:00Z')}&to=${encodeURIComponent('2026-04-01T09:00:00Z')}`,
        { token: doctor.token },
      );
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.json.map((a: { appointmentDate: string }) => a.appointmentDate)).toEqual([
        '2026-03-02T09:00:00.000Z',
        '2026-03-03T09:00:00.000Z',
      ]);
    });

    it("accepts a calendar view's edges beyond the storable years, as toISOString gives them", async () => {
      const wide = await call(
        t.app,
        'GET',
        `/api/appointments?from=${encodeURIComponent('0000-12-25T00:00:00.000Z')}&to=${encodeURIComponent('+275760-09-13T00:00:00.000Z')}`,
        { token: doctor.token },
      );
      expect(wide.status).toBe(200);
      expect(wide.headers['x-total-count']).toBe('4');
      const beyond = await call(
        t.app,
        'GET',
        `/api/appointments?from=${encodeURIComponent('+010001-01-01T00:00:00.000Z')}`,
        { token: doctor.token },
      );
      expect(beyond.status).toBe(200);
      expect(beyond.json).toEqual([]);
      expect(beyond.headers['x-total-count']).toBe('0');
    });

    it("lists one patient's appointments, newest first on request", async () => {
      const res = await call(t.app, 'GET', `/api/appointments/patient/${patient.id}?order=desc`, {
        token: doctor.token,
      });
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(4);
      expect(res.json[0].appointmentDate).toBe('2026-04-01T09:00:00.000Z');
    });
  });

  describe('scope', () => {
    let aOnP1: number;
    let bOnP2: number;
    beforeAll(async () => {
      aOnP1 = (
        await book(doctorA.token, { patientId: p1.id, appointmentDate: future, location: 'Clinic' })
      ).json.id;
      bOnP2 = (
        await book(doctorB.token, { patientId: p2.id, appointmentDate: future, location: 'Ward' })
      ).json.id;
    });

    it("a doctor cannot list another doctor's appointments", async () => {
      const res = await call(t.app, 'GET', `/api/appointments/doctor/${doctorA.id}`, {
        token: doctorB.token,
      });
      expect(res.status).toBe(404);
      const all = await call(t.app, 'GET', '/api/appointments?limit=500', { token: doctorB.token });
      const ids = all.json.map((a: { id: number }) => a.id);
      expect(ids).toContain(bOnP2);
      expect(ids).not.toContain(aOnP1);
      expect(all.json.every((a: { patientId: number }) => a.patientId === p2.id)).toBe(true);
    });

    it('a doctor cannot open, change or delete an appointment of a patient outside their care team', async () => {
      const before = await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.id, aOnP1));
      const one = await call(t.app, 'GET', `/api/appointments/${aOnP1}`, { token: doctorB.token });
      expect(one.status).toBe(404);
      expect(one.json).toEqual({ message: 'Not found' });
      const put = await call(t.app, 'PUT', `/api/appointments/${aOnP1}`, {
        token: doctorB.token,
        body: { patientId: p1.id, appointmentDate: past, location: 'Elsewhere' },
      });
      expect(put.status).toBe(404);
      const del = await call(t.app, 'DELETE', `/api/appointments/${aOnP1}`, {
        token: doctorB.token,
      });
      expect(del.status).toBe(404);
      const after = await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.id, aOnP1));
      expect(after).toEqual(before);
    });

    it('a doctor cannot book for, or move an appointment to, a patient outside their care team', async () => {
      const before = await countAppointments();
      const res = await book(doctorB.token, {
        patientId: p1.id,
        appointmentDate: future,
        location: 'X',
      });
      expect(res.status).toBe(404);
      const move = await call(t.app, 'PUT', `/api/appointments/${bOnP2}`, {
        token: doctorB.token,
        body: { patientId: p1.id, appointmentDate: future, location: 'Ward' },
      });
      expect(move.status).toBe(404);
      const missing = await book(doctorB.token, {
        patientId: 999999,
        appointmentDate: future,
        location: 'X',
      });
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual(res.json);
      expect(await countAppointments()).toBe(before);
    });

    it('a supervisor sees and edits every patient’s appointments and lists any doctor', async () => {
      const list = await call(t.app, 'GET', `/api/appointments/doctor/${doctorA.id}`, {
        token: supervisor.token,
      });
      expect(list.status).toBe(200);
      expect(list.json.map((a: { id: number }) => a.id)).toContain(aOnP1);
      const notADoctor = await call(t.app, 'GET', `/api/appointments/doctor/${caregiver.id}`, {
        token: supervisor.token,
      });
      expect(notADoctor.status).toBe(404);
      const put = await call(t.app, 'PUT', `/api/appointments/${bOnP2}`, {
        token: supervisor.token,
        body: { patientId: p2.id, appointmentDate: future, location: 'Ward 7' },
      });
      expect(put.status).toBe(200);
      expect(put.json.location).toBe('Ward 7');
      expect(put.json.doctorId).toBe(doctorB.id);
    });

    it('a patient sees only their own appointments', async () => {
      const all = await call(t.app, 'GET', '/api/appointments?limit=500', {
        token: patientUser.token,
      });
      expect(all.status).toBe(200);
      expect(all.json.length).toBeGreaterThan(0);
      expect(all.json.every((a: { patientId: number }) => a.patientId === p1.id)).toBe(true);
      const own = await call(t.app, 'GET', `/api/appointments/patient/${p1.id}`, {
        token: patientUser.token,
      });
      expect(own.status).toBe(200);
      const other = await call(t.app, 'GET', `/api/appointments/patient/${p2.id}`, {
        token: patientUser.token,
      });
      expect(other.status).toBe(404);
      const byDoctor = await call(t.app, 'GET', `/api/appointments/doctor/${doctorB.id}`, {
        token: patientUser.token,
      });
      expect(byDoctor.status).toBe(404);
      const one = await call(t.app, 'GET', `/api/appointments/${bOnP2}`, {
        token: patientUser.token,
      });
      expect(one.status).toBe(404);
    });

    it("a caregiver sees only their patients' appointments and changes none", async () => {
      const all = await call(t.app, 'GET', '/api/appointments?limit=500', {
        token: caregiver.token,
      });
      const ids = all.json.map((a: { id: number }) => a.id);
      expect(ids).toContain(aOnP1);
      expect(ids).not.toContain(bOnP2);
      expect(all.json.every((a: { patientId: number }) => a.patientId === p1.id)).toBe(true);
      const before = await countAppointments();
      const post = await book(caregiver.token, {
        doctorUsername: doctorA.username,
        patientId: p1.id,
        appointmentDate: future,
        location: 'X',
      });
      expect(post.status).toBe(403);
      const put = await call(t.app, 'PUT', `/api/appointments/${aOnP1}`, {
        token: caregiver.token,
        body: { patientId: p1.id, appointmentDate: future, location: 'X' },
      });
      expect(put.status).toBe(403);
      const del = await call(t.app, 'DELETE', `/api/appointments/${aOnP1}`, {
        token: caregiver.token,
      });
      expect(del.status).toBe(403);
      expect(await countAppointments()).toBe(before);
      const still = await call(t.app, 'GET', `/api/appointments/${aOnP1}`, {
        token: caregiver.token,
      });
      expect(still.status).toBe(200);
    });

    it('a doctor with viewer privileges reads but cannot book', async () => {
      const list = await call(t.app, 'GET', `/api/appointments/patient/${p1.id}`, {
        token: viewerDoctor.token,
      });
      expect(list.status).toBe(200);
      const post = await book(viewerDoctor.token, {
        patientId: p1.id,
        appointmentDate: future,
        location: 'X',
      });
      expect(post.status).toBe(403);
    });

    it('without a session every call answers 401', async () => {
      for (const [method, url] of [
        ['GET', '/api/appointments'],
        ['GET', `/api/appointments/doctor/${doctorA.id}`],
        ['POST', '/api/appointments'],
        ['DELETE', `/api/appointments/${aOnP1}`],
      ] as const) {
        const res = await call(t.app, method, url, method === 'POST' ? { body: {} } : {});
        expect(res.status).toBe(401);
      }
    });
  });

  describe('the doctor filter keeps each role to its scope', () => {
    // One doctor's appointments with patients on different care teams, a deleted patient and a
    // deleted appointment: each kind of scope must see exactly its own share of them.
    let doctor: TestUser;
    let otherDoctor: TestUser;
    let carer: TestUser;
    let patientAccount: TestUser;
    let unknownRole: TestUser;
    const ids: Record<string, number> = {};

    const session = (user: TestUser): SessionUser => ({
      id: user.id,
      username: user.username,
      role: normalizeRole(user.role),
      storedRole: user.role,
      privileges: normalizePrivilege(user.privileges),
    });
    const idsOf = (items: { id: number }[]) => items.map((a) => a.id);

    beforeAll(async () => {
      const db = t.database.db;
      doctor = await createUser(db, { role: 'doctor' });
      otherDoctor = await createUser(db, { role: 'doctor' });
      carer = await createUser(db, { role: 'caregiver' });
      patientAccount = await createUser(db, { role: 'patient', privileges: 'viewer' });
      unknownRole = await createUser(db, { role: 'janitor' });
      const shared = await createPatient(db, {
        careTeam: [doctor, carer, otherDoctor],
        account: patientAccount,
      });
      const doctorOnly = await createPatient(db, { careTeam: [doctor] });
      // An appointment's doctor must be on the care team when it is booked: `doctor` leaves the
      // care teams of carerOnly and nobody, and otherDoctor that of shared, once the bookings
      // are made. The appointments stay in each doctor's diary.
      const carerOnly = await createPatient(db, { careTeam: [carer, otherDoctor, doctor] });
      const nobody = await createPatient(db, { careTeam: [otherDoctor, doctor] });
      const gone = await createPatient(db, { careTeam: [doctor, carer, otherDoctor] });
      const bookings: [string, { id: number }, TestUser, string][] = [
        ['shared1', shared, doctor, '2026-05-01T09:00:00.000Z'],
        ['doctorOnly', doctorOnly, doctor, '2026-05-01T10:00:00.000Z'],
        ['carerOnly', carerOnly, doctor, '2026-05-02T09:00:00.000Z'],
        ['shared2', shared, doctor, '2026-05-03T09:00:00.000Z'],
        ['nobody', nobody, doctor, '2026-05-04T09:00:00.000Z'],
        ['gone', gone, doctor, '2026-05-05T09:00:00.000Z'],
        ['cancelled', shared, doctor, '2026-05-06T09:00:00.000Z'],
        ['otherDoctors', shared, otherDoctor, '2026-05-01T11:00:00.000Z'],
      ];
      for (const [name, patient, withDoctor, date] of bookings) {
        const res = await book(supervisor.token, {
          doctorId: withDoctor.id,
          patientId: patient.id,
          appointmentDate: date,
          location: name,
        });
        expect(res.status).toBe(201);
        ids[name] = res.json.id;
      }
      const leave = (member: TestUser, patientIds: number[]) =>
        db
          .delete(careTeamMembers)
          .where(
            and(
              eq(careTeamMembers.userId, member.id),
              inArray(careTeamMembers.patientId, patientIds),
            ),
          );
      await leave(doctor, [carerOnly.id, nobody.id]);
      await leave(otherDoctor, [shared.id]);
      const cancel = await call(t.app, 'DELETE', `/api/appointments/${ids.cancelled}`, {
        token: supervisor.token,
      });
      expect(cancel.status).toBe(204);
      await db.update(patients).set({ deletedAt: new Date() }).where(eq(patients.id, gone.id));
    });

    it("a doctor's own list holds only their care team's patients, in date order", async () => {
      const res = await call(t.app, 'GET', `/api/appointments/doctor/${doctor.id}`, {
        token: doctor.token,
      });
      expect(res.status).toBe(200);
      expect(idsOf(res.json)).toEqual([ids.shared1, ids.doctorOnly, ids.shared2]);
      expect(res.headers['x-total-count']).toBe('3');
    });

    it('a supervisor lists every live patient of the doctor; another doctor gets 404', async () => {
      const res = await call(t.app, 'GET', `/api/appointments/doctor/${doctor.id}`, {
        token: supervisor.token,
      });
      expect(res.status).toBe(200);
      expect(idsOf(res.json)).toEqual([
        ids.shared1,
        ids.doctorOnly,
        ids.carerOnly,
        ids.shared2,
        ids.nobody,
      ]);
      expect(res.headers['x-total-count']).toBe('5');
      const outsider = await call(t.app, 'GET', `/api/appointments/doctor/${doctor.id}`, {
        token: otherDoctor.token,
      });
      expect(outsider.status).toBe(404);
    });

    it('with the doctor filter every kind of scope sees exactly what it sees without it', async () => {
      const expected: [TestUser, string[]][] = [
        [doctor, ['shared1', 'doctorOnly', 'shared2']],
        [carer, ['shared1', 'carerOnly', 'shared2']],
        [otherDoctor, ['carerOnly', 'nobody']],
        [patientAccount, ['shared1', 'shared2']],
        [supervisor, ['shared1', 'doctorOnly', 'carerOnly', 'shared2', 'nobody']],
        [unknownRole, []],
      ];
      for (const [user, names] of expected) {
        const caller = session(user);
        const filtered = await selectAppointmentPage(t.database.db, caller, {
          doctorId: doctor.id,
          limit: 50,
          offset: 0,
        });
        expect(idsOf(filtered.items), user.username).toEqual(names.map((name) => ids[name]));
        expect(filtered.total, user.username).toBe(names.length);
        const unfiltered = await selectAppointmentPage(t.database.db, caller, {
          from: '2026-05-01T00:00:00.000Z',
          to: '2026-05-07T00:00:00.000Z',
          limit: 500,
          offset: 0,
        });
        expect(
          idsOf(unfiltered.items.filter((a) => a.doctorId === doctor.id)),
          user.username,
        ).toEqual(idsOf(filtered.items));
        // Page by page, newest first, the same rows.
        const pages: number[] = [];
        for (let offset = 0; offset <= names.length; offset += 2) {
          const page = await selectAppointmentPage(t.database.db, caller, {
            doctorId: doctor.id,
            order: 'desc',
            limit: 2,
            offset,
          });
          pages.push(...idsOf(page.items));
          // A full page is counted by its own statement: the same total, the deleted patient's
          // appointment left out as on the page.
          expect(page.total, `${user.username} at ${offset}`).toBe(names.length);
        }
        expect(pages, user.username).toEqual(idsOf(filtered.items).reverse());
      }
    });
  });

  describe('patient requests and cancellations', () => {
    it('a patient requests an appointment for themselves with a doctor of their care team', async () => {
      const res = await book(patientUser.token, {
        doctorUsername: doctorA.username,
        patientId: p1.id,
        appointmentDate: future,
        location: 'Clinic',
      });
      expect(res.status).toBe(201);
      expect(res.json.requestedBy).toBe(patientUser.id);
      expect(res.json.doctorId).toBe(doctorA.id);
      const byId = await book(patientUser.token, {
        doctorId: doctorA.id,
        patientId: String(p1.id),
        appointmentDate: future,
        location: 'Clinic',
      });
      expect(byId.status).toBe(201);
    });

    it('a patient cannot request with a doctor outside their care team', async () => {
      const res = await book(patientUser.token, {
        doctorUsername: doctorB.username,
        patientId: p1.id,
        appointmentDate: future,
        location: 'Clinic',
      });
      expect(res.status).toBe(400);
      expect(res.json.errors.doctorUsername).toBe(appointmentTexts.doctorNotOnCareTeam);
    });

    it('a patient cannot request an appointment in the past', async () => {
      const res = await book(patientUser.token, {
        doctorUsername: doctorA.username,
        patientId: p1.id,
        appointmentDate: past,
        location: 'Clinic',
      });
      expect(res.status).toBe(400);
      expect(res.json.errors.appointmentDate).toBe(appointmentTexts.mustBeFuture);
    });

    it('a patient cannot request for another patient', async () => {
      const res = await book(patientUser.token, {
        doctorUsername: doctorB.username,
        patientId: p2.id,
        appointmentDate: future,
        location: 'Clinic',
      });
      expect(res.status).toBe(404);
    });

    it('a patient cannot edit, even their own appointment', async () => {
      const created = await book(patientUser.token, {
        doctorUsername: doctorA.username,
        patientId: p1.id,
        appointmentDate: future,
        location: 'Clinic',
      });
      const res = await call(t.app, 'PUT', `/api/appointments/${created.json.id}`, {
        token: patientUser.token,
        body: { patientId: p1.id, appointmentDate: future, location: 'Moved' },
      });
      expect(res.status).toBe(403);
    });

    it('a patient cancels their own upcoming appointment, and the doctor is told', async () => {
      const created = await book(doctorA.token, {
        patientId: p1.id,
        appointmentDate: '2026-02-10T10:00:00Z',
        location: 'Clinic',
      });
      const res = await call(t.app, 'DELETE', `/api/appointments/${created.json.id}`, {
        token: patientUser.token,
      });
      expect(res.status).toBe(204);
      const notes = await notificationsOf(doctorA);
      expect(notes.map((n) => n.message)).toContain(
        'Ada Lovelace cancelled the appointment on Feb 10, 2026, 10:00 AM UTC at Clinic',
      );
    });

    it('a patient cannot cancel a past appointment', async () => {
      const created = await book(doctorA.token, {
        patientId: p1.id,
        appointmentDate: past,
        location: 'Clinic',
      });
      const res = await call(t.app, 'DELETE', `/api/appointments/${created.json.id}`, {
        token: patientUser.token,
      });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(appointmentTexts.onlyOwnFuture);
      const still = await call(t.app, 'GET', `/api/appointments/${created.json.id}`, {
        token: patientUser.token,
      });
      expect(still.status).toBe(200);
    });

    it("a patient cannot cancel another patient's appointment", async () => {
      const created = await book(doctorB.token, {
        patientId: p2.id,
        appointmentDate: future,
        location: 'Ward',
      });
      const res = await call(t.app, 'DELETE', `/api/appointments/${created.json.id}`, {
        token: patientUser.token,
      });
      expect(res.status).toBe(404);
    });
  });

  describe("the named doctor must be on the patient's care team", () => {
    // p3's care team is doctor A alone; doctor B is an active doctor who is not on it.
    const rowsOf = (id: number) =>
      t.database.db.select().from(appointments).where(eq(appointments.id, id));

    const refusedOnDoctorField = (res: { status: number; json: any }) => {
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        message: appointmentTexts.doctorNotOnCareTeam,
        errors: { doctorUsername: appointmentTexts.doctorNotOnCareTeam },
      });
    };

    it('a doctor or a supervisor cannot book with a doctor outside the care team: 400, nothing stored, no notice', async () => {
      const before = await countAppointments();
      const outsiderNotes = (await notificationsOf(doctorB)).length;
      for (const caller of [doctorA, supervisor]) {
        for (const named of [{ doctorUsername: doctorB.username }, { doctorId: doctorB.id }]) {
          const body = { ...named, patientId: p3.id, appointmentDate: future, location: 'Clinic' };
          refusedOnDoctorField(await book(caller.token, body));
        }
      }
      const form = await postMultipart(t, doctorA.token, {
        doctorUsername: doctorB.username,
        patientId: String(p3.id),
        appointmentDate: '2026-03-01T10:00',
        location: 'Clinic',
      });
      refusedOnDoctorField(form);
      expect(await countAppointments()).toBe(before);
      expect(await notificationsOf(doctorB)).toHaveLength(outsiderNotes);
    });

    it('an edit cannot name a doctor outside the care team: 400, unchanged, no notice', async () => {
      const created = await book(doctorA.token, {
        patientId: p3.id,
        appointmentDate: future,
        location: 'Clinic',
      });
      expect(created.status).toBe(201);
      const id = created.json.id as number;
      const stored = await rowsOf(id);
      const outsiderNotes = (await notificationsOf(doctorB)).length;
      for (const named of [{ doctorUsername: doctorB.username }, { doctorId: doctorB.id }]) {
        const res = await call(t.app, 'PUT', `/api/appointments/${id}`, {
          token: doctorA.token,
          body: { ...named, patientId: p3.id, appointmentDate: past, location: 'Moved' },
        });
        refusedOnDoctorField(res);
      }
      expect(await rowsOf(id)).toEqual(stored);
      expect(await notificationsOf(doctorB)).toHaveLength(outsiderNotes);
    });

    it("moving an appointment to another patient keeps its doctor only if on that patient's care team", async () => {
      const created = await book(doctorB.token, {
        patientId: p2.id,
        appointmentDate: future,
        location: 'Ward',
      });
      const id = created.json.id as number;
      const stored = await rowsOf(id);
      const res = await call(t.app, 'PUT', `/api/appointments/${id}`, {
        token: supervisor.token,
        body: { patientId: p3.id, appointmentDate: future, location: 'Ward' },
      });
      refusedOnDoctorField(res);
      expect(await rowsOf(id)).toEqual(stored);
    });

    it('a doctor of the care team is still accepted on booking and editing, and is told', async () => {
      const colleague = await createUser(t.database.db, { role: 'doctor' });
      const both = await createPatient(t.database.db, { careTeam: [doctorA, colleague] });
      const res = await book(doctorA.token, {
        doctorUsername: colleague.username,
        patientId: both.id,
        appointmentDate: future,
        location: 'Clinic',
      });
      expect(res.status).toBe(201);
      expect(res.json.doctorId).toBe(colleague.id);
      expect(await notificationsOf(colleague)).toHaveLength(1);
      const edit = await call(t.app, 'PUT', `/api/appointments/${res.json.id}`, {
        token: colleague.token,
        body: {
          doctorUsername: doctorA.username,
          patientId: both.id,
          appointmentDate: future,
          location: 'Clinic',
          // Doctor A already has appointments at this hour in this file.
          confirmOverlap: true,
        },
      });
      expect(edit.status).toBe(200);
      expect(edit.json.doctorId).toBe(doctorA.id);
    });
  });

  describe('notifications', () => {
    it('booking, moving and cancelling notify the patient account in the same change', async () => {
      const before = (await notificationsOf(patientUser)).length;
      const created = await book(doctorA.token, {
        patientId: p1.id,
        appointmentDate: '2026-02-01T10:00:00Z',
        location: 'Clinic',
      });
      let notes = await notificationsOf(patientUser);
      expect(notes).toHaveLength(before + 1);
      expect(notes.at(-1)).toMatchObject({
        message: 'New appointment on Feb 01, 2026, 10:00 AM UTC at Clinic',
        kind: 'appointment',
        link: '/patient-appointments',
      });

      // Same date and place: nothing to tell.
      await call(t.app, 'PUT', `/api/appointments/${created.json.id}`, {
        token: doctorA.token,
        body: { patientId: p1.id, appointmentDate: '2026-02-01T10:00:00Z', location: 'Clinic' },
      });
      expect(await notificationsOf(patientUser)).toHaveLength(before + 1);

      await call(t.app, 'PUT', `/api/appointments/${created.json.id}`, {
        token: doctorA.token,
        body: { patientId: p1.id, appointmentDate: '2026-02-02T00:00:00Z', location: 'Clinic' },
      });
      notes = await notificationsOf(patientUser);
      expect(notes.at(-1)?.message).toBe(
        'Your appointment was moved to Feb 02, 2026, 12:00 AM UTC at Clinic',
      );

      await call(t.app, 'DELETE', `/api/appointments/${created.json.id}`, {
        token: doctorA.token,
      });
      notes = await notificationsOf(patientUser);
      expect(notes.at(-1)?.message).toBe(
        'Your appointment on Feb 02, 2026, 12:00 AM UTC at Clinic was cancelled',
      );
      expect(notes).toHaveLength(before + 3);
    });

    it('a patient request tells the doctor, not the patient', async () => {
      const patientBefore = (await notificationsOf(patientUser)).length;
      await book(patientUser.token, {
        doctorUsername: doctorA.username,
        patientId: p1.id,
        appointmentDate: '2026-02-05T12:00:00Z',
        location: 'Clinic',
      });
      expect(await notificationsOf(patientUser)).toHaveLength(patientBefore);
      const doctorNotes = await notificationsOf(doctorA);
      expect(doctorNotes.at(-1)).toMatchObject({
        message: 'Ada Lovelace requested an appointment on Feb 05, 2026, 12:00 PM UTC at Clinic',
        link: '/appointments',
      });
    });

    it('a failed booking leaves no notification behind', async () => {
      const before = (await t.database.db.select().from(notifications)).length;
      await book(doctorA.token, { patientId: p1.id, appointmentDate: 'nonsense', location: 'X' });
      await book(doctorA.token, {
        doctorUsername: 'ghost',
        patientId: p1.id,
        appointmentDate: future,
        location: 'X',
      });
      expect(await t.database.db.select().from(notifications)).toHaveLength(before);
    });
  });

  describe('audit', () => {
    it('every read, list and change writes one audit row with the patient id', async () => {
      const doctor = await createUser(t.database.db, { role: 'doctor' });
      const patient = await createPatient(t.database.db, { careTeam: [doctor] });
      const created = await book(doctor.token, {
        patientId: patient.id,
        appointmentDate: future,
        location: 'Clinic',
      });
      const id = created.json.id as number;
      await call(t.app, 'GET', `/api/appointments/${id}`, { token: doctor.token });
      await call(t.app, 'GET', '/api/appointments', { token: doctor.token });
      await call(t.app, 'GET', `/api/appointments/patient/${patient.id}`, { token: doctor.token });
      await call(t.app, 'PUT', `/api/appointments/${id}`, {
        token: doctor.token,
        body: { patientId: patient.id, appointmentDate: future, location: 'Ward' },
      });
      await call(t.app, 'DELETE', `/api/appointments/${id}`, { token: doctor.token });

      const rows = await auditRows(doctor);
      expect(rows.map((r) => [r.action, r.entity, r.entityId, r.patientId, r.outcome])).toEqual([
        ['create', 'appointment', String(id), patient.id, 'success'],
        ['read', 'appointment', String(id), patient.id, 'success'],
        ['list', 'appointment', null, null, 'success'],
        ['list', 'appointment', null, patient.id, 'success'],
        ['update', 'appointment', String(id), patient.id, 'success'],
        ['delete', 'appointment', String(id), patient.id, 'success'],
      ]);
    });

    it('refused and out-of-scope attempts are audited as denied', async () => {
      const outsider = await createUser(t.database.db, { role: 'doctor' });
      const created = await book(doctorA.token, {
        patientId: p3.id,
        appointmentDate: future,
        location: 'X',
      });
      await call(t.app, 'DELETE', `/api/appointments/${created.json.id}`, {
        token: outsider.token,
      });
      await call(t.app, 'GET', `/api/appointments/patient/${p3.id}`, { token: outsider.token });
      const rows = await auditRows(outsider);
      expect(rows.map((r) => [r.action, r.entity, r.outcome])).toEqual([
        ['denied', 'appointment', 'denied'],
        ['denied', 'appointment', 'denied'],
      ]);
      const caregiverRows = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, caregiver.id), eq(auditLog.action, 'denied')));
      expect(caregiverRows.length).toBeGreaterThan(0);
    });

    it('audit rows hold no appointment values', async () => {
      const rows = await t.database.db.select().from(auditLog);
      const text = JSON.stringify(rows);
      expect(text).not.toContain('Clinic');
      expect(text).not.toContain('Lovelace');
    });
  });

  it('the OpenAPI document describes the calls and how zone-less dates are read', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    const paths = Object.keys(res.json.paths);
    for (const path of [
      '/api/appointments',
      '/api/appointments/{id}',
      '/api/appointments/doctor/{doctorId}',
      '/api/appointments/patient/{patientId}',
    ]) {
      expect(paths).toContain(path);
    }
    expect(res.json.paths['/api/appointments'].post.description).toContain('read as UTC');
  });
});
