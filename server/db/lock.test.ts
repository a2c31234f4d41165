import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DirectoryLockedError } from './lock.ts';

describe('PGlite directory lock', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eldercare-lock-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('takes the lock, writes its pid and removes it on release', () => {
    const dataDir = freshDir();
    const lock = acquireDirectoryLock(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses while another live process holds the directory', async () => {
    const dataDir = freshDir();
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(`${dataDir}.lock`, String(other.pid));
      expect(() => acquireDirectoryLock(dataDir)).toThrow(DirectoryLockedError);
      expect(() => acquireDirectoryLock(dataDir)).toThrow(/already using this data directory/);
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock left by a process that no longer runs', () => {
    const dataDir = freshDir();
    const gone = spawnSync('sh', ['-c', 'echo $$']);
    writeFileSync(`${dataDir}.lock`, gone.stdout.toString().trim());
    const lock = acquireDirectoryLock(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
