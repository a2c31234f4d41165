import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, waitUntilAnswering } from '../../server/test/processes.ts';

export const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Resolves the Chromium to drive: CHROMIUM_PATH, else Debian's headless shell
 * (/usr/bin/chromium-headless-shell: the same engine without the browser's own interface, which
 * Playwright itself runs headless tests in, and about a fifth less CPU per page), else Debian's
 * /usr/bin/chromium.
 */
export function chromiumPath(): string {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      `Chromium was not found at ${candidates.join(' or ')}. Install it (apt-get install -y chromium-headless-shell, or chromium) or set CHROMIUM_PATH.`,
    );
  }
  return found;
}

/**
 * Builds the production client and server once per run into a folder of the run's own, so
 * that two runs at once never serve each other's half-written build.
 */
export function buildProduction(): string {
  const outDir = mkdtempSync(path.join(projectRoot, '.tmp', 'e2e-build-'));
  const steps: [string, string[]][] = [
    [
      'node_modules/vite/bin/vite.js',
      ['build', '--logLevel', 'warn', '--outDir', path.join(outDir, 'client')],
    ],
    [
      'node_modules/typescript/bin/tsc',
      ['-p', 'tsconfig.server.json', '--outDir', path.join(outDir, 'server')],
    ],
  ];
  for (const [script, args] of steps) {
    const result = spawnSync(process.execPath, [path.join(projectRoot, script), ...args], {
      cwd: projectRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('The production build failed');
  }
  return outDir;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL server the browser suite runs on: E2E_DATABASE_URL, else TEST_DATABASE_URL (as
 * CI sets it for the API suite); unset, the suite runs on the embedded database.
 */
export function e2eDatabaseUrl(): string | undefined {
  return process.env.E2E_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

/**
 * A database of its own for one server, created empty on the PostgreSQL server at `baseUrl`,
 * and a function that drops it.
 */
async function freshPostgresDatabase(baseUrl: string) {
  const name = `eldercare_e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Starts the built server on a free port with an empty database: a fresh PostgreSQL database
 * when e2eDatabaseUrl() names a server (PostgreSQL answers the browser suite's load with less
 * CPU than the embedded database, which runs inside the server's own thread), else a fresh data
 * directory. `database: 'embedded'` asks for the embedded database whatever is set; a
 * DATABASE_URL in `env` is used as it is.
 */
export async function startServer(
  buildDir: string,
  env: Record<string, string> = {},
  options: { database?: 'embedded' | 'default' } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eldercare-e2e-'));
  const serverUrl = options.database === 'embedded' ? undefined : e2eDatabaseUrl();
  const postgres =
    serverUrl && env.DATABASE_URL === undefined ? await freshPostgresDatabase(serverUrl) : null;
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(buildDir, 'server/server/main.js')],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'db'),
        CLIENT_DIST_DIR: path.join(buildDir, 'client'),
        LOG_LEVEL: 'warn',
        DATABASE_URL: postgres?.url ?? '',
        // Every test signs up and logs in from 127.0.0.1: far more than one address may in
        // production. The defaults stay in force for everything else.
        SIGNUP_RATE_LIMIT: '100000',
        LOGIN_RATE_LIMIT: '100000',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/api/health`, child, { what: 'The server', timeoutMs: 60_000 });
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}
