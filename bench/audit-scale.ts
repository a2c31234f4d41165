/**
 * The audit log at scale: a fresh PostgreSQL database migrated by the app (with a small agency
 * for its users and an admin's session), `audit_log` filled with BENCH_AUDIT_ROWS rows by
 * `INSERT ... SELECT generate_series` in batches, its secondary indexes dropped during the fill
 * and built again from the migration's own definitions afterwards (as a restore does), then
 * ANALYZE. The audit screen's first page is then asked of the built app (`GET /api/audit`) with
 * each filter the screen offers, one request at a time, and the same page query and its bounded
 * count are explained (`EXPLAIN (ANALYZE, BUFFERS)`) in the database.
 */
import pg from 'pg';
import { preparePostgres } from './datasets.ts';
import { appProgram, startProgram, type Running } from './processes.ts';
import { int } from './report-format.ts';
import {
  median,
  planSummary,
  quantile,
  type AuditQueryResult,
  type AuditScale,
  type PlanNode,
} from './report-reliability.ts';
import type { ScaleSize } from './scale.ts';
import { auditRows, baseUrl, log, logLevel } from './settings.ts';
import { authHeaders } from './targets.ts';

/** The agency whose audit trail is generated: user ids, patient ids, years of history. */
export const AUDIT_USERS = 2_000;
export const AUDIT_PATIENTS = 100_000;
export const AUDIT_YEARS = 6;
/** Rows per INSERT ... SELECT. */
const BATCH = 5_000_000;
/** Requests per query. */
const SAMPLES = 50;
/** The screen's page size (the API's default). */
const PAGE = 50;
/** lib/list.ts: the bounded count reads up to offset + limit + COUNT_AHEAD + 1 rows. */
const COUNT_BOUND = PAGE + 1000 + 1;
const DAY = 24 * 3600_000;

/** Users and sessions only: the generator's small agency, its own audit rows removed. */
const agency: ScaleSize = {
  label: 'audit',
  patients: 2_000,
  doctors: 100,
  caregivers: 200,
  rows: 1_000,
};

/** One batch of the fill: rows `from`..`to` of `total`, spread evenly over the years. */
export function fillBatchSql(from: number, to: number, total: number, firstUser: number): string {
  return `insert into audit_log (at, user_id, role, action, entity, entity_id, patient_id, outcome, ip, request_id)
    select t0 + (g::float8 / ${total}) * interval '${AUDIT_YEARS * 365} days', u,
           case when u % 5 = 0 then 'caregiver' when u % 50 = 1 then 'admin' else 'doctor' end,
           (array['read','read','read','read','read','read','list','list','update','create'])[1 + floor(r1 * 10)::int],
           (array['patient','medical-record','vital-signs','appointment','medication','prescription'])[1 + floor(r2 * 6)::int],
           p::text, p,
           case when r1 < 0.005 then 'denied' else 'success' end,
           '10.0.' || (g % 250) || '.' || (g % 199), 'req-' || g
    from (select g, now() - interval '${AUDIT_YEARS * 365} days' as t0,
                 ${firstUser} + floor(random() * ${AUDIT_USERS})::int as u,
                 case when random() < 0.85 then 1 + floor(random() * ${AUDIT_PATIENTS})::int end as p,
                 random() as r1, random() as r2
          from generate_series(${from}, ${to}) g) s`;
}

/** The columns and join of the audit screen's page (server/features/audit/audit.service.ts). */
const PAGE_SQL = `select a.id, a.at, a.user_id, u.username,
    case when u.id is null then null else u.first_name || ' ' || u.second_name end,
    a.role, a.action, a.entity, a.entity_id, a.patient_id, a.subject_user_id, a.outcome, a.ip,
    a.request_id, a.details
  from audit_log a left join users u on u.id = a.user_id`;

interface Filter {
  userId?: number;
  patientId?: number;
  from?: string;
  to?: string;
}

