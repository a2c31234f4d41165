import type { FastifyInstance } from 'fastify';
import { runPeriodically, type PeriodicJob } from '../jobs/periodic.ts';
import { backupPglite } from './pglite.ts';
import { listBackups, pruneBackups } from './settings.ts';

/** The schedule as a periodic job: `idle()` waits for a backup in progress. */
export type BackupSchedule = PeriodicJob;

const WAKE_MS = 60 * 60_000;
const FIRST_DELAY_MS = 60_000;

/**
 * Scheduled backups of the embedded database (BACKUP_EVERY, BACKUP_DIR, BACKUP_KEEP), taken by
 * the app that holds it. The first one is due BACKUP_EVERY after the newest backup already in
 * BACKUP_DIR (a minute after start when there is none), so a restart does not take an extra one; each next
 * one is due BACKUP_EVERY after the last ended, so two never overlap. After each backup the
 * oldest beyond BACKUP_KEEP are deleted. A failure is logged and the next one still comes.
 */
export function startBackupSchedule(
  app: FastifyInstance,
  options: { everyMs?: number; firstDelayMs?: number } = {},
): BackupSchedule {
  const settings = app.config.backup;
  const everyMs = options.everyMs ?? settings?.everyMs;
  const idle: BackupSchedule = { idle: async () => {}, stop: async () => {} };
  if (!settings || !everyMs) return idle;
  const pglite = app.database.pglite;
  if (app.database.driver !== 'pglite' || !pglite) {
    app.log.warn(
      'BACKUP_EVERY schedules backups of the embedded database only; on PostgreSQL run ' +
        '`npm run backup` from cron (or use the server’s own backups)',
    );
    return idle;
  }

  const newest = listBackups(settings.dir)[0];
  // Not before the app has started and caught up with its own scheduled work.
  const earliest = Date.now() + (options.firstDelayMs ?? FIRST_DELAY_MS);
  let dueAt = Math.max(earliest, newest ? newest.at.getTime() + everyMs : 0);

  const backUp = async () => {
    const started = Date.now();
    try {
      const result = await backupPglite(pglite, settings.dir, new Date());
      const rows = Object.values(result.manifest.tables).reduce((sum, n) => sum + n, 0);
      app.log.info(
        {
          file: result.file,
          bytes: result.manifest.payload.bytes,
          rows,
          heldMs: result.heldMs,
          ms: Date.now() - started,
        },
        'backup written',
      );
      const removed = pruneBackups(settings.dir, settings.keep);
      if (removed.length > 0) app.log.info({ removed, keep: settings.keep }, 'old backups deleted');
    } finally {
      dueAt = Date.now() + everyMs;
    }
  };
  // Wakes at least hourly and compares with the clock: a long timer would overflow, and a
  // machine that slept would otherwise come late.
  const untilDue = () => Math.min(dueAt - Date.now(), WAKE_MS);
  app.log.info(
    { dir: settings.dir, everyMs, keep: settings.keep, firstAt: new Date(dueAt).toISOString() },
    'scheduled backups on',
  );
  return runPeriodically(
    app,
    untilDue,
    async () => {
      if (Date.now() >= dueAt) await backUp();
    },
    { done: () => {}, failure: 'scheduled backup failed' },
    { firstDelayMs: untilDue() },
  );
}
