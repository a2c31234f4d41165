// Builds what is missing or out of date, then serves the production build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/.build-stamp');
const sources = [
  'client',
  'server',
  'shared',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
];

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let max = info.mtimeMs;
  for (const entry of readdirSync(full)) max = Math.max(max, newest(path.join(target, entry)));
  return max;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const built =
  existsSync(stamp) &&
  existsSync(path.join(root, 'dist/client/index.html')) &&
  existsSync(path.join(root, 'dist/server/server/main.js'));
const stale = !built || sources.some((s) => newest(s) > statSync(stamp).mtimeMs);
if (stale) {
  console.log('Building ElderCare System (client and server)...');
  run(process.execPath, [
    path.join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--logLevel',
    'warn',
  ]);
  run(process.execPath, [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    'tsconfig.server.json',
  ]);
  writeFileSync(stamp, new Date().toISOString());
}

// The server handles SIGINT/SIGTERM itself (finish requests, checkpoint, close); this wrapper
// forwards them and exits with the server.
const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'dist/server/server/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
