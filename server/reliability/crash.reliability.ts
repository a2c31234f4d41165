import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort, waitUntilAnswering } from '../test/processes.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Crash test of the built server: on each database, 10 times in a row on the same data, four
 * writers add patients through the HTTP API, the process is killed with SIGKILL 300-1500 ms
 * later, and the server is started again on the same data directory or database. After each
 * restart it must answer, keep every patient it acknowledged (2xx) with its fields, and hold a
 * `create` audit row for every stored patient and a patient for every successful `create` row.
 */

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = 10;
const WRITERS = 4;
const KILL_AFTER_MS: [number, number] = [300, 1500];
const postgresBase = process.env.TEST_DATABASE_URL || undefined;

const admin = {
  username: 'crash-admin',
  firstName: 'Ada',
  secondName: 'Admin',
  email: 'crash-admin@example.test',
  password: 'crash-admin-password',
  primaryLocation: 'Head office',
  role: 'doctor',
  privileges: 'admin',
};

interface PatientBody {
  firstName: string;
  lastName: string;
  dob: string;
  gender: string;
  address: string;
  phoneNumber: string;
  emergencyContact: string;
  emergencyContactPhone: string;
}

interface Server {
  url: string;
  child: ChildProcess;
}

let buildDir = '';

/** Compiles the server alone (the API needs no client build) into a folder of the run's own. */
function buildServer(): string {
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const outDir = mkdtempSync(path.join(root, '.tmp', 'reliability-build-'));
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/typescript/bin/tsc'),
      ...['-p', 'tsconfig.server.json', '--outDir', outDir, '--sourceMap', 'false'],
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The server build failed');
  return outDir;
}

async function startServer(database: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(buildDir, 'server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CLIENT_DIST_DIR: path.join(buildDir, 'no-client'),
      LOG_LEVEL: 'error',
      SIGNUP_RATE_LIMIT: '100000',
      LOGIN_RATE_LIMIT: '100000',
      DATA_DIR: '',
      DATABASE_URL: '',
      ...database,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/api/health`, child, {
    what: 'The server',
    timeoutMs: 30_000,
    intervalMs: 50,
  });
  return { url, child };
}

async function killHard(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

async function stopGently(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

const writeHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
});

async function api<T>(server: Server, token: string, pathAndQuery: string) {
  const res = await fetch(`${server.url}${pathAndQuery}`, { headers: writeHeaders(token) });
  if (!res.ok) throw new Error(`GET ${pathAndQuery} answered ${res.status}`);
  return (await res.json()) as T;
}

async function logIn(server: Server): Promise<string> {
  const res = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.username, password: admin.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function signUp(server: Server): Promise<void> {
  const res = await fetch(`${server.url}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(res.status).toBe(201);
}

/** Every page of a list (limit 500), read until a short page. */
async function allPages<T>(server: Server, token: string, pathAndQuery: string): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await api<T[]>(server, token, `${pathAndQuery}&limit=500&offset=${offset}`);
    rows.push(...page);
    if (page.length < 500) return rows;
  }
}

const patientBody = (label: string): PatientBody => ({
  firstName: `Writer ${label}`,
  lastName: `Crash ${label}`,
  dob: '1940-03-15',
  gender: 'Female',
  address: `${label} Crash Lane, Leeds`,
  phoneNumber: '+44 113 496 0000',
  emergencyContact: `Contact ${label}`,
  emergencyContactPhone: '+44 113 496 0001',
});

/**
 * Writers add patients one after another until the server dies under them; each 2xx answer
 * is recorded as acknowledged. Resolves with the acknowledged writes once every writer stopped.
 */
