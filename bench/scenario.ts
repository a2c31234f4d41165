import path from 'node:path';
import { openPostgres } from '../server/db/client.ts';
import type { Prepared } from './datasets.ts';
import { buildFloor } from './floor.ts';
import { runLighthouse } from './lighthouse.ts';
import { measure, measureServer, measureWriteFloor } from './measure.ts';
import { restingRss, sampleMemory } from './memory.ts';
import { appProgram, floorProgram, startProgram, type Program, type Running } from './processes.ts';
import { profileSlowestList } from './profiling.ts';
import type { Report, TargetResult } from './report.ts';
import {
  connections,
  lighthouseOnly,
  lighthouseSkipped,
  logLevel,
  log,
  onlyTargets,
  seconds,
  warmupSeconds,
  work,
} from './settings.ts';
import { mb } from './report-format.ts';
import { sqlOf } from './sql.ts';
import { authHeaders, ladder, loadSpecOf, targets, type Target } from './targets.ts';

/** What the first scenario adds to the report besides its own figures. */
export type Extras = Partial<
  Pick<
    Report,
    'profile' | 'lighthouse' | 'lighthouseNote' | 'processModel' | 'logging' | 'assetEncoding'
  >
>;

export interface ScenarioOptions {
  ladder: boolean;
  profile: boolean;
  lighthouse: boolean;
  processModel: boolean;
}

/** How the server answers a request for the entry script that accepts compression. */
async function assetEncoding(base: string): Promise<string> {
  try {
    const html = await (await fetch(`${base}/login`)).text();
    const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    if (!script) return 'unknown (no script in index.html)';
    const res = await fetch(base + script, { headers: { 'accept-encoding': 'gzip, br' } });
    await res.arrayBuffer();
    return res.headers.get('content-encoding') ?? 'none';
  } catch (error) {
    return `unknown (${(error as Error).message})`;
  }
}

/** The floor, and its ladder of added work. */
async function measureFloor(prepared: Prepared, options: ScenarioOptions): Promise<void> {
  const { scenario, tokens } = prepared;
  log(`${scenario.id}: floor`);
  const floor = await startProgram(`floor-${scenario.id}`, floorProgram(prepared.serverEnv));
  try {
    scenario.floor = (
      await measureServer(
        { url: `${floor.base}/floor/patients`, connections, seconds },
        floor,
        prepared,
      )
    ).result;
    scenario.writeFloor = await measureWriteFloor(floor, prepared);
    if (options.ladder) {
      for (const step of ladder) {
        log(`${scenario.id}: ${step.label}`);
        const { result } = await measureServer(
          {
            url: floor.base + step.path,
            headers: authHeaders(tokens, 'doctor'),
            connections,
            seconds: Math.max(3, Math.round(seconds / 2)),
          },
          floor,
          prepared,
        );
        scenario.ladder.push({ id: step.id, label: step.label, result });
      }
    }
  } finally {
    await floor.stop();
  }
}

/**
 * The same floor inside the bench process, sharing its event loop with autocannon: the figure
 * that decides where the servers run (see the report's method section).
 */
async function measureProcessModel(prepared: Prepared, url: string): Promise<Extras> {
  log(`${prepared.scenario.id}: floor in the bench process (process model check)`);
  const database = await openPostgres(url);
  const inProcess = buildFloor(sqlOf(database));
  try {
    await inProcess.listen({ port: 0, host: '127.0.0.1' });
    const { port } = inProcess.server.address() as { port: number };
    return {
      processModel: {
        child: prepared.scenario.floor!,
        inProcess: await measure({
          url: `http://127.0.0.1:${port}/floor/patients`,
          connections,
          seconds,
        }),
      },
    };
  } finally {
    await inProcess.close();
    await database.close();
  }
}

