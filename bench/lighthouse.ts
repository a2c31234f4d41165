import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './build.ts';
import { spawnNode } from './processes.ts';
import { chromiumPath, lighthousePackage, log, work } from './settings.ts';
import { failedAccessibilityAudits, type LighthouseJson } from './lighthouse-audits.ts';
import type { Actor, Tokens } from './targets.ts';

export interface LighthouseResult {
  route: string;
  performance?: number;
  accessibility?: number;
  /** Accessibility audits that did not pass, as `id (n elements)`. */
  failedAudits?: string[];
  error?: string;
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

/** Runs one Lighthouse child; resolves with its exit code (killed after two minutes). */
function runCli(args: string[]): Promise<number> {
  return new Promise<number>((resolve) => {
    const child = spawnNode(args, {
      cwd: work,
      stdio: ['ignore', 'ignore', openSync(path.join(work, 'lighthouse.log'), 'a')],
      env: { ...process.env, CHROME_PATH: chromiumPath },
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve(c ?? 1);
    });
  });
}

/**
 * Scores the login page and each role's dashboard, signed in by session cookie; `note` says why
 * nothing was measured.
 */
export async function runLighthouse(
  base: string,
  tokens: Tokens,
): Promise<{ results: LighthouseResult[]; note: string }> {
  const cli = lighthouseCli();
  if (!cli) {
    return {
      results: [],
      note: 'not measured: the lighthouse package is not installed (npm install --no-save lighthouse@12, or BENCH_LIGHTHOUSE=<folder holding node_modules/lighthouse>)',
    };
  }
  const pages: { route: string; as?: Actor }[] = [
    { route: '/login' },
    { route: '/dashboard', as: 'doctor' },
    { route: '/caregiver-dashboard', as: 'caregiver' },
    { route: '/patient-dashboard', as: 'patient' },
  ];
  const results: LighthouseResult[] = [];
  mkdirSync(lighthouseDir, { recursive: true });
  for (const page of pages) {
    log(`lighthouse ${page.route}`);
    const output = path.join(lighthouseDir, `lighthouse${page.route.replace(/\//g, '-')}.json`);
    const args = [
      cli,
      base + page.route,
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility',
      '--quiet',
      `--chrome-path=${chromiumPath}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      ...(page.as
        ? [`--extra-headers=${JSON.stringify({ Cookie: `ec_session=${tokens[page.as]}` })}`]
        : []),
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
        failedAudits: failedAccessibilityAudits(report),
        ...(landed && landed !== page.route ? { error: `landed on ${landed}` } : {}),
      });
    } catch (error) {
      results.push({ route: page.route, error: (error as Error).message });
    }
  }
  return { results, note: '' };
}
