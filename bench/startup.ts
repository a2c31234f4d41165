/**
 * Start-up time to first answer: the built app spawned on an empty PGlite directory, on a
 * PGlite directory holding the 10k data, on an empty PostgreSQL database and on one holding the
 * 10k data; GET /api/health polled every 10 ms from the spawn until its first answer (any
 * status) and its first 200 (`ready: true`). Each case starts the app three times, each start a
 * new process; an empty database is a fresh one at every start, so each start migrates it.
 */
import { mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root } from './build.ts';
import { preparePglite, preparePostgres, type Prepared } from './datasets.ts';
import { freePort } from '../server/test/processes.ts';
import { appProgram, spawnNode } from './processes.ts';
import { median, type StartupCase } from './report-reliability.ts';
import { sizes } from './scale.ts';
import { baseUrl, log, logLevel, stamp, work } from './settings.ts';

/** Starts per case: the report gives their median. */
export const STARTS = 3;
const POLL_MS = 10;
const START_LIMIT_MS = 90_000;

/** Spawns the app once and times its first answer and its first 200; stops it again. */
async function timeStart(
  name: string,
  serverDir: string | null,
  env: Record<string, string>,
): Promise<{ firstAnswer: number; ready: number }> {
  const program = appProgram(serverDir, { ...env, LOG_LEVEL: logLevel });
  const port = await freePort();
  const logFile = path.join(work, `${name}.log`);
  const out = openSync(logFile, 'a');
  const started = performance.now();
  const child = spawnNode(program.args, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...program.env },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let firstAnswer: number | null = null;
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${name} exited (${child.exitCode}); see ${logFile}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}${program.ready}`);
        const at = performance.now() - started;
        firstAnswer ??= at;
        const body = (await res.json()) as { ready?: boolean };
        if (res.ok && body.ready !== false) return { firstAnswer, ready: at };
      } catch {
        // not listening yet
      }
      if (performance.now() - started > START_LIMIT_MS) {
        throw new Error(`${name} did not answer 200 in ${START_LIMIT_MS / 1000} s; see ${logFile}`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
}

/** Times STARTS starts of one case; `fresh` gives the environment of each start. */
async function measureCase(
  id: string,
  label: string,
  serverDir: string | null,
  fresh: (i: number) => Promise<{ env: Record<string, string>; done: () => Promise<void> }>,
): Promise<StartupCase> {
  const result: StartupCase = { id, label, firstAnswer: [], ready: [] };
  try {
    for (let i = 0; i < STARTS; i += 1) {
      const { env, done } = await fresh(i);
      try {
        const t = await timeStart(`app-startup-${id}-${i}`, serverDir, env);
        result.firstAnswer.push(t.firstAnswer);
        result.ready.push(t.ready);
      } finally {
        await done();
      }
    }
    log(
      `startup ${id}: first answer ${median(result.firstAnswer).toFixed(0)} ms, ` +
        `ready ${median(result.ready).toFixed(0)} ms (median of ${STARTS})`,
    );
  } catch (error) {
    result.error = (error as Error).message.split('\n')[0];
    log(`startup ${id}: ${result.error}`);
  }
  return result;
}

/** Runs every case; PostgreSQL's only when it was reached. */
export async function measureStartup(
  serverDir: string | null,
  passwordHash: string,
  postgresOk: boolean,
): Promise<StartupCase[]> {
  const cases: StartupCase[] = [];
  const nothing = async () => undefined;

  cases.push(
    await measureCase('pglite-empty', 'PGlite, empty data directory', serverDir, async (i) => {
      const dir = path.join(work, `pglite-startup-empty-${i}`);
      mkdirSync(dir, { recursive: true });
      return {
        env: { DATA_DIR: dir, DATABASE_URL: '' },
        done: async () => rmSync(dir, { recursive: true, force: true }),
      };
    }),
  );

  const keep = async (prepared: () => Promise<Prepared>, body: (p: Prepared) => Promise<void>) => {
    const p = await prepared();
    try {
      await body(p);
    } finally {
      await p.dispose();
    }
  };
  await keep(
    () => preparePglite(sizes.small, passwordHash),
    async (p) => {
      cases.push(
        await measureCase('pglite-10k', 'PGlite, 10k data', serverDir, async () => ({
          env: p.serverEnv,
          done: nothing,
        })),
      );
    },
  );

  if (!postgresOk) return cases;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    cases.push(
      await measureCase('postgres-empty', 'PostgreSQL, empty database', serverDir, async (i) => {
        const name = `eldercare_bench_${stamp}_startup${i}`;
        await admin.query(`create database ${name}`);
        const url = new URL(baseUrl);
        url.pathname = `/${name}`;
        return {
          env: { DATABASE_URL: url.toString() },
          done: async () => {
            await admin.query(`drop database if exists ${name} with (force)`);
          },
        };
      }),
    );
  } finally {
    await admin.end();
  }
  await keep(
    () => preparePostgres(sizes.small, passwordHash),
    async (p) => {
      cases.push(
        await measureCase('postgres-10k', 'PostgreSQL, 10k data', serverDir, async () => ({
          env: p.serverEnv,
          done: nothing,
        })),
      );
    },
  );
  return cases;
}
