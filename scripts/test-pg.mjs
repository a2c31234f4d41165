// Runs the API suite against a PostgreSQL server when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: skipping the API suite on PostgreSQL.');
  process.exit(0);
}
const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DB: 'postgres' } },
);
process.exit(result.status ?? 1);
