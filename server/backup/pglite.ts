import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDirectoryLock } from '../db/lock.ts';
import { BackupError, readBackupHeader, verifyPayload, type Manifest } from './container.ts';
import { appInfo, checkSchema, countRows, takeInventory, type RunSql } from './inventory.ts';
import { writeBackupFile } from './write.ts';

export interface BackupResult {
  file: string;
  manifest: Manifest;
  /** How long the database was held for the snapshot, in milliseconds. */
  heldMs: number;
}

/**
 * Takes a consistent snapshot of an open PGlite database with PGlite's own dump of its data
 * directory. It runs as one transaction of the instance: PGlite runs one at a time, so no write
 * is half done while the row counts are taken and the directory is dumped, and the counts in
 * the manifest are those of the payload. Writes wait for the snapshot (about a second for a
 * small agency) and then go on.
 */
export async function backupPglite(pglite: PGlite, dir: string, at: Date): Promise<BackupResult> {
  const started = Date.now();
  const snapshot = await pglite.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    const run: RunSql = async (sql) => (await tx.query<Record<string, unknown>>(sql)).rows;
    const inventory = await takeInventory(run);
    const dump = await pglite.dumpDataDir('gzip');
    return { inventory, dump };
  });
  const heldMs = Date.now() - started;
  const payload = Buffer.from(await snapshot.dump.arrayBuffer());
  const written = await writeBackupFile(
    dir,
    at,
    {
      format: 1,
      app: appInfo(),
      database: 'pglite',
      createdAt: at.toISOString(),
      migration: snapshot.inventory.migration,
      tables: snapshot.inventory.tables,
    },
    'pglite-datadir.tar.gz',
    payload,
  );
  return { ...written, heldMs };
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Opens the embedded database in `dataDir` for a backup, without migrating it, while no app
 * holds it (the directory lock refuses otherwise).
 */
export async function withIdlePglite<T>(
  dataDir: string,
  use: (pglite: PGlite) => Promise<T>,
): Promise<T> {
  if (isEmptyDir(dataDir)) {
    throw new BackupError(`There is no embedded database in ${dataDir}: nothing to back up.`);
  }
  const lock = acquireDirectoryLock(dataDir);
  try {
    const pglite = await PGlite.create({ dataDir });
    try {
      return await use(pglite);
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}

export interface RestoreResult {
  manifest: Manifest;
  counts: Record<string, number>;
}

/**
 * Restores a PGlite backup into `dataDir`, which must be absent or empty; the checks (format,
 * schema, checksum) all pass before anything is written. Returns the restored row counts, read
 * from the restored database (`inspect` may look at it too before it is closed).
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  options: { inspect?: (pglite: PGlite) => Promise<void> } = {},
): Promise<RestoreResult> {
  const opened = await readBackupHeader(file);
  if (opened.manifest.database !== 'pglite') {
    throw new BackupError(
      `${file} is a PostgreSQL backup; restore it with DATABASE_URL set to an empty PostgreSQL database.`,
    );
  }
  checkSchema(opened.manifest, file);
  await verifyPayload(file, opened);
  if (!isEmptyDir(dataDir)) {
    throw new BackupError(
      `${dataDir} is not empty: a backup is restored only into an empty directory. ` +
        'Set DATA_DIR to a new directory (or move this one away). Nothing was restored.',
    );
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lock = acquireDirectoryLock(dataDir);
  try {
    mkdirSync(dataDir, { recursive: true });
    const handle = await open(file, 'r');
    let payload: Uint8Array<ArrayBuffer>;
    try {
      payload = new Uint8Array(opened.manifest.payload.bytes);
      await handle.read(payload, 0, payload.length, opened.payloadOffset);
    } finally {
      await handle.close();
    }
    let pglite: PGlite;
    try {
      pglite = await PGlite.create({ dataDir, loadDataDir: new Blob([payload]) });
    } catch (error) {
      // The directory was empty before: leave it so, ready for another attempt.
      rmSync(dataDir, { recursive: true, force: true });
      throw new BackupError(`The backup could not be loaded: ${(error as Error).message}`);
    }
    try {
      const counts = await countRows(
        async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows,
      );
      await options.inspect?.(pglite);
      await pglite.exec('CHECKPOINT');
      return { manifest: opened.manifest, counts };
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}
