import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { backupFileName, headerOf, type Manifest } from './container.ts';

/** A free name for a backup taken at `at` in `dir` (a suffix when one of that second exists). */
function freeName(dir: string, at: Date): string {
  for (let n = 1; ; n++) {
    const name = backupFileName(at, n === 1 ? '' : `-${n}`);
    if (!existsSync(path.join(dir, name)) && !existsSync(path.join(dir, `.${name}.partial`)))
      return name;
  }
}

/**
 * Writes the manifest and the payload (bytes in memory, or a file's content) as one backup file
 * in `dir`, under a temporary name renamed into place once complete and flushed to disk, so a
 * crash never leaves a half backup under a backup's name.
 */
export async function writeBackupFile(
  dir: string,
  at: Date,
  manifest: Omit<Manifest, 'payload'>,
  kind: Manifest['payload']['kind'],
  payload: Buffer | { file: string },
): Promise<{ file: string; manifest: Manifest }> {
  mkdirSync(dir, { recursive: true });
  let sha256: string;
  let bytes: number;
  if (Buffer.isBuffer(payload)) {
    sha256 = createHash('sha256').update(payload).digest('hex');
    bytes = payload.length;
  } else {
    const hash = createHash('sha256');
    bytes = 0;
    for await (const chunk of createReadStream(payload.file)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    sha256 = hash.digest('hex');
  }
  const full: Manifest = { ...manifest, payload: { kind, bytes, sha256 } };
  const name = freeName(dir, at);
  const target = path.join(dir, name);
  const partial = path.join(dir, `.${name}.partial`);
  try {
    const out = createWriteStream(partial, { flags: 'wx' });
    out.write(headerOf(full));
    if (Buffer.isBuffer(payload)) {
      out.end(payload);
      await new Promise<void>((resolve, reject) => {
        out.on('finish', resolve);
        out.on('error', reject);
      });
    } else {
      await pipeline(createReadStream(payload.file), out);
    }
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { file: target, manifest: full };
}
