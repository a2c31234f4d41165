import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../lib/paths.ts';
import { acquireDirectoryLock, type DirectoryLock } from './lock.ts';
import * as schema from './schema/index.ts';

export { schema };

/** The Drizzle database; PGlite and node-postgres share this query-builder surface. */
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle, accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DatabaseDriver;
  /** The underlying PostgreSQL pool, when on a server (for LISTEN/NOTIFY). */
  pool?: pg.Pool;
  /** The underlying PGlite instance, when embedded. */
  pglite?: PGlite;
  close(): Promise<void>;
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

// A calendar date (date of birth) stays the string it was stored as: parsing it into a Date
// would shift it by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** Opens a PostgreSQL server database from a URL and applies migrations. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  pool.on('connect', (client) => {
    // A connection lost while a request holds its client (the database stopped mid-query):
    // the query fails and the request answers 503, and the pool drops the client on release.
    // Without a listener, the client's 'error' event would end the process.
    client.on('error', () => {});
  });
  const db = drizzlePg({ client: pool, ...drizzleOptions });
  await migratePg(db, { migrationsFolder: migrationsFolder() });
  return { db, driver: 'postgres', pool, close: () => pool.end() };
}

/** Wraps an already open PGlite instance (used by tests that clone a template). */
export async function wrapPglite(
  client: PGlite,
  onClose?: () => void | Promise<void>,
): Promise<Database> {
  const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return {
    db,
    driver: 'pglite',
    pglite: client,
    async close() {
      try {
        await client.exec('CHECKPOINT');
      } finally {
        await client.close();
        await onClose?.();
      }
    },
  };
}

/**
 * Opens the embedded database in `dataDir`, refusing when another process holds it, and
 * applies migrations.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lock: DirectoryLock = acquireDirectoryLock(dataDir);
  try {
    mkdirSync(dataDir, { recursive: true });
    const client = await PGlite.create({ dataDir });
    return await wrapPglite(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Opens the configured database: a PostgreSQL server when a URL is given, else PGlite. */
export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
