import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Prepared } from './datasets.ts';
import { runLoad, type LoadSpec } from './load.ts';
import { measureServer, warmUp } from './measure.ts';
import { floorProgram, startProgram, type Program } from './processes.ts';
import { summarizeProfile, type ProfileSummary } from './profile.ts';
import type { Report } from './report.ts';
import { connections, log, logLevel, profileTarget, seconds, work } from './settings.ts';
import { loadSpecOf, targets } from './targets.ts';

/**
 * Loads a fresh server process under --cpu-prof for the usual time and summarizes where its CPU
 * went, per request served.
 */
async function profileRun(
  name: string,
  scenarioId: string,
  program: Program,
  request: (base: string) => LoadSpec,
): Promise<ProfileSummary | null> {
  const dir = path.join(work, `cpu-profile-${name}`);
  mkdirSync(dir, { recursive: true });
  const server = await startProgram(`${name}-profile-${scenarioId}`, program, [
    `--cpu-prof`,
    `--cpu-prof-dir=${dir}`,
  ]);
  let requests = 0;
  const micros = () => Number(process.hrtime.bigint() / 1000n);
  const window = { from: 0, to: 0 };
  try {
    const spec = request(server.base);
    await warmUp(spec);
    window.from = micros();
    requests = (await runLoad(spec)).requests;
    window.to = micros();
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  return file ? summarizeProfile(path.join(dir, file), requests, window) : null;
}

/**
 * Where the app process spends its time on the list endpoint furthest below the floor (or
 * BENCH_PROFILE), beside the floor's profile, and what request logging costs on it.
 */
export async function profileSlowestList(
  prepared: Prepared,
  app: Program,
): Promise<Partial<Pick<Report, 'profile' | 'logging'>>> {
  const { scenario, people, tokens } = prepared;
  const lists = scenario.targets.filter((t) => t.kind === 'list' && t.result);
  const worst = lists.sort((a, b) => a.result!.rps - b.result!.rps)[0];
  const profiled =
    targets.find((t) => t.id === (profileTarget ?? worst?.id)) ??
    targets.find((t) => t.id === 'patients-doctor')!;
  const profiledEntry = scenario.targets.find((t) => t.id === profiled.id);
  if (!profiledEntry?.result) return {};
  const extras: Partial<Pick<Report, 'profile' | 'logging'>> = {};
  const request = (base: string): LoadSpec =>
    loadSpecOf(profiled, base, people, tokens, { connections, seconds });

  // The app on that endpoint and the floor on its page, each in a fresh process for the same
  // time, so the two compare in CPU milliseconds per request.
  log(`${scenario.id}: CPU profile of ${profiled.id}`);
  const appProfile = await profileRun('app', scenario.id, app, request);
  log(`${scenario.id}: CPU profile of the floor`);
  const floorProfile = await profileRun(
    'floor',
    scenario.id,
    floorProgram(prepared.serverEnv),
    (base) => ({ url: `${base}/floor/patients`, connections, seconds }),
  );
  if (appProfile) extras.profile = { target: profiled.label, app: appProfile, floor: floorProfile };

  log(`${scenario.id}: ${profiled.id} with LOG_LEVEL=warn`);
  const quiet = await startProgram(`app-quiet-${scenario.id}`, {
    ...app,
    env: { ...app.env, LOG_LEVEL: 'warn' },
  });
  try {
    extras.logging = {
      level: logLevel,
      normal: profiledEntry.result,
      quiet: (await measureServer(request(quiet.base), quiet, prepared)).result,
    };
  } finally {
    await quiet.stop();
  }
  return extras;
}
