import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { openPostgres, type Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { openTestDatabase, testConfig } from './app.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

export interface TwoInstances {
  databaseA: Database;
  databaseB: Database;
  appA: App;
  appB: App;
}

/**
 * Two app instances on one PostgreSQL test database, each with a pool of its own, as two
 * machines run them: opened in the calling suite's beforeAll and closed in its afterAll. The
 * fields are set once beforeAll has run. PostgreSQL only (PGlite is one process on one
 * directory).
 */
export function twoInstances(clock: Clock): TwoInstances {
  const instances = {} as TwoInstances;
  beforeAll(async () => {
    instances.databaseA = await openTestDatabase();
    instances.databaseB = await openPostgres(instances.databaseA.pool!.options.connectionString!, {
      max: 5,
    });
    const options = { config: testConfig, clock, clientRoot: '/nonexistent-client' };
    instances.appA = await buildApp({ ...options, database: instances.databaseA });
    instances.appB = await buildApp({ ...options, database: instances.databaseB });
  });
  afterAll(async () => {
    await instances.appA?.close();
    await instances.appB?.close();
    await instances.databaseB?.close();
    await instances.databaseA?.close();
  });
  return instances;
}
