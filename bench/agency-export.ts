/**
 * The agency export at scale (issue 19's "Speed"): an agency of 100,000 patients (BENCH_QUICK=1:
 * 2,000) generated in its own PostgreSQL database, the built app started on it, and every NDJSON
 * file of the FHIR bulk export fetched through the real endpoints as an admin would: the
 * manifest (`GET /api/fhir/export`), then each file (`GET /api/fhir/export/{type}.ndjson`) in
 * turn, read to the end by a client that keeps nothing. Measures resources per second per file
 * and in all, and the app process's resident memory before the first request (VmRSS) and at its
 * highest (VmHWM, the kernel's high-water mark) from /proc/<pid>/status.
 */
import { type Prepared, preparePostgres } from './datasets.ts';
import { memoryOf } from './memory.ts';
import { appProgram, startProgram, type Running } from './processes.ts';
import { int } from './report-format.ts';
import type { AgencyExport, AgencyExportFile } from './report-types.ts';
import type { ScaleSize } from './scale.ts';
import { log, logLevel, quick } from './settings.ts';
import { authHeaders } from './targets.ts';

/**
 * The agency: 100,000 patients, 20 to a doctor and 10 to a caregiver as in the other sizes, with
 * 200,000 rows in each of the biggest tables and weekly visits for 20,000 of the patients, so
 * every resource type has its share and the stage stays within about four minutes. At 1,000,000
 * rows and visits for everyone the export is 14.8 million resources (7 million Observations
 * alone: one per measurement of each vital-signs reading), about ten minutes of streaming on a
 * 2-core machine: the rate per file is what the stage measures, and it does not need that many.
 * The label names the database (`eldercare_bench_<stamp>_agency100k`).
 */
export const exportSizes = {
  full: {
    label: 'agency100k',
    patients: 100_000,
    doctors: 5_000,
    caregivers: 10_000,
    rows: 200_000,
    visitPatients: 20_000,
  },
  quick: { label: 'agency2k', patients: 2_000, doctors: 100, caregivers: 200, rows: 20_000 },
} satisfies Record<string, ScaleSize>;

interface Manifest {
  output: { type: string; url: string; count: number }[];
}

/** Reads a response body to its end, counting its bytes and lines (one resource a line). */
async function drain(res: Response): Promise<{ bytes: number; lines: number }> {
  let bytes = 0;
  let lines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lines += 1;
  }
  return { bytes, lines };
}

/** Fetches the manifest and every file it lists from the running app, one after another. */
async function streamAll(app: Running, prepared: Prepared, result: AgencyExport): Promise<void> {
  const headers = authHeaders(prepared.tokens, 'admin');
  const pid = app.child.pid;
  result.rssBefore = memoryOf(pid)?.rss ?? null;
  let started = performance.now();
  const res = await fetch(`${app.base}/api/fhir/export`, { headers });
  if (!res.ok) throw new Error(`GET /api/fhir/export answered ${res.status}: ${await res.text()}`);
  const manifest = (await res.json()) as Manifest;
  result.manifestSeconds = (performance.now() - started) / 1000;

  const all = performance.now();
  for (const entry of manifest.output) {
    started = performance.now();
    const file = await fetch(app.base + entry.url, { headers });
    if (!file.ok) throw new Error(`GET ${entry.url} answered ${file.status}: ${await file.text()}`);
    const { bytes, lines } = await drain(file);
    const seconds = (performance.now() - started) / 1000;
    const measured: AgencyExportFile = {
      type: entry.type,
      resources: lines,
      listed: entry.count,
      bytes,
      seconds,
      peakAfter: memoryOf(pid)?.peak ?? null,
    };
    result.files.push(measured);
    log(
      `agency export: ${entry.type}.ndjson ${int(lines)} resources in ${seconds.toFixed(1)} s ` +
        `(${int(lines / Math.max(seconds, 0.001))}/s)`,
    );
  }
  result.seconds = (performance.now() - all) / 1000;
  const after = memoryOf(pid);
  result.peakRss = after?.peak ?? null;
  result.rssAfter = after?.rss ?? null;
}

/**
 * Generates the agency in a fresh PostgreSQL database, starts the app (the bench's build) on it,
 * streams the whole export, and drops the database again whatever happens.
 */
export async function measureAgencyExport(
  serverDir: string | null,
  passwordHash: string,
): Promise<AgencyExport> {
  const size: ScaleSize = quick ? exportSizes.quick : exportSizes.full;
  log(
    `agency export: generating ${int(size.patients)} patients, ${int(size.rows)} rows per big table (PostgreSQL)`,
  );
  const prepared = await preparePostgres(size, passwordHash);
  try {
    const { scenario } = prepared;
    log(`agency export: generated in ${scenario.generationSeconds.toFixed(1)} s`);
    const result: AgencyExport = {
      patients: size.patients,
      rows: size.rows,
      visitPatients: Math.min(size.patients, size.visitPatients ?? size.patients),
      counts: scenario.counts,
      generationSeconds: scenario.generationSeconds,
      manifestSeconds: 0,
      files: [],
      seconds: 0,
      rssBefore: null,
      peakRss: null,
      rssAfter: null,
    };
    const app = await startProgram(
      'app-agency-export',
      appProgram(serverDir, { ...prepared.serverEnv, LOG_LEVEL: logLevel }),
    );
    try {
      await streamAll(app, prepared, result);
    } finally {
      await app.stop();
    }
    return result;
  } finally {
    await prepared.dispose();
  }
}
