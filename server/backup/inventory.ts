import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, projectRoot } from '../lib/paths.ts';
import { BackupError, type Manifest } from './container.ts';

/** Runs one SQL statement and returns its rows (PGlite and node-postgres alike). */
export type RunSql = (sql: string) => Promise<Record<string, unknown>[]>;

export interface Inventory {
  migration: Manifest['migration'];
  tables: Record<string, number>;
}

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

/** The migrations this build of the app knows, oldest first. */
export function migrationJournal(): JournalEntry[] {
  const text = readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

export function appInfo(): Manifest['app'] {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables (schema public), by name. */
export async function appTables(run: RunSql): Promise<string[]> {
  const rows = await run(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => String(row.tablename));
}

/** The exact row count of every app table. */
export async function countRows(run: RunSql): Promise<Record<string, number>> {
  const tables = await appTables(run);
  if (tables.length === 0) return {};
  const rows = await run(
    tables
      .map(
        (t) =>
          `select '${t.replaceAll("'", "''")}' as t, count(*)::bigint as n from ${quoteIdent(t)}`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(rows.map((row) => [String(row.t), Number(row.n)]));
}

/** The last migration applied to the database (Drizzle's migrations table), with its tag. */
export async function lastMigration(run: RunSql): Promise<Manifest['migration']> {
  const [exists] = await run(`select to_regclass('drizzle.__drizzle_migrations') is not null as e`);
  if (!exists?.e) return null;
  const [row] = await run(
    `select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!row) return null;
  const when = Number(row.created_at);
  const tag = migrationJournal().find((entry) => entry.when === when)?.tag ?? null;
  return { tag, hash: String(row.hash), when };
}

export async function takeInventory(run: RunSql): Promise<Inventory> {
  return { migration: await lastMigration(run), tables: await countRows(run) };
}

/**
 * Refuses a backup whose schema is newer than this app's (or one this app never had): the app
 * cannot read it, and would not migrate it back.
 */
export function checkSchema(manifest: Manifest, file: string): void {
  const journal = migrationJournal();
  const latest = journal.at(-1);
  const migration = manifest.migration;
  if (!migration) return;
  if (latest && migration.when > latest.when) {
    throw new BackupError(
      `${file} comes from a newer version of the app (schema ${migration.tag ?? migration.hash.slice(0, 12)}, ` +
        `app ${manifest.app.version}); this app knows schema up to ${latest.tag} (app ${appInfo().version}). ` +
        'Update the app, then restore. Nothing was restored.',
    );
  }
  if (!journal.some((entry) => entry.when === migration.when)) {
    throw new BackupError(
      `${file} has a schema this app does not know (${migration.tag ?? migration.hash.slice(0, 12)}); ` +
        'restore it with the version of the app that made it. Nothing was restored.',
    );
  }
}

/** Lines comparing the restored row counts with the manifest's, and whether all match. */
export function compareCounts(
  expected: Record<string, number>,
  actual: Record<string, number>,
): { lines: string[]; matches: boolean } {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const width = Math.max(5, ...names.map((n) => n.length));
  let matches = true;
  const lines = [`${'table'.padEnd(width)}  ${'backup'.padStart(9)}  ${'restored'.padStart(9)}`];
  for (const name of names) {
    const want = expected[name];
    const got = actual[name];
    const same = want === got;
    if (!same) matches = false;
    lines.push(
      `${name.padEnd(width)}  ${String(want ?? '-').padStart(9)}  ${String(got ?? '-').padStart(9)}${same ? '' : '  MISMATCH'}`,
    );
  }
  return { lines, matches };
}
