import { existsSync } from 'node:fs';
import path from 'node:path';

/** The project root (the folder holding package.json), found from this file whether built or not. */
export function projectRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (package.json)');
    dir = parent;
  }
  return dir;
}

export const migrationsFolder = (): string => path.join(projectRoot(), 'server/db/migrations');
export const clientDistFolder = (): string =>
  process.env.CLIENT_DIST_DIR ?? path.join(projectRoot(), 'dist/client');
