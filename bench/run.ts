/**
 * `npm run bench`: builds the app, generates agency-scale data, measures the API against the
 * floor on PostgreSQL and PGlite at two sizes, weighs the client, optionally runs Lighthouse,
 * and writes docs/PERFORMANCE.md. Traffic goes to 127.0.0.1 only; every run is bounded in time.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_QUICK=1 (3 s runs, 10k only, for trying the
 * harness), BENCH_PGLITE_LARGE (auto | 1 | 0), BENCH_LIGHTHOUSE (path of an installed
 * lighthouse package; default: resolved from node_modules; 0 skips Lighthouse), BENCH_LOG_LEVEL (info, the
 * production default), BENCH_OUT (docs/PERFORMANCE.md), BENCH_PROFILE (target id to profile),
 * BENCH_SCENARIOS / BENCH_TARGETS (comma lists, for focused runs; a BENCH_SCENARIOS list runs the
 * agency export only if it names `agency-export`), BENCH_KEEP=1 (keep .tmp/bench-*),
 * BENCH_ONLY=lighthouse (build, 10k data and Lighthouse only; see settings.ts),
 * BENCH_AGENCY_EXPORT=0 (skip the agency export: FHIR bulk export of 100,000 patients through
 * the app, about 4 minutes; see agency-export.ts), BENCH_ONLY=agency-export (the server build
 * and that stage only). Reliability stages, each skippable and each runnable alone with
 * BENCH_ONLY=<stage> (server build and that stage only): BENCH_STARTUP=0 (start-up time to the
 * first answer on PGlite and PostgreSQL, empty and with the 10k data; startup.ts),
 * BENCH_SOAK=0 and BENCH_SOAK_SECONDS (300; quick 20: 20 connections of mixed reads and writes
 * on PostgreSQL with the 10k data; soak.ts), BENCH_AUDIT_ROWS (100,000,000; quick 1,000,000;
 * 0 skips: the audit screen's queries over an audit log of that many rows; audit-scale.ts).
 */
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../server/lib/passwords.ts';
import { measureAgencyExport } from './agency-export.ts';
import { measureAuditScale } from './audit-scale.ts';
import { root } from './build.ts';
import { preparePglite, preparePostgres, type Prepared } from './datasets.ts';
import { cleanup, onCleanup } from './processes.ts';
import { lighthouseDir } from './lighthouse.ts';
import { exportTotals } from './report-export.ts';
import { mb } from './report-format.ts';
import { emptyReliability } from './report-reliability.ts';
import { writeReport, type Report } from './report.ts';
import { sizes, type ScaleSize } from './scale.ts';
import { runScenario, type ScenarioOptions } from './scenario.ts';
import { measureSoak } from './soak.ts';
import { measureStartup } from './startup.ts';
import {
  agencyExport,
  auditRows,
  auditScale,
  budgetSeconds,
  connections,
  elapsed,
  keepWork,
  lighthouseOnly,
  log,
  logLevel,
  onlyScenarios,
  outFile,
  pgliteLarge,
  quick,
  seconds,
  serverStageOnly,
  soak,
  soakSeconds,
  stamp,
  startup,
  warmupSeconds,
  work,
  writesReport,
} from './settings.ts';
import { buildApp, machineInfo, probePostgres } from './setup.ts';

/** Runs one prepared scenario and disposes of its database whatever happens. */
async function runPrepared(
  prepared: Prepared,
  serverDir: string | null,
  options: ScenarioOptions,
  report: Report,
): Promise<void> {
  log(`${prepared.scenario.id}: generated in ${prepared.scenario.generationSeconds.toFixed(1)} s`);
  try {
    const extras = await runScenario(prepared, serverDir, options);
    Object.assign(report, extras);
    report.scenarios.push(prepared.scenario);
  } finally {
    await prepared.dispose();
  }
}

async function main(): Promise<void> {
  mkdirSync(work, { recursive: true });
  if (!keepWork) onCleanup(async () => rmSync(work, { recursive: true, force: true }));
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
    agencyExport: null,
    agencyExportNote: '',
    reliability: emptyReliability(),
    durationSeconds: 0,
  };

  const serverDir = await buildApp(report, !serverStageOnly);

  const passwordHash = await hashPassword(`bench-${stamp}`);
  const plan: { driver: 'postgres' | 'pglite'; size: ScaleSize }[] = [
    { driver: 'postgres' as const, size: sizes.small },
    ...(quick ? [] : [{ driver: 'postgres' as const, size: sizes.large }]),
    { driver: 'pglite' as const, size: sizes.small },
  ].filter(
    (step) =>
      !serverStageOnly &&
      (!onlyScenarios || onlyScenarios.has(`${step.driver}-${step.size.label}`)),
  );
  const postgresOk = await probePostgres(report);
  if (lighthouseOnly) {
    // One scenario is enough to score the pages: the 10k data, on PostgreSQL when reachable.
    plan.splice(0, plan.length, { driver: postgresOk ? 'postgres' : 'pglite', size: sizes.small });
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
    const first = report.scenarios.length === 0;
    await runPrepared(
      prepared,
      serverDir,
      {
        ladder: step.driver === 'postgres' && !lighthouseOnly,
        profile: first && !lighthouseOnly,
        lighthouse: first,
        processModel: first && !lighthouseOnly,
      },
      report,
    );
    perScenario = Math.max(perScenario, (Date.now() - t) / 1000);
  }

  // PGlite at 1M rows when the time budget allows: generation in the embedded database is
  // slower than on a server, and its runs are as long as the others.
  const estimate = 240 + perScenario;
  const largePglite =
    !lighthouseOnly && !serverStageOnly && (!onlyScenarios || onlyScenarios.has('pglite-1M'));
  if (
    largePglite &&
    !quick &&
    (pgliteLarge === '1' || (pgliteLarge === 'auto' && elapsed() + estimate < budgetSeconds - 60))
  ) {
    log('preparing pglite 1M');
    const prepared = await preparePglite(sizes.large, passwordHash);
    await runPrepared(
      prepared,
      serverDir,
      { ladder: false, profile: false, lighthouse: false, processModel: false },
      report,
    );
  } else if (largePglite && !quick) {
    report.notes.push(
      `PGlite at 1M rows was not run: it would not fit the 15-minute budget (estimated ${Math.round(estimate)} s more after ${Math.round(elapsed())} s). BENCH_PGLITE_LARGE=1 forces it.`,
    );
  }

  if (agencyExport && (!onlyScenarios || onlyScenarios.has('agency-export'))) {
    await runAgencyExport(report, serverDir, passwordHash, postgresOk);
  } else if (!lighthouseOnly) {
    report.agencyExportNote = onlyScenarios
      ? 'not in this focused run (BENCH_SCENARIOS)'
      : 'skipped (BENCH_AGENCY_EXPORT=0)';
  }

  await runReliability(report, serverDir, passwordHash, postgresOk);

  report.loadAverageAtEnd = os.loadavg();
  report.durationSeconds = elapsed();
  if (lighthouseOnly) printLighthouse(report);
  if (writesReport) {
    writeReport(outFile, report);
    log(`wrote ${path.relative(root, outFile)}`);
  }
}

