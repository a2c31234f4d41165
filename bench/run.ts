/**
 * `npm run bench`: builds the app, generates agency-scale data, measures the API against the
 * floor on PostgreSQL and PGlite at two sizes, weighs the client, optionally runs Lighthouse,
 * and writes docs/PERFORMANCE.md. Traffic goes to 127.0.0.1 only; every run is bounded in time.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_QUICK=1 (3 s runs, 10k only, for trying the
 * harness), BENCH_PGLITE_LARGE (auto | 1 | 0), BENCH_LIGHTHOUSE (path of an installed
 * lighthouse package; default: resolved from node_modules), BENCH_LOG_LEVEL (info, the
 * production default), BENCH_OUT (docs/PERFORMANCE.md), BENCH_PROFILE (target id to profile),
 * BENCH_SCENARIOS / BENCH_TARGETS (comma lists, for focused runs), BENCH_KEEP=1 (keep .tmp/bench-*).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../server/db/client.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { createSession } from '../server/plugins/auth.ts';
import { buildClient, buildServer, root, type ChunkContents } from './build.ts';
import { measureRoutes } from './client-weight.ts';
import { summarizeProfile } from './profile.ts';
import { writeReport, type Report, type Scenario, type TargetResult } from './report.ts';
import { buildFloor } from './floor.ts';
import { generateScale, sizes, type BenchPeople, type ScaleSize } from './scale.ts';
import { sqlOf } from './sql.ts';
import { runLoad, type LoadResult, type LoadSpec } from './load.ts';

const env = process.env;
const quick = env.BENCH_QUICK === '1';
const seconds = Number(env.BENCH_SECONDS ?? (quick ? 3 : 10));
const warmupSeconds = quick ? 1 : 2;
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const baseUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const logLevel = env.BENCH_LOG_LEVEL ?? 'info';
const outFile = path.resolve(root, env.BENCH_OUT ?? 'docs/PERFORMANCE.md');
const budgetSeconds = 15 * 60;
/** For focused runs: BENCH_SCENARIOS=postgres-10k,pglite-10k BENCH_TARGETS=patients-doctor. */
const listEnv = (name: string) => (env[name] ? new Set(env[name]!.split(',')) : null);
const onlyScenarios = listEnv('BENCH_SCENARIOS');
const onlyTargets = listEnv('BENCH_TARGETS');
const stamp = `${new Date().toISOString().slice(0, 19).replace(/\D/g, '')}_${process.pid}`;
const work = path.join(root, '.tmp', `bench-${stamp}`);
const started = Date.now();
const elapsed = () => (Date.now() - started) / 1000;
const log = (message: string) =>
  console.log(`[bench ${elapsed().toFixed(0).padStart(4)} s] ${message}`);

// ---------------------------------------------------------------------------------------------
// Child processes and cleanup

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

async function cleanup(): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the bench and cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  port: number;
  base: string;
  stop(): Promise<void>;
}

