import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's build manifest (`vite build --manifest`). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  route: string;
  /** Source of the route's page, relative to the client root. */
  page: string | null;
  jsFiles: number;
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  /** The largest JS files loaded by the route, gzipped, to say what is in it. */
  largest: { file: string; gzip: number; modules: string }[];
}

/**
 * The first screens weighed: the login page, each role's dashboard and the patient chart (the
 * registry's paths). /login has its own budget; every other first screen shares one.
 */
export const FIRST_SCREENS = [
  '/login',
  '/dashboard',
  '/caregiver-dashboard',
  '/patient-dashboard',
  '/coordinator-dashboard',
  '/patients/:id',
];

/** A screen of the registry as the bench reads it: its path, what it loads, whether signed in. */
interface RegistryScreen {
  path: string;
  load: () => unknown;
}

/** The signed-in frame (top bar, sidebar): client/app/router.tsx loads it beside every signed-in page. */
export const SIGNED_IN_FRAME = 'app/layout.tsx';

/**
 * The page module a screen's `load` imports, relative to the client root, from its source
 * text: `() => import('../features/x.tsx')` as written (relative to client/app/), or with the
 * path made absolute from the project root (`"/client/features/x.tsx"`) when Vite has
 * transformed the registry (under Vitest).
 */
function importedBy(load: () => unknown): string | null {
  const target = /["'`]([^"'`]+\.[jt]sx?)["'`]/.exec(load.toString())?.[1];
  if (!target) return null;
  if (target.startsWith('/client/')) return target.slice('/client/'.length);
  return path.posix.normalize(path.posix.join('app', target));
}

/**
 * Maps each route path to the page module it loads and says whether it is a signed-in screen
 * (which also loads the signed-in frame), read from the screen registry
 * (client/app/navigation.ts: `screens` and `publicScreens`), so a new screen is measured
 * without touching the bench. Page paths are relative to the Vite root (client/), as the
 * manifest names them.
 */
export function routePages(registry: {
  screens: RegistryScreen[];
  publicScreens: RegistryScreen[];
}): Map<string, { page: string; signedIn: boolean }> {
  const pages = new Map<string, { page: string; signedIn: boolean }>();
  const add = (list: RegistryScreen[], signedIn: boolean) => {
    for (const screen of list) {
      const page = importedBy(screen.load);
      if (!page || pages.has(screen.path)) continue;
      pages.set(screen.path, { page, signedIn });
    }
  };
  add(registry.screens, true);
  add(registry.publicScreens, false);
  return pages;
}

/** The screen registry of the client, loaded as a module (it imports no browser API). */
export async function loadRegistry(): Promise<Parameters<typeof routePages>[0]> {
  const { screens, publicScreens } = await import('../client/app/navigation.ts');
  return { screens, publicScreens };
}

const gzipSize = (buffer: Buffer): number => gzipSync(buffer, { level: 9 }).length;

/**
 * What a first visit to each route downloads: the entry (index.html's script with its static
 * imports and CSS) plus the route's page chunk with its static imports and CSS, and for a
 * signed-in screen the signed-in frame's too (client/app/router.tsx starts both at once). Vite
 * preloads exactly these for a lazy route; further dynamic imports (loaded later, on demand)
 * are not counted. `routes` are the registry's paths (`/patients/:id`).
 */
export function measureRoutes(
  outDir: string,
  pages: ReturnType<typeof routePages>,
  routes: string[],
): RouteWeight[] {
  const manifestPath = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no Vite manifest at ${manifestPath}`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');

  const collect = (key: string, js: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) collect(imported, js, css);
  };
  const sizeOf = new Map<string, { raw: number; gzip: number }>();
  const measure = (file: string) => {
    let size = sizeOf.get(file);
    if (!size) {
      const buffer = readFileSync(path.join(outDir, file));
      size = { raw: buffer.length, gzip: gzipSize(buffer) };
      sizeOf.set(file, size);
    }
    return size;
  };
  // Which source modules went into a chunk, from the manifest keys that name the chunk.
  const modulesOf = (file: string): string => {
    const names = Object.entries(manifest)
      .filter(([, chunk]) => chunk.file === file)
      .map(([key, chunk]) => chunk.src ?? key);
    return names.join(', ') || 'shared chunk';
  };

  return routes.map((route) => {
    const js = new Set<string>();
    const css = new Set<string>();
    collect(entryKey, js, css);
    const screen = pages.get(route);
    const found = screen && manifest[screen.page] ? screen.page : null;
    if (found) {
      collect(found, js, css);
      if (screen!.signedIn) collect(SIGNED_IN_FRAME, js, css);
    }
    const jsSizes = [...js].map((file) => ({ file, ...measure(file) }));
    const cssSizes = [...css].map((file) => measure(file));
    return {
      route,
      page: found,
      jsFiles: js.size,
      jsRaw: jsSizes.reduce((sum, s) => sum + s.raw, 0),
      jsGzip: jsSizes.reduce((sum, s) => sum + s.gzip, 0),
      cssRaw: cssSizes.reduce((sum, s) => sum + s.raw, 0),
      cssGzip: cssSizes.reduce((sum, s) => sum + s.gzip, 0),
      largest: jsSizes
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 4)
        .map((s) => ({ file: s.file, gzip: s.gzip, modules: modulesOf(s.file) })),
    };
  });
}
