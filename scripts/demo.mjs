// `npm run demo`: fills ./demo-data once with a demo agency, then serves the app on it (built
// as `npm start` builds it) and prints one login per role. Never touches ./data.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, process.env.DEMO_DATA_DIR ?? 'demo-data');
const port = Number(process.env.PORT ?? 3000);
const url = `http://localhost:${port}`;
// The demo always runs on its own embedded database, even where DATABASE_URL is configured.
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '' };
env.LOG_LEVEL ??= 'warn';

console.log(`Preparing the demo agency in ${path.relative(root, dataDir) || dataDir} ...`);
const seed = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'server/db/seed/demo-cli.ts')],
  { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
const line = (seed.stdout ?? '').split('\n').find((l) => l.startsWith('DEMO_RESULT '));
if (seed.status !== 0 || !line) {
  process.stdout.write(seed.stdout ?? '');
  console.error('The demo data could not be prepared.');
  process.exit(seed.status || 1);
}
const result = JSON.parse(line.slice('DEMO_RESULT '.length));
const c = result.counts;
console.log(
  result.created
    ? `Created the demo agency in ${(result.ms / 1000).toFixed(1)} s.`
    : 'Reusing the existing demo data (delete the demo-data folder to start over).',
);
console.log(
  `  ${c.users} accounts, ${c.patients} patients, ${c.appointments} appointments, ` +
    `${c.medicalRecords} medical records, ${c.progressReports} progress reports, ` +
    `${c.prescriptions} prescriptions, ${c.medications} medication logs, ${c.reminders} reminders, ` +
    `${c.notifications} notifications`,
);

// scripts/start.mjs builds what is missing or out of date, then serves the production build.
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Waits (bounded: a first build takes a minute or two) until the server answers, then shows
// how to sign in.
const deadline = Date.now() + 10 * 60_000;
while (Date.now() < deadline) {
  try {
    const res = await globalThis.fetch(`http://127.0.0.1:${port}/api/health`);
    if (res.ok) break;
  } catch {
    // not listening yet
  }
  await sleep(500);
}

const width = Math.max(...result.logins.map((l) => l.username.length));
console.log(`\nElderCare System demo is running at ${url}\n`);
console.log('Sign in as (every demo account has the same password):');
for (const login of result.logins) {
  console.log(
    `  ${login.role.padEnd(10)} ${login.username.padEnd(width)}  ${login.password}   ` +
      `${login.name} -> ${login.landing}`,
  );
}
console.log(
  '\nSome reminders are due in the next few minutes: they fire as notifications while you look.',
);
console.log('Press Ctrl+C to stop. Run `npm run demo` again to continue with the same data.\n');
