import { spawn } from 'node:child_process';
import { createReadStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { BackupError, readBackupHeader, verifyPayload } from './container.ts';
import { appInfo, checkSchema, countRows, takeInventory, type RunSql } from './inventory.ts';
import type { BackupResult, RestoreResult } from './pglite.ts';
import { writeBackupFile } from './write.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a PostgreSQL client tool; `input` is streamed to its stdin. */
function runTool(
  tool: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: NodeJS.ReadableStream } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...options.env },
      stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new BackupError(
            `${tool} was not found on PATH. Install the PostgreSQL client tools (the same major ` +
              `version as the server or newer, e.g. apt-get install postgresql-client) and try again.`,
          ),
        );
      } else reject(error);
    });
    if (options.input) {
      child.stdin!.on('error', () => {
        // The tool stopped reading (it failed); its exit code and message tell why.
      });
      options.input.pipe(child.stdin!);
    }
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The major version of a client tool on PATH (`pg_dump (PostgreSQL) 15.20` gives 15). */
export async function toolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<string> {
  const result = await runTool(tool, ['--version']);
  const match = /(\d+)(\.\d+)?/.exec(result.stdout);
  if (result.code !== 0 || !match)
    throw new BackupError(`${tool} --version failed: ${result.stderr}`);
  return match[0];
}

const major = (version: string) => Number.parseInt(version, 10);

/** The URL without its password (which goes in PGPASSWORD, out of the process list). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

const runOn =
  (client: pg.Client): RunSql =>
  async (sql) =>
    (await client.query<Record<string, unknown>>(sql)).rows;

async function serverVersion(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ server_version: string }>('show server_version');
  return rows[0]!.server_version.split(' ')[0]!;
}

/**
 * Backs up a PostgreSQL database with pg_dump (custom format). The row counts are taken in a
 * repeatable-read transaction whose snapshot pg_dump then uses (--snapshot), so the manifest
 * describes exactly what the payload holds, however many writes go on meanwhile.
 */
export async function backupPostgres(url: string, dir: string, at: Date): Promise<BackupResult> {
  const pgDump = await toolVersion('pg_dump');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `.pg_dump-${process.pid}-${Date.now()}.partial`);
  const started = Date.now();
  try {
    const server = await serverVersion(client);
    if (major(server) > major(pgDump)) {
      throw new BackupError(
        `The PostgreSQL server is version ${server} but pg_dump on PATH is ${pgDump}: pg_dump must be ` +
          `of the server's major version (${major(server)}) or newer. Install postgresql-client-${major(server)}.`,
      );
    }
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const inventory = await takeInventory(runOn(client));
    if (!inventory.migration) {
      throw new BackupError(
        'The database at DATABASE_URL holds no ElderCare data (no migrations applied): nothing to back up.',
      );
    }
    const target = connection(url);
    const dump = await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${rows[0]!.id}`,
        `--file=${temporary}`,
        `--dbname=${target.dbname}`,
      ],
      { env: target.env },
    );
    if (dump.code !== 0) throw new BackupError(`pg_dump failed: ${dump.stderr.trim()}`);
    await client.query('commit');
    const heldMs = Date.now() - started;
    const written = await writeBackupFile(
      dir,
      at,
      {
        format: 1,
        app: appInfo(),
        database: 'postgres',
        createdAt: at.toISOString(),
        migration: inventory.migration,
        tables: inventory.tables,
        tools: { pgDump, server },
      },
      'pg_dump-custom',
      { file: temporary },
    );
    return { ...written, heldMs };
  } finally {
    await rm(temporary, { force: true });
    await client.end();
  }
}

/**
 * Restores a PostgreSQL backup with pg_restore into the database at `url`, which must hold no
 * tables yet; the checks (format, schema, checksum, tool version) all pass before anything is
 * written, and pg_restore runs as a single transaction, so a failure leaves the database empty.
 */
export async function restorePostgres(file: string, url: string): Promise<RestoreResult> {
  const opened = await readBackupHeader(file);
  const { manifest } = opened;
  if (manifest.database !== 'postgres') {
    throw new BackupError(
      `${file} is a backup of the embedded database; restore it without DATABASE_URL, into an empty DATA_DIR.`,
    );
  }
  checkSchema(manifest, file);
  await verifyPayload(file, opened);
  const pgRestore = await toolVersion('pg_restore');
  if (manifest.tools && major(manifest.tools.pgDump) > major(pgRestore)) {
    throw new BackupError(
      `${file} was made by pg_dump ${manifest.tools.pgDump}; pg_restore on PATH is ${pgRestore}. ` +
        `Install postgresql-client-${major(manifest.tools.pgDump)} or newer. Nothing was restored.`,
    );
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0]!.n > 0) {
      throw new BackupError(
        `The database at DATABASE_URL already has tables: a backup is restored only into an empty ` +
          `database. Create a new one (createdb) and point DATABASE_URL at it. Nothing was restored.`,
      );
    }
    const target = connection(url);
    const restore = await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${target.dbname}`,
      ],
      { env: target.env, input: createReadStream(file, { start: opened.payloadOffset }) },
    );
    if (restore.code !== 0) {
      throw new BackupError(`pg_restore failed, nothing was restored: ${restore.stderr.trim()}`);
    }
    return { manifest, counts: await countRows(runOn(client)) };
  } finally {
    await client.end();
  }
}
