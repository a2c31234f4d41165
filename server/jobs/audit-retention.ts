import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { and, asc, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { accountTokens, auditLog } from '../db/schema/index.ts';
import { writeAudit } from '../audit/audit.ts';
import { loadAgencySettings } from '../features/clinical-common/agency-settings.ts';
import { runPeriodically, type PeriodicJob } from './periodic.ts';
import { rowsOf } from '../db/raw-rows.ts';

/** How often retention runs (and once at start). */
export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;
/** Audit rows archived and deleted per transaction. */
export const ARCHIVE_BATCH = 5_000;
/** The first half of the advisory lock key: one instance prunes at a time. */
const RETENTION_LOCK_CLASS = 730_451_301;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Spent, revoked or expired sign-in challenges and reset links are kept this long. */
export const SHORT_TOKEN_RETENTION_MS = 7 * DAY_MS;
/** Ended invitations stay in the Invitations list this long. */
export const INVITATION_RETENTION_MS = 365 * DAY_MS;

/** The instant `years` calendar years before `now` (29 February falls back to 28). */
export function yearsBefore(now: Date, years: number): Date {
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  if (at.getUTCDate() !== now.getUTCDate()) at.setUTCDate(0);
  return at;
}

export interface RetentionResult {
  /** Audit rows written to the archive and deleted. */
  archived: number;
  /** The archive file written this run, or null when nothing was old enough. */
  file: string | null;
  cutoff: Date;
  /** Account tokens (sign-in challenges, reset links, invitations) deleted. */
  tokens: number;
}

/**
 * Applies the agency's audit retention: rows older than `auditRetentionYears` are appended to
 * one gzip'd NDJSON file in `archiveDir` (one line per row, every column), the file is flushed
 * to disk, and only then are those rows deleted, batch by batch, each batch in its own
 * transaction under an advisory lock (another instance that finds it taken leaves the run to
 * the first). A crash between the file and the delete leaves the rows in the log and a
 * duplicate line in the next run's file, never a row in neither. The run writes one audit row
 * of its own (action `archive`, details `{rows, before, file}`). Spent and expired account
 * tokens past their retention are deleted too.
 */
export async function applyRetention(
  db: Db,
  now: Date,
  archiveDir: string,
): Promise<RetentionResult> {
  const { auditRetentionYears } = await loadAgencySettings(db);
  const cutoff = yearsBefore(now, auditRetentionYears);
  let archived = 0;
  let file: string | null = null;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [lock] = await rowsOf<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_CLASS}, 0) as locked`,
      );
      if (!lock?.locked) return 0;
      const rows = await tx
        .select()
        .from(auditLog)
        .where(lt(auditLog.at, cutoff))
        .orderBy(asc(auditLog.id))
        .limit(ARCHIVE_BATCH);
      if (rows.length === 0) return 0;
      if (!file) {
        mkdirSync(archiveDir, { recursive: true });
        const stamp = now.toISOString().replace(/[:.]/g, '-');
        file = path.join(
          archiveDir,
          `audit-before-${cutoff.toISOString().slice(0, 10)}-${stamp}.ndjson.gz`,
        );
      }
      appendDurably(file, rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
      await tx.delete(auditLog).where(
        inArray(
          auditLog.id,
          rows.map((row) => row.id),
        ),
      );
      return rows.length;
    });
    archived += batch;
    if (batch < ARCHIVE_BATCH) break;
  }
  if (archived > 0) {
    await writeAudit(
      db,
      { userId: null, role: null, ip: '127.0.0.1', requestId: 'audit-retention', at: now },
      {
        action: 'archive',
        entity: 'audit-log',
        details: { rows: archived, before: cutoff.toISOString(), file: path.basename(file!) },
      },
    );
  }
  const tokens = await pruneAccountTokens(db, now);
  return { archived, file, cutoff, tokens };
}

/** Appends a gzip member to the file and waits until it is on disk. */
function appendDurably(file: string, text: string): void {
  const fd = openSync(file, 'a');
  try {
    writeSync(fd, gzipSync(text));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Deletes sign-in challenges and reset links spent, revoked or expired a week ago, and
 * invitations that ended a year ago (the Invitations list shows them until then).
 */
export async function pruneAccountTokens(db: Db, now: Date): Promise<number> {
  const ended = (before: Date) =>
    or(
      lt(accountTokens.expiresAt, before),
      and(isNotNull(accountTokens.usedAt), lt(accountTokens.usedAt, before)),
      and(isNotNull(accountTokens.revokedAt), lt(accountTokens.revokedAt, before)),
    );
  const short = new Date(now.getTime() - SHORT_TOKEN_RETENTION_MS);
  const long = new Date(now.getTime() - INVITATION_RETENTION_MS);
  const deleted = await db
    .delete(accountTokens)
    .where(
      or(
        and(inArray(accountTokens.kind, ['two-factor', 'password-reset']), ended(short)),
        and(inArray(accountTokens.kind, ['invitation']), ended(long)),
      ),
    )
    .returning({ id: accountTokens.id });
  return deleted.length;
}

/** Runs applyRetention at start and then daily; runs never overlap. */
export function startAuditRetention(app: FastifyInstance): PeriodicJob {
  const archiveDir = app.config.auditArchiveDir ?? path.resolve('audit-archive');
  return runPeriodically(
    app,
    RETENTION_EVERY_MS,
    () => applyRetention(app.db, app.clock.now(), archiveDir),
    {
      done: (result) => {
        if (result.archived > 0)
          app.log.info(
            { archived: result.archived, file: result.file, before: result.cutoff },
            'audit rows past retention archived and removed',
          );
      },
      failure: 'audit retention failed',
    },
  );
}
