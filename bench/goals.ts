import type { LighthouseResult } from './lighthouse.ts';
import type { LoadResult } from './load.ts';
import { memoryGrowth, REST_MS } from './memory.ts';
import { kb, mb, ms, pct, ratio, row, type Push } from './report-format.ts';
import type { Report, Scenario, TargetResult } from './report-types.ts';

/** The goals of issue 23, each figure of the "Goals" section is set beside one of them. */
export const GOALS = {
  /** Every read endpoint's throughput over the read floor, PostgreSQL, at every size. */
  readFloor: 0.7,
  /** Every write endpoint's throughput over the write floor, PostgreSQL, at every size. */
  writeFloor: 0.6,
  /** Every read endpoint's throughput over PGlite's own floor. */
  pgliteFloor: 0.5,
  /** Flat: the larger size (or care team) at this share of the smaller's throughput or more. */
  flat: 0.8,
  /** p99 latency at the bench's connections (50), PostgreSQL. */
  p99Ms: 100,
  /** Lighthouse performance score (mobile). */
  lighthouse: 90,
  /** Gzipped JavaScript of /login, and of every other first screen, in KB. */
  loginKb: 150,
  firstScreenKb: 250,
  /** Cumulative layout shift. */
  cls: 0.05,
  /** Resident memory growth from the first target's end to the last's, as a share. */
  memoryGrowth: 0.1,
} as const;

/** Met, not met, or not measured (null). */
export type Verdict = boolean | null;

/** Not met if any is not met; not measured if any is not measured; met otherwise. */
export function allMet(verdicts: Verdict[]): Verdict {
  if (verdicts.some((v) => v === false)) return false;
  if (verdicts.length === 0 || verdicts.some((v) => v === null)) return null;
  return true;
}

export const verdictText = (v: Verdict): string =>
  v === null ? 'not measured' : v ? 'met' : '**not met**';

/** At least `goal` (null when the figure is missing). */
export const atLeast = (value: number | null | undefined, goal: number): Verdict =>
  value == null ? null : value >= goal;
/** At most `goal` (null when the figure is missing). */
export const atMost = (value: number | null | undefined, goal: number): Verdict =>
  value == null ? null : value <= goal;

/** The floor a target is compared with in its scenario: the write floor for writes of a record. */
export function floorFor(
  scenario: Scenario,
  target: Pick<TargetResult, 'floor'>,
): LoadResult | null {
  return target.floor === 'write' ? (scenario.writeFloor ?? null) : scenario.floor;
}

/** A result's throughput over a floor's; null when either is missing or the floor did nothing. */
export function floorRatio(
  result: LoadResult | undefined | null,
  floor: LoadResult | undefined | null,
): number | null {
  return result && floor && floor.rps > 0 ? result.rps / floor.rps : null;
}

/** The larger size's throughput over the smaller's (1.00 = flat). */
export function flatness(
  small: LoadResult | undefined | null,
  large: LoadResult | undefined | null,
): number | null {
  return small && large && small.rps > 0 ? large.rps / small.rps : null;
}

/** A figure with its goal: bold when it misses it, a dash when it was not measured. */
const shown = (value: number | null, verdict: Verdict, format = ratio) =>
  value === null ? '—' : verdict === false ? `**${format(value)}**` : format(value);

/** The scenarios of one database, smallest first (as the bench runs them). */
const scenariosOf = (report: Report, driver: 'postgres' | 'pglite') =>
  report.scenarios.filter((s) => s.driver === driver);

export interface FloorGoalRow {
  id: string;
  label: string;
  /** The endpoint over its floor at each size, smallest first. */
  ratios: (number | null)[];
  /** Largest size over smallest (null with one size). */
  flat: number | null;
  /** The worst p99 over the sizes, in ms. */
  p99: number | null;
  verdict: Verdict;
}

/**
 * Every PostgreSQL endpoint compared with `floor` ('read': lists and dashboards against the read
 * floor, with p99; 'write': writes of a record against the write floor), at each size.
 */
