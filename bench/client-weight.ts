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
 * Maps each route path to the page module its router entry lazy-loads, read from
 * client/app/router.tsx so a new screen is measured without touching the bench.
 */
export function routePages(routerFile: string): Map<string, string> {
  const text = readFileSync(routerFile, 'utf8');
  const pages = new Map<string, string>();
  const parts = text.split(/\bpath:\s*/).slice(1);
  for (const part of parts) {
    const route = /^'([^']+)'/.exec(part)?.[1];
    const target = /import\('([^']+)'\)/.exec(part)?.[1];
    if (!route || !target || pages.has(route)) continue;
    // Paths in the manifest are relative to the Vite root (client/).
    const resolved = path.posix.normalize(path.posix.join('app', target));
    pages.set(route, resolved);
  }
  return pages;
}

const gzipSize = (buffer: Buffer): number => gzipSync(buffer, { level: 9 }).length;

/**
 * What a first visit to each route downloads: the entry (index.html's script with its static
 * imports and CSS) plus the route's page chunk with its static imports and CSS. Vite preloads
 * exactly these for a lazy route; further dynamic imports (loaded later, on demand) are not
 * counted.
 */
export function measureRoutes(outDir: string, routerFile: string, routes: string[]): RouteWeight[] {
  const manifestPath = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no Vite manifest at ${manifestPath}`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  const pages = routePages(routerFile);

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
    const page = pages.get(route) ?? null;
    if (page && manifest[page]) collect(page, js, css);
    const jsSizes = [...js].map((file) => ({ file, ...measure(file) }));
    const cssSizes = [...css].map((file) => measure(file));
    return {
      route,
      page: page && manifest[page] ? page : null,
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
