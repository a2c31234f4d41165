// Development: the API with reload on port 3001 and the Vite dev server (proxying /api) on 5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'server/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
    },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
