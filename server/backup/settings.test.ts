import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { backupFileName } from './container.ts';
import { listBackups, parseBackupEvery, pruneBackups } from './settings.ts';

describe('backup settings', () => {
  it('BACKUP_EVERY takes a number and a unit, between 5 minutes and 31 days', () => {
    expect(parseBackupEvery('6h')).toEqual({ ms: 6 * 3_600_000 });
    expect(parseBackupEvery('1d')).toEqual({ ms: 86_400_000 });
    expect(parseBackupEvery('30m')).toEqual({ ms: 1_800_000 });
    expect(parseBackupEvery(' 2W ')).toEqual({ ms: 14 * 86_400_000 });
    for (const bad of ['', 'daily', '6', 'h', '1.5h', '-1d', '6 hours']) {
      expect(parseBackupEvery(bad), bad).toEqual({ error: expect.stringMatching(/unit/) });
    }
    for (const out of ['1m', '4m', '32d', '5w']) {
      expect(parseBackupEvery(out), out).toEqual({ error: expect.stringMatching(/between/) });
    }
  });

  it('a bad BACKUP_* value stops the start with a message naming it; defaults otherwise', () => {
    const config = loadConfig({});
    expect(config.backup).toEqual({ dir: path.resolve('./backups'), everyMs: undefined, keep: 7 });
    expect(
      loadConfig({ BACKUP_EVERY: '1d', BACKUP_KEEP: '14', BACKUP_DIR: '/srv/b' }).backup,
    ).toEqual({ dir: '/srv/b', everyMs: 86_400_000, keep: 14 });
    expect(() => loadConfig({ BACKUP_EVERY: 'often' })).toThrow(ConfigError);
    expect(() => loadConfig({ BACKUP_EVERY: 'often' })).toThrow(
      /BACKUP_EVERY: BACKUP_EVERY must be/,
    );
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_KEEP: 'all' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ DATA_DIR: '/srv/data', BACKUP_DIR: '/srv/data/backups' })).toThrow(
      /BACKUP_DIR must be outside DATA_DIR/,
    );
  });

  describe('keeping the last N', () => {
    let dir: string;
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('deletes only the oldest backups beyond N, by the time in their names', () => {
      dir = mkdtempSync(path.join(tmpdir(), 'eldercare-prune-'));
      const names = [
        backupFileName(new Date('2026-03-01T02:00:00Z')),
        backupFileName(new Date('2026-03-02T02:00:00Z')),
        backupFileName(new Date('2026-03-02T02:00:00Z'), '-2'),
        backupFileName(new Date('2026-03-03T02:00:00Z')),
        backupFileName(new Date('2026-02-28T02:00:00Z')),
      ];
      for (const name of names) writeFileSync(path.join(dir, name), 'x');
      const others = [
        'notes.txt',
        'eldercare-backup-latest.ecbackup',
        '.eldercare-backup-x.partial',
      ];
      for (const name of others) writeFileSync(path.join(dir, name), 'x');

      expect(names[0]).toBe('eldercare-backup-20260301T020000Z.ecbackup');
      expect(listBackups(dir).map((b) => b.name)).toEqual([
        names[3],
        names[2],
        names[1],
        names[0],
        names[4],
      ]);
      expect(pruneBackups(dir, 3).sort()).toEqual([names[0], names[4]].sort());
      expect(readdirSync(dir).sort()).toEqual([names[1], names[2], names[3], ...others].sort());
      expect(pruneBackups(dir, 3)).toEqual([]);
      expect(listBackups(path.join(dir, 'missing'))).toEqual([]);
    });
  });
});