async function writeUntilKilled(
  server: Server,
  token: string,
  run: number,
  killAfterMs: number,
): Promise<{ id: number; body: PatientBody }[]> {
  const acknowledged: { id: number; body: PatientBody }[] = [];
  let killed = false;
  const writer = async (w: number) => {
    for (let n = 0; !killed; n++) {
      const body = patientBody(`r${run}w${w}n${n}`);
      try {
        const res = await fetch(`${server.url}/api/patients`, {
          method: 'POST',
          headers: writeHeaders(token),
          body: JSON.stringify(body),
        });
        if (res.status >= 200 && res.status < 300) {
          acknowledged.push({ id: ((await res.json()) as { id: number }).id, body });
        } else if (!killed) {
          throw new Error(`POST /api/patients answered ${res.status}: ${await res.text()}`);
        }
      } catch (error) {
        if (!killed) throw error;
        return; // the connection died with the process
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  killed = true;
  await killHard(server);
  await Promise.allSettled(writers);
  // A writer that failed before the kill is a failure of the test.
  for (const result of await Promise.allSettled(writers)) {
    if (result.status === 'rejected') throw result.reason;
  }
  return acknowledged;
}

interface Check {
  stored: number;
  lost: string[];
  withoutAudit: number[];
  auditWithoutRecord: string[];
}

async function check(
  server: Server,
  token: string,
  acknowledged: Map<number, PatientBody>,
): Promise<Check> {
  const patients = await allPages<PatientBody & { id: number }>(server, token, '/api/patients?');
  const byId = new Map(patients.map((p) => [p.id, p]));
  const lost: string[] = [];
  for (const [id, body] of acknowledged) {
    const stored = byId.get(id);
    if (!stored) lost.push(`patient ${id} missing`);
    else {
      const differs = (Object.keys(body) as (keyof PatientBody)[]).filter(
        (key) => stored[key] !== body[key],
      );
      if (differs.length) lost.push(`patient ${id} differs in ${differs.join(', ')}`);
    }
  }
  const audit = await allPages<{ entityId: string | null; outcome: string }>(
    server,
    token,
    '/api/audit?action=create&entity=patient',
  );
  const audited = new Set(
    audit.filter((row) => row.outcome === 'success').map((row) => Number(row.entityId)),
  );
  return {
    stored: patients.length,
    lost,
    withoutAudit: patients.filter((p) => !audited.has(p.id)).map((p) => p.id),
    auditWithoutRecord: [...audited].filter((id) => !byId.has(id)).map(String),
  };
}

/** The crash loop on one database; `database` is the server's DATA_DIR or DATABASE_URL. */
async function crashLoop(name: string, database: Record<string, string>) {
  const acknowledged = new Map<number, PatientBody>();
  const started = Date.now();
  let server = await startServer(database);
  try {
    await signUp(server);
    let token = await logIn(server);
    for (let run = 1; run <= RUNS; run++) {
      const [min, max] = KILL_AFTER_MS;
      const killAfterMs = min + Math.floor(Math.random() * (max - min + 1));
      const acked = await writeUntilKilled(server, token, run, killAfterMs);
      for (const { id, body } of acked) acknowledged.set(id, body);

      const restartedAt = Date.now();
      server = await startServer(database);
      const restartMs = Date.now() - restartedAt;
      token = await logIn(server);
      const result = await check(server, token, acknowledged);
      console.log(
        `[${name}] run ${run}: killed after ${killAfterMs} ms, ${acked.length} acknowledged ` +
          `(${acknowledged.size} in all, ${result.stored} stored), restarted in ${restartMs} ms, ` +
          `lost ${result.lost.length}, audit mismatches ` +
          `${result.withoutAudit.length + result.auditWithoutRecord.length}`,
      );
      expect(result.lost, 'acknowledged writes lost or changed').toEqual([]);
      expect(result.withoutAudit, 'stored patients without their create audit row').toEqual([]);
      expect(result.auditWithoutRecord, 'create audit rows without their patient').toEqual([]);
      expect(result.stored).toBeGreaterThanOrEqual(acknowledged.size);
    }
    expect(acknowledged.size).toBeGreaterThan(0);
    console.log(
      `[${name}] ${RUNS} runs, ${acknowledged.size} acknowledged writes, 0 lost, ` +
        `0 audit mismatches, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await stopGently(server);
  }
}

beforeAll(() => {
  buildDir = buildServer();
});

afterAll(() => {
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

// The two databases are independent: their loops run side by side.
describe.concurrent('kill -9 during acknowledged writes', () => {
  it(`embedded database (PGlite data directory): ${RUNS} kills`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eldercare-crash-'));
    try {
      await crashLoop('embedded', { DATA_DIR: path.join(dir, 'db') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  if (!postgresBase) console.log('[postgres] skipped: TEST_DATABASE_URL is not set');
  const postgresTitle = postgresBase
    ? `PostgreSQL (TEST_DATABASE_URL): ${RUNS} kills`
    : 'PostgreSQL: skipped, TEST_DATABASE_URL is not set';

  it.skipIf(!postgresBase)(postgresTitle, async () => {
    const name = `eldercare_crash_${process.pid}_${Date.now().toString(36)}`;
    const maintenance = async (sql: string) => {
      const client = new pg.Client({ connectionString: postgresBase });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await maintenance(`CREATE DATABASE ${name}`);
    const url = new URL(postgresBase!);
    url.pathname = `/${name}`;
    try {
      await crashLoop('postgres', { DATABASE_URL: url.toString() });
    } finally {
      await maintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
