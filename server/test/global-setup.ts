import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../db/client.ts';
import { projectRoot } from '../lib/paths.ts';

/**
 * Prepares one migrated template per run: a PGlite dump that each test file loads (fast), or,
 * with TEST_DB=postgres, a template database that each test file copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${process.pid}_${Date.now()}`;
  project.provide('testRunId', runId);
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = `eldercare_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = await openPostgres(templateUrl.toString(), { max: 1 });
    await database.close();
    project.provide('testTemplate', template);
    return async () => {
      // Drop every database this run created (test files drop their own; this catches leftovers).
      const prefix = `eldercare_t_${runId}_`;
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`${prefix}%`, template],
      );
      for (const row of rows)
        await admin.query(`drop database if exists "${row.datname}" with (force)`);
      await admin.end();
    };
  }
  const dir = path.join(projectRoot(), '.tmp');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create();
  const database = await wrapPglite(client);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, `pglite-template-${runId}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testTemplate', file);
  return async () => {
    rmSync(file, { force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
    /** The PGlite dump file, or the PostgreSQL template database name. */
    testTemplate: string;
  }
}
