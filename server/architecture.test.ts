import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rules on imports, checked over the source itself: no import cycles, the client
 * never reaches into the server, shared/ stays independent, server/lib, server/auth and
 * server/audit stay free of Fastify wrappers and features, and a feature uses another feature
 * only through the few entry points listed below.
 */

const root = path.resolve(import.meta.dirname, '..');
const sourceRoots = ['server', 'shared', 'client'];

/**
 * What one feature may import from another. Everything else in a feature folder is its own
 * business.
 * - clinical-common: the one mechanism every clinical record type is built on (its purpose is
 *   to be shared by medical-records, progress-reports, prescriptions, medications and
 *   deleted-records).
 * - notifications.service.ts: `createNotifications`, so that a change and the notices it sends
 *   commit in one transaction (appointments, reminders, clinical records).
 */
const featureEntryPoints = [
  'server/features/clinical-common/',
  'server/features/notifications/notifications.service.ts',
];

interface Import {
  from: string;
  specifier: string;
  /** The file it names, for a relative import ('' for a package). */
  target: string;
  dynamic: boolean;
}

const isTest = (file: string) => /\.(test|reliability)\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'migrations') {
        files.push(...sourceFiles(relative));
      }
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(entry.name)) {
      files.push(relative);
    }
  }
  return files;
}

const staticImport =
  /(?:^|[;}\n])\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\bfrom\s*)?['"]([^'"\n]+)['"]/g;
const dynamicImport = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(path.join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const resolve = (specifier: string) =>
    specifier.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
      : '';
  const found = (pattern: RegExp, dynamic: boolean): Import[] =>
    [...text.matchAll(pattern)].map((match) => ({
      from: file,
      specifier: match[1]!,
      target: resolve(match[1]!),
      dynamic,
    }));
  return [...found(staticImport, false), ...found(dynamicImport, true)];
}

const files = sourceRoots.flatMap((dir) => sourceFiles(dir));
const imports = files.flatMap(importsOf);
const describeImport = (i: Import) => `${i.from} -> ${i.specifier}`;

/** Every cycle of static imports (type-only ones too: they tie the modules as tightly), as paths. */
function findCycles(): string[][] {
  const edges = new Map<string, string[]>();
  for (const i of imports) {
    if (!i.target || i.dynamic) continue;
    edges.set(i.from, [...(edges.get(i.from) ?? []), i.target]);
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...edges.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

const featureOf = (file: string) => /^server\/features\/([^/]+)\//.exec(file)?.[1];

describe('architecture', () => {
  it('reads the source it checks', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(imports.some((i) => i.target === 'server/auth/context.ts')).toBe(true);
  });

  it('every relative import names a file that exists', () => {
    const known = new Set(files);
    const missing = imports.filter(
      (i) => i.target && !known.has(i.target) && !isTest(i.target) && /\.tsx?$/.test(i.target),
    );
    expect(missing.map(describeImport)).toEqual([]);
  });

  it('has no import cycles', () => {
    const cycles = findCycles().map((cycle) => cycle.join('\n  -> '));
    expect(cycles, `import cycles:\n${cycles.join('\n\n')}`).toEqual([]);
  });

  it('the client never imports server code', () => {
    const wrong = imports.filter(
      (i) => i.from.startsWith('client/') && i.target.startsWith('server/'),
    );
    expect(wrong.map(describeImport)).toEqual([]);
  });

  it('shared/ imports neither the client nor the server', () => {
    const wrong = imports.filter(
      (i) => i.from.startsWith('shared/') && /^(client|server)\//.test(i.target),
    );
    expect(wrong.map(describeImport)).toEqual([]);
  });

  it('server/lib imports neither plugins nor features', () => {
    const wrong = imports.filter(
      (i) => i.from.startsWith('server/lib/') && /^server\/(plugins|features)\//.test(i.target),
    );
    expect(wrong.map(describeImport)).toEqual([]);
  });

  it('server/auth and server/audit know nothing of Fastify, plugins or features', () => {
    const wrong = imports.filter(
      (i) =>
        /^server\/(auth|audit)\//.test(i.from) &&
        (/^server\/(plugins|features)\//.test(i.target) ||
          /^(fastify|fastify-plugin|@fastify\/)/.test(i.specifier)),
    );
    expect(wrong.map(describeImport)).toEqual([]);
  });

  it('production code never imports test support', () => {
    const wrong = imports.filter(
      (i) =>
        !/^(server|client)\/test\//.test(i.from) &&
        (/^(server|client)\/test\//.test(i.target) || isTest(i.target)),
    );
    expect(wrong.map(describeImport)).toEqual([]);
  });

  it('a feature uses another feature only through the listed entry points', () => {
    const wrong = imports.filter((i) => {
      const from = featureOf(i.from);
      const to = featureOf(i.target);
      if (!from || !to || from === to) return false;
      return !featureEntryPoints.some((entry) => i.target.startsWith(entry));
    });
    expect(wrong.map(describeImport)).toEqual([]);
  });
});