export function floorGoalRows(scenarios: Scenario[], floor: 'read' | 'write'): FloorGoalRow[] {
  const first = scenarios[0];
  if (!first) return [];
  const goal = floor === 'read' ? GOALS.readFloor : GOALS.writeFloor;
  const chosen = first.targets.filter((t) =>
    floor === 'write' ? t.floor === 'write' : t.floor !== 'write' && t.kind !== 'write',
  );
  return chosen.map((t) => {
    const results = scenarios.map((s) => s.targets.find((x) => x.id === t.id));
    const ratios = scenarios.map((s, i) => floorRatio(results[i]?.result, floorFor(s, t)));
    const flat = scenarios.length > 1 ? flatness(results[0]?.result, results.at(-1)?.result) : null;
    const p99s = results.map((r) => r?.result?.p99 ?? null);
    const p99 = p99s.some((p) => p === null) ? null : Math.max(...(p99s as number[]));
    const verdicts = [
      ...ratios.map((r) => atLeast(r, goal)),
      scenarios.length > 1 ? atLeast(flat, GOALS.flat) : null,
      ...(floor === 'read' ? [p99 === null ? null : p99 < GOALS.p99Ms] : []),
    ];
    return { id: t.id, label: t.label, ratios, flat, p99, verdict: allMet(verdicts) };
  });
}

export interface TeamGoalRow {
  label: string;
  /** Per scenario: the largest team's throughput over the smallest's. */
  flat: (number | null)[];
  verdict: Verdict;
}

/**
 * Care-team flatness: targets whose ids differ only by `-team-<size>` are one endpoint at
 * several team sizes; each row compares the largest team with the smallest in every scenario.
 */
export function teamGoalRows(scenarios: Scenario[]): TeamGoalRow[] {
  const first = scenarios[0];
  if (!first) return [];
  const groups = new Map<string, { size: number; id: string; label: string }[]>();
  for (const t of first.targets) {
    const match = /^(.*)-team-(\d+)(.*)$/.exec(t.id);
    if (!match) continue;
    const key = `${match[1]}-team-*${match[3]}`;
    const list = groups.get(key) ?? [];
    list.push({ size: Number(match[2]), id: t.id, label: t.label });
    groups.set(key, list);
  }
  const rows: TeamGoalRow[] = [];
  for (const list of groups.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.size - b.size);
    const small = list[0]!;
    const large = list.at(-1)!;
    const flat = scenarios.map((s) =>
      flatness(
        s.targets.find((t) => t.id === small.id)?.result,
        s.targets.find((t) => t.id === large.id)?.result,
      ),
    );
    rows.push({
      label: `${large.label.replace(/\s*\(.*$/, '')}: care team of ${large.size.toLocaleString('en-US')} ÷ ${small.size.toLocaleString('en-US')}`,
      flat,
      verdict: allMet(flat.map((f) => atLeast(f, GOALS.flat))),
    });
  }
  return rows;
}

export interface PgliteGoalRow {
  label: string;
  /** Over PGlite's read floor for reads; over its write floor for writes (no goal). */
  ratio: number | null;
  floor: 'read' | 'write';
  timeouts: number | null;
  errors: number | null;
  verdict: Verdict;
}

/** Every endpoint on PGlite: its ratio to PGlite's own floor and its time-outs. */
export function pgliteGoalRows(scenario: Scenario): PgliteGoalRow[] {
  return scenario.targets.map((t) => {
    const r = t.result;
    const read = t.floor !== 'write' && t.kind !== 'write';
    const value = floorRatio(r, floorFor(scenario, t));
    const timeouts = r ? (r.timeouts ?? null) : null;
    return {
      label: t.label,
      ratio: value,
      floor: t.floor === 'write' ? 'write' : 'read',
      timeouts,
      errors: r ? r.errors : null,
      verdict: allMet([
        // No answer within the run at all: every request was still queued when it ended.
        r && r.requests === 0 ? false : read ? atLeast(value, GOALS.pgliteFloor) : r ? true : null,
        timeouts === null ? null : timeouts === 0,
      ]),
    };
  });
}

export interface MemoryGoalRow {
  scenario: string;
  /** VmRSS after start-up, after the first target (warm), after the last, and VmHWM, in bytes. */
  boot: number;
  warm: number | null;
  end: number;
  peak: number;
  /** VmRSS after the first target and after the last, each once the app had rested (REST_MS). */
  warmRest: number | null;
  endRest: number | null;
  /**
   * Growth from the first target's end to the last's: at rest when both were read there (what
   * the app keeps), else right after the loads (warm, or start-up when no target reported).
   */
  growth: number;
  verdict: Verdict;
}

/** The app's resident memory in each scenario where it was read. */
export function memoryGoalRows(report: Report): MemoryGoalRow[] {
  const rows: MemoryGoalRow[] = [];
  for (const s of report.scenarios) {
    const m = s.memory;
    if (!m) continue;
    const warm = s.targets.find((t) => t.result?.rss != null)?.result?.rss ?? null;
    const warmRest = m.warmRest ?? null;
    const endRest = m.endRest ?? null;
    const growth =
      warmRest !== null && endRest !== null
        ? memoryGrowth({ start: warmRest, end: endRest, peak: m.peak })
        : memoryGrowth({ ...m, start: warm ?? m.start });
    rows.push({
      scenario: s.id,
      boot: m.start,
      warm,
      end: m.end,
      peak: m.peak,
      warmRest,
      endRest,
      growth,
      verdict: atMost(growth, GOALS.memoryGrowth),
    });
  }
  return rows;
}

