import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { apiErrors } from '../../shared/messages.ts';

export interface DirectoryLock {
  path: string;
  release(): void;
}

export class DirectoryLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `${apiErrors.databaseLocked} (${dataDir}, process ${pid}). ` +
        'Stop the other process, or set DATA_DIR to another directory.',
    );
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>.lock` for this process. PGlite is one process per directory: a second one
 * would corrupt it. A lock left by a process that no longer runs is taken over.
 */
export function acquireDirectoryLock(dataDir: string): DirectoryLock {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = NaN;
      try {
        holder = Number(readFileSync(lockPath, 'utf8').trim());
      } catch {
        continue;
      }
      if (isAlive(holder) && holder !== process.pid)
        throw new DirectoryLockedError(dataDir, holder);
      try {
        unlinkSync(lockPath); // stale: its process is gone
      } catch {
        // another process removed it first; try again
      }
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
