import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import type { Prepared } from './datasets.ts';
import { memoryOf } from './memory.ts';
import { runLoad, type LoadResult, type LoadSpec } from './load.ts';
import type { Running } from './processes.ts';
import type { TargetResult } from './report.ts';
import { connections, log, seconds, warmupSeconds } from './settings.ts';
import { nextSequence } from './targets.ts';
import { writtenAppointment } from './targets-writes.ts';

interface Sampler {
  stop(): { samples: number; busy: number; top: { query: string; share: number }[] };
}

/** Samples every 100 ms which statements the database is running while a target is under load. */
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

/** A short unmeasured run of the same load, so the measured one starts warm. */
export async function warmUp(spec: LoadSpec): Promise<void> {
  await runLoad({ ...spec, seconds: warmupSeconds });
}

/** A warm-up, then the measured run. */
export async function measure(spec: LoadSpec): Promise<LoadResult> {
  await warmUp(spec);
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
export async function measureServer(
  spec: LoadSpec,
  server: Running,
  prepared: Pick<Prepared, 'sampler' | 'dbName'>,
): Promise<{ result: LoadResult; database?: TargetResult['database'] }> {
  await warmUp(spec);
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
  result.rss = memoryOf(server.child.pid)?.rss ?? null;
  return { result, database: prepared.sampler ? database : undefined };
}

/**
 * The write floor (bench/floor.ts): the same appointment bodies as POST /api/appointments, from
 * the same sequence, on the floor server already running for the scenario.
 */
export async function measureWriteFloor(
  floor: Running,
  prepared: Pick<Prepared, 'sampler' | 'dbName' | 'people' | 'scenario'>,
): Promise<LoadResult> {
  log(`${prepared.scenario.id}: write floor`);
  const spec: LoadSpec = {
    url: `${floor.base}/floor/appointments`,
    method: 'POST',
    body: () => writtenAppointment(prepared.people, nextSequence()),
    connections,
    seconds,
  };
  return (await measureServer(spec, floor, prepared)).result;
}
