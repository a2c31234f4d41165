/**
 * The bounded soak: the built app on PostgreSQL with the 10k data, 20 connections (whatever
 * BENCH_CONNECTIONS says) for BENCH_SOAK_SECONDS, each cycling through a mix of the patient list, the
 * patient dashboard's four calls and the doctor's appointments, with one booking (POST
 * /api/appointments) in every twenty requests. The run is cut into consecutive windows (a
 * minute each, or a fifth of the run when it is shorter than five minutes), each its own
 * autocannon run, so latency at the start and at the end can be compared; the app's resident
 * memory is read at the start and at the end of each window.
 */
import autocannon from 'autocannon';
import { preparePostgres, type Prepared } from './datasets.ts';
import { memoryOf } from './memory.ts';
import { appProgram, startProgram, type Running } from './processes.ts';
import { int, mb } from './report-format.ts';
import { soakWindows, type Soak, type SoakWindow } from './report-reliability.ts';
import { sizes } from './scale.ts';
import { log, logLevel, soakSeconds } from './settings.ts';
import { authHeaders, nextSequence, targets, type Target } from './targets.ts';

type Request = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];

export const SOAK_CONNECTIONS = 20;
/** Reads per write in a connection's cycle. */
const READS_PER_WRITE = 19;
const READ_IDS = [
  'patients-doctor',
  'dash-records',
  'dash-appointments',
  'dash-progress',
  'dash-prescriptions',
  'patients-supervisor',
  'appointments-doctor',
];

const byId = (id: string): Target => {
  const target = targets.find((t) => t.id === id);
  if (!target) throw new Error(`soak: no target ${id}`);
  return target;
};

/** A connection's cycle of requests: READS_PER_WRITE reads in turn, then one booking. */
function requestCycle(prepared: Prepared): { requests: Request[]; mix: string[] } {
  const { people, tokens } = prepared;
  const requests: Request[] = [];
  const mix: string[] = [];
  for (let i = 0; i < READS_PER_WRITE; i += 1) {
    const t = byId(READ_IDS[i % READ_IDS.length]!);
    requests.push({
      method: 'GET',
      path: t.path(people, tokens),
      headers: authHeaders(tokens, t.as),
    });
  }
  const counts = new Map<string, number>();
  for (let i = 0; i < READS_PER_WRITE; i += 1) {
    const id = READ_IDS[i % READ_IDS.length]!;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  for (const [id, n] of counts) mix.push(`${n} × ${byId(id).label}`);
  const write = byId('post-appointment');
  requests.push({
    method: 'POST',
    path: write.path(people, tokens),
    headers: { ...authHeaders(tokens, write.as), 'content-type': 'application/json' },
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify(write.body!(people, nextSequence())),
    }),
  });
  mix.push(`1 × ${write.label}`);
  return { requests, mix };
}

async function runWindows(app: Running, prepared: Prepared, result: Soak): Promise<void> {
  const { requests } = requestCycle(prepared);
  const pid = app.child.pid;
  result.rssStart = memoryOf(pid)?.rss ?? null;
  let elapsed = 0;
  for (const seconds of soakWindows(result.seconds)) {
    const run = await autocannon({
      url: app.base,
      connections: SOAK_CONNECTIONS,
      duration: seconds,
      timeout: 10,
      requests,
    });
    elapsed += seconds;
    for (const [code, stat] of Object.entries(run.statusCodeStats ?? {})) {
      result.statuses[code] = (result.statuses[code] ?? 0) + Number(stat.count);
    }
    const window: SoakWindow = {
      endSeconds: elapsed,
      requests: run.requests.total,
      errors: run.errors + run.non2xx,
      p50: run.latency.p50,
      p99: run.latency.p99,
      rss: memoryOf(pid)?.rss ?? null,
    };
    result.windows.push(window);
    log(
      `soak ${elapsed}/${result.seconds} s: ${int(window.requests)} requests, ${window.errors} errors, ` +
        `p50 ${window.p50} ms, p99 ${window.p99} ms, RSS ${window.rss === null ? '?' : mb(window.rss)} MB`,
    );
  }
  result.peakRss = memoryOf(pid)?.peak ?? null;
}

/** Generates the 10k data on PostgreSQL, starts the app on it and soaks it. */
export async function measureSoak(serverDir: string | null, passwordHash: string): Promise<Soak> {
  const prepared = await preparePostgres(sizes.small, passwordHash);
  try {
    const result: Soak = {
      seconds: soakSeconds,
      connections: SOAK_CONNECTIONS,
      mix: requestCycle(prepared).mix,
      rssStart: null,
      windows: [],
      peakRss: null,
      statuses: {},
    };
    const app = await startProgram(
      'app-soak',
      appProgram(serverDir, { ...prepared.serverEnv, LOG_LEVEL: logLevel }),
    );
    try {
      await runWindows(app, prepared, result);
    } finally {
      await app.stop();
    }
    return result;
  } finally {
    await prepared.dispose();
  }
}
