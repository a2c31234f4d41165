import { writeFileSync } from 'node:fs';
import type { ChunkContents } from './build.ts';
import type { RouteWeight } from './client-weight.ts';
import type { LoadResult } from './load.ts';
import type { ProfileSummary } from './profile.ts';
import type { ScaleSize } from './scale.ts';

export interface TargetResult {
  id: string;
  label: string;
  kind: 'list' | 'dashboard' | 'write';
  result?: LoadResult;
  unavailable?: string;
  database?: { samples: number; busy: number; top: { query: string; share: number }[] };
}

export interface Scenario {
  id: string;
  driver: 'postgres' | 'pglite';
  size: ScaleSize;
  counts: Record<string, number>;
  generationSeconds: number;
  generationSteps: Record<string, number>;
  floor: LoadResult | null;
  ladder: { id: string; label: string; result: LoadResult }[];
  targets: TargetResult[];
}

export interface Report {
  startedAt: Date;
  machine: {
    cpu: string;
    cores: number;
    memoryGiB: number;
    node: string;
    os: string;
    postgres: string;
    pglite: string;
    loadAverage: number[];
  };
  settings: {
    seconds: number;
    warmupSeconds: number;
    connections: number;
    logLevel: string;
    quick: boolean;
  };
  scenarios: Scenario[];
  notes: string[];
  client: RouteWeight[] | null;
  clientNote: string;
  chunkContents: ChunkContents;
  lighthouse: { route: string; performance?: number; accessibility?: number; error?: string }[];
  lighthouseNote: string;
  profile: { target: string; app: ProfileSummary; floor: ProfileSummary | null } | null;
  /** The floor measured from a child process and inside the bench process. */
  processModel: { child: LoadResult; inProcess: LoadResult } | null;
  /** The profiled endpoint at the production log level and with request logging off. */
  logging: { level: string; normal: LoadResult; quiet: LoadResult } | null;
  /** content-encoding of the entry script when the browser accepts gzip and br. */
  assetEncoding: string;
  loadAverageAtEnd: number[];
  durationSeconds: number;
}

const LOGIN_JS_TARGET_KB = 150;
const RATIO_TARGET = 0.7;
/** 1M throughput below this share of 10k is "not flat". */
const FLAT_SHARE = 0.8;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());
const pct = (n: number) => `${Math.round(n * 100)}%`;
const ratio = (n: number) => n.toFixed(2);

function cells(result: LoadResult | undefined, floor: LoadResult | null, note?: string): string[] {
  if (!result) return [note ? 'n/a' : '—', '', '', '', ''];
  return [
    int(result.rps),
    ms(result.p50),
    ms(result.p99),
    result.errors === 0 ? '0' : `**${result.errors}**`,
    floor ? ratio(result.rps / floor.rps) : '',
  ];
}

function row(values: string[]): string {
  return `| ${values.join(' | ')} |`;
}

/** The side-by-side table of one driver: each endpoint at every size run on it. */
function driverTable(scenarios: Scenario[]): string[] {
  const lines: string[] = [];
  const header = ['Endpoint'];
  const align = ['---'];
  for (const s of scenarios) {
    header.push(
      `${s.size.label} req/s`,
      `${s.size.label} p50 ms`,
      `${s.size.label} p99 ms`,
      `${s.size.label} errors`,
      `${s.size.label} ÷ floor`,
    );
    align.push('---:', '---:', '---:', '---:', '---:');
  }
  if (scenarios.length > 1) {
    header.push(`${scenarios.at(-1)!.size.label} ÷ ${scenarios[0]!.size.label}`);
    align.push('---:');
  }
  lines.push(row(header), row(align));
  const floorCells = ['**floor** (bare Fastify, one SQL query, 50 patients)'];
  for (const s of scenarios) floorCells.push(...cells(s.floor ?? undefined, s.floor));
  if (scenarios.length > 1) {
    const a = scenarios[0]!.floor;
    const b = scenarios.at(-1)!.floor;
    floorCells.push(a && b ? ratio(b.rps / a.rps) : '');
  }
  lines.push(row(floorCells));
  const ids = scenarios[0]?.targets.map((t) => t.id) ?? [];
  for (const id of ids) {
    const first = scenarios[0]!.targets.find((t) => t.id === id)!;
    const values = [first.label];
    const notes: string[] = [];
    for (const s of scenarios) {
      const t = s.targets.find((x) => x.id === id);
      values.push(...cells(t?.result, s.floor, t?.unavailable));
      if (t?.unavailable && !notes.includes(t.unavailable)) notes.push(t.unavailable);
    }
    if (scenarios.length > 1) {
      const a = scenarios[0]!.targets.find((t) => t.id === id)?.result;
      const b = scenarios.at(-1)!.targets.find((t) => t.id === id)?.result;
      const share = a && b ? b.rps / a.rps : null;
      values.push(share === null ? '' : share < FLAT_SHARE ? `**${ratio(share)}**` : ratio(share));
    }
    if (notes.length > 0) values[0] += ` — ${notes.join('; ')}`;
    lines.push(row(values));
  }
  return lines;
}

