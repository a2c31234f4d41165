// `npm run backup [-- <dir>]` and `npm run restore -- <file>`: see README.md, "Backup and restore".
import path from 'node:path';
import { loadConfigOrExit, type Config } from '../config.ts';
import { DirectoryLockedError } from '../db/lock.ts';
import { BackupError } from './container.ts';
import { compareCounts } from './inventory.ts';
import { backupPglite, restorePglite, withIdlePglite, type BackupResult } from './pglite.ts';
import { backupPostgres, restorePostgres } from './postgres.ts';
import { listBackups } from './settings.ts';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backup(config: Config, dirArgument: string | undefined): Promise<number> {
  const dir = dirArgument ? path.resolve(dirArgument) : config.backup!.dir;
  const started = Date.now();
  let result: BackupResult;
  if (config.databaseUrl) {
    result = await backupPostgres(config.databaseUrl, dir, new Date());
  } else {
    try {
      result = await withIdlePglite(config.dataDir, (pglite) =>
        backupPglite(pglite, dir, new Date()),
      );
    } catch (error) {
      if (!(error instanceof DirectoryLockedError)) throw error;
      const newest = listBackups(config.backup!.dir)[0];
      console.error(
        `The app is running on the embedded database in ${config.dataDir} (process ${error.pid}), ` +
          'and only the process that holds it can take a consistent backup.\n' +
          `Have the app take them: set BACKUP_EVERY (for example 1d) and BACKUP_DIR (now ${config.backup!.dir}) ` +
          'and restart it; or stop it and run `npm run backup` again.\n' +
          (newest
            ? `The newest backup in ${config.backup!.dir} is ${newest.name}.`
            : `There is no backup in ${config.backup!.dir} yet.`),
      );
      return 1;
    }
  }
  const { manifest } = result;
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Backup written: ${result.file}\n` +
      `  ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL'}, app ${manifest.app.version}, ` +
      `schema ${manifest.migration?.tag ?? 'none'}, ${rows} rows in ${Object.keys(manifest.tables).length} tables, ` +
      `${megabytes(manifest.payload.bytes)}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}

async function restore(config: Config, file: string | undefined): Promise<number> {
  if (!file) {
    console.error('Usage: npm run restore -- <backup file>');
    return 2;
  }
  const started = Date.now();
  const result = config.databaseUrl
    ? await restorePostgres(path.resolve(file), config.databaseUrl)
    : await restorePglite(path.resolve(file), config.dataDir);
  const where = config.databaseUrl ? 'the PostgreSQL database at DATABASE_URL' : config.dataDir;
  const { lines, matches } = compareCounts(result.manifest.tables, result.counts);
  console.log(
    `Restored ${path.basename(file)} (taken ${result.manifest.createdAt}, app ${result.manifest.app.version}, ` +
      `schema ${result.manifest.migration?.tag ?? 'none'}) into ${where} in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s.\n${lines.join('\n')}`,
  );
  if (!matches) {
    console.error('The restored row counts differ from the backup’s manifest (MISMATCH above).');
    return 1;
  }
  console.log('Every table has the row count of the backup. Start the app on it with npm start.');
  return 0;
}

async function main(): Promise<number> {
  const [command, argument] = process.argv.slice(2);
  const config = loadConfigOrExit();
  try {
    if (command === 'backup') return await backup(config, argument);
    if (command === 'restore') return await restore(config, argument);
    console.error('Usage: npm run backup [-- <dir>] | npm run restore -- <file>');
    return 2;
  } catch (error) {
    if (error instanceof BackupError || error instanceof DirectoryLockedError) {
      console.error(error.message);
      return 1;
    }
    console.error(
      `${command === 'restore' ? 'Restore' : 'Backup'} failed: ${(error as Error).message}`,
    );
    return 1;
  }
}

process.exitCode = await main();