/** The `METHOD /path` pairs the app's OpenAPI document lists, parameters written `{}`. */
async function routesOf(app: Running): Promise<Set<string>> {
  const openapi = (await (await fetch(`${app.base}/api/openapi.json`)).json()) as {
    paths?: Record<string, Record<string, unknown>>;
  };
  return new Set(
    Object.entries(openapi.paths ?? {}).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p.replace(/\{[^}]+\}/g, '{}')}`),
    ),
  );
}

/** The targets of this run (BENCH_TARGETS), in the report's order. */
const chosenTargets = () => targets.filter((t) => !onlyTargets || onlyTargets.has(t.id));

/** Each of these targets, probed once before it is put under load. */
async function measureTargets(
  prepared: Prepared,
  app: Running,
  list: readonly Target[],
): Promise<void> {
  const { scenario, people, tokens } = prepared;
  const routes = await routesOf(app);
  for (const target of list) {
    const entry: TargetResult = {
      id: target.id,
      label: target.label,
      kind: target.kind,
      floor: target.floor ?? 'read',
    };
    scenario.targets.push(entry);
    if (!routes.has(`${target.method} ${target.route}`)) {
      entry.unavailable = 'not available (route not in the API yet)';
      log(`${scenario.id}: ${target.id}: not available`);
      continue;
    }
    await target.before?.({
      base: app.base,
      people,
      tokens,
      seconds: warmupSeconds + seconds,
    });
    // One real request first: a target that fails is reported, not hammered.
    const probe = await fetch(app.base + target.path(people, tokens), {
      method: target.method,
      headers: {
        ...authHeaders(tokens, target.as),
        ...(target.body ? { 'content-type': 'application/json' } : {}),
        ...(target.upload ? { 'content-type': target.upload.contentType } : {}),
      },
      body: target.body
        ? JSON.stringify(target.body(people, 0))
        : (target.upload?.body ?? undefined),
    });
    if (!probe.ok) {
      const text = (await probe.text()).slice(0, 200);
      entry.unavailable = `probe answered ${probe.status}: ${text}`;
      log(`${scenario.id}: ${target.id}: ${entry.unavailable}`);
      continue;
    }
    await probe.arrayBuffer().catch(() => undefined);
    log(`${scenario.id}: ${target.id}`);
    const spec = loadSpecOf(target, app.base, people, tokens, { connections, seconds });
    const measured = await measureServer(spec, app, prepared);
    entry.result = measured.result;
    entry.database = measured.database;
    const { rss } = measured.result;
    // Which endpoint raised the app's resident memory shows in the log (goal 5).
    if (rss != null) log(`${scenario.id}: ${target.id}: app RSS ${mb(rss)} MB`);
  }
}

/** The app as production runs it: its targets, then (first scenario) Lighthouse. */
async function measureApp(
  prepared: Prepared,
  program: Program,
  options: ScenarioOptions,
): Promise<Extras> {
  const extras: Extras = {};
  log(`${prepared.scenario.id}: app`);
  const app = await startProgram(`app-${prepared.scenario.id}`, program);
  try {
    const memory = sampleMemory(app.child.pid);
    let warmRest: number | null = null;
    if (!lighthouseOnly) {
      // Goal 5 reads the app at rest after the first endpoint's load and after the last.
      const [first, ...rest] = chosenTargets();
      await measureTargets(prepared, app, first ? [first] : []);
      warmRest = await restingRss(app.child.pid);
      await measureTargets(prepared, app, rest);
    }
    const end = memory.end();
    const endRest = end && !lighthouseOnly ? await restingRss(app.child.pid) : null;
    prepared.scenario.memory = end && { ...end, warmRest, endRest };
    if (end && warmRest !== null && endRest !== null) {
      log(
        `${prepared.scenario.id}: app RSS at rest ${mb(warmRest)} MB after the first endpoint, ${mb(endRest)} MB after the last`,
      );
    }
    if (options.lighthouse) {
      extras.assetEncoding = await assetEncoding(app.base);
      if (lighthouseSkipped) {
        extras.lighthouseNote = 'skipped (BENCH_LIGHTHOUSE=0)';
      } else {
        const lighthouse = await runLighthouse(app.base, prepared);
        extras.lighthouse = lighthouse.results;
        extras.lighthouseNote = lighthouse.note;
      }
    }
  } finally {
    await app.stop();
  }
  return extras;
}

/** Runs one prepared scenario: the floor, the app, and what `options` adds to it. */
export async function runScenario(
  prepared: Prepared,
  serverDir: string | null,
  options: ScenarioOptions,
): Promise<Extras> {
  const extras: Extras = {};
  if (!lighthouseOnly) await measureFloor(prepared, options);
  if (options.processModel && prepared.serverEnv.DATABASE_URL) {
    Object.assign(extras, await measureProcessModel(prepared, prepared.serverEnv.DATABASE_URL));
  }
  const app = appProgram(serverDir, {
    ...prepared.serverEnv,
    LOG_LEVEL: logLevel,
    CLIENT_DIST_DIR: path.join(work, 'client'),
  });
  Object.assign(extras, await measureApp(prepared, app, options));
  if (options.profile) Object.assign(extras, await profileSlowestList(prepared, app));
  return extras;
}