function findings(report: Report): string[] {
  const out: string[] = [];
  for (const driver of ['postgres', 'pglite'] as const) {
    const list = report.scenarios.filter((s) => s.driver === driver);
    if (list.length === 0) continue;
    const name = driver === 'postgres' ? 'PostgreSQL' : 'PGlite';
    for (const s of list) {
      for (const t of s.targets) {
        if (!t.result) continue;
        if (t.result.errors > 0) {
          const onlyOk = Object.keys(t.result.statuses).every((code) => code.startsWith('2'));
          out.push(
            `${name} ${s.size.label}: ${t.label} had ${t.result.errors} errors (answers by status: ${JSON.stringify(t.result.statuses)}${onlyOk ? '; every answer was a success, so the errors are time-outs: requests still waiting after 10 s' : ''}).`,
          );
        }
        if (t.kind === 'list' && s.floor && t.result.rps / s.floor.rps < RATIO_TARGET) {
          out.push(
            `${name} ${s.size.label}: ${t.label} runs at ${ratio(t.result.rps / s.floor.rps)} of the floor (aim: ${RATIO_TARGET}).`,
          );
        }
      }
    }
    if (list.length > 1) {
      const [a, b] = [list[0]!, list.at(-1)!];
      for (const t of a.targets) {
        const ra = t.result;
        const rb = b.targets.find((x) => x.id === t.id)?.result;
        if (ra && rb && rb.rps / ra.rps < FLAT_SHARE) {
          out.push(
            `${name}: ${t.label} is not flat: ${int(ra.rps)} req/s at ${a.size.label}, ${int(rb.rps)} at ${b.size.label} (${ratio(rb.rps / ra.rps)}).`,
          );
        }
        // CPU per request is steadier than throughput on a shared machine: database work that
        // grows with the data is the sign of a scan, a sort or a count over a growing set.
        const da = ra?.cpu?.database;
        const db = rb?.cpu?.database;
        if (da != null && db != null && db > 2 * da && db - da > 0.5) {
          out.push(
            `${name}: ${t.label}: the database spends ${db.toFixed(2)} ms of CPU per request at ${b.size.label} against ${da.toFixed(2)} ms at ${a.size.label}: its queries grow with the data (see the statements below).`,
          );
        }
      }
    }
  }
  const login = report.client?.find((r) => r.route === '/login');
  if (login && login.jsGzip / 1024 > LOGIN_JS_TARGET_KB) {
    out.push(
      `/login loads ${kb(login.jsGzip)} KB of gzipped JavaScript (aim: ${LOGIN_JS_TARGET_KB} KB).`,
    );
  }
  return out;
}

