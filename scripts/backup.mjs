// `npm run backup [-- <dir>]` (`backup.mjs backup`): one backup file of the configured database
// (DATABASE_URL, else the embedded one in DATA_DIR) into <dir>, else BACKUP_DIR, else ./backups.
// `npm run restore -- <file>` (`backup.mjs restore`): restores a backup into the configured
// database, which must be empty, and reports its row counts. See README.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// From the sources (tsx, as npm run demo does), else from the production build.
const built = path.join(root, 'dist/server/server/backup/cli.js');
const withTsx = existsSync(path.join(root, 'node_modules/tsx'));
if (!withTsx && !existsSync(built)) {
  console.error('Build the app first (npm run build), or install its dev dependencies (npm ci).');
  process.exit(1);
}
const args = withTsx
  ? ['--import', 'tsx', path.join(root, 'server/backup/cli.ts')]
  : ['--enable-source-maps', built];
const result = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
