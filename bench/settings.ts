import path from 'node:path';
import { root } from './build.ts';

// Read once at start: nothing in the run changes the environment.
const env = process.env;

/** BENCH_QUICK=1: 3 s runs at 10k only, for trying the harness. */
export const quick = env.BENCH_QUICK === '1';
export const seconds = Number(env.BENCH_SECONDS ?? (quick ? 3 : 10));
export const warmupSeconds = quick ? 1 : 2;
export const connections = Number(env.BENCH_CONNECTIONS ?? 50);
export const baseUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const logLevel = env.BENCH_LOG_LEVEL ?? 'info';
export const outFile = path.resolve(root, env.BENCH_OUT ?? 'docs/PERFORMANCE.md');
export const budgetSeconds = 15 * 60;
/** BENCH_PGLITE_LARGE: auto | 1 | 0. */
export const pgliteLarge = env.BENCH_PGLITE_LARGE ?? 'auto';
/** BENCH_PROFILE: the target to profile instead of the slowest list. */
export const profileTarget = env.BENCH_PROFILE;
export const keepWork = env.BENCH_KEEP === '1';
export const lighthousePackage = env.BENCH_LIGHTHOUSE === '0' ? undefined : env.BENCH_LIGHTHOUSE;
/** BENCH_LIGHTHOUSE=0: no Lighthouse, even when the package is installed (focused API runs). */
export const lighthouseSkipped = env.BENCH_LIGHTHOUSE === '0';
export const chromiumPath = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * BENCH_ONLY=lighthouse: build, generate the 10k data and run only Lighthouse against the app
 * (no load tests, floor or profile); prints the scores and failed accessibility audits, keeps
 * the reports in .tmp/lighthouse/ and leaves docs/PERFORMANCE.md alone unless BENCH_OUT is set.
 */
export const lighthouseOnly = env.BENCH_ONLY === 'lighthouse';
/**
 * BENCH_ONLY=agency-export: build the server and run only the agency export stage (see
 * agency-export.ts); prints its figures and leaves docs/PERFORMANCE.md alone unless BENCH_OUT
 * is set.
 */
export const agencyExportOnly = env.BENCH_ONLY === 'agency-export';
/**
 * BENCH_ONLY=startup | soak | audit-scale: build the server and run only that reliability stage
 * (startup.ts, soak.ts, audit-scale.ts); prints its figures and leaves docs/PERFORMANCE.md alone
 * unless BENCH_OUT is set.
 */
export const startupOnly = env.BENCH_ONLY === 'startup';
export const soakOnly = env.BENCH_ONLY === 'soak';
export const auditScaleOnly = env.BENCH_ONLY === 'audit-scale';
const known = ['lighthouse', 'agency-export', 'startup', 'soak', 'audit-scale'];
if (env.BENCH_ONLY && !known.includes(env.BENCH_ONLY)) {
  throw new Error(
    `BENCH_ONLY=${env.BENCH_ONLY}: only ${known.map((k) => `"${k}"`).join(', ')} are known`,
  );
}
/** A BENCH_ONLY run of one stage that needs the server build only (no scenarios, no client). */
export const serverStageOnly = agencyExportOnly || startupOnly || soakOnly || auditScaleOnly;
/** BENCH_AGENCY_EXPORT=0 skips the agency export stage (FHIR bulk export at 100,000 patients). */
export const agencyExport =
  agencyExportOnly || (env.BENCH_AGENCY_EXPORT !== '0' && !env.BENCH_ONLY);
/** BENCH_STARTUP=0 skips the start-up stage (startup.ts). */
export const startup = startupOnly || (env.BENCH_STARTUP !== '0' && !env.BENCH_ONLY);
/** BENCH_SOAK=0 skips the soak (soak.ts); BENCH_SOAK_SECONDS its length (300; quick: 20). */
export const soak = soakOnly || (env.BENCH_SOAK !== '0' && !env.BENCH_ONLY);
export const soakSeconds = Number(env.BENCH_SOAK_SECONDS ?? (quick ? 20 : 300));
/**
 * BENCH_AUDIT_ROWS: rows of the audit log at scale (audit-scale.ts; 100,000,000, quick:
 * 1,000,000); 0 skips the stage.
 */
export const auditRows = Number(env.BENCH_AUDIT_ROWS ?? (quick ? 1_000_000 : 100_000_000));
export const auditScale = auditScaleOnly || (auditRows > 0 && !env.BENCH_ONLY);
/** Whether the run writes its report: always, except a BENCH_ONLY run without BENCH_OUT. */
export const writesReport = !env.BENCH_ONLY || env.BENCH_OUT !== undefined;

/** For focused runs: BENCH_SCENARIOS=postgres-10k,pglite-10k BENCH_TARGETS=patients-doctor. */
const listEnv = (name: string) => (env[name] ? new Set(env[name]!.split(',')) : null);
export const onlyScenarios = listEnv('BENCH_SCENARIOS');
export const onlyTargets = listEnv('BENCH_TARGETS');

/** Names this run's databases and folders, so parallel or leftover runs never collide. */
export const stamp = `${new Date().toISOString().slice(0, 19).replace(/\D/g, '')}_${process.pid}`;
/** The run's own folder: builds, server logs, PGlite directories, profiles. */
export const work = path.join(root, '.tmp', `bench-${stamp}`);

const started = Date.now();

/** Seconds since the bench started. */
export const elapsed = (): number => (Date.now() - started) / 1000;

/** Prints one progress line with the time since the start. */
export const log = (message: string): void =>
  console.log(`[bench ${elapsed().toFixed(0).padStart(4)} s] ${message}`);
