import { int, mb, ms, row, type Push } from './report-format.ts';
import type { Report } from './report-types.ts';

/** One way of starting the app: milliseconds from spawn, per start. */
export interface StartupCase {
  id: string;
  label: string;
  /** Spawn to the first HTTP answer of GET /api/health, whatever its status. */
  firstAnswer: number[];
  /** Spawn to the first 200 of GET /api/health (its body says `ready: true`). */
  ready: number[];
  error?: string;
}

/** One time window of the soak. */
export interface SoakWindow {
  /** Seconds from the soak's start to the window's end. */
  endSeconds: number;
  requests: number;
  /** Non-2xx answers, socket errors and timeouts. */
  errors: number;
  p50: number;
  p99: number;
  /** The app's VmRSS at the window's end, in bytes. */
  rss: number | null;
}

export interface Soak {
  seconds: number;
  connections: number;
  /** The request mix: one line per request of a connection's cycle. */
  mix: string[];
  rssStart: number | null;
  windows: SoakWindow[];
  /** The app's VmHWM at the end, in bytes. */
  peakRss: number | null;
  statuses: Record<string, number>;
}

/** One audit screen query, timed through the app and explained in the database. */
export interface AuditQueryResult {
  id: string;
  label: string;
  requests: number;
  errors: number;
  median: number;
  p99: number;
  /** The page query's plan, summarised; then the bounded count's. */
  plan: string;
  countPlan: string;
}

export interface AuditScale {
  rows: number;
  users: number;
  patients: number;
  years: number;
  /** The INSERT ... SELECT batches, indexes dropped. */
  fillSeconds: number;
  /** Building the secondary indexes once the rows are in. */
  indexSeconds: number;
  analyzeSeconds: number;
  tableBytes: number;
  indexBytes: number;
  indexes: { name: string; bytes: number }[];
  queries: AuditQueryResult[];
}

/** The reliability stages' figures (startup.ts, soak.ts, audit-scale.ts). */
export interface Reliability {
  startup: StartupCase[] | null;
  startupNote: string;
  soak: Soak | null;
  soakNote: string;
  audit: AuditScale | null;
  auditNote: string;
}

export const emptyReliability = (): Reliability => ({
  startup: null,
  startupNote: '',
  soak: null,
  soakNote: '',
  audit: null,
  auditNote: '',
});

/** The value at quantile q (0..1) of the samples, nearest rank; NaN for none. */
export function quantile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

/** The median: the mean of the two middle values for an even count. */
export function median(samples: number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Window lengths in seconds that add up to `total`: a minute each, or fifths of a shorter run. */
export function soakWindows(total: number): number[] {
  const length = total >= 300 ? 60 : Math.max(1, Math.round(total / 5));
  const windows: number[] = [];
  for (let left = total; left > 0; left -= length) windows.push(Math.min(length, left));
  return windows;
}

/** A node of PostgreSQL's `EXPLAIN (FORMAT JSON)` plan. */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Sort Method'?: string;
  Plans?: PlanNode[];
}

/**
 * One line for an `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)` result: the scans of the plan with
 * their index (or "Seq Scan"), rows returned and rows discarded by a filter, the sorts, the
 * buffers of the whole plan and the execution time.
 */
