import { writeFileSync } from 'node:fs';
import { apiSection, findings } from './report-api.ts';
import { clientSection, lighthouseSection } from './report-client.ts';
import { agencyExportSection, exportFindings } from './report-export.ts';
import { goalsSection } from './goals.ts';
import { int, ms, row, type Push } from './report-format.ts';
import { REST_MS } from './memory.ts';
import { reliabilitySection } from './report-reliability.ts';
import {
  cpuSection,
  ladderSection,
  loggingSection,
  profileSection,
  statementsSection,
} from './report-time.ts';
import type { Report } from './report-types.ts';

export type { Report, Scenario, TargetResult } from './report-types.ts';

/** The title, the machine and a warning when it was busy. */
function machineSection(report: Report, push: Push): void {
  const m = report.machine;
  const date = report.startedAt.toISOString().replace('T', ' ').slice(0, 16);

  push(
    '# Performance',
    '',
    `Written by \`npm run bench\` on ${date} UTC; the run took ${Math.round(report.durationSeconds / 60)} min ${Math.round(report.durationSeconds % 60)} s. ` +
      'Do not edit by hand: run the bench again (see "How each figure was measured" at the end).',
    '',
    '## Machine',
    '',
    '| CPU | cores | memory | Node.js | OS | PostgreSQL | PGlite | load average at start (1/5/15 min) |',
    '| --- | ---: | ---: | --- | --- | --- | --- | --- |',
    row([
      m.cpu,
      String(m.cores),
      `${m.memoryGiB} GiB`,
      m.node,
      m.os,
      m.postgres,
      m.pglite,
      m.loadAverage.map((l) => l.toFixed(2)).join(' / '),
    ]),
    '',
    'Everything (database server, app, load generator) shares these cores: the figures compare ' +
      'the app with the floor on the same machine in the same run, more than they promise absolute capacity.',
    '',
  );
  const busiest = Math.max(m.loadAverage[0] ?? 0, report.loadAverageAtEnd[0] ?? 0);
  if (busiest > m.cores * 1.5) {
    push(
      `**The machine was busy with other work during this run** (1-minute load average ${m.loadAverage[0]?.toFixed(1)} at the start, ${report.loadAverageAtEnd[0]?.toFixed(1)} at the end, on ${m.cores} cores): absolute figures are lower and noisier than on an idle machine; ratios within one scenario are the more reliable reading.`,
      '',
    );
  }
}

/** The findings first, then the notes of the run. */
function findingsSection(report: Report, push: Push): void {
  const found = [...findings(report), ...exportFindings(report.agencyExport)];
  push('## Findings', '');
  if (found.length === 0)
    push(
      '- Nothing below target: every list endpoint is at 0.7 of the floor or better, every endpoint stays flat from 10k to 1M rows, and /login is within its budget.',
    );
  for (const f of found) push(`- ${f}`);
  for (const n of report.notes) push(`- Note: ${n}`);
  push('');
}

/** Row counts and generation time of each scenario. */
function dataSection(report: Report, push: Push): void {
  push(
    '## Data at scale',
    '',
    'Generated with set-based SQL (`INSERT ... SELECT generate_series`) into a freshly migrated database: foreign-key triggers off during the load and secondary indexes built once at the end (as a restore does), then `ANALYZE`. Every doctor has the same share of patients (20 each), every patient the same share of rows.',
    '',
    row(['Table', ...report.scenarios.map((s) => s.id)]),
    row(['---', ...report.scenarios.map(() => '---:')]),
  );
  const tables = Object.keys(report.scenarios[0]?.counts ?? {});
  for (const table of tables) {
    push(row([table, ...report.scenarios.map((s) => int(s.counts[table] ?? 0))]));
  }
  push(
    row([
      '*generation time*',
      ...report.scenarios.map((s) => `${s.generationSeconds.toFixed(1)} s`),
    ]),
    '',
  );
}

