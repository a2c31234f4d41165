import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import ical, { ICalEventStatus } from 'ical-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, calendarFeedTexts } from '../../../shared/messages.ts';
import { appointments, auditLog, calendarFeeds, users, visits } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { countStatements } from '../../test/chart-history.ts';
import { insertVisit } from '../../test/visit-factories.ts';
import { hideFeedToken } from './calendar-feeds.routes.ts';
import { initialsOf, type FeedEvent } from './calendar-feed-events.ts';
import { toICalendar } from './calendar-feeds.service.ts';

const DAY = 24 * 60 * 60_000;
const FEED_PATH = /^\/api\/calendar-feed\/([A-Za-z0-9_-]{43})\.ics$/;
/** Words that stand for clinical or private details: none may reach any feed. */
const SECRET_WORDS = [
  'ZEBRAFISH',
  'MARMALADE',
  'QUOKKA',
  'PELICAN',
  'SNOWDROP',
  'Helen',
  'Gardner',
  'Zachary',
  'Quill',
  'Byron',
];

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string | null;
  description: string | null;
  status: string | null;
  start: Date;
  end: Date;
  stamp: Date | null;
}

/** Parses an iCalendar text with ical.js (an independent reader) into its events. */
function parseFeed(text: string): { name: unknown; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const stamp = component.getFirstPropertyValue('dtstamp') as ICAL.Time | null;
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location ?? null,
      description: event.description ?? null,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      stamp: stamp ? stamp.toJSDate() : null,
    };
  });
  return { name: calendar.getFirstPropertyValue('x-wr-calname'), events };
}

