import type { LoadResult } from './load.ts';
import type { Report } from './report-types.ts';
import { int, ms, pct, ratio, row, type Push } from './report-format.ts';

/** The floor with one piece of the app's work added at a time, and the app beside it. */
export function ladderSection(report: Report, push: Push): void {
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
}

/** CPU milliseconds and transactions per request, server and database. */
export function cpuSection(report: Report, push: Push): void {
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
    if (withCpu.some((s) => s.writeFloor)) {
      push(row(['write floor', ...withCpu.flatMap((s) => cpuCells(s.writeFloor ?? undefined))]));
    }
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
}

/** Where the app spends its CPU on the profiled endpoint, beside the floor. */
export function profileSection(report: Report, push: Push): void {
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
}

/** The profiled endpoint with and without request logging. */
export function loggingSection(report: Report, push: Push): void {
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
}

/** The statements PostgreSQL was running under each endpoint's load. */
export function statementsSection(report: Report, push: Push): void {
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
}
