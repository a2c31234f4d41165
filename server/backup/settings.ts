import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const units: Record<string, number> = {
  m: 60_000,
  h: 60 * 60_000,
  d: 24 * 60 * 60_000,
  w: 7 * 24 * 60 * 60_000,
};
const MIN_EVERY_MS = 5 * 60_000;
const MAX_EVERY_MS = 31 * units.d!;

/**
 * Reads BACKUP_EVERY (`30m`, `6h`, `1d`, `1w`): milliseconds, or a message saying what is
 * wrong with it.
 */
export function parseBackupEvery(text: string): { ms: number } | { error: string } {
  const match = /^(\d{1,5})\s*([mhdw])$/i.exec(text.trim());
  if (!match) {
    return {
      error:
        'BACKUP_EVERY must be a number and a unit: m (minutes), h (hours), d (days) or w (weeks), e.g. 6h or 1d',
    };
  }
  const ms = Number(match[1]) * units[match[2]!.toLowerCase()]!;
  if (ms < MIN_EVERY_MS || ms > MAX_EVERY_MS) {
    return { error: 'BACKUP_EVERY must be between 5m and 31d' };
  }
  return { ms };
}

const backupName = /^eldercare-backup-(\d{8}T\d{6}Z)(?:-(\d+))?\.ecbackup$/;

export interface BackupFile {
  name: string;
  file: string;
  /** When it was taken (from its name). */
  at: Date;
}

/** The backups in `dir` (by their names), newest first. */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found: (BackupFile & { seq: number })[] = [];
  for (const name of names) {
    const match = backupName.exec(name);
    if (!match) continue;
    const s = match[1]!;
    const at = new Date(
      `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`,
    );
    if (Number.isNaN(at.getTime())) continue;
    const file = path.join(dir, name);
    if (!statSync(file).isFile()) continue;
    found.push({ name, file, at, seq: Number(match[2] ?? 1) });
  }
  return found
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.seq - a.seq)
    .map(({ name, file, at }) => ({ name, file, at }));
}

/**
 * Deletes all but the newest `keep` backups in `dir`; other files are never touched. Returns the
 * names deleted.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  const removed: string[] = [];
  for (const backup of listBackups(dir).slice(Math.max(keep, 1))) {
    rmSync(backup.file, { force: true });
    removed.push(backup.name);
  }
  return removed;
}
