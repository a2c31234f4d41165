import { readFileSync } from 'node:fs';

/** Where one server process spent its CPU under load, in ms per request served. */
export interface ProfileSummary {
  requests: number;
  /** Busy CPU (idle excluded) per request, in ms. */
  busyPerRequest: number;
  /** Busy CPU by where the code lives, in ms per request, largest first. */
  owners: { owner: string; perRequest: number; share: number }[];
  /** The hottest functions of the app's own code. */
  appFunctions: { name: string; share: number }[];
  seconds: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Names where a sampled function lives: a package, a part of Node, or a folder of the app. */
function ownerOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8/native (program)';
    // Native bindings called from JavaScript: socket and file writes, crypto, ...
    return `native: ${functionName || 'anonymous'}`;
  }
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) {
    const name = url.slice(5).replace(/^internal\//, '');
    const area = name.split('/')[0]!.replace(/^_/, '');
    return `node: ${area.startsWith('http') ? 'http' : area}`;
  }
  const app =
    /\/(?:server|bench)\/((?:features|plugins|lib|db|jobs)\/.+?|[^/]+?)(?:\.[jt]s)?$/.exec(url);
  if (app) return `app: ${app[1]}`;
  const shared = /\/shared\/(.+?)(?:\.[jt]s)?$/.exec(url);
  if (shared) return `app: shared/${shared[1]}`;
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-2)
    .join('/');
}

/**
 * Sums self time of a V8 .cpuprofile by owner (idle excluded), per request served, counting
 * only samples inside `window` (microseconds of the monotonic clock, which V8's profile
 * timestamps and process.hrtime share): start-up and warm-up stay out.
 */
export function summarizeProfile(
  file: string,
  requests: number,
  window: { from: number; to: number },
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
    endTime: number;
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < window.from || at > window.to) return;
    const node = byId.get(id);
    if (!node) return;
    const owner = ownerOf(node.callFrame);
    if (owner === 'idle') return;
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    owners.set(owner, (owners.get(owner) ?? 0) + dt);
    if (owner.startsWith('app: ')) {
      const name = `${node.callFrame.functionName || '(anonymous)'} (${owner.slice(5)}:${node.callFrame.lineNumber + 1})`;
      functions.set(name, (functions.get(name) ?? 0) + dt);
    }
  });
  const perRequest = (us: number) => (requests ? us / 1000 / requests : 0);
  return {
    requests,
    busyPerRequest: perRequest(total),
    owners: [...owners.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([owner, us]) => ({ owner, perRequest: perRequest(us), share: total ? us / total : 0 })),
    appFunctions: [...functions.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, us]) => ({ name, share: total ? us / total : 0 })),
    seconds: (window.to - window.from) / 1e6,
  };
}