/** Writes docs/PERFORMANCE.md from one bench run. */
export function writeReport(file: string, report: Report): void {
  const m = report.machine;
  const lines: string[] = [];
  const push = (...more: string[]) => lines.push(...more);
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

  const found = findings(report);
  push('## Findings', '');
  if (found.length === 0)
    push(
      '- Nothing below target: every list endpoint is at 0.7 of the floor or better, every endpoint stays flat from 10k to 1M rows, and /login is within its budget.',
    );
  for (const f of found) push(`- ${f}`);
  for (const n of report.notes) push(`- Note: ${n}`);
  push('');

  push(
    '## API throughput and latency',
    '',
    `autocannon, ${report.settings.connections} connections over loopback, ${report.settings.seconds} s per endpoint after a ${report.settings.warmupSeconds} s warm-up. ` +
      'Errors count connection errors, time-outs and every non-2xx answer. "÷ floor" is the endpoint\'s requests per second divided by the floor\'s on the same database in the same run. ' +
      'The last column compares the largest size with the smallest (1.00 = flat).',
    '',
  );
  for (const driver of ['postgres', 'pglite'] as const) {
    const list = report.scenarios.filter((s) => s.driver === driver);
    if (list.length === 0) continue;
    push(
      driver === 'postgres'
        ? `### PostgreSQL (${m.postgres}): ${list.map((s) => s.size.label).join(' vs ')}`
        : `### PGlite ${m.pglite} (embedded): ${list.map((s) => s.size.label).join(' vs ')}`,
      '',
      ...(driver === 'pglite'
        ? [
            "PGlite runs every query on the server's one JavaScript thread, one at a time: at 50 concurrent connections requests queue behind each other, so p99 latency is long, and any request still waiting after autocannon's 10 s time-out counts as an error. It is the embedded database for trying the product and small installs; production belongs on PostgreSQL (README).",
            '',
          ]
        : []),
      ...driverTable(list),
      '',
    );
  }

  push('## Where the time goes', '');
  const ladders = report.scenarios.filter((s) => s.ladder.length > 0);
  if (ladders.length > 0) {
    push(
      '### The floor ladder',
      '',
      "The floor server again, adding one piece of the app's work at a time in plain SQL (as a doctor: session lookup by token hash; the care-team scope as a subquery plus the `count(*)` for `X-Total-Count`; then the audit row insert, and the same insert on a connection with `synchronous_commit=off`). The drop from one step to the next is what that piece costs at best; what the app loses beyond the last step is its framework work (validation, access check, Drizzle, response schema, logging).",
      '',
      row(['Step', ...ladders.flatMap((s) => [`${s.id} req/s`, '÷ floor', 'p50 ms', 'p99 ms'])]),
      row(['---', ...ladders.flatMap(() => ['---:', '---:', '---:', '---:'])]),
    );
    const floorRow = ['floor (plain query)'];
    for (const s of ladders)
      floorRow.push(int(s.floor!.rps), '1.00', ms(s.floor!.p50), ms(s.floor!.p99));
    push(row(floorRow));
    for (const step of ladders[0]!.ladder) {
      const values = [step.label];
      for (const s of ladders) {
        const r = s.ladder.find((x) => x.id === step.id)?.result;
        values.push(
          r ? int(r.rps) : '',
          r && s.floor ? ratio(r.rps / s.floor.rps) : '',
          r ? ms(r.p50) : '',
          r ? ms(r.p99) : '',
        );
      }
      push(row(values));
    }
    const appRow = ['the app: GET /api/patients?limit=50 as a doctor'];
    for (const s of ladders) {
      const r = s.targets.find((t) => t.id === 'patients-doctor')?.result;
      appRow.push(
        r ? int(r.rps) : 'n/a',
        r && s.floor ? ratio(r.rps / s.floor.rps) : '',
        r ? ms(r.p50) : '',
        r ? ms(r.p99) : '',
      );
    }
    push(row(appRow), '');
  }
  const withCpu = report.scenarios.filter((s) => s.floor?.cpu?.server != null);
  if (withCpu.length > 0) {
    const cpuCells = (r: LoadResult | undefined) => {
      if (!r?.cpu) return ['', '', '', ''];
      const { server, database } = r.cpu;
      return [
        server === null ? '' : server.toFixed(2),
        database === null ? '—' : database.toFixed(2),
        server === null ? '' : (server + (database ?? 0)).toFixed(2),
        r.transactions == null ? '—' : r.transactions.toFixed(1),
      ];
    };
    push(
      '### CPU per request',
      '',
      'CPU time (user + system, from /proc) spent per request during each measured run, by the server process (floor or app; on PGlite it includes the embedded database) and by the PostgreSQL backends serving it, and the database transactions committed per request (from `pg_stat_database`; each autocommit statement is one, so this counts round trips that write or read outside a transaction). On 2 cores shared by all of them, CPU per request is what sets the ceiling.',
      '',
      row([
        'Endpoint',
        ...withCpu.flatMap((s) => [
          `${s.id} server ms`,
          'PostgreSQL ms',
          'total ms',
          'transactions',
        ]),
      ]),
      row(['---', ...withCpu.flatMap(() => ['---:', '---:', '---:', '---:'])]),
      row(['floor', ...withCpu.flatMap((s) => cpuCells(s.floor ?? undefined))]),
    );
    for (const step of withCpu[0]!.ladder) {
      push(
        row([
          step.label,
          ...withCpu.flatMap((s) => cpuCells(s.ladder.find((x) => x.id === step.id)?.result)),
        ]),
      );
    }
    for (const t of withCpu[0]!.targets) {
      push(
        row([
          t.label,
          ...withCpu.flatMap((s) => cpuCells(s.targets.find((x) => x.id === t.id)?.result)),
        ]),
      );
    }
    push('');
  }
  if (report.profile) {
    const { app, floor, target } = report.profile;
    const floorOf = (owner: string) => floor?.owners.find((o) => o.owner === owner)?.perRequest;
    const shown = app.owners.filter((o) => o.share >= 0.01).slice(0, 14);
    const others = app.busyPerRequest - shown.reduce((sum, o) => sum + o.perRequest, 0);
    push(
      `### CPU profile: ${target} against the floor`,
      '',
      `\`node --cpu-prof\` on the app while autocannon ran the endpoint, and on the floor while it ran its page, each in a fresh process for the same time (${app.requests.toLocaleString('en-US')} and ${(floor?.requests ?? 0).toLocaleString('en-US')} requests). Self time by where the code lives, idle excluded, in milliseconds per request, counting only the samples taken during the measured run (start-up and warm-up excluded). V8 samples the main thread on a wall clock, so a frame is charged while the thread is in it even when the kernel has switched to another process: \`native: writev\` (a query or response written to a socket) includes the time the PostgreSQL backend it woke ran on the same core. The true CPU of each process is in the table above; read this one for where the app differs from the floor:`,
      '',
      '| Where | app ms/request | floor ms/request | app share |',
      '| --- | ---: | ---: | ---: |',
      ...shown.map((o) =>
        row([o.owner, o.perRequest.toFixed(3), floorOf(o.owner)?.toFixed(3) ?? '—', pct(o.share)]),
      ),
      row(['everything else', others.toFixed(3), '', '']),
      row([
        '**total (main thread not idle)**',
        `**${app.busyPerRequest.toFixed(3)}**`,
        floor ? `**${floor.busyPerRequest.toFixed(3)}**` : '—',
        '100%',
      ]),
      '',
    );
    const hot = app.appFunctions.filter((f) => f.share >= 0.005);
    push(
      hot.length > 0
        ? `Hottest functions of the app's own code: ${hot.map((f) => `${f.name} ${pct(f.share)}`).join(', ')}.`
        : "The app's own code (server/features, plugins, lib) takes under 1% of the busy CPU: the time is in the libraries it calls and in Node's HTTP stack.",
      '',
    );
  }
  if (report.logging) {
    const { normal, quiet, level } = report.logging;
    const cpuOf = (r: LoadResult) => (r.cpu?.server == null ? '' : r.cpu.server.toFixed(2));
    push(
      '### Request logging',
      '',
      `The profiled endpoint (${report.profile?.target ?? 'GET /api/patients?limit=50'}) with the production log level (${level}: one line for each refused or failed answer, none for a successful one) and with request logging off (LOG_LEVEL=warn), each in its own app process. The server CPU per request is the steadier comparison on a shared machine:`,
      '',
      '| Log level | req/s | p50 ms | p99 ms | server CPU ms/request |',
      '| --- | ---: | ---: | ---: | ---: |',
      row([level, int(normal.rps), ms(normal.p50), ms(normal.p99), cpuOf(normal)]),
      row(['warn', int(quiet.rps), ms(quiet.p50), ms(quiet.p99), cpuOf(quiet)]),
      '',
    );
    if (normal.cpu?.server != null && quiet.cpu?.server != null) {
      push(
        `Request logging costs ${(normal.cpu.server - quiet.cpu.server).toFixed(2)} ms of server CPU per request (${pct(Math.max(0, 1 - quiet.cpu.server / normal.cpu.server))} of the app process's CPU).`,
        '',
      );
    }
  }
  const sampled = report.scenarios.filter((s) => s.driver === 'postgres');
  if (sampled.length > 0) {
    push(
      '### What PostgreSQL was running',
      '',
      'Sampled from `pg_stat_activity` every 100 ms during each measured run: the mean number of statements running at once, and the statements seen most often (share of samples).',
      '',
      '| Scenario | Endpoint | mean running | most seen statements |',
      '| --- | --- | ---: | --- |',
    );
    for (const s of sampled) {
      for (const t of s.targets) {
        if (!t.database || t.database.samples === 0) continue;
        const top = t.database.top
          .map((q) => `${pct(q.share)}: \`${q.query.replaceAll('|', '\\|').replaceAll('`', "'")}\``)
          .join('<br>');
        push(row([s.id, t.label, t.database.busy.toFixed(2), top || '—']));
      }
    }
    push('');
  }

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

  push('## Client weight', '');
  if (report.client) {
    push(
      "From the production build (same `vite.config.ts`, built with a manifest): what a first visit to each route downloads before it renders: the entry chunk with its static imports and CSS, plus the route's lazily loaded page chunk with its static imports and CSS (what Vite preloads). Sizes gzipped at level 9; fonts and images not included.",
      '',
      '| Route | JS files | JS gzipped | CSS gzipped | JS uncompressed | target |',
      '| --- | ---: | ---: | ---: | ---: | --- |',
    );
    for (const r of report.client) {
      const target =
        r.route === '/login'
          ? r.jsGzip / 1024 <= LOGIN_JS_TARGET_KB
            ? `≤ ${LOGIN_JS_TARGET_KB} KB: met`
            : `≤ ${LOGIN_JS_TARGET_KB} KB: **over**`
          : '';
      push(
        row([
          `${r.route}${r.page ? '' : ' (page chunk not found)'}`,
          String(r.jsFiles),
          `${kb(r.jsGzip)} KB`,
          `${kb(r.cssGzip)} KB`,
          `${kb(r.jsRaw)} KB`,
          target,
        ]),
      );
    }
    push('');
    if (report.assetEncoding) {
      push(
        report.assetEncoding === 'none'
          ? '**The production server sends these files uncompressed** (no `content-encoding` on the entry script for a browser that accepts gzip and br): a first visit transfers the uncompressed sizes. Serving precompressed files (`.gz`/`.br` written at build time, `preCompressed: true` in @fastify/static) or @fastify/compress would bring the transfer down to the gzipped column.'
          : `The production server sends the entry script with \`content-encoding: ${report.assetEncoding}\`.`,
        '',
      );
    }
    const login = report.client.find((r) => r.route === '/login');
    if (login) {
      push(
        "What /login loads, largest files first (gzipped size; contents by share of the chunk's code):",
        '',
      );
      for (const chunk of login.largest) {
        const owners = report.chunkContents.get(chunk.file);
        let inside = '';
        if (owners) {
          const total = [...owners.values()].reduce((a, b) => a + b, 0) || 1;
          inside = [...owners.entries()]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([owner, bytes]) => `${owner} ${pct(bytes / total)}`)
            .join(', ');
        }
        push(`- \`${chunk.file}\`: ${kb(chunk.gzip)} KB${inside ? ` (${inside})` : ''}`);
      }
      push('');
    }
  } else {
    push(report.clientNote || 'not measured', '');
  }

  push('## Lighthouse', '');
  if (report.lighthouse.length > 0) {
    push(
      'Lighthouse (default mobile profile with simulated throttling) against the app on PostgreSQL 10k, served by the production server, signed in by session cookie for the dashboards.',
      '',
      '| Route | performance | accessibility | note |',
      '| --- | ---: | ---: | --- |',
      ...report.lighthouse.map((l) =>
        row([l.route, String(l.performance ?? '—'), String(l.accessibility ?? '—'), l.error ?? '']),
      ),
      '',
    );
  } else {
    push(report.lighthouseNote || 'not measured', '');
  }

  push(
    '## How each figure was measured',
    '',
    `- **Runs.** \`npm run bench\` builds the client (Vite, with a manifest) and the server (tsc) into \`.tmp/bench-*\`, then for each database and size: generates the data, starts the floor server in its own process, measures it, stops it, starts the real app (\`node <build>/server/main.js\`, LOG_LEVEL=${report.settings.logLevel} as in production, CLIENT_DIST_DIR set) in its own process, and measures each endpoint. autocannon runs in the bench process; the app, the floor and PostgreSQL in their own processes, all on 127.0.0.1.`,
    report.processModel
      ? `- **Why separate processes.** The floor measured from its own process answered ${int(report.processModel.child.rps)} req/s (p99 ${ms(report.processModel.child.p99)} ms); the same floor inside the bench process, sharing one event loop with autocannon, ${int(report.processModel.inProcess.rps)} req/s (p99 ${ms(report.processModel.inProcess.p99)} ms)${report.processModel.inProcess.rps >= report.processModel.child.rps * 0.9 ? ': about the same, because the floor spends little CPU of its own (its cost is in PostgreSQL and the kernel). The app spends several times more CPU per request (see "CPU per request"), which inside the bench process would compete with autocannon for one event loop' : ': the shared event loop costs throughput'}. So every server (floor and app) runs as a child process, as in production, and autocannon alone in the bench process.`
      : '- **Why separate processes.** A server inside the bench process would share one event loop with autocannon; every server (floor and app) runs as a child process and autocannon alone in the bench process.',
    '- **Sessions.** Bench users and their sessions are created directly in the database (`createSession` from server/plugins/auth.ts); requests carry `Authorization: Bearer <token>`. The supervisor is a doctor with supervisor privileges (sees all patients), the doctor an editor with 20 patients on their care team, the patient a patient account linked to its record.',
    "- **Endpoints.** The list of endpoints is data: an endpoint whose route is not in `/api/openapi.json` is reported as not available, and one whose first request fails is reported with its answer instead of being loaded. The patient dashboard's four calls carry the query strings the dashboard sends (client/features/dashboards/patient-dashboard-page.tsx). POST /api/appointments sends a fresh JSON body per request (a distinct future minute, rotating through the patients of a second doctor, so the measured doctor's lists keep the size the generator gave them).",
    "- **Floor.** `bench/floor.ts`: Fastify with no plugins, the same database driver and pool size as the app, `select <patient columns> from patients where deleted_at is null order by last_name, first_name, id limit 50`, serialized by Fastify's default JSON serializer.",
    '- **PostgreSQL** databases are created per size (`eldercare_bench_<time>_<size>`) on BENCH_DATABASE_URL and dropped at the end; **PGlite** runs on a temporary data directory, opened by one process at a time.',
    '- **Client weight.** Route to page module from `client/app/router.tsx`; chunks and CSS from `.vite/manifest.json`; module contents from the bundle (Rollup `renderedLength`, before minification, so shares are approximate).',
    '',
  );

  writeFileSync(file, lines.join('\n'));
}