/** The agency export stage on PostgreSQL; a failure is reported, not fatal to the run. */
async function runAgencyExport(
  report: Report,
  serverDir: string | null,
  passwordHash: string,
  postgresOk: boolean,
): Promise<void> {
  if (!postgresOk) {
    report.agencyExportNote = 'PostgreSQL could not be reached';
    return;
  }
  try {
    report.agencyExport = await measureAgencyExport(serverDir, passwordHash);
    const e = report.agencyExport;
    const totals = exportTotals(e);
    const mbOrAsk = (bytes: number | null) => (bytes === null ? '?' : mb(bytes));
    log(
      `agency export: ${totals.resources.toLocaleString('en')} resources, ${mb(totals.bytes)} MB in ` +
        `${e.seconds.toFixed(1)} s = ${Math.round(totals.rate).toLocaleString('en')} resources/s; ` +
        `server RSS before ${mbOrAsk(e.rssBefore)} MB, peak ${mbOrAsk(e.peakRss)} MB`,
    );
  } catch (error) {
    report.agencyExportNote = `the stage failed (${(error as Error).message.split('\n')[0]})`;
    log(`agency export: ${report.agencyExportNote}`);
  }
}

/** Runs one stage; its failure is its note in the report, not fatal to the run. */
async function stage(name: string, note: (text: string) => void, body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    const text = `the stage failed (${(error as Error).message.split('\n')[0]})`;
    note(text);
    log(`${name}: ${text}`);
  }
}

/** The start-up, soak and audit-at-scale stages, each when switched on. */
async function runReliability(
  report: Report,
  serverDir: string | null,
  passwordHash: string,
  postgresOk: boolean,
): Promise<void> {
  const r = report.reliability;
  const focused = onlyScenarios ? 'not in this focused run (BENCH_SCENARIOS)' : '';
  const unreachable = 'PostgreSQL could not be reached';
  if (!startup || onlyScenarios) {
    r.startupNote = focused || 'skipped (BENCH_STARTUP=0 or another BENCH_ONLY)';
  } else {
    await stage(
      'startup',
      (n) => (r.startupNote = n),
      async () => {
        r.startup = await measureStartup(serverDir, passwordHash, postgresOk);
      },
    );
  }
  if (!soak || onlyScenarios) {
    r.soakNote = focused || 'skipped (BENCH_SOAK=0 or another BENCH_ONLY)';
  } else if (!postgresOk) {
    r.soakNote = unreachable;
  } else {
    log(`soak: 20 connections for ${soakSeconds} s (PostgreSQL, 10k)`);
    await stage(
      'soak',
      (n) => (r.soakNote = n),
      async () => {
        r.soak = await measureSoak(serverDir, passwordHash);
      },
    );
  }
  if (!auditScale || onlyScenarios || auditRows <= 0) {
    r.auditNote = focused || 'skipped (BENCH_AUDIT_ROWS=0 or another BENCH_ONLY)';
  } else if (!postgresOk) {
    r.auditNote = unreachable;
  } else {
    await stage(
      'audit at scale',
      (n) => (r.auditNote = n),
      async () => {
        r.audit = await measureAuditScale(serverDir, passwordHash);
      },
    );
  }
}

/** The Lighthouse scores and failed accessibility audits of a Lighthouse-only run. */
function printLighthouse(report: Report): void {
  if (report.lighthouse.length === 0) log(`lighthouse: ${report.lighthouseNote || 'not measured'}`);
  for (const l of report.lighthouse) {
    const failed = l.failedAudits?.length ? l.failedAudits.join(', ') : 'none';
    log(
      `${l.route}: performance ${l.performance ?? '—'} (CLS ${l.cls?.toFixed(3) ?? '—'}, ` +
        `LCP ${l.lcp?.toFixed(0) ?? '—'} ms, TBT ${l.tbt?.toFixed(0) ?? '—'} ms), ` +
        `accessibility ${l.accessibility ?? '—'}, ` +
        `failed accessibility audits: ${failed}${l.error ? ` (${l.error})` : ''}`,
    );
  }
  log(`Lighthouse reports in ${path.relative(root, lighthouseDir)}/`);
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
