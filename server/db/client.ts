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
import { NamedStatementClient } from './named-statements.ts';
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

/** How long opening a connection may take before the database counts as unreachable. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** How long one statement may run before PostgreSQL cancels it (SQLSTATE 57014). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
/**
 * How much longer than the statement timeout the client waits for any answer: a server that
 * does not even cancel its own statement in that time has stopped answering.
 */
export const QUERY_TIMEOUT_MARGIN_MS = 5_000;

export interface PostgresOptions {
  max?: number;
  /** 0: wait for a connection for ever. Default DEFAULT_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
  /** 0: no limit. Default DEFAULT_STATEMENT_TIMEOUT_MS. Migrations are not limited. */
  statementTimeoutMs?: number;
}

/**
 * Opens a PostgreSQL server database from a URL and applies migrations. A database that takes
 * TCP connections but does not answer fails a request after `connectTimeoutMs` (a new
 * connection) or the statement timeout plus QUERY_TIMEOUT_MARGIN_MS (a pooled one) rather than
 * holding it for ever.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const connectionTimeoutMillis = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  // Migrations may rewrite a large table: they run on their own connection, with no statement
  // limit, before the pool opens.
  const migrator = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis });
  migrator.on('error', () => {});
  try {
    await migratePg(drizzlePg({ client: migrator, ...drizzleOptions }), {
      migrationsFolder: migrationsFolder(),
    });
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({
    // Statements with values go named, so each shape is planned once per connection.
    Client: NamedStatementClient,
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis,
    // No just-in-time compilation: the app's statements read a page or a day, and a plan whose
    // estimate passed jit_above_cost (a doctor's rota: subqueries estimated at 500,000) spent
    // 400 ms compiling to answer in 20.
    options: '-c jit=off',
    ...(statementTimeout > 0
      ? {
          statement_timeout: statementTimeout,
          query_timeout: statementTimeout + QUERY_TIMEOUT_MARGIN_MS,
        }
      : {}),
  });
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
export function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
  databaseConnectTimeoutMs?: number;
  databaseStatementTimeoutMs?: number;
}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, {
        connectTimeoutMs: config.databaseConnectTimeoutMs,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
      })
    : openPglite(config.dataDir);
}