/** How each figure was measured. */
function methodSection(report: Report, push: Push): void {
  push(
    '## How each figure was measured',
    '',
    `- **Runs.** \`npm run bench\` builds the client (Vite, with a manifest) and the server (tsc) into \`.tmp/bench-*\`, then for each database and size: generates the data, starts the floor server in its own process, measures it, stops it, starts the real app (\`node <build>/server/main.js\`, LOG_LEVEL=${report.settings.logLevel} as in production, CLIENT_DIST_DIR set) in its own process, and measures each endpoint. autocannon runs in the bench process; the app, the floor and PostgreSQL in their own processes, all on 127.0.0.1.`,
    report.processModel
      ? `- **Why separate processes.** The floor measured from its own process answered ${int(report.processModel.child.rps)} req/s (p99 ${ms(report.processModel.child.p99)} ms); the same floor inside the bench process, sharing one event loop with autocannon, ${int(report.processModel.inProcess.rps)} req/s (p99 ${ms(report.processModel.inProcess.p99)} ms)${report.processModel.inProcess.rps >= report.processModel.child.rps * 0.9 ? ': about the same, because the floor spends little CPU of its own (its cost is in PostgreSQL and the kernel). The app spends several times more CPU per request (see "CPU per request"), which inside the bench process would compete with autocannon for one event loop' : ': the shared event loop costs throughput'}. So every server (floor and app) runs as a child process, as in production, and autocannon alone in the bench process.`
      : '- **Why separate processes.** A server inside the bench process would share one event loop with autocannon; every server (floor and app) runs as a child process and autocannon alone in the bench process.',
    '- **Sessions.** Bench users and their sessions are created directly in the database (`createSession` from server/auth/sessions.ts); requests carry `Authorization: Bearer <token>`. The supervisor is a doctor with supervisor privileges (sees all patients), the doctor an editor with 20 patients on their care team, the patient a patient account linked to its record.',
    "- **Endpoints.** The list of endpoints is data: an endpoint whose route is not in `/api/openapi.json` is reported as not available, and one whose first request fails is reported with its answer instead of being loaded. The patient dashboard's four calls carry the query strings the dashboard sends (client/features/dashboards/patient-dashboard-page.tsx). POST /api/appointments sends a fresh JSON body per request (a distinct future minute, rotating through the patients of a second doctor, so the measured doctor's lists keep the size the generator gave them).",
    "- **Calendar feed and import.** Calendar feeds of 50 doctors are stored before the app starts as the app stores them (the SHA-256 of a random token) and fetched in turn; a URL carries its token and no session. Each fetch stamps its feed's last use and writes an audit row in one transaction, so 50 clients fetching one feed at once would queue on its row, which no calendar app does. All load comes from 127.0.0.1, so the app runs with PUBLIC_RATE_LIMIT lifted (otherwise 120 anonymous calls a minute per address). The import's dry run posts the same multipart CSV (20 new patients) every time: it checks the file and creates nothing.",
    `- **Agency export (FHIR bulk).** \`bench/agency-export.ts\`: ${report.agencyExport ? int(report.agencyExport.patients) : '100,000'} patients generated by the same generator in their own PostgreSQL database (2,000 with BENCH_QUICK=1), the built app started on it, and an admin's session fetching \`GET /api/fhir/export\` and then every file it lists, one at a time, each read to its end; resources are counted as lines. Memory: VmRSS (before) and VmHWM (peak, the kernel's high-water mark of the process) read from /proc/<pid>/status of the app process, not sampled. BENCH_AGENCY_EXPORT=0 skips the stage; BENCH_ONLY=agency-export runs only it (with the server build). The stage's size: 200,000 rows per big table and weekly visits for 20,000 patients keep it near four minutes; at 1,000,000 rows the export is 14.8 million resources (7 million Observations: one per measurement of a vital-signs reading).`,
    "- **Floor.** `bench/floor.ts`: Fastify with no plugins, the same database driver and pool size as the app, `select <patient columns> from patients where deleted_at is null order by last_name, first_name, id limit 50`, serialized by Fastify's default JSON serializer.",
    "- **Write floor.** `POST /floor/appointments` on the same floor server, measured after the read floor in every scenario with the same bodies as POST /api/appointments (from one sequence, so no two appointments overlap): in one transaction on one connection of the app's own pool, whose statements with values go named as the app's do (server/db/named-statements.ts; PGlite: its own `transaction()`), the appointment row (`insert ... select` from the doctor named, the columns the app writes), the notices the app writes for a doctor booking their own patient (to the patient's account when it has one, with the `pg_notify` the app sends for them; none to the doctor who made the change) and the audit row, answering the new row as JSON (201). No session, scope, care-team or overlap check, so it is what one write of a record costs at best. The writes of a record (appointment, medical record, progress report, prescription, dose, vital reading, check-in and check-out) are compared with it; the check-out checks in its visits through the app before its run (from the check-in's pool of fresh visits) and sends every task of each as done.",
    `- **Memory.** VmRSS of the app process read from /proc/<pid>/status right after it answers (start-up), after each endpoint's measured run, and after the last (with VmHWM, the kernel's high-water mark, as the peak), in every scenario on both databases. Growth is the last reading over the one after the first endpoint: start-up memory grows with the first requests (code compiled, pools filled) whatever the app does, so the first endpoint's end is the warm start. Both are also read once the app has rested ${REST_MS / 1000} s with nothing asked (the bench waits that long after the first endpoint and after the last), and growth is taken between those two: right after a load the heap still holds that load's garbage (V8 collects when it allocates, and an app gone quiet allocates nothing), which the app gives back once idle (server/lib/idle-collect.ts), so the reading right after a load says which endpoint was running last, not what the app keeps.`,
    '- **PostgreSQL** databases are created per size (`eldercare_bench_<time>_<size>`) on BENCH_DATABASE_URL and dropped at the end; **PGlite** runs on a temporary data directory, opened by one process at a time.',
    '- **Client weight.** Route to page module from the screen registry (`client/app/navigation.ts`, the `load` of each screen), plus the signed-in frame (`client/app/layout.tsx`) for signed-in screens; chunks and CSS from `.vite/manifest.json`; module contents from the bundle (Rollup `renderedLength`, before minification, so shares are approximate).',
    '',
  );
}

/** Writes docs/PERFORMANCE.md from one bench run. */
export function writeReport(file: string, report: Report): void {
  const lines: string[] = [];
  const push: Push = (...more) => {
    lines.push(...more);
  };
  machineSection(report, push);
  goalsSection(report, push);
  findingsSection(report, push);
  apiSection(report, push);
  agencyExportSection(report, push);
  reliabilitySection(report, push);
  push('## Where the time goes', '');
  ladderSection(report, push);
  cpuSection(report, push);
  profileSection(report, push);
  loggingSection(report, push);
  statementsSection(report, push);
  dataSection(report, push);
  clientSection(report, push);
  lighthouseSection(report, push);
  methodSection(report, push);
  writeFileSync(file, lines.join('\n'));
}
