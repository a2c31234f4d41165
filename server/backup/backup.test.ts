import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPostgres, type Database, type Executor } from '../db/client.ts';
import { notifications, reminders } from '../db/schema/index.ts';
import { openTestDatabase, usingPostgres } from '../test/app.ts';
import { createPatient, createUser } from '../test/factories.ts';
import { MAGIC, readBackupHeader, type Manifest } from './container.ts';
import { countRows, type RunSql } from './inventory.ts';
import { backupPglite, restorePglite } from './pglite.ts';
import { backupPostgres, restorePostgres } from './postgres.ts';
import { startBackupSchedule } from './schedule.ts';
import { listBackups } from './settings.ts';

/**
 * The backup and restore drill: fill a database, back it up while writes go on, restore into an
 * empty one, and compare every table's rows; then the refusals (newer schema, damaged file,
 * non-empty target).
 */

/** One md5 per table of all its rows (as text, sorted), optionally only rows with id <= max. */
async function tableDigests(run: RunSql, limits: Record<string, number> = {}) {
  const digests: Record<string, string> = {};
  for (const name of Object.keys(await countRows(run))) {
    const where = limits[name] === undefined ? '' : ` where t.id <= ${limits[name]}`;
    const [row] = await run(
      `select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as d from "${name}" t${where}`,
    );
    digests[name] = String(row!.d);
  }
  return digests;
}

/** A reminder and its notification in one transaction, as fast as it goes, until stopped. */
function keepWriting(db: Executor, userId: number) {
  let stop = false;
  let written = 0;
  const done = (async () => {
    while (!stop) {
      await db.transaction(async (tx) => {
        const [reminder] = await tx
          .insert(reminders)
          .values({ userId, message: `drill ${written}`, date: new Date() })
          .returning({ id: reminders.id });
        await tx.insert(notifications).values({
          userId,
          message: `drill ${written}`,
          kind: 'reminder',
          reminderId: reminder!.id,
          createdAt: new Date(),
        });
      });
      written += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return {
    written: () => written,
    async stop() {
      stop = true;
      await done;
    },
  };
}

async function fill(db: Executor) {
  const doctor = await createUser(db, { role: 'doctor' });
  for (let i = 0; i < 30; i++) await createPatient(db, { careTeam: [doctor] });
  return doctor;
}

/** Rewrites a backup's manifest (keeping the payload), for the refusal tests. */
function withManifest(file: string, out: string, change: (manifest: Manifest) => void) {
  const bytes = readFileSync(file);
  const first = bytes.indexOf(0x0a);
  const second = bytes.indexOf(0x0a, first + 1);
  const manifest = JSON.parse(bytes.subarray(first + 1, second).toString()) as Manifest;
  change(manifest);
  writeFileSync(
    out,
    Buffer.concat([
      Buffer.from(`${MAGIC}\n${JSON.stringify(manifest)}\n`),
      bytes.subarray(second + 1),
    ]),
  );
}

function checkConsistent(run: RunSql) {
  return run(
    `select (select count(*)::int from reminders where message like 'drill %') as r,
            (select count(*)::int from notifications n join reminders r on r.id = n.reminder_id
              where n.message like 'drill %') as n`,
  );
}

describe.skipIf(usingPostgres())('backup and restore of the embedded database', () => {
  let database: Database;
  let pglite: PGlite;
  let dir: string;
  let backupFile: string;
  let manifest: Manifest;
  const run: RunSql = async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'eldercare-backup-'));
    database = await openTestDatabase();
    pglite = database.pglite!;
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while writes go on and restores exactly the snapshot into an empty directory', async () => {
    const doctor = await fill(database.db);
    const writer = keepWriting(database.db, doctor.id);
    while (writer.written() < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = writer.written();
    const backup = await backupPglite(pglite, path.join(dir, 'backups'), new Date());
    const duringOrAfter = writer.written();
    while (writer.written() < duringOrAfter + 20) await new Promise((r) => setTimeout(r, 5));
    await writer.stop();
    backupFile = backup.file;
    manifest = backup.manifest;

    expect(path.basename(backup.file)).toMatch(/^eldercare-backup-\d{8}T\d{6}Z\.ecbackup$/);
    expect((await readBackupHeader(backup.file)).manifest).toEqual(manifest);
    expect(manifest.database).toBe('pglite');
    expect(manifest.migration?.tag).toMatch(/^\d{4}_/);
    expect(manifest.tables.patients).toBe(30);
    const live = await countRows(run);
    expect(Object.keys(manifest.tables).sort()).toEqual(Object.keys(live).sort());
    // The writes went on past the snapshot, which holds some of them, each one whole.
    const snapshotWrites = manifest.tables.reminders!;
    expect(snapshotWrites).toBeGreaterThanOrEqual(before);
    expect(snapshotWrites).toBeLessThan(live.reminders!);

    // Restored and opened: every table's content is the live one up to the snapshot's last
    // write, and each write is whole (a reminder with its notification).
    const restoredDir = path.join(dir, 'restored');
    let digests: [Record<string, string>, Record<string, string>] | undefined;
    const restored = await restorePglite(backup.file, restoredDir, {
      async inspect(copy) {
        const copyRun: RunSql = async (sql) =>
          (await copy.query<Record<string, unknown>>(sql)).rows;
        const [consistent] = await checkConsistent(copyRun);
        expect(consistent).toEqual({ r: snapshotWrites, n: snapshotWrites });
        const [last] = await copyRun(
          `select (select max(id) from reminders) as r, (select max(id) from notifications) as n`,
        );
        const limits = { reminders: Number(last!.r), notifications: Number(last!.n) };
        digests = [await tableDigests(copyRun), await tableDigests(run, limits)];
      },
    });
    expect(restored.counts).toEqual(manifest.tables);
    expect(digests![0]).toEqual(digests![1]);
    expect(Object.keys(digests![0]).length).toBeGreaterThan(20);
  });

  it('refuses a backup from a newer schema, a damaged file and a directory that is not empty', async () => {
    const target = path.join(dir, 'target');
    const newer = path.join(dir, 'newer.ecbackup');
    withManifest(backupFile, newer, (m) => {
      m.migration = { tag: '9999_future', hash: 'f'.repeat(64), when: m.migration!.when + 1e9 };
      m.app.version = '9.0.0';
    });
    await expect(restorePglite(newer, target)).rejects.toThrow(/newer version of the app/);

    const damaged = path.join(dir, 'damaged.ecbackup');
    const bytes = readFileSync(backupFile);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    writeFileSync(damaged, bytes);
    await expect(restorePglite(damaged, target)).rejects.toThrow(/damaged.*checksum/);

    const notBackup = path.join(dir, 'notes.txt');
    writeFileSync(notBackup, 'hello\n');
    await expect(restorePglite(notBackup, target)).rejects.toThrow(/not an ElderCare backup/);
    await expect(restorePglite(path.join(dir, 'missing.ecbackup'), target)).rejects.toThrow(
      /No such backup file/,
    );

    mkdirSync(target);
    writeFileSync(path.join(target, 'PG_VERSION'), '17');
    await expect(restorePglite(backupFile, target)).rejects.toThrow(/not empty/);
    // Nothing was written by any refusal.
    expect(readFileSync(path.join(target, 'PG_VERSION'), 'utf8')).toBe('17');
  });

  it('a scheduled backup is logged and leaves the newest BACKUP_KEEP backups, other files untouched', async () => {
    const backups = path.join(dir, 'scheduled');
    mkdirSync(backups);
    writeFileSync(path.join(backups, 'eldercare-backup-20200101T000000Z.ecbackup'), 'old');
    writeFileSync(path.join(backups, 'notes.txt'), 'not a backup');
    const logged: string[] = [];
    const record = (first: unknown, message?: string) => {
      logged.push(message ?? String(first));
    };
    const log = { info: record, warn: record, error: record } as unknown as FastifyBaseLogger;
    const app = {
      config: { backup: { dir: backups, keep: 1 } },
      database,
      log,
    } as unknown as FastifyInstance;
    const schedule = startBackupSchedule(app, { everyMs: 60_000, firstDelayMs: 0 });
    expect(logged).toEqual(['scheduled backups on']);
    while (!logged.includes('old backups deleted') && !logged.includes('scheduled backup failed')) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await schedule.stop();
    expect(logged).toEqual(['scheduled backups on', 'backup written', 'old backups deleted']);
    const left = listBackups(backups);
    expect(left).toHaveLength(1);
    expect(left[0]!.at.getFullYear()).toBeGreaterThan(2020);
    expect(readFileSync(path.join(backups, 'notes.txt'), 'utf8')).toBe('not a backup');
  });
});