/** Starts a server process and waits (bounded) until `ready` answers 200. */
async function startProcess(
  name: string,
  args: string[],
  extraEnv: Record<string, string>,
  readyPath: string,
): Promise<Running> {
  const port = await freePort();
  const logFile = path.join(work, `${name}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), ...extraEnv },
    stdio: ['ignore', out, out],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited (${child.exitCode}); see ${logFile}`);
    }
    try {
      const res = await fetch(base + readyPath);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start in 90 s; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    port,
    base,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
      children.delete(child);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// What is measured

type Actor = 'supervisor' | 'doctor' | 'patient' | 'caregiver' | 'writer';

interface Target {
  id: string;
  label: string;
  kind: 'list' | 'dashboard' | 'write';
  method: 'GET' | 'POST';
  /** The OpenAPI path the route must have; `{}` stands for any parameter name. */
  route: string;
  as: Actor;
  path(people: BenchPeople): string;
  body?(people: BenchPeople, n: number): unknown;
}

const farFuture = Date.now() + 400 * 24 * 3600_000;
/** The patient dashboard asks for appointments from the moment it opened. */
const openedAt = new Date().toISOString();
/** Numbers the written appointments across warm-up and measured runs, so none repeats. */
let sequence = 0;

const targets: Target[] = [
  {
    id: 'patients-supervisor',
    label: 'GET /api/patients?limit=50 (supervisor: all patients)',
    kind: 'list',
    method: 'GET',
    route: '/api/patients',
    as: 'supervisor',
    path: () => '/api/patients?limit=50',
  },
  {
    id: 'patients-doctor',
    label: 'GET /api/patients?limit=50 (doctor: care team)',
    kind: 'list',
    method: 'GET',
    route: '/api/patients',
    as: 'doctor',
    path: () => '/api/patients?limit=50',
  },
  {
    id: 'appointments-doctor',
    label: 'GET /api/appointments/doctor/{id}',
    kind: 'list',
    method: 'GET',
    route: '/api/appointments/doctor/{}',
    as: 'doctor',
    path: (p) => `/api/appointments/doctor/${p.doctorId}`,
  },
  {
    id: 'dash-records',
    label: 'GET /api/medical-records/patient/{id}?limit=3&count=none (patient)',
    kind: 'dashboard',
    method: 'GET',
    route: '/api/medical-records/patient/{}',
    as: 'patient',
    path: (p) => `/api/medical-records/patient/${p.patientId}?limit=3&count=none`,
  },
  {
    id: 'dash-appointments',
    label: 'GET /api/appointments/patient/{id}?from=now&limit=3&count=none (patient)',
    kind: 'dashboard',
    method: 'GET',
    route: '/api/appointments/patient/{}',
    as: 'patient',
    path: (p) =>
      `/api/appointments/patient/${p.patientId}?from=${encodeURIComponent(openedAt)}&order=asc&limit=3&count=none`,
  },
  {
    id: 'dash-progress',
    label: 'GET /api/progress-reports/patient/{id}?limit=1&count=none (patient)',
    kind: 'dashboard',
    method: 'GET',
    route: '/api/progress-reports/patient/{}',
    as: 'patient',
    path: (p) => `/api/progress-reports/patient/${p.patientId}?limit=1&count=none`,
  },
  {
    id: 'dash-prescriptions',
    label: 'GET /api/prescriptions/patient/{id}?limit=5&count=none (patient)',
    kind: 'dashboard',
    method: 'GET',
    route: '/api/prescriptions/patient/{}',
    as: 'patient',
    path: (p) => `/api/prescriptions/patient/${p.patientId}?limit=5&count=none`,
  },
  {
    id: 'post-appointment',
    label: 'POST /api/appointments (doctor, JSON)',
    kind: 'write',
    method: 'POST',
    route: '/api/appointments',
    as: 'writer',
    path: () => '/api/appointments',
    // A distinct future minute per request, past the generated appointments, so no request
    // collides with another booking of the same doctor. A second doctor books them, so the
    // bench doctor's lists stay the size the data generator made them.
    body: (p, n) => ({
      doctorUsername: p.writerUsername,
      patientId: p.writerPatientIds[n % p.writerPatientIds.length],
      appointmentDate: new Date(farFuture + n * 60_000).toISOString(),
      location: 'Clinic room 2',
    }),
  },
];

const ladder = [
  { id: 'floor-session', label: 'floor + session lookup', path: '/floor/patients/session' },
  {
    id: 'floor-scope',
    label: 'floor + session + care-team scope + count(*)',
    path: '/floor/patients/scope',
  },
  {
    id: 'floor-audit',
    label: 'floor + session + scope + audit insert',
    path: '/floor/patients/audit',
  },
  {
    id: 'floor-audit-async',
    label: 'the same, audit insert with synchronous_commit=off',
    path: '/floor/patients/audit-async',
  },
];

// ---------------------------------------------------------------------------------------------
// Sampling PostgreSQL: which statements are running while a target is under load

interface Sampler {
  stop(): { samples: number; busy: number; top: { query: string; share: number }[] };
}

function samplePostgres(client: pg.Client | null, dbName: string): Sampler {
  if (!client) return { stop: () => ({ samples: 0, busy: 0, top: [] }) };
  const counts = new Map<string, number>();
  let samples = 0;
  let busy = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const { rows } = await client.query<{ query: string }>(
          `select query from pg_stat_activity
           where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
          [dbName],
        );
        samples += 1;
        busy += rows.length;
        for (const row of rows) {
          const shape = row.query.replace(/\s+/g, ' ').trim().slice(0, 220);
          counts.set(shape, (counts.get(shape) ?? 0) + 1);
        }
      } catch {
        // sampling is best effort
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop() {
      running = false;
      void loop;
      const total = [...counts.values()].reduce((a, b) => a + b, 0) || 1;
      const top = [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([query, n]) => ({ query, share: n / total }));
      return { samples, busy: samples ? busy / samples : 0, top };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Prepared {
  scenario: Scenario;
  people: BenchPeople;
  tokens: Record<Actor, string>;
  serverEnv: Record<string, string>;
  sampler: pg.Client | null;
  dbName: string;
  dispose(): Promise<void>;
}

async function createTokens(
  database: Database,
  people: BenchPeople,
): Promise<Record<Actor, string>> {
  const now = new Date();
  return {
    supervisor: await createSession(database.db, people.supervisorId, now),
    doctor: await createSession(database.db, people.doctorId, now),
    patient: await createSession(database.db, people.patientUserId, now),
    caregiver: await createSession(database.db, people.caregiverId, now),
    writer: await createSession(database.db, people.writerId, now),
  };
}

async function preparePostgres(size: ScaleSize, passwordHash: string): Promise<Prepared> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const dbName = `eldercare_bench_${stamp}_${size.label.toLowerCase()}`;
  await admin.query(`create database ${dbName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const dispose = async () => {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  };
  cleanups.push(dispose);
  const database = await openPostgres(url.toString(), { max: 2 });
  const t = performance.now();
  const generated = await generateScale(sqlOf(database), size, { passwordHash, now: new Date() });
  const generationSeconds = (performance.now() - t) / 1000;
  const tokens = await createTokens(database, generated.people);
  await database.close();
  return {
    scenario: {
      id: `postgres-${size.label}`,
      driver: 'postgres',
      size,
      counts: generated.counts,
      generationSeconds,
      generationSteps: generated.timings,
      floor: null,
      ladder: [],
      targets: [],
    },
    people: generated.people,
    tokens,
    serverEnv: { DATABASE_URL: url.toString() },
    sampler: admin,
    dbName,
    async dispose() {
      cleanups.splice(cleanups.indexOf(dispose), 1);
      await dispose();
    },
  };
}

async function preparePglite(size: ScaleSize, passwordHash: string): Promise<Prepared> {
  const dir = path.join(work, `pglite-${size.label.toLowerCase()}`);
  const dispose = async () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.lock`, { force: true });
  };
  cleanups.push(dispose);
  const database = await openPglite(dir);
  const t = performance.now();
  const generated = await generateScale(sqlOf(database), size, { passwordHash, now: new Date() });
  const generationSeconds = (performance.now() - t) / 1000;
  const tokens = await createTokens(database, generated.people);
  // The server opens the directory next: PGlite is one process per directory.
  await database.close();
  return {
    scenario: {
      id: `pglite-${size.label}`,
      driver: 'pglite',
      size,
      counts: generated.counts,
      generationSeconds,
      generationSteps: generated.timings,
      floor: null,
      ladder: [],
      targets: [],
    },
    people: generated.people,
    tokens,
    serverEnv: { DATA_DIR: dir, DATABASE_URL: '' },
    sampler: null,
    dbName: '',
    async dispose() {
      cleanups.splice(cleanups.indexOf(dispose), 1);
      await dispose();
    },
  };
}

async function measure(spec: LoadSpec): Promise<LoadResult> {
  await runLoad({ ...spec, seconds: warmupSeconds });
  return runLoad(spec);
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux); null elsewhere. */
function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}

/**
 * A warm-up, then the measured run, with the CPU the server process and the database backends
 * serving it spent per request, and (PostgreSQL) what the database was running meanwhile.
 */
async function measureServer(
  spec: LoadSpec,
  server: Running,
  prepared: Prepared,
): Promise<{ result: LoadResult; database?: TargetResult['database'] }> {
  await runLoad({ ...spec, seconds: warmupSeconds });
  let backends: number[] = [];
  if (prepared.sampler) {
    const { rows } = await prepared.sampler.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [prepared.dbName],
    );
    backends = rows.map((r) => r.pid);
  }
  const databaseCpu = () => {
    if (!prepared.sampler) return null;
    let sum = 0;
    for (const pid of backends) sum += processCpuMs(pid) ?? 0;
    return sum;
  };
  // Committed transactions in the database: with autocommit statements, about one per
  // statement, so their count per request tells how many round trips a request makes.
  const transactions = async () => {
    if (!prepared.sampler) return null;
    // Busy backends publish their counters about once a second, so each reading lags by up
    // to a second: the lag at the start (warm-up) and at the end roughly cancel.
    const { rows } = await prepared.sampler.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
      [prepared.dbName],
    );
    return Number(rows[0]?.n ?? 0);
  };
  const transactionsBefore = await transactions();
  const serverBefore = processCpuMs(server.child.pid);
  const databaseBefore = databaseCpu();
  const sampler = samplePostgres(prepared.sampler, prepared.dbName);
  const result = await runLoad(spec);
  const database = sampler.stop();
  const serverAfter = processCpuMs(server.child.pid);
  const databaseAfter = databaseCpu();
  const transactionsAfter = await transactions();
  const per = (a: number | null, b: number | null) =>
    a === null || b === null || result.requests === 0 ? null : (b - a) / result.requests;
  result.cpu = {
    server: per(serverBefore, serverAfter),
    database: per(databaseBefore, databaseAfter),
  };
  result.transactions = per(transactionsBefore, transactionsAfter);
  return { result, database: prepared.sampler ? database : undefined };
}

function serverArgs(serverDir: string | null, extra: string[] = []): string[] {
  if (serverDir) return [...extra, path.join(serverDir, 'server/main.js')];
  return [...extra, '--import', 'tsx', path.join(root, 'server/main.ts')];
}

type Extras = Partial<
  Pick<Report, 'profile' | 'lighthouse' | 'processModel' | 'logging' | 'assetEncoding'>
>;

/** How the server answers a request for the entry script that accepts compression. */
async function assetEncoding(base: string): Promise<string> {
  try {
    const html = await (await fetch(`${base}/login`)).text();
    const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    if (!script) return 'unknown (no script in index.html)';
    const res = await fetch(base + script, { headers: { 'accept-encoding': 'gzip, br' } });
    await res.arrayBuffer();
    return res.headers.get('content-encoding') ?? 'none';
  } catch (error) {
    return `unknown (${(error as Error).message})`;
  }
}

async function runScenario(
  prepared: Prepared,
  serverDir: string | null,
  options: { ladder: boolean; profile: boolean; lighthouse: boolean; processModel: boolean },
): Promise<Extras> {
  const { scenario, people, tokens } = prepared;
  const auth = (as: Actor) => ({ authorization: `Bearer ${tokens[as]}` });
  const extras: Extras = {};

  // 1. The floor, and its ladder of added work.
  log(`${scenario.id}: floor`);
  const floor = await startProcess(
    `floor-${scenario.id}`,
    ['--import', 'tsx', path.join(root, 'bench/floor.ts')],
    { ...prepared.serverEnv, LOG_LEVEL: 'silent' },
    '/floor/patients',
  );
  try {
    scenario.floor = (
      await measureServer(
        { url: `${floor.base}/floor/patients`, connections, seconds },
        floor,
        prepared,
      )
    ).result;
    if (options.ladder) {
      for (const step of ladder) {
        log(`${scenario.id}: ${step.label}`);
        const { result } = await measureServer(
          {
            url: floor.base + step.path,
            headers: auth('doctor'),
            connections,
            seconds: Math.max(3, Math.round(seconds / 2)),
          },
          floor,
          prepared,
        );
        scenario.ladder.push({ id: step.id, label: step.label, result });
      }
    }
  } finally {
    await floor.stop();
  }
  if (options.processModel && prepared.serverEnv.DATABASE_URL) {
    // The same floor inside the bench process, sharing its event loop with autocannon: the
    // figure that decides where the servers run (see the report's method section).
    log(`${scenario.id}: floor in the bench process (process model check)`);
    const database = await openPostgres(prepared.serverEnv.DATABASE_URL);
    const inProcess = buildFloor(sqlOf(database));
    try {
      await inProcess.listen({ port: 0, host: '127.0.0.1' });
      const { port } = inProcess.server.address() as { port: number };
      extras.processModel = {
        child: scenario.floor!,
        inProcess: await measure({
          url: `http://127.0.0.1:${port}/floor/patients`,
          connections,
          seconds,
        }),
      };
    } finally {
      await inProcess.close();
      await database.close();
    }
  }

  // 2. The app, as production runs it.
  log(`${scenario.id}: app`);
  const appEnv = {
    ...prepared.serverEnv,
    LOG_LEVEL: logLevel,
    CLIENT_DIST_DIR: path.join(work, 'client'),
  };
  const app = await startProcess(
    `app-${scenario.id}`,
    serverArgs(serverDir),
    appEnv,
    '/api/health',
  );
  try {
    const openapi = (await (await fetch(`${app.base}/api/openapi.json`)).json()) as {
      paths?: Record<string, Record<string, unknown>>;
    };
    const routes = new Set(
      Object.entries(openapi.paths ?? {}).flatMap(([p, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${p.replace(/\{[^}]+\}/g, '{}')}`),
      ),
    );
    for (const target of targets.filter((t) => !onlyTargets || onlyTargets.has(t.id))) {
      const entry: TargetResult = { id: target.id, label: target.label, kind: target.kind };
      scenario.targets.push(entry);
      if (!routes.has(`${target.method} ${target.route}`)) {
        entry.unavailable = 'not available (route not in the API yet)';
        log(`${scenario.id}: ${target.id}: not available`);
        continue;
      }
      // One real request first: a target that fails is reported, not hammered.
      const probe = await fetch(app.base + target.path(people), {
        method: target.method,
        headers: {
          ...auth(target.as),
          ...(target.body ? { 'content-type': 'application/json' } : {}),
        },
        body: target.body ? JSON.stringify(target.body(people, 0)) : undefined,
      });
      if (!probe.ok) {
        const text = (await probe.text()).slice(0, 200);
        entry.unavailable = `probe answered ${probe.status}: ${text}`;
        log(`${scenario.id}: ${target.id}: ${entry.unavailable}`);
        continue;
      }
      await probe.arrayBuffer().catch(() => undefined);
      log(`${scenario.id}: ${target.id}`);
      const spec: LoadSpec = {
        url: app.base + target.path(people),
        method: target.method,
        headers: auth(target.as),
        connections,
        seconds,
        ...(target.body ? { body: () => target.body!(people, (sequence += 1)) } : {}),
      };
      const measured = await measureServer(spec, app, prepared);
      entry.result = measured.result;
      entry.database = measured.database;
    }
    if (options.lighthouse) {
      extras.assetEncoding = await assetEncoding(app.base);
      extras.lighthouse = await runLighthouse(app.base, tokens);
    }
  } finally {
    await app.stop();
  }

  // 3. Where the app process spends its time on a list request (CPU profile).
  // The list endpoint furthest below the floor is the one worth a profile (or BENCH_PROFILE).
  const lists = scenario.targets.filter((t) => t.kind === 'list' && t.result);
  const worst = lists.sort((a, b) => a.result!.rps - b.result!.rps)[0];
  const profiled =
    targets.find((t) => t.id === (env.BENCH_PROFILE ?? worst?.id)) ??
    targets.find((t) => t.id === 'patients-doctor')!;
  const profiledEntry = scenario.targets.find((t) => t.id === profiled.id);
  if (options.profile && profiledEntry?.result) {
    // Profile the app on that endpoint and the floor on its page, each in a fresh process for
    // the same time, so the two can be compared in CPU milliseconds per request.
    const profileRun = async (
      name: string,
      args: string[],
      runEnv: Record<string, string>,
      ready: string,
      request: (base: string) => LoadSpec,
    ) => {
      const dir = path.join(work, `cpu-profile-${name}`);
      mkdirSync(dir, { recursive: true });
      const server = await startProcess(
        `${name}-profile-${scenario.id}`,
        [`--cpu-prof`, `--cpu-prof-dir=${dir}`, ...args],
        runEnv,
        ready,
      );
      let requests = 0;
      const micros = () => Number(process.hrtime.bigint() / 1000n);
      const window = { from: 0, to: 0 };
      try {
        const spec = request(server.base);
        await runLoad({ ...spec, seconds: warmupSeconds });
        window.from = micros();
        requests = (await runLoad(spec)).requests;
        window.to = micros();
      } finally {
        await server.stop();
      }
      const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
      return file ? summarizeProfile(path.join(dir, file), requests, window) : null;
    };
    log(`${scenario.id}: CPU profile of ${profiled.id}`);
    const appProfile = await profileRun(
      'app',
      serverArgs(serverDir),
      appEnv,
      '/api/health',
      (base) => ({
        url: base + profiled.path(people),
        headers: auth(profiled.as),
        connections,
        seconds,
      }),
    );
    log(`${scenario.id}: CPU profile of the floor`);
    const floorProfile = await profileRun(
      'floor',
      ['--import', 'tsx', path.join(root, 'bench/floor.ts')],
      { ...prepared.serverEnv, LOG_LEVEL: 'silent' },
      '/floor/patients',
      (base) => ({ url: `${base}/floor/patients`, connections, seconds }),
    );
    if (appProfile)
      extras.profile = { target: profiled.label, app: appProfile, floor: floorProfile };

    // The same endpoint with request logging off (LOG_LEVEL=warn): what logging costs.
    log(`${scenario.id}: ${profiled.id} with LOG_LEVEL=warn`);
    const quiet = await startProcess(
      `app-quiet-${scenario.id}`,
      serverArgs(serverDir),
      { ...appEnv, LOG_LEVEL: 'warn' },
      '/api/health',
    );
    try {
      extras.logging = {
        level: logLevel,
        normal: profiledEntry.result,
        quiet: (
          await measureServer(
            {
              url: quiet.base + profiled.path(people),
              headers: auth(profiled.as),
              connections,
              seconds,
            },
            quiet,
            prepared,
          )
        ).result,
      };
    } finally {
      await quiet.stop();
    }
  }
  return extras;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse (optional)

export interface LighthouseResult {
  route: string;
  performance?: number;
  accessibility?: number;
  error?: string;
}

function lighthouseCli(): string | null {
  const require = createRequire(import.meta.url);
  const candidates = [env.BENCH_LIGHTHOUSE, root].filter(Boolean) as string[];
  for (const base of candidates) {
    try {
      const pkg = require.resolve('lighthouse/package.json', { paths: [base] });
      return path.join(path.dirname(pkg), 'cli/index.js');
    } catch {
      // not there
    }
  }
  return null;
}

let lighthouseNote = '';

async function runLighthouse(
  base: string,
  tokens: Record<Actor, string>,
): Promise<LighthouseResult[]> {
  const cli = lighthouseCli();
  const chrome = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!cli) {
    lighthouseNote =
      'not measured: the lighthouse package is not installed (npm install --no-save lighthouse@12, or BENCH_LIGHTHOUSE=<folder holding node_modules/lighthouse>)';
    return [];
  }
  const pages: { route: string; as?: Actor }[] = [
    { route: '/login' },
    { route: '/dashboard', as: 'doctor' },
    { route: '/caregiver-dashboard', as: 'caregiver' },
    { route: '/patient-dashboard', as: 'patient' },
  ];
  const results: LighthouseResult[] = [];
  for (const page of pages) {
    log(`lighthouse ${page.route}`);
    const output = path.join(work, `lighthouse${page.route.replace(/\//g, '-')}.json`);
    const args = [
      cli,
      base + page.route,
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility',
      '--quiet',
      `--chrome-path=${chrome}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      ...(page.as
        ? [`--extra-headers=${JSON.stringify({ Cookie: `ec_session=${tokens[page.as]}` })}`]
        : []),
    ];
    // Chromium under Lighthouse now and then fails to start on a loaded machine: one retry.
    const runOnce = () =>
      new Promise<number>((resolve) => {
        const child = spawn(process.execPath, args, {
          cwd: work,
          stdio: ['ignore', 'ignore', openSync(path.join(work, 'lighthouse.log'), 'a')],
          env: { ...env, CHROME_PATH: chrome },
        });
        children.add(child);
        const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
        child.on('exit', (c) => {
          clearTimeout(timer);
          children.delete(child);
          resolve(c ?? 1);
        });
      });
    let code = await runOnce();
    if (code !== 0) code = await runOnce();
    try {
      if (code !== 0) throw new Error(`lighthouse exited ${code} (see lighthouse.log)`);
      const report = JSON.parse(readFileSync(output, 'utf8')) as {
        categories: Record<string, { score: number | null }>;
        finalDisplayedUrl?: string;
      };
      const score = (name: string) => {
        const value = report.categories[name]?.score;
        return value == null ? undefined : Math.round(value * 100);
      };
      const landed = report.finalDisplayedUrl ? new URL(report.finalDisplayedUrl).pathname : '';
      results.push({
        route: page.route,
        performance: score('performance'),
        accessibility: score('accessibility'),
        ...(landed && landed !== page.route ? { error: `landed on ${landed}` } : {}),
      });
    } catch (error) {
      results.push({ route: page.route, error: (error as Error).message });
    }
  }
  return results;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  mkdirSync(work, { recursive: true });
  if (env.BENCH_KEEP !== '1') {
    cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
  }
  const report: Report = {
    startedAt: new Date(),
    machine: await machineInfo(),
    settings: { seconds, warmupSeconds, connections, logLevel, quick },
    scenarios: [],
    notes: [],
    client: null,
    clientNote: '',
    chunkContents: new Map(),
    lighthouse: [],
    lighthouseNote: '',
    profile: null,
    processModel: null,
    logging: null,
    assetEncoding: '',
    loadAverageAtEnd: [],
    durationSeconds: 0,
  };

  // Build, as `npm run build` does, into the bench's own folder.
  log('building the client (vite, with a manifest) and the server (tsc)');
  let contents: ChunkContents = new Map();
  try {
    contents = await buildClient(path.join(work, 'client'));
    report.client = measureRoutes(
      path.join(work, 'client'),
      path.join(root, 'client/app/router.tsx'),
      ['/login', '/dashboard', '/caregiver-dashboard', '/patient-dashboard'],
    );
    report.chunkContents = contents;
  } catch (error) {
    report.clientNote = `not measured: the client build failed (${(error as Error).message.split('\n')[0]})`;
    log(report.clientNote);
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

  const passwordHash = await hashPassword(`bench-${stamp}`);
  const plan: { driver: 'postgres' | 'pglite'; size: ScaleSize }[] = [
    { driver: 'postgres' as const, size: sizes.small },
    ...(quick ? [] : [{ driver: 'postgres' as const, size: sizes.large }]),
    { driver: 'pglite' as const, size: sizes.small },
  ].filter((step) => !onlyScenarios || onlyScenarios.has(`${step.driver}-${step.size.label}`));
  const pgliteLarge = env.BENCH_PGLITE_LARGE ?? 'auto';
  let postgresOk = true;
  try {
    const probe = new pg.Client({ connectionString: baseUrl });
    await probe.connect();
    const { rows } = await probe.query<{ version: string }>('select version()');
    report.machine.postgres = rows[0]!.version.split(' on ')[0]!;
    await probe.end();
  } catch (error) {
    postgresOk = false;
    report.notes.push(`PostgreSQL at ${baseUrl} could not be reached: ${(error as Error).message}`);
  }

  let perScenario = 0;
  for (const step of plan) {
    if (step.driver === 'postgres' && !postgresOk) continue;
    const t = Date.now();
    log(`preparing ${step.driver} ${step.size.label}`);
    const prepared =
      step.driver === 'postgres'
        ? await preparePostgres(step.size, passwordHash)
        : await preparePglite(step.size, passwordHash);
    log(
      `${prepared.scenario.id}: generated in ${prepared.scenario.generationSeconds.toFixed(1)} s`,
    );
    try {
      const first = report.scenarios.length === 0;
      const extras = await runScenario(prepared, serverDir, {
        ladder: step.driver === 'postgres',
        profile: first,
        lighthouse: first,
        processModel: first,
      });
      Object.assign(report, extras);
      report.scenarios.push(prepared.scenario);
    } finally {
      await prepared.dispose();
    }
    perScenario = Math.max(perScenario, (Date.now() - t) / 1000);
  }

  // PGlite at 1M rows when the time budget allows: generation in the embedded database is
  // slower than on a server, and its runs are as long as the others.
  const estimate = 240 + perScenario;
  const largePglite = !onlyScenarios || onlyScenarios.has('pglite-1M');
  if (
    largePglite &&
    !quick &&
    (pgliteLarge === '1' || (pgliteLarge === 'auto' && elapsed() + estimate < budgetSeconds - 60))
  ) {
    log('preparing pglite 1M');
    const prepared = await preparePglite(sizes.large, passwordHash);
    log(
      `${prepared.scenario.id}: generated in ${prepared.scenario.generationSeconds.toFixed(1)} s`,
    );
    try {
      await runScenario(prepared, serverDir, {
        ladder: false,
        profile: false,
        lighthouse: false,
        processModel: false,
      });
      report.scenarios.push(prepared.scenario);
    } finally {
      await prepared.dispose();
    }
  } else if (largePglite && !quick) {
    report.notes.push(
      `PGlite at 1M rows was not run: it would not fit the 15-minute budget (estimated ${Math.round(estimate)} s more after ${Math.round(elapsed())} s). BENCH_PGLITE_LARGE=1 forces it.`,
    );
  }

  report.lighthouseNote = lighthouseNote;
  report.loadAverageAtEnd = os.loadavg();
  report.durationSeconds = elapsed();
  writeReport(outFile, report);
  log(`wrote ${path.relative(root, outFile)}`);
}

async function machineInfo(): Promise<Report['machine']> {
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

try {
  await main();
  await cleanup();
} catch (error) {
  console.error(error);
  await cleanup();
  process.exit(1);
}
// Let pg pools and timers wind down without keeping the process alive.
process.exit(0);
