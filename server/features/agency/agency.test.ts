import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyAccountTexts, agencyTexts, visitTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { agencySettings, auditLog } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { defaultAgencySettings } from '../clinical-common/agency-settings.ts';

/** GET and PUT /api/agency-settings: read by everyone signed in, set by administrators. */
describe('agency settings', () => {
  let t: TestApp;
  let db: Db;
  let admin: TestUser;
  let caregiver: TestUser;
  let supervisor: TestUser;
  let doctor: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    admin = await createUser(db, { role: 'caregiver', privileges: 'admin' });
    caregiver = await createUser(db, { role: 'caregiver', privileges: 'viewer' });
    supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    doctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
  });
  afterAll(() => t.close());

  const valid = { timeZone: 'Europe/London', doseWindowMinutes: 30, doseMissedAfterMinutes: 180 };
  const put = (user: TestUser, body: unknown) =>
    call(t.app, 'PUT', '/api/agency-settings', { token: user.token, body });

  it('answers the defaults until an administrator saves them', async () => {
    const res = await call(t.app, 'GET', '/api/agency-settings', { token: caregiver.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(defaultAgencySettings());
    expect(res.json).toMatchObject({
      doseWindowMinutes: 60,
      doseMissedAfterMinutes: 240,
      visitLateAfterMinutes: 15,
      signUpPolicy: 'open',
      invitationDays: 7,
      requireTwoFactorForStaff: false,
      auditRetentionYears: 6,
    });
  });

  it('an administrator saves them: one row, who saved it, one audit row; everyone reads them', async () => {
    t.clock.set('2026-01-15T09:30:00.000Z');
    const res = await put(admin, valid);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // Left out on a first save: the default late and account settings.
    const accounts = {
      signUpPolicy: 'open',
      invitationDays: 7,
      requireTwoFactorForStaff: false,
      auditRetentionYears: 6,
    };
    expect(res.json).toEqual({ ...valid, visitLateAfterMinutes: 15, ...accounts });
    const rows = await db.select().from(agencySettings);
    expect(rows).toEqual([
      {
        id: 1,
        ...valid,
        visitLateAfterMinutes: 15,
        ...accounts,
        updatedBy: admin.id,
        updatedAt: new Date('2026-01-15T09:30:00.000Z'),
      },
    ]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, admin.id), eq(auditLog.entity, 'agency-settings')));
    expect(audit.map((a) => [a.action, a.entityId, a.outcome])).toEqual([
      ['update', '1', 'success'],
    ]);
    const read = await call(t.app, 'GET', '/api/agency-settings', { token: doctor.token });
    expect(read.json).toEqual({ ...valid, visitLateAfterMinutes: 15, ...accounts });

    // Saving again replaces the one row.
    const again = await put(admin, { ...valid, timeZone: 'America/New_York' });
    expect(again.json.timeZone).toBe('America/New_York');
    expect(await db.$count(agencySettings)).toBe(1);
  });

  it('saves the visit late setting, answers it, and keeps it when a later save leaves it out', async () => {
    const saved = await put(admin, { ...valid, visitLateAfterMinutes: 30 });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.visitLateAfterMinutes).toBe(30);
    const [row] = await db.select().from(agencySettings);
    expect(row!.visitLateAfterMinutes).toBe(30);
    const read = await call(t.app, 'GET', '/api/agency-settings', { token: caregiver.token });
    expect(read.json.visitLateAfterMinutes).toBe(30);

    const kept = await put(admin, { ...valid, doseWindowMinutes: 45 });
    expect(kept.json).toMatchObject({ doseWindowMinutes: 45, visitLateAfterMinutes: 30 });
    const [after] = await db.select().from(agencySettings);
    expect(after).toMatchObject({ doseWindowMinutes: 45, visitLateAfterMinutes: 30 });

    const changed = await put(admin, { ...valid, visitLateAfterMinutes: 5 });
    expect(changed.json.visitLateAfterMinutes).toBe(5);
    await put(admin, { ...valid, visitLateAfterMinutes: 15 });
  });

  it('saves the account settings, answers them, and keeps each one a later save leaves out', async () => {
    const saved = await put(admin, {
      ...valid,
      signUpPolicy: 'patients',
      invitationDays: 14,
      requireTwoFactorForStaff: true,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({
      signUpPolicy: 'patients',
      invitationDays: 14,
      requireTwoFactorForStaff: true,
    });
    const years = await put(admin, { ...valid, auditRetentionYears: 10 });
    expect(years.json).toMatchObject({ auditRetentionYears: 10, invitationDays: 14 });
    const kept = await put(admin, { ...valid, invitationDays: 3 });
    expect(kept.json).toMatchObject({
      auditRetentionYears: 10,
      signUpPolicy: 'patients',
      invitationDays: 3,
      requireTwoFactorForStaff: true,
    });
    const [row] = await db.select().from(agencySettings);
    expect(row).toMatchObject({
      signUpPolicy: 'patients',
      invitationDays: 3,
      requireTwoFactorForStaff: true,
    });
    const read = await call(t.app, 'GET', '/api/agency-settings', { token: caregiver.token });
    expect(read.json).toMatchObject({ signUpPolicy: 'patients', invitationDays: 3 });
    await put(admin, {
      ...valid,
      signUpPolicy: 'open',
      invitationDays: 7,
      requireTwoFactorForStaff: false,
      auditRetentionYears: 6,
    });
  });

  it('anyone but an administrator is refused (403) and nothing changes', async () => {
    const before = await db.select().from(agencySettings);
    for (const user of [caregiver, doctor, supervisor]) {
      const res = await put(user, { ...valid, timeZone: 'Asia/Tokyo' });
      expect(res.status).toBe(403);
    }
    expect(await db.select().from(agencySettings)).toEqual(before);
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    [
      'an unknown time zone',
      { timeZone: 'Mars/Olympus_Mons' },
      'timeZone',
      agencyTexts.timeZoneInvalid,
    ],
    ['an empty time zone', { timeZone: '' }, 'timeZone', agencyTexts.timeZoneInvalid],
    [
      'a window of 2 minutes',
      { doseWindowMinutes: 2 },
      'doseWindowMinutes',
      agencyTexts.doseWindowInvalid,
    ],
    [
      'missed before late',
      { doseWindowMinutes: 120, doseMissedAfterMinutes: 60 },
      'doseMissedAfterMinutes',
      agencyTexts.doseMissedAfterInvalid,
    ],
    [
      'a fraction of a minute',
      { doseMissedAfterMinutes: 100.5 },
      'doseMissedAfterMinutes',
      agencyTexts.doseMissedAfterInvalid,
    ],
    [
      'a late setting of 4 minutes',
      { visitLateAfterMinutes: 4 },
      'visitLateAfterMinutes',
      visitTexts.lateAfterInvalid,
    ],
    [
      'a late setting of 241 minutes',
      { visitLateAfterMinutes: 241 },
      'visitLateAfterMinutes',
      visitTexts.lateAfterInvalid,
    ],
    [
      'a late setting written as text',
      { visitLateAfterMinutes: 'soon' },
      'visitLateAfterMinutes',
      visitTexts.lateAfterInvalid,
    ],
    [
      'an unknown sign-up policy',
      { signUpPolicy: 'friends' },
      'signUpPolicy',
      agencyAccountTexts.signUpPolicyInvalid,
    ],
    [
      'an audit log kept 0 years',
      { auditRetentionYears: 0 },
      'auditRetentionYears',
      agencyAccountTexts.auditRetentionYearsInvalid,
    ],
    [
      'an audit log kept 2.5 years',
      { auditRetentionYears: 2.5 },
      'auditRetentionYears',
      agencyAccountTexts.auditRetentionYearsInvalid,
    ],
    [
      'invitations valid 0 days',
      { invitationDays: 0 },
      'invitationDays',
      agencyAccountTexts.invitationDaysInvalid,
    ],
    [
      'invitations valid 31 days',
      { invitationDays: 31 },
      'invitationDays',
      agencyAccountTexts.invitationDaysInvalid,
    ],
    [
      'two-factor written as text',
      { requireTwoFactorForStaff: 'yes' },
      'requireTwoFactorForStaff',
      agencyAccountTexts.requireTwoFactorInvalid,
    ],
  ];
  it.each(bad)(
    '%s answers 400 on its field and changes nothing',
    async (_t, extra, field, message) => {
      const before = await db.select().from(agencySettings);
      const res = await put(admin, { ...valid, ...extra });
      expect(res.status).toBe(400);
      expect(res.json.errors[field]).toBe(message);
      expect(await db.select().from(agencySettings)).toEqual(before);
    },
  );

  it('a caller without a session gets 401', async () => {
    expect((await call(t.app, 'GET', '/api/agency-settings')).status).toBe(401);
    expect((await call(t.app, 'PUT', '/api/agency-settings', { body: valid })).status).toBe(401);
  });
});
