import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { freePort, waitUntilAnswering } from '../server/test/processes.ts';
import path from 'node:path';
import { root } from './build.ts';
import { work } from './settings.ts';

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

/**
 * Registers a step to undo at the end of the run or on a signal; the returned function runs it
 * earlier and forgets it.
 */
export function onCleanup(step: () => Promise<void>): () => Promise<void> {
  cleanups.push(step);
  return async () => {
    cleanups.splice(cleanups.indexOf(step), 1);
    await step();
  };
}

/** Stops every child still running, then undoes the registered steps, newest first. */
export async function cleanup(): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the bench and cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

/**
 * Kills (SIGKILL) every process of this user whose command line contains `marker`; returns how
 * many. For grandchildren that outlive the child that started them in a process group of their
 * own, such as the Chromium that Lighthouse starts. Reads /proc, so it does nothing elsewhere.
 */
export function killByCommandLine(marker: string): number {
  let killed = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!commandLine.includes(marker)) continue;
      process.kill(pid, 'SIGKILL');
      killed++;
    } catch {
      // gone already, or not ours
    }
  }
  return killed;
}

/** Runs Node with `args` as a child that cleanup() stops if it is still running. */
export function spawnNode(args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(process.execPath, args, options);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export interface Running {
  child: ChildProcess;
  port: number;
  base: string;
  stop(): Promise<void>;
}

/** A server the bench can start: its Node arguments, environment and readiness path. */
export interface Program {
  args: string[];
  env: Record<string, string>;
  ready: string;
}

/**
 * What the bench changes in the app's configuration: every request comes from 127.0.0.1, so the
 * per-address limit of anonymous calls (120 a minute; the calendar feed is one) is lifted.
 */
export const benchAppEnv = { PUBLIC_RATE_LIMIT: '1000000' };

/** The app, from the bench's build or, when none was emitted, from source through tsx. */
export function appProgram(serverDir: string | null, env: Record<string, string>): Program {
  const args = serverDir
    ? [path.join(serverDir, 'server/main.js')]
    : ['--import', 'tsx', path.join(root, 'server/main.ts')];
  return { args, env: { ...benchAppEnv, ...env }, ready: '/api/health' };
}

/** The floor server (bench/floor.ts) on the scenario's database, without request logs. */
export function floorProgram(serverEnv: Record<string, string>): Program {
  return {
    args: ['--import', 'tsx', path.join(root, 'bench/floor.ts')],
    env: { ...serverEnv, LOG_LEVEL: 'silent' },
    ready: '/floor/patients',
  };
}

/** Starts a server process and waits (bounded) until its readiness path answers 200. */
export async function startProgram(
  name: string,
  program: Program,
  nodeArgs: string[] = [],
): Promise<Running> {
  const port = await freePort();
  const logFile = path.join(work, `${name}.log`);
  const out = openSync(logFile, 'a');
  const child = spawnNode([...nodeArgs, ...program.args], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...program.env },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(base + program.ready, child, {
    what: name,
    timeoutMs: 90_000,
    hint: `see ${logFile}`,
  });
  return {
    child,
    port,
    base,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
