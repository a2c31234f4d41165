import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { openPostgres, wrapPglite, type Database } from '../db/client.ts';
import { ManualClock } from '../lib/clock.ts';

export const testConfig: Config = {
  port: 0,
  host: '127.0.0.1',
  databaseUrl: undefined,
  dataDir: '/nonexistent',
  logLevel: 'silent',
  trustProxy: false,
  cookieSecure: 'false',
};

export const usingPostgres = (): boolean => process.env.TEST_DB === 'postgres';

/** A fresh database for one test file: a PGlite clone of the migrated template, or a new
 * PostgreSQL database copied from the run's template and dropped on close. */
export async function openTestDatabase(
  options: { route?: (url: URL) => URL } = {},
): Promise<Database> {
  if (usingPostgres()) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `eldercare_t_${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('testTemplate')}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    // `route` lets a test reach the database through something it controls (a proxy it cuts).
    const database = await openPostgres((options.route?.(dbUrl) ?? dbUrl).toString(), { max: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject('testTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return wrapPglite(client);
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database with a controllable clock. */
export async function createTestApp(
  options: { clock?: ManualClock; config?: Partial<Config>; route?: (url: URL) => URL } = {},
): Promise<TestApp> {
  const database = await openTestDatabase({ route: options.route });
  const clock = options.clock ?? new ManualClock();
  const app = await buildApp({
    config: { ...testConfig, ...options.config },
    database,
    clock,
    clientRoot: '/nonexistent-client',
  });
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Shorthand for JSON API calls through `app.inject` (real routing, no network). */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  });
  let json: unknown = undefined;
  try {
    json = response.json();
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, json: json as any, response };
}
