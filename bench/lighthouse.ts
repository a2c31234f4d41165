import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './build.ts';
import { createSession } from '../server/auth/sessions.ts';
import { openPostgres } from '../server/db/client.ts';
import { users } from '../server/db/schema/index.ts';
import type { Prepared } from './datasets.ts';
import { killByCommandLine, spawnNode } from './processes.ts';
import { chromiumPath, lighthousePackage, log, work } from './settings.ts';
import {
  failedAccessibilityAudits,
  performanceFigures,
  type LighthouseJson,
  type PerformanceFigures,
} from './lighthouse-audits.ts';
import type { Actor } from './targets.ts';

export interface LighthouseResult extends PerformanceFigures {
  /** The route as the app's screen registry names it (`/patients/:id` for the chart). */
  route: string;
  performance?: number;
  accessibility?: number;
  /** Accessibility audits that did not pass, as `id (n elements)`. */
  failedAudits?: string[];
  error?: string;
}

/** A page Lighthouse loads: its route, the address opened, and whose session opens it. */
export interface LighthousePage {
  route: string;
  path: string;
  as?: Actor | 'coordinator';
}

/**
 * The first screens of the app: the login page, each role's dashboard and the patient chart
 * (the doctor opening the patient with the longest history).
 */
export function lighthousePages(
  people: Pick<Prepared['people'], 'historyPatientId'>,
): LighthousePage[] {
  return [
    { route: '/login', path: '/login' },
    { route: '/dashboard', path: '/dashboard', as: 'doctor' },
    { route: '/caregiver-dashboard', path: '/caregiver-dashboard', as: 'caregiver' },
    { route: '/patient-dashboard', path: '/patient-dashboard', as: 'patient' },
    { route: '/coordinator-dashboard', path: '/coordinator-dashboard', as: 'coordinator' },
    { route: '/patients/:id', path: `/patients/${people.historyPatientId}`, as: 'doctor' },
  ];
}

/**
 * A coordinator's session on the scenario's PostgreSQL database (the generated data has no
 * coordinator): an account made for the purpose, as an admin's invitation would make it.
 */
async function coordinatorSession(databaseUrl: string): Promise<string> {
  const database = await openPostgres(databaseUrl, { max: 1 });
  try {
    const [created] = await database.db
      .insert(users)
      .values({
        username: 'bench_coordinator',
        firstName: 'Bench',
        secondName: 'Coordinator',
        email: 'bench_coordinator@example.com',
        primaryLocation: 'Benchtown',
        role: 'coordinator',
        privileges: 'editor',
        passwordHash: 'not a hash: this account signs in by session only',
      })
      .returning({ id: users.id });
    return await createSession(database.db, created!.id, new Date());
  } finally {
    await database.close();
  }
}

/** Where the Lighthouse JSON reports are kept after the run, one per route. */
export const lighthouseDir = path.join(root, '.tmp', 'lighthouse');

function lighthouseCli(): string | null {
  const require = createRequire(import.meta.url);
  const candidates = [lighthousePackage, root].filter(Boolean) as string[];
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

let runs = 0;

/**
 * Runs one Lighthouse child; resolves with its exit code. A run that hangs is killed after two
 * minutes. Chromium is started by Lighthouse in a process group of its own and outlives a killed
 * Lighthouse, so each run gives it a profile folder of its own, and whatever still names that
 * folder when the run ends is killed too: a Chromium left behind would load a core for the rest
 * of the bench and skew every later figure.
 */
function runCli(args: string[]): Promise<number> {
  const profile = path.join(work, `lighthouse-profile-${process.pid}-${++runs}`);
  const withProfile = args.map((arg) =>
    arg.startsWith('--chrome-flags=') ? `${arg} --user-data-dir=${profile}` : arg,
  );
  return new Promise<number>((resolve) => {
    const child = spawnNode(withProfile, {
      cwd: work,
      stdio: ['ignore', 'ignore', openSync(path.join(work, 'lighthouse.log'), 'a')],
      env: { ...process.env, CHROME_PATH: chromiumPath },
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const left = killByCommandLine(profile);
      if (left > 0) log(`lighthouse left ${left} Chromium processes running: killed`);
      rmSync(profile, { recursive: true, force: true });
      resolve(code ?? 1);
    });
  });
}

/**
 * Scores the login page, each role's dashboard and the patient chart, signed in by session
 * cookie; `note` says why nothing was measured. Each result carries the performance score with
 * the figures it is made of (CLS, LCP, FCP, TBT and the LCP element).
 */
export async function runLighthouse(
  base: string,
  prepared: Pick<Prepared, 'people' | 'tokens' | 'serverEnv'>,
): Promise<{ results: LighthouseResult[]; note: string }> {
  const cli = lighthouseCli();
  if (!cli) {
    return {
      results: [],
      note: 'not measured: the lighthouse package is not installed (npm install --no-save lighthouse@12, or BENCH_LIGHTHOUSE=<folder holding node_modules/lighthouse>)',
    };
  }
  if (!existsSync(chromiumPath)) {
    return {
      results: [],
      note: `not measured: no Chromium at ${chromiumPath} (apt-get install -y chromium, or CHROMIUM_PATH=<a Chromium, not its headless shell>)`,
    };
  }
  const databaseUrl = prepared.serverEnv.DATABASE_URL;
  const coordinator = databaseUrl ? await coordinatorSession(databaseUrl) : null;
  const results: LighthouseResult[] = [];
  mkdirSync(lighthouseDir, { recursive: true });
  for (const page of lighthousePages(prepared.people)) {
    const token =
      page.as === 'coordinator' ? coordinator : page.as ? prepared.tokens[page.as] : undefined;
    if (token === null) {
      results.push({ route: page.route, error: 'no coordinator on PGlite (PostgreSQL only)' });
      continue;
    }
    log(`lighthouse ${page.route}`);
    const name = page.route.replace(/[/:]+/g, '-');
    const output = path.join(lighthouseDir, `lighthouse${name}.json`);
    const args = [
      cli,
      base + page.path,
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility',
      '--quiet',
      `--chrome-path=${chromiumPath}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      ...(token ? [`--extra-headers=${JSON.stringify({ Cookie: `ec_session=${token}` })}`] : []),
    ];
    // Chromium under Lighthouse now and then fails to start on a loaded machine: one retry.
    let code = await runCli(args);
    if (code !== 0) code = await runCli(args);
    try {
      if (code !== 0) throw new Error(`lighthouse exited ${code} (see lighthouse.log)`);
      const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseJson;
      const score = (name: string) => {
        const value = report.categories[name]?.score;
        return value == null ? undefined : Math.round(value * 100);
      };
      const landed = report.finalDisplayedUrl ? new URL(report.finalDisplayedUrl).pathname : '';
      results.push({
        route: page.route,
        performance: score('performance'),
        accessibility: score('accessibility'),
        ...performanceFigures(report),
        failedAudits: failedAccessibilityAudits(report),
        ...(landed && landed !== page.path ? { error: `landed on ${landed}` } : {}),
      });
    } catch (error) {
      results.push({ route: page.route, error: (error as Error).message });
    }
  }
  return { results, note: '' };
}
