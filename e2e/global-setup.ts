import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildProduction, chromiumPath, projectRoot, startServer } from './support/server.ts';

/** One production server for the run, on a free port with an empty data directory. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  chromiumPath();
  mkdirSync(path.join(projectRoot, '.tmp'), { recursive: true });
  const buildDir = buildProduction();
  process.env.E2E_BUILD_DIR = buildDir;
  // Reminders are looked for every second, so a reminder set a few seconds ahead fires promptly.
  const server = await startServer(buildDir, { REMINDER_TICK_MS: '1000' });
  process.env.E2E_BASE_URL = server.url;
  // The first account of a database becomes admin: take it here so that the accounts a test
  // signs up get the privileges they ask for.
  const res = await fetch(`${server.url}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'e2e-admin',
      firstName: 'Ada',
      secondName: 'Admin',
      email: 'e2e-admin@example.test',
      password: 'e2e-admin-password',
      primaryLocation: 'Head office',
      role: 'doctor',
      privileges: 'admin',
    }),
  });
  if (!res.ok && res.status !== 404)
    throw new Error(`Could not register the bootstrap admin: ${res.status}`);
  return async () => {
    await server.stop();
    rmSync(buildDir, { recursive: true, force: true });
  };
}
