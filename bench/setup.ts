import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildClient, buildServer, root, type ChunkContents } from './build.ts';
import { FIRST_SCREENS, loadRegistry, measureRoutes, routePages } from './client-weight.ts';
import type { Report } from './report.ts';
import { baseUrl, log, work } from './settings.ts';

/** The machine the bench runs on, as the report's first table shows it. */
export async function machineInfo(): Promise<Report['machine']> {
  const cpus = os.cpus();
  const pglite = JSON.parse(
    readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    postgres: 'not reached',
    pglite: pglite.version,
    loadAverage: os.loadavg(),
  };
}

/** Asks the bench's PostgreSQL server for its version; false (and a note) when unreachable. */
export async function probePostgres(report: Report): Promise<boolean> {
  try {
    const probe = new pg.Client({ connectionString: baseUrl });
    await probe.connect();
    const { rows } = await probe.query<{ version: string }>('select version()');
    report.machine.postgres = rows[0]!.version.split(' on ')[0]!;
    await probe.end();
    return true;
  } catch (error) {
    report.notes.push(`PostgreSQL at ${baseUrl} could not be reached: ${(error as Error).message}`);
    return false;
  }
}

/**
 * Builds client and server as `npm run build` does, into the bench's own folder, weighing the
 * client's routes; returns the server build's folder, or null to run the app from source.
 * `withClient` false builds the server only (a run that loads no page).
 */
export async function buildApp(report: Report, withClient = true): Promise<string | null> {
  log(
    withClient
      ? 'building the client (vite, with a manifest) and the server (tsc)'
      : 'building the server (tsc)',
  );
  let contents: ChunkContents = new Map();
  if (withClient) {
    try {
      contents = await buildClient(path.join(work, 'client'));
      report.client = measureRoutes(
        path.join(work, 'client'),
        routePages(await loadRegistry()),
        FIRST_SCREENS,
      );
      report.chunkContents = contents;
    } catch (error) {
      report.clientNote = `not measured: the client build failed (${(error as Error).message.split('\n')[0]})`;
      log(report.clientNote);
    }
  } else {
    report.clientNote = 'not measured in this run (BENCH_ONLY)';
  }
  const server = buildServer(path.join(work, 'server'));
  let serverDir: string | null = path.join(work, 'server');
  if (!server.ok) {
    const errors = server.output.split('\n').filter((l) => l.includes('error TS')).length;
    report.notes.push(
      `The server build reported ${errors} type error(s) (work in progress elsewhere in the tree); ` +
        'tsc still emitted the JavaScript, which is what was measured.',
    );
    try {
      readFileSync(path.join(serverDir, 'server/main.js'));
    } catch {
      report.notes.push('No server build was emitted: the app ran from source through tsx.');
      serverDir = null;
    }
  }
  return serverDir;
}