const pgDumpPresent = spawnSync('pg_dump', ['--version']).status === 0;

describe.skipIf(!usingPostgres())(
  'backup and restore of a PostgreSQL database (in npm run test:pg, with TEST_DATABASE_URL)',
  () => {
    const url = process.env.TEST_DATABASE_URL!;
    const names: string[] = [];
    let admin: pg.Client;
    let dir: string;

    const databaseUrl = (name: string) => {
      const u = new URL(url);
      u.pathname = `/${name}`;
      return u.toString();
    };
    const newDatabase = async (template?: string) => {
      const name = `eldercare_t_${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      names.push(name);
      return databaseUrl(name);
    };

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      dir = mkdtempSync(path.join(tmpdir(), 'eldercare-backup-pg-'));
    });
    afterAll(async () => {
      for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    });

    it.skipIf(!pgDumpPresent)(
      'pg_dump while writes go on, pg_restore into a fresh database, same rows (skipped without pg_dump on PATH)',
      async () => {
        const sourceUrl = await newDatabase(inject('testTemplate'));
        const source = await openPostgres(sourceUrl, { max: 3 });
        try {
          const doctor = await fill(source.db);
          const writer = keepWriting(source.db, doctor.id);
          while (writer.written() < 20) await new Promise((resolve) => setTimeout(resolve, 5));
          const backup = await backupPostgres(sourceUrl, dir, new Date());
          await writer.stop();
          const manifest = backup.manifest;
          expect(manifest.database).toBe('postgres');
          expect(manifest.tools?.pgDump).toMatch(/^\d+/);

          const targetUrl = await newDatabase();
          const restored = await restorePostgres(backup.file, targetUrl);
          expect(restored.counts).toEqual(manifest.tables);

          const target = new pg.Client({ connectionString: targetUrl });
          await target.connect();
          try {
            const targetRun: RunSql = async (sql) => (await target.query(sql)).rows;
            const sourceRun: RunSql = async (sql) =>
              (await source.pool!.query(sql)).rows as Record<string, unknown>[];
            const [consistent] = await checkConsistent(targetRun);
            expect(consistent).toEqual({
              r: manifest.tables.reminders,
              n: manifest.tables.reminders,
            });
            const [last] = await targetRun(
              `select (select max(id) from reminders) as r, (select max(id) from notifications) as n`,
            );
            const limits = { reminders: Number(last!.r), notifications: Number(last!.n) };
            expect(await tableDigests(targetRun)).toEqual(await tableDigests(sourceRun, limits));
          } finally {
            await target.end();
          }

          // The restored database has tables now: a second restore is refused.
          await expect(restorePostgres(backup.file, targetUrl)).rejects.toThrow(
            /already has tables/,
          );
        } finally {
          await source.close();
        }
      },
    );
  },
);
