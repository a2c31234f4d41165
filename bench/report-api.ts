import { floorFor } from './goals.ts';
import type { Report, Scenario } from './report-types.ts';
import {
  cells,
  FLAT_SHARE,
  int,
  kb,
  LOGIN_JS_TARGET_KB,
  ratio,
  RATIO_TARGET,
  row,
  type Push,
} from './report-format.ts';

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
  if (scenarios.some((s) => s.writeFloor)) {
    const writeCells = [
      '**write floor** (bare Fastify, an appointment, its notices and audit row in one transaction)',
    ];
    for (const s of scenarios)
      writeCells.push(...cells(s.writeFloor ?? undefined, s.writeFloor ?? null));
    if (scenarios.length > 1) {
      const a = scenarios[0]!.writeFloor;
      const b = scenarios.at(-1)!.writeFloor;
      writeCells.push(a && b ? ratio(b.rps / a.rps) : '');
    }
    lines.push(row(writeCells));
  }
  const ids = scenarios[0]?.targets.map((t) => t.id) ?? [];
  for (const id of ids) {
    const first = scenarios[0]!.targets.find((t) => t.id === id)!;
    const values = [first.label];
    const notes: string[] = [];
    for (const s of scenarios) {
      const t = s.targets.find((x) => x.id === id);
      values.push(...cells(t?.result, t ? floorFor(s, t) : s.floor, t?.unavailable));
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

/** What falls short of a target: errors, lists below the floor, growth with the data, /login weight. */
export function findings(report: Report): string[] {
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

/** Throughput and latency of every endpoint, one table per database. */
export function apiSection(report: Report, push: Push): void {
  const m = report.machine;
  push(
    '## API throughput and latency',
    '',
    `autocannon, ${report.settings.connections} connections over loopback, ${report.settings.seconds} s per endpoint after a ${report.settings.warmupSeconds} s warm-up. ` +
      "Errors count connection errors, time-outs and every non-2xx answer. \"÷ floor\" is the endpoint's requests per second divided by the floor's on the same database in the same run: the write floor's for the writes of a record (appointment, clinical records, dose, check-in and out, vital reading), the read floor's for the rest. " +
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
            "PGlite runs every query on the server's one JavaScript thread, one at a time (how requests queue: Goals, 3): at 50 concurrent connections requests queue behind each other, so p99 latency is long, and any request still waiting after autocannon's 10 s time-out counts as an error. It is the embedded database for trying the product and small installs; production belongs on PostgreSQL (README).",
            '',
          ]
        : []),
      ...driverTable(list),
      '',
    );
  }
}