/** The service's conditions for a filter, as SQL with parameters. */
function whereOf(filter: Filter): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    parts.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.userId) add('a.user_id = ?', filter.userId);
  if (filter.patientId) add('a.patient_id = ?', filter.patientId);
  if (filter.from) add('a.at >= ?', filter.from);
  if (filter.to) add('a.at < ?', filter.to);
  return { where: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

async function explain(client: pg.Client, text: string, params: unknown[]): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (analyze, buffers, format json) ${text}`,
    params,
  );
  return planSummary(rows[0]!['QUERY PLAN'][0]);
}

interface QuerySpec {
  id: string;
  label: string;
  filter: (i: number) => Filter;
}

/** The screen's filters: none, a patient, a user, a week, a user over a month. */
function querySpecs(firstUser: number, start: number, span: number): QuerySpec[] {
  const at = (i: number) => start + ((i + 0.5) / SAMPLES) * span;
  const iso = (ms: number) => new Date(ms).toISOString();
  return [
    { id: 'newest', label: 'no filter (the screen as it opens)', filter: () => ({}) },
    {
      id: 'patient',
      label: 'patientId',
      filter: (i) => ({ patientId: 1 + ((i * 1999) % AUDIT_PATIENTS) }),
    },
    {
      id: 'user',
      label: 'userId',
      filter: (i) => ({ userId: firstUser + ((i * 37) % AUDIT_USERS) }),
    },
    {
      id: 'week',
      label: 'from, to: one week',
      filter: (i) => ({ from: iso(at(i)), to: iso(at(i) + 7 * DAY) }),
    },
    {
      id: 'user-month',
      label: 'userId + from, to: one month',
      filter: (i) => ({
        userId: firstUser + ((i * 37) % AUDIT_USERS),
        from: iso(at(i)),
        to: iso(at(i) + 30 * DAY),
      }),
    },
  ];
}

/** Times SAMPLES first pages of one query through the app, then explains one of them. */
async function measureQuery(
  app: Running,
  token: string,
  client: pg.Client,
  spec: QuerySpec,
): Promise<AuditQueryResult> {
  const timings: number[] = [];
  let errors = 0;
  for (let i = 0; i < SAMPLES; i += 1) {
    const filter = spec.filter(i);
    const query = new URLSearchParams(
      Object.entries(filter).map(([k, v]) => [k, String(v)] as [string, string]),
    );
    const t = performance.now();
    const res = await fetch(`${app.base}/api/audit?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    timings.push(performance.now() - t);
    if (!res.ok) errors += 1;
  }
  const { where, params } = whereOf(spec.filter(Math.floor(SAMPLES / 2)));
  const plan = await explain(
    client,
    `${PAGE_SQL} ${where} order by a.at desc, a.id desc limit ${PAGE} offset 0`,
    params,
  );
  const countPlan = await explain(
    client,
    `select count(*) from (select 1 from audit_log a ${where} limit ${COUNT_BOUND}) matching`,
    params,
  );
  const result: AuditQueryResult = {
    id: spec.id,
    label: spec.label,
    requests: SAMPLES,
    errors,
    median: median(timings),
    p99: quantile(timings, 0.99),
    plan,
    countPlan,
  };
  log(
    `audit ${spec.id}: median ${result.median.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms; ${plan}`,
  );
  return result;
}

/** Fills audit_log with `rows` rows (indexes dropped, then built), ANALYZE; returns the timings. */
async function fill(client: pg.Client, rows: number, firstUser: number, result: AuditScale) {
  await client.query('truncate audit_log restart identity');
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where tablename = 'audit_log' and indexname <> 'audit_log_pkey'`,
  );
  for (const i of indexes) await client.query(`drop index ${i.indexname}`);
  let t = performance.now();
  for (let from = 1; from <= rows; from += BATCH) {
    const to = Math.min(rows, from + BATCH - 1);
    await client.query(fillBatchSql(from, to, rows, firstUser));
    const seconds = (performance.now() - t) / 1000;
    log(`audit fill: ${int(to)} rows in ${seconds.toFixed(0)} s (${int(to / seconds)} rows/s)`);
  }
  result.fillSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  await client.query(`set maintenance_work_mem = '1GB'`);
  for (const i of indexes) await client.query(i.indexdef);
  result.indexSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  await client.query('analyze audit_log');
  result.analyzeSeconds = (performance.now() - t) / 1000;
  const { rows: sizes } = await client.query<{ name: string; bytes: string }>(
    `select c.relname as name, pg_relation_size(c.oid) as bytes
     from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid = 'audit_log'::regclass order by c.relname`,
  );
  result.indexes = sizes.map((s) => ({ name: s.name, bytes: Number(s.bytes) }));
  result.indexBytes = result.indexes.reduce((sum, i) => sum + i.bytes, 0);
  const { rows: table } = await client.query<{ bytes: string }>(
    `select pg_table_size('audit_log') as bytes`,
  );
  result.tableBytes = Number(table[0]!.bytes);
  log(
    `audit fill: ${int(rows)} rows in ${result.fillSeconds.toFixed(0)} s, indexes ${result.indexSeconds.toFixed(0)} s, ` +
      `table ${(result.tableBytes / 1e9).toFixed(2)} GB, indexes ${(result.indexBytes / 1e9).toFixed(2)} GB`,
  );
}

/** The stage: its own database, dropped at the end whatever happens. */
export async function measureAuditScale(
  serverDir: string | null,
  passwordHash: string,
): Promise<AuditScale> {
  const rows = auditRows;
  log(`audit at scale: ${int(rows)} rows (PostgreSQL)`);
  const prepared = await preparePostgres(agency, passwordHash);
  const url = new URL(baseUrl);
  url.pathname = `/${prepared.dbName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows: first } = await client.query<{ id: number }>('select min(id) as id from users');
    const firstUser = first[0]!.id;
    const result: AuditScale = {
      rows,
      users: AUDIT_USERS,
      patients: AUDIT_PATIENTS,
      years: AUDIT_YEARS,
      fillSeconds: 0,
      indexSeconds: 0,
      analyzeSeconds: 0,
      tableBytes: 0,
      indexBytes: 0,
      indexes: [],
      queries: [],
    };
    await fill(client, rows, firstUser, result);
    const app = await startProgram(
      'app-audit-scale',
      appProgram(serverDir, { ...prepared.serverEnv, LOG_LEVEL: logLevel }),
    );
    try {
      const token = authHeaders(prepared.tokens, 'admin').authorization!.slice('Bearer '.length);
      const span = AUDIT_YEARS * 365 * DAY;
      const start = Date.now() - span;
      for (const spec of querySpecs(firstUser, start, span - 30 * DAY)) {
        result.queries.push(await measureQuery(app, token, client, spec));
      }
    } finally {
      await app.stop();
    }
    return result;
  } finally {
    await client.end();
    await prepared.dispose();
  }
}
