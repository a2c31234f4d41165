import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const root = path.resolve(import.meta.dirname, '..');

/** Where the source modules of each output chunk come from: package or app folder -> bytes. */
export type ChunkContents = Map<string, Map<string, number>>;

/** Names the package (node_modules/@mui/material -> @mui/material) or app folder of a module. */
function ownerOf(id: string): string {
  const clean = id.replace(/^\0/, '').split('?')[0]!;
  const inModules = clean.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = clean.slice(inModules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const relative = path.relative(root, clean);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return 'other';
  const parts = relative.split(path.sep);
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/**
 * The production client build, as `npm run build` makes it (same vite.config.ts), with a
 * manifest, into the bench's own folder so it never disturbs dist/. Returns what each chunk
 * is made of.
 */
export async function buildClient(outDir: string): Promise<ChunkContents> {
  const contents: ChunkContents = new Map();
  const collector: Plugin = {
    name: 'bench-chunk-contents',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const owners = new Map<string, number>();
        for (const [id, info] of Object.entries(output.modules)) {
          const owner = ownerOf(id);
          owners.set(owner, (owners.get(owner) ?? 0) + info.renderedLength);
        }
        contents.set(output.fileName, owners);
      }
    },
  };
  const { build } = await import('vite');
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
    plugins: [collector],
  });
  return contents;
}

/**
 * Compiles the server as `npm run build` does, into the bench's folder. tsc still writes the
 * JavaScript when there are type errors elsewhere in the tree; those are returned, not fatal.
 */
export function buildServer(outDir: string): { ok: boolean; output: string } {
  rmSync(outDir, { recursive: true, force: true });
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.server.json',
      '--outDir',
      outDir,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  const main = path.join(outDir, 'server/main.js');
  return { ok: result.status === 0 && existsSync(main), output: (result.stdout ?? '').trim() };
}
