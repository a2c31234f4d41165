import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DirectoryLockedError } from './db/lock.ts';
import { startJobs } from './jobs/index.ts';
import { closeGracefully } from './lib/graceful-close.ts';
import { startBackupSchedule } from './backup/schedule.ts';

export const logRedactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  'token',
  '*.token',
];

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit();

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(`Could not open the database: ${(error as Error).message}`);
    process.exit(1);
  }

  const app = await buildApp({
    config,
    database,
    logger: { level: config.logLevel, redact: { paths: logRedactPaths, censor: '[redacted]' } },
    collectWhenIdle: true,
  });
  const jobs = startJobs(app);
  const backups = startBackupSchedule(app); // BACKUP_EVERY, embedded database only

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests and closing the database`);
    try {
      // At once: stop accepting, answer what is on its way (with Connection: close), close idle
      // keep-alive connections, cut what is still open after the grace period; meanwhile the
      // scheduled work finishes its run. Then the database closes.
      await Promise.all([
        closeGracefully(app, { graceMs: SHUTDOWN_GRACE_MS }),
        jobs.stop(),
        backups.stop(),
      ]);
      await database.close(); // PGlite: checkpoint, close, release the directory lock
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    `ElderCare System is running at http://${shownHost}:${config.port} (database: ${database.driver}${
      database.driver === 'pglite' ? `, ${config.dataDir}` : ''
    })`,
  );
}

await main();