describe('calendar feeds', () => {
  let t: TestApp;
  let doctor: TestUser;
  let otherDoctor: TestUser;
  let caregiver: TestUser;
  let otherCaregiver: TestUser;
  let patientUser: TestUser;
  let coordinator: TestUser;
  let helen: { id: number };
  let zachary: { id: number };
  const ids: Record<string, number> = {};

  const feedOf = (path: string) => t.app.inject({ method: 'GET', url: path });
  const makeFeed = async (user: TestUser) => {
    const res = await call(t.app, 'POST', '/api/calendar-feed', { token: user.token });
    expect(res.status).toBe(201);
    return res.json as { path: string; url: string | null; createdAt: string };
  };
  const eventsOf = async (path: string) => {
    const res = await feedOf(path);
    expect(res.statusCode).toBe(200);
    return parseFeed(res.body).events;
  };
  const addAppointment = async (values: Partial<typeof appointments.$inferInsert>) => {
    const [row] = await t.app.db
      .insert(appointments)
      .values({
        doctorId: doctor.id,
        patientId: helen.id,
        appointmentDate: t.clock.now(),
        location: 'Room 4, Elm Clinic',
        ...values,
      })
      .returning({ id: appointments.id });
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    doctor = await createUser(db, { role: 'doctor', firstName: 'Gregory', secondName: 'Hale' });
    otherDoctor = await createUser(db, { role: 'doctor', firstName: 'Nina', secondName: 'Ortiz' });
    caregiver = await createUser(db, { role: 'caregiver' });
    otherCaregiver = await createUser(db, { role: 'caregiver' });
    patientUser = await createUser(db, { role: 'patient' });
    coordinator = await createUser(db, { role: 'coordinator', privileges: 'editor' });
    helen = await createPatient(db, {
      careTeam: [doctor, otherDoctor, caregiver, otherCaregiver],
      account: patientUser,
      overrides: {
        firstName: 'Helen',
        lastName: 'Gardner',
        address: '7 Orchard Lane, Springfield',
        emergencyContact: 'Byron Gardner',
      },
    });
    zachary = await createPatient(db, {
      careTeam: [doctor, caregiver],
      overrides: { firstName: 'Zachary', lastName: 'Quill', address: '3 Mill Road, Shelbyville' },
    });
    const now = t.clock.now().getTime();
    ids.ahead59 = await addAppointment({ appointmentDate: new Date(now + 59 * DAY) });
    ids.back61 = await addAppointment({ appointmentDate: new Date(now - 61 * DAY) });
    ids.ahead61 = await addAppointment({ appointmentDate: new Date(now + 61 * DAY) });
    ids.zacharyBack59 = await addAppointment({
      patientId: zachary.id,
      appointmentDate: new Date(now - 59 * DAY),
      location: 'Home visit',
      durationMinutes: 45,
    });
    ids.otherDoctorCancelled = await addAppointment({
      doctorId: otherDoctor.id,
      appointmentDate: new Date(now + 3 * DAY),
      status: 'cancelled',
      cancelReason: 'ZEBRAFISH reason for cancelling',
      cancelledAt: t.clock.now(),
    });
    ids.deleted = await addAppointment({
      appointmentDate: new Date(now + 2 * DAY),
      deletedAt: t.clock.now(),
    });
    ids.visitTomorrow = await insertVisit(db, {
      patientId: helen.id,
      caregiverId: caregiver.id,
      plannedStart: new Date(now + DAY),
      recordedBy: doctor.id,
      tasks: ['PELICAN task for the morning'],
    });
    await db
      .update(visits)
      .set({ instructions: 'MARMALADE instructions' })
      .where(eq(visits.id, ids.visitTomorrow));
    ids.visitDone = await insertVisit(db, {
      patientId: zachary.id,
      caregiverId: caregiver.id,
      plannedStart: new Date(now - 10 * DAY),
      status: 'completed',
      checkInAt: new Date(now - 10 * DAY),
      checkOutAt: new Date(now - 10 * DAY + 3_600_000),
      recordedBy: doctor.id,
    });
    await db
      .update(visits)
      .set({ note: 'QUOKKA note at check-out' })
      .where(eq(visits.id, ids.visitDone));
    ids.visitCancelled = await insertVisit(db, {
      patientId: helen.id,
      caregiverId: caregiver.id,
      plannedStart: new Date(now + 5 * DAY),
      status: 'cancelled',
      cancelReason: 'SNOWDROP in hospital',
      recordedBy: doctor.id,
    });
    ids.visitOld = await insertVisit(db, {
      patientId: helen.id,
      caregiverId: caregiver.id,
      plannedStart: new Date(now - 61 * DAY),
      recordedBy: doctor.id,
    });
    ids.visitOther = await insertVisit(db, {
      patientId: helen.id,
      caregiverId: otherCaregiver.id,
      plannedStart: new Date(now + DAY),
      recordedBy: doctor.id,
    });
  });
  afterAll(() => t.close());

  it('writes initials from a name, never the name', () => {
    expect(initialsOf('Helen', 'Gardner')).toBe('H.G.');
    expect(initialsOf(' ana ', 'de la Cruz')).toBe('A.D.');
    expect(initialsOf('', 'Quill')).toBe('Q.');
  });

  it('writes the document ical-generator writes, long and non-ASCII lines folded the same', () => {
    const event = (i: number, location: string, what: FeedEvent['what']): FeedEvent => ({
      uid: `visit-${i}@eldercare`,
      start: new Date(Date.UTC(2026, 2, 1 + i, 9)),
      end: new Date(Date.UTC(2026, 2, 1 + i, 10)),
      stamp: new Date(Date.UTC(2026, 1, 1, 8, 30, i)),
      cancelled: i % 3 === 0,
      location,
      what,
    });
    const events = [
      event(0, '12 Elm Street', { kind: 'visit-as-caregiver', initials: 'A.L.' }),
      event(1, '', { kind: 'appointment-as-doctor', initials: 'B.B.' }),
      // Past 75 octets: folded; with accents (2 octets), CJK (3) and an emoji (a surrogate
      // pair, 4) placed across the fold; commas and semicolons escaped.
      event(2, `Flat 4; ${'Chemin des Écoliers, '.repeat(4)}Zoë's`, {
        kind: 'appointment-as-patient',
        doctor: 'Dr Zoë Ñúñez-Ångström',
      }),
      event(3, `${'x'.repeat(70)}東京都🙂${'é'.repeat(40)}`, {
        kind: 'visit-as-caregiver',
        initials: 'C.C.',
      }),
      event(4, `${'y'.repeat(73)}🙂🙂 ${'z'.repeat(200)}`, {
        kind: 'appointment-as-doctor',
        initials: 'D.D.',
      }),
    ];
    // The reference: the calendar written whole by ical-generator, as the feed was before.
    const reference = ical({
      name: calendarFeedTexts.calendarName,
      prodId: { company: 'ElderCare System', product: 'Calendar feed', language: 'EN' },
      ttl: 60 * 60,
    });
    const summaries = [
      calendarFeedTexts.visitTo('A.L.'),
      calendarFeedTexts.appointmentFor('B.B.'),
      calendarFeedTexts.appointmentWith('Dr Zoë Ñúñez-Ångström'),
      calendarFeedTexts.visitTo('C.C.'),
      calendarFeedTexts.appointmentFor('D.D.'),
    ];
    events.forEach((e, i) =>
      reference.createEvent({
        id: e.uid,
        start: e.start,
        end: e.end,
        stamp: e.stamp,
        summary: summaries[i]!,
        location: e.location || null,
        status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      }),
    );
    const written = toICalendar(events);
    expect(written).toBe(reference.toString());
    expect(written.split('\r\n').some((line) => line.startsWith(' '))).toBe(true);
    expect(toICalendar([])).toBe(
      ical({
        name: calendarFeedTexts.calendarName,
        prodId: { company: 'ElderCare System', product: 'Calendar feed', language: 'EN' },
        ttl: 60 * 60,
      }).toString(),
    );
  });

  it('keeps the token out of the logged path', () => {
    expect(hideFeedToken(`/api/calendar-feed/${'a'.repeat(43)}.ics`)).toBe(
      '/api/calendar-feed/[token]',
    );
    expect(hideFeedToken('/api/calendar-feed')).toBe('/api/calendar-feed');
    expect(hideFeedToken('/api/patients/3')).toBe('/api/patients/3');
  });

  it('needs a session to see, make or turn off one’s feed', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await call(t.app, method, '/api/calendar-feed');
      expect(res.status).toBe(401);
    }
    expect(await t.app.db.select().from(calendarFeeds)).toHaveLength(0);
  });

  it('makes a feed whose token is answered once and stored only as its SHA-256', async () => {
    const before = await call(t.app, 'GET', '/api/calendar-feed', { token: doctor.token });
    expect(before.json).toEqual({ active: false, createdAt: null, lastUsedAt: null });

    const created = await makeFeed(doctor);
    const token = FEED_PATH.exec(created.path)?.[1];
    expect(token).toBeDefined();
    expect(created.url).toBeNull(); // no APP_URL: the client adds its own origin

    const rows = await t.app.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, doctor.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, doctor.id), eq(auditLog.action, 'calendar-feed-create')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(await t.app.db.select().from(auditLog))).not.toContain(token);

    const after = await call(t.app, 'GET', '/api/calendar-feed', { token: doctor.token });
    expect(after.json).toMatchObject({
      active: true,
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
    // Nothing of the token comes back once it was answered.
    expect(JSON.stringify(after.json)).not.toContain(token);
  });

  it('serves a doctor the appointments they hold in the 60-day window, initials and place only', async () => {
    const { path } = await makeFeed(doctor);
    const res = await feedOf(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    const parsed = parseFeed(res.body);
    expect(parsed.name).toBe(calendarFeedTexts.calendarName);
    expect(parsed.events.map((e) => e.uid).sort()).toEqual(
      [`appointment-${ids.ahead59}@eldercare`, `appointment-${ids.zacharyBack59}@eldercare`].sort(),
    );
    const ahead = parsed.events.find((e) => e.uid === `appointment-${ids.ahead59}@eldercare`)!;
    expect(ahead.summary).toBe('Appointment: H.G.');
    expect(ahead.location).toBe('Room 4, Elm Clinic');
    expect(ahead.description).toBeNull();
    expect(ahead.status).toBe('CONFIRMED');
    expect(ahead.start.toISOString()).toBe(
      new Date(t.clock.now().getTime() + 59 * DAY).toISOString(),
    );
    expect(ahead.end.getTime() - ahead.start.getTime()).toBe(30 * 60_000);
    expect(ahead.stamp).not.toBeNull();
    const zach = parsed.events.find((e) => e.uid === `appointment-${ids.zacharyBack59}@eldercare`)!;
    expect(zach.summary).toBe('Appointment: Z.Q.');
    expect(zach.end.getTime() - zach.start.getTime()).toBe(45 * 60_000);
    for (const word of SECRET_WORDS) expect(res.body).not.toContain(word);

    // One audit row per fetch in the owner's name, with the count; last use stamped.
    const reads = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'calendar-feed-read'), eq(auditLog.userId, doctor.id)));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.details).toEqual({ events: 2 });
    expect(reads[0]!.ip).toBeTruthy();
    const status = await call(t.app, 'GET', '/api/calendar-feed', { token: doctor.token });
    expect(status.json.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('gives the same UIDs on every fetch, so calendar apps update rather than duplicate', async () => {
    const { path } = await makeFeed(otherDoctor);
    const first = (await eventsOf(path)).map((e) => e.uid);
    const second = (await eventsOf(path)).map((e) => e.uid);
    expect(first).toEqual(second);
    expect(first).toEqual([`appointment-${ids.otherDoctorCancelled}@eldercare`]);
  });

  it('serves a patient only their own appointments, with the doctor named, cancelled ones marked', async () => {
    const { path } = await makeFeed(patientUser);
    const res = await feedOf(path);
    const { events } = parseFeed(res.body);
    expect(events.map((e) => e.uid).sort()).toEqual(
      [
        `appointment-${ids.ahead59}@eldercare`,
        `appointment-${ids.otherDoctorCancelled}@eldercare`,
      ].sort(),
    );
    const cancelled = events.find(
      (e) => e.uid === `appointment-${ids.otherDoctorCancelled}@eldercare`,
    )!;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.summary).toBe('Appointment with Dr Nina Ortiz');
    const ahead = events.find((e) => e.uid === `appointment-${ids.ahead59}@eldercare`)!;
    expect(ahead.summary).toBe('Appointment with Dr Gregory Hale');
    expect(res.body).not.toContain('ZEBRAFISH');
    expect(res.body).not.toContain('Zachary');
  });

  it('serves a caregiver their own visits with the patient’s initials and address only', async () => {
    const { path } = await makeFeed(caregiver);
    const res = await feedOf(path);
    const { events } = parseFeed(res.body);
    expect(events.map((e) => e.uid)).toEqual([
      `visit-${ids.visitDone}@eldercare`,
      `visit-${ids.visitTomorrow}@eldercare`,
      `visit-${ids.visitCancelled}@eldercare`,
    ]);
    const tomorrow = events[1]!;
    expect(tomorrow.summary).toBe('Visit: H.G.');
    expect(tomorrow.location).toBe('7 Orchard Lane, Springfield');
    expect(tomorrow.end.getTime() - tomorrow.start.getTime()).toBe(3_600_000);
    expect(events[0]!.summary).toBe('Visit: Z.Q.');
    expect(events[0]!.status).toBe('CONFIRMED');
    expect(events[2]!.status).toBe('CANCELLED');
    for (const word of [...SECRET_WORDS, 'personal-care', 'Personal care']) {
      expect(res.body).not.toContain(word);
    }
  });

  it('drops a patient who left the caller’s care team from the feed', async () => {
    const nurse = await createUser(t.app.db, { role: 'caregiver' });
    const patient = await createPatient(t.app.db, { careTeam: [] });
    await insertVisit(t.app.db, {
      patientId: patient.id,
      caregiverId: nurse.id,
      plannedStart: new Date(t.clock.now().getTime() + DAY),
      recordedBy: doctor.id,
    });
    const { path } = await makeFeed(nurse);
    expect(await eventsOf(path)).toEqual([]);
  });

  it('reads a feed in as many statements for 30 patients’ visits as for 1', async () => {
    const db = t.app.db;
    const statementsFor = async (path: string) => {
      let events = 0;
      const count = await countStatements(t.database, async () => {
        events = (await eventsOf(path)).length;
      });
      return { count, events };
    };
    const busy = await createUser(db, { role: 'caregiver' });
    const quiet = await createUser(db, { role: 'caregiver' });
    for (let i = 0; i < 30; i += 1) {
      const patient = await createPatient(db, { careTeam: [busy, quiet] });
      for (const who of i === 0 ? [busy, quiet] : [busy]) {
        await insertVisit(db, {
          patientId: patient.id,
          caregiverId: who.id,
          plannedStart: new Date(t.clock.now().getTime() + (i + 1) * 3_600_000),
          recordedBy: doctor.id,
        });
      }
    }
    const quietPath = (await makeFeed(quiet)).path;
    const busyPath = (await makeFeed(busy)).path;
    await statementsFor(quietPath); // warm
    const one = await statementsFor(quietPath);
    const thirty = await statementsFor(busyPath);
    expect(one.events).toBe(1);
    expect(thirty.events).toBe(30);
    expect(thirty.count).toBe(one.count);
  });

  it('serves a coordinator an empty, valid calendar', async () => {
    const { path } = await makeFeed(coordinator);
    const res = await feedOf(path);
    expect(res.statusCode).toBe(200);
    expect(parseFeed(res.body).events).toEqual([]);
  });

  it('a new link makes the old one answer 404 like a token that never existed', async () => {
    const user = await createUser(t.app.db, { role: 'doctor' });
    const first = await makeFeed(user);
    expect((await feedOf(first.path)).statusCode).toBe(200);
    const second = await makeFeed(user);
    expect(second.path).not.toBe(first.path);

    const old = await feedOf(first.path);
    const never = await feedOf(`/api/calendar-feed/${'B'.repeat(43)}.ics`);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: apiErrors.notFound });
    expect(old.body).toBe(never.body);
    expect(old.headers['content-type']).toBe(never.headers['content-type']);
    expect((await feedOf(second.path)).statusCode).toBe(200);

    const live = await t.app.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, user.id));
    expect(live.filter((row) => row.revokedAt === null)).toHaveLength(1);
    const revokes = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'calendar-feed-revoke')));
    expect(revokes).toHaveLength(1);
  });

  it('turning the feed off makes its link answer 404 at once', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const { path } = await makeFeed(user);
    const off = await call(t.app, 'DELETE', '/api/calendar-feed', { token: user.token });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ message: calendarFeedTexts.turnedOff });
    expect((await feedOf(path)).statusCode).toBe(404);
    const status = await call(t.app, 'GET', '/api/calendar-feed', { token: user.token });
    expect(status.json.active).toBe(false);
    // Nothing left to turn off.
    const again = await call(t.app, 'DELETE', '/api/calendar-feed', { token: user.token });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ message: calendarFeedTexts.noFeed });
    const revokes = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'calendar-feed-revoke')));
    expect(revokes).toHaveLength(1);
  });

  it('a deactivated account’s feed answers 404', async () => {
    const user = await createUser(t.app.db, { role: 'doctor' });
    const { path } = await makeFeed(user);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await feedOf(path);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: apiErrors.notFound });
  });

  it('answers every wrong or malformed token with the same 404 and writes no audit row', async () => {
    const readsBefore = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'calendar-feed-read'));
    const standard = await feedOf(`/api/calendar-feed/${'C'.repeat(43)}.ics`);
    expect(standard.statusCode).toBe(404);
    for (const bad of [
      'abc',
      'A'.repeat(42),
      'A'.repeat(44),
      'A'.repeat(90),
      `${'A'.repeat(42)}!`,
      '%00%00',
      '..%2F..%2Fetc',
      '%E2%82%AC'.repeat(10),
      'null',
      '',
    ]) {
      const res = await feedOf(`/api/calendar-feed/${bad}.ics`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.body, bad).toBe(standard.body);
    }
    // Longer than a path parameter may be: the router refuses it before any lookup.
    expect((await feedOf(`/api/calendar-feed/${'A'.repeat(5000)}.ics`)).statusCode).toBe(414);
    // Without the .ics ending, no such address either.
    expect((await feedOf(`/api/calendar-feed/${'C'.repeat(43)}`)).statusCode).toBe(404);
    const readsAfter = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'calendar-feed-read'));
    expect(readsAfter).toHaveLength(readsBefore.length);
  });

  it('refuses a malformed body with a 400 and makes no feed', async () => {
    const user = await createUser(t.app.db, { role: 'doctor' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feed',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(
      await t.app.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id)),
    ).toHaveLength(0);
  });
});

describe('calendar feed addresses with APP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { appUrl: 'https://care.example.org' } });
  });
  afterAll(() => t.close());

  it('answers the full URL from APP_URL, never from the request’s Host', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const res = await call(t.app, 'POST', '/api/calendar-feed', {
      token: user.token,
      headers: { host: 'evil.example.com' },
    });
    expect(res.status).toBe(201);
    expect(res.json.url).toBe(`https://care.example.org${res.json.path}`);
    expect(res.json.path).toMatch(FEED_PATH);
  });
});
