import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DirectoryLockedError } from './db/lock.ts';
import { startJobs } from './jobs/index.ts';

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
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

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
  });
  const jobs = startJobs(app);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests and closing the database`);
    try {
      await jobs.stop();
      // In-flight requests get a grace period; connections still open after it (a stream, a
      // browser's spare keep-alive socket) are cut so the database can close cleanly.
      const grace = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      grace.unref();
      await app.close(); // stops accepting, waits for in-flight requests
      clearTimeout(grace);
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
