import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { accountTokens, agencySettings, auditLog } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/app.ts';
import { createUser } from '../test/factories.ts';
import { ARCHIVE_BATCH, applyRetention, yearsBefore } from './audit-retention.ts';

const NOW = new Date('2026-11-24T03:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describe('audit retention', () => {
  let database: Database;
  let dir: string;

  const auditRow = (at: Date, entityId: string) => ({
    at,
    userId: null,
    role: 'doctor',
    action: 'read',
    entity: 'patient',
    entityId,
    patientId: 1,
    outcome: 'success',
    ip: '127.0.0.1',
    requestId: 'seed',
  });
  const archiveLines = () =>
    readdirSync(dir).flatMap((name) =>
      gunzipSync(readFileSync(path.join(dir, name)))
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: number; entityId: string; at: string }),
    );

  beforeAll(async () => {
    database = await openTestDatabase();
    dir = mkdtempSync(path.join(os.tmpdir(), 'audit-archive-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts calendar years back, 29 February falling to the 28th', () => {
    expect(yearsBefore(new Date('2026-11-24T03:00:00Z'), 6).toISOString()).toBe(
      '2020-11-24T03:00:00.000Z',
    );
    expect(yearsBefore(new Date('2028-02-29T12:00:00Z'), 1).toISOString()).toBe(
      '2027-02-28T12:00:00.000Z',
    );
  });

  it('archives every row past the agency’s retention to a file, then removes them; keeps the rest', async () => {
    const { db } = database;
    await db.insert(agencySettings).values({ id: 1, timeZone: 'UTC', auditRetentionYears: 2 });
    const cutoff = yearsBefore(NOW, 2);
    // More old rows than one batch, a row a millisecond before the cutoff, one at it, newer ones.
    const old = Array.from({ length: ARCHIVE_BATCH + 7 }, (_, i) =>
      auditRow(new Date(cutoff.getTime() - (i + 1) * DAY), `old-${i}`),
    );
    for (let i = 0; i < old.length; i += 1000)
      await db.insert(auditLog).values(old.slice(i, i + 1000));
    await db
      .insert(auditLog)
      .values([
        auditRow(new Date(cutoff.getTime() - 1), 'just-before'),
        auditRow(cutoff, 'at-cutoff'),
        auditRow(new Date(NOW.getTime() - DAY), 'yesterday'),
      ]);
    const before = await db.select().from(auditLog).orderBy(asc(auditLog.id));

    const result = await applyRetention(db, NOW, dir);
    expect(result.archived).toBe(old.length + 1);
    expect(result.cutoff).toEqual(cutoff);
    // Every removed row is in the archive, whole, once; nothing else is.
    const lines = archiveLines();
    const removed = before.filter((row) => row.at < cutoff);
    expect(lines.map((line) => line.id)).toEqual(removed.map((row) => row.id));
    expect(lines.find((line) => line.entityId === 'just-before')).toMatchObject({
      action: 'read',
      patientId: 1,
      at: new Date(cutoff.getTime() - 1).toISOString(),
    });
    const left = await db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(left.map((row) => row.entityId)).toEqual(['at-cutoff', 'yesterday', null]);
    // The run's own row says how many rows went where.
    expect(left.at(-1)).toMatchObject({
      action: 'archive',
      entity: 'audit-log',
      details: {
        rows: old.length + 1,
        before: cutoff.toISOString(),
        file: path.basename(result.file!),
      },
    });

    // A second run finds nothing and writes no file.
    const again = await applyRetention(db, NOW, dir);
    expect(again).toMatchObject({ archived: 0, file: null });
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('a longer retention keeps rows a shorter one would remove', async () => {
    const { db } = database;
    await db
      .update(agencySettings)
      .set({ auditRetentionYears: 10 })
      .where(eq(agencySettings.id, 1));
    await db.insert(auditLog).values(auditRow(yearsBefore(NOW, 7), 'seven-years'));
    expect((await applyRetention(db, NOW, dir)).archived).toBe(0);
    const kept = await db.select().from(auditLog).where(eq(auditLog.entityId, 'seven-years'));
    expect(kept).toHaveLength(1);
  });

  it('deletes sign-in challenges and reset links a week after they end, invitations a year after', async () => {
    const { db } = database;
    const user = await createUser(db, { role: 'doctor' });
    const token = (kind: string, name: string, ended: { expiresAt: Date; usedAt?: Date }) => ({
      kind,
      tokenHash: name,
      userId: user.id,
      createdAt: new Date(ended.expiresAt.getTime() - DAY),
      ...ended,
    });
    const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
    await db
      .insert(accountTokens)
      .values([
        token('two-factor', 'challenge-old', { expiresAt: ago(8) }),
        token('two-factor', 'challenge-recent', { expiresAt: ago(2) }),
        token('password-reset', 'reset-used-old', { expiresAt: ago(1), usedAt: ago(9) }),
        token('password-reset', 'reset-live', { expiresAt: new Date(NOW.getTime() + DAY) }),
        token('invitation', 'invitation-month', { expiresAt: ago(30) }),
        token('invitation', 'invitation-old', { expiresAt: ago(400) }),
      ]);
    const result = await applyRetention(db, NOW, dir);
    expect(result.tokens).toBe(3);
    const left = await db.select({ name: accountTokens.tokenHash }).from(accountTokens);
    expect(left.map((row) => row.name).sort()).toEqual([
      'challenge-recent',
      'invitation-month',
      'reset-live',
    ]);
  });
});