/** Lighthouse's CLS when the page's result carries it (read from the report by lighthouse.ts). */
const clsOf = (l: LighthouseResult): number | null =>
  (l as LighthouseResult & { cls?: number | null }).cls ?? null;

const megabytes = (bytes: number) => `${mb(bytes)} MB`;

/** How PGlite serializes requests: what the PGlite goal is measured against. */
export const PGLITE_QUEUEING =
  "PGlite (server/db/client.ts opens one `PGlite` instance per process) runs PostgreSQL compiled to WebAssembly on the server's one JavaScript thread. Every query goes through PGlite's own two mutexes: `query()` and `exec()` wait for the transaction mutex (no query starts while another request's transaction is open) and then the query mutex (one statement at a time), and `transaction()` holds the transaction mutex from BEGIN to COMMIT. While a statement runs the event loop is busy, so the server reads no new request meanwhile. The app queues its own API requests in front of that (`server/lib/request-gate.ts`): in arrival order, let in by turns of the event loop (one at the start of a turn, more only while the turn has lasted under 10 ms, at most 4 at once), so between turns the server reads what has arrived and every request waits about as long as every other. At 50 connections a request waits for the ones ahead of it; one still waiting after autocannon's 10 s time-out counts as a time-out.";

/** The "Goals" section: each goal of issue 23 with its figures beside it, met or not. */
export function goalsSection(report: Report, push: Push): void {
  push(
    '## Goals',
    '',
    'Each goal of issue 23 beside the figures of this run, met or **not met**; "not measured" when this run did not measure it (a focused or quick run, or a stage that failed). "÷ floor" is the endpoint\'s requests per second over the floor\'s on the same database in the same run; flat is the larger size over the smaller (at least ' +
      `${GOALS.flat} is met: slower by at most 20%).`,
    '',
  );
  const pg = scenariosOf(report, 'postgres');
  const sizes = pg.map((s) => s.size.label);

  push(
    `### 1. Reads on PostgreSQL: ÷ floor ≥ ${GOALS.readFloor} at every size, flat, p99 < ${GOALS.p99Ms} ms at ${report.settings.connections} connections`,
    '',
  );
  const reads = floorGoalRows(pg, 'read');
  if (reads.length === 0) push('Not measured in this run.', '');
  else {
    push(
      row([
        'Endpoint',
        ...sizes.map((l) => `${l} ÷ floor`),
        ...(pg.length > 1 ? [`${sizes.at(-1)} ÷ ${sizes[0]}`] : []),
        'worst p99 ms',
        'goal',
      ]),
      row(['---', ...sizes.map(() => '---:'), ...(pg.length > 1 ? ['---:'] : []), '---:', '---']),
    );
    for (const r of reads) {
      push(
        row([
          r.label,
          ...r.ratios.map((x) => shown(x, atLeast(x, GOALS.readFloor))),
          ...(pg.length > 1 ? [shown(r.flat, atLeast(r.flat, GOALS.flat))] : []),
          shown(r.p99, r.p99 === null ? null : r.p99 < GOALS.p99Ms, ms),
          verdictText(r.verdict),
        ]),
      );
    }
    push('');
  }
  const teams = teamGoalRows(pg);
  push('Flat from a care team of 10 to 10,000 (the largest team over the smallest):', '');
  if (teams.length === 0) push('Not measured in this run (no care-team targets).', '');
  else {
    push(
      row(['Endpoint', ...sizes.map((l) => `${l}: largest ÷ smallest team`), 'goal']),
      row(['---', ...sizes.map(() => '---:'), '---']),
      ...teams.map((t) =>
        row([
          t.label,
          ...t.flat.map((f) => shown(f, atLeast(f, GOALS.flat))),
          verdictText(t.verdict),
        ]),
      ),
      '',
    );
  }

  push(`### 2. Writes on PostgreSQL: ÷ write floor ≥ ${GOALS.writeFloor} at every size, flat`, '');
  const writeFloors = pg.map((s) => s.writeFloor ?? null);
  const writes = floorGoalRows(pg, 'write');
  if (writes.length === 0) push('Not measured in this run.', '');
  else {
    push(
      `The write floor (bare Fastify and pg: the appointment, its notices and its audit row in one transaction) answered ${pg.map((s, i) => `${writeFloors[i] ? Math.round(writeFloors[i].rps).toLocaleString('en-US') : '—'} req/s at ${s.size.label}`).join(', ')}.`,
      '',
      row([
        'Endpoint',
        ...sizes.map((l) => `${l} ÷ write floor`),
        ...(pg.length > 1 ? [`${sizes.at(-1)} ÷ ${sizes[0]}`] : []),
        'goal',
      ]),
      row(['---', ...sizes.map(() => '---:'), ...(pg.length > 1 ? ['---:'] : []), '---']),
      ...writes.map((r) =>
        row([
          r.label,
          ...r.ratios.map((x) => shown(x, atLeast(x, GOALS.writeFloor))),
          ...(pg.length > 1 ? [shown(r.flat, atLeast(r.flat, GOALS.flat))] : []),
          verdictText(r.verdict),
        ]),
      ),
      '',
    );
  }

  push(
    `### 3. PGlite: reads ÷ its floor ≥ ${GOALS.pgliteFloor}, no time-out at ${report.settings.connections} connections`,
    '',
    PGLITE_QUEUEING,
    '',
  );
  const pglite = scenariosOf(report, 'pglite');
  if (pglite.length === 0) push('Not measured in this run.', '');
  for (const s of pglite) {
    push(
      `PGlite ${s.size.label}:`,
      '',
      row(['Endpoint', '÷ its floor', 'time-outs', 'all errors', 'goal']),
      row(['---', '---:', '---:', '---:', '---']),
      ...pgliteGoalRows(s).map((r) =>
        row([
          r.label,
          r.ratio === null
            ? '—'
            : r.floor === 'write'
              ? `${ratio(r.ratio)} (write floor; no goal)`
              : shown(r.ratio, atLeast(r.ratio, GOALS.pgliteFloor)),
          r.timeouts === null ? '—' : r.timeouts === 0 ? '0' : `**${r.timeouts}**`,
          r.errors === null ? '—' : String(r.errors),
          verdictText(r.verdict),
        ]),
      ),
      '',
    );
  }

  push(
    `### 4. Client: Lighthouse performance ≥ ${GOALS.lighthouse} (mobile), /login ≤ ${GOALS.loginKb} KB and other first screens ≤ ${GOALS.firstScreenKb} KB of gzipped JavaScript, CLS ≤ ${GOALS.cls}`,
    '',
  );
  if (report.lighthouse.length === 0) {
    push(`Lighthouse: not measured (${report.lighthouseNote || 'not run'}).`, '');
  } else {
    push(
      '| Page | performance | CLS | goal |',
      '| --- | ---: | ---: | --- |',
      ...report.lighthouse.map((l) => {
        const perf = atLeast(l.performance, GOALS.lighthouse);
        const cls = clsOf(l);
        const clsMet = atMost(cls, GOALS.cls);
        return row([
          l.route,
          l.performance == null ? '—' : shown(l.performance, perf, String),
          cls === null ? '—' : shown(cls, clsMet, (n) => n.toFixed(3)),
          verdictText(allMet([perf, clsMet])),
        ]);
      }),
      '',
    );
  }
  if (!report.client) push(`Client weight: not measured (${report.clientNote || 'not run'}).`, '');
  else {
    push(
      '| Route | gzipped JS KB | budget KB | goal |',
      '| --- | ---: | ---: | --- |',
      ...report.client.map((r) => {
        const budget = r.route === '/login' ? GOALS.loginKb : GOALS.firstScreenKb;
        const met = atMost(r.jsGzip / 1024, budget);
        return row([r.route, shown(r.jsGzip, met, kb), String(budget), verdictText(met)]);
      }),
      '',
    );
  }

  push(
    `### 5. Memory: the app's resident memory after the load, no growth over the run (at most ${pct(GOALS.memoryGrowth)} from the end of the first endpoint's run to the end of the last, both read once the app has rested ${REST_MS / 1000} s)`,
    '',
  );
  const memory = memoryGoalRows(report);
  if (memory.length === 0) push('Not measured in this run (needs /proc: Linux).', '');
  else {
    push(
      '| Scenario | after start-up | after the first endpoint | at rest after it | after the last | at rest after it | peak (VmHWM) | growth | goal |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...memory.map((m) =>
        row([
          m.scenario,
          megabytes(m.boot),
          m.warm === null ? '—' : megabytes(m.warm),
          m.warmRest === null ? '—' : megabytes(m.warmRest),
          megabytes(m.end),
          m.endRest === null ? '—' : megabytes(m.endRest),
          megabytes(m.peak),
          m.verdict === false ? `**${pct(m.growth)}**` : pct(m.growth),
          verdictText(m.verdict),
        ]),
      ),
      '',
    );
  }
}