export function planSummary(explained: { Plan: PlanNode; 'Execution Time'?: number }): string {
  const parts: string[] = [];
  const visit = (node: PlanNode) => {
    const type = node['Node Type'];
    const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
    if (type.includes('Scan') && (node['Relation Name'] || node['Index Name'])) {
      const removed =
        (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
      const how = node['Index Name'] ? `${type} using ${node['Index Name']}` : type;
      parts.push(
        `${how}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}: ${int(rows)} rows` +
          (removed ? `, ${int(removed)} removed by filter` : ''),
      );
    } else if (type.includes('Sort')) {
      parts.push(`${type}${node['Sort Method'] ? ` (${node['Sort Method']})` : ''}`);
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(explained.Plan);
  const hit = explained.Plan['Shared Hit Blocks'] ?? 0;
  const read = explained.Plan['Shared Read Blocks'] ?? 0;
  const time = explained['Execution Time'];
  return (
    `${parts.join('; ')}; buffers ${int(hit)} hit, ${int(read)} read` +
    (time === undefined ? '' : `; ${ms(time)} ms`)
  );
}

const mbOrDash = (bytes: number | null) => (bytes === null ? '—' : mb(bytes));
const gb = (bytes: number) => (bytes / 1e9).toFixed(2);

/** Start-up: one row per way of starting, medians of its starts. */
export function startupSection(r: Reliability, push: Push): void {
  push('### Start-up time to first answer', '');
  if (!r.startup) {
    push(`Not measured: ${r.startupNote || 'the stage was not run'}.`, '');
    return;
  }
  push(
    'The built app (`node <build>/server/main.js`) spawned by the bench, GET /api/health polled every 10 ms from the spawn: the time to its first answer (any status) and to its first 200 (`ready: true`: the database answered a query). Each start is a new process; the app runs the migrations at start, so an empty database is migrated within the time shown. Median of the starts, slowest in brackets.',
    '',
    '| Database | starts | first answer, ms | first 200 (ready), ms |',
    '| --- | ---: | ---: | ---: |',
  );
  for (const c of r.startup) {
    if (c.error) {
      push(row([c.label, String(c.ready.length), '—', `failed: ${c.error}`]));
      continue;
    }
    const cell = (values: number[]) => `${int(median(values))} (${int(Math.max(...values))})`;
    push(row([c.label, String(c.ready.length), cell(c.firstAnswer), cell(c.ready)]));
  }
  push('');
}

/** The soak: one row per window, then the totals and the memory at start and end. */
export function soakSection(r: Reliability, push: Push): void {
  push('### Bounded soak', '');
  const s = r.soak;
  if (!s) {
    push(`Not measured: ${r.soakNote || 'the stage was not run'}.`, '');
    return;
  }
  const requests = s.windows.reduce((sum, w) => sum + w.requests, 0);
  const errors = s.windows.reduce((sum, w) => sum + w.errors, 0);
  push(
    `${s.connections} connections for ${s.seconds} s against the app on PostgreSQL with the 10k data, as consecutive autocannon windows (each window's own p50/p99). Each connection cycles through: ${s.mix.join(', ')}. Errors are non-2xx answers, socket errors and timeouts (10 s). Server RSS is VmRSS of the app process at each window's end.`,
    '',
    '| window end, s | requests | req/s | errors | p50 ms | p99 ms | server RSS, MB |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  let start = 0;
  for (const w of s.windows) {
    push(
      row([
        String(Math.round(w.endSeconds)),
        int(w.requests),
        int(w.requests / Math.max(w.endSeconds - start, 0.001)),
        w.errors === 0 ? '0' : `**${int(w.errors)}**`,
        ms(w.p50),
        ms(w.p99),
        mbOrDash(w.rss),
      ]),
    );
    start = w.endSeconds;
  }
  const statuses = Object.entries(s.statuses)
    .map(([code, n]) => `${code}: ${int(n)}`)
    .join(', ');
  const last = s.windows.at(-1);
  push(
    '',
    `**In all:** ${int(requests)} requests, ${errors === 0 ? 'no errors' : `**${int(errors)} errors**`} (answers ${statuses || 'none'}); server RSS ${mbOrDash(s.rssStart)} MB before the first request, ${mbOrDash(last?.rss ?? null)} MB at the end, peak ${mbOrDash(s.peakRss)} MB.`,
    '',
  );
}

/** The audit log at scale: the fill, the sizes, then each query's timings and plan. */
export function auditScaleSection(r: Reliability, push: Push): void {
  push('### Audit log at scale', '');
  const a = r.audit;
  if (!a) {
    push(`Not measured: ${r.auditNote || 'the stage was not run'}.`, '');
    return;
  }
  push(
    `A fresh PostgreSQL database migrated by the app, \`audit_log\` filled with ${int(a.rows)} rows by \`INSERT ... SELECT generate_series\` in batches with the secondary indexes dropped (then built once, as a restore does): times rising evenly over ${a.years} years, ${int(a.users)} users, ${int(a.patients)} patients (15% of rows without one), mostly reads. ` +
      `Fill ${a.fillSeconds.toFixed(0)} s (${int(a.rows / Math.max(a.fillSeconds, 0.001))} rows/s), indexes ${a.indexSeconds.toFixed(0)} s, ANALYZE ${a.analyzeSeconds.toFixed(0)} s. ` +
      `Table ${gb(a.tableBytes)} GB, indexes ${gb(a.indexBytes)} GB (${a.indexes.map((i) => `${i.name} ${gb(i.bytes)}`).join(', ')}).`,
    '',
    "Each query is the audit screen's first page (`GET /api/audit`, 50 rows, newest first) as an admin, sent one at a time through the built app with a different id or span each time; the plan is PostgreSQL's `EXPLAIN (ANALYZE, BUFFERS)` of the same page query and of its bounded count, for one of those values.",
    '',
    '| Query | requests | errors | median ms | p99 ms | page plan | count plan |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- |',
  );
  for (const q of a.queries) {
    push(
      row([
        q.label,
        int(q.requests),
        q.errors === 0 ? '0' : `**${int(q.errors)}**`,
        ms(q.median),
        ms(q.p99),
        q.plan,
        q.countPlan,
      ]),
    );
  }
  push('');
}

/** The three reliability stages under one heading. */
export function reliabilitySection(report: Report, push: Push): void {
  push('## Reliability', '');
  startupSection(report.reliability, push);
  soakSection(report.reliability, push);
  auditScaleSection(report.reliability, push);
}
