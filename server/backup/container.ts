import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { z } from 'zod';

/**
 * One backup is one file: a first line naming the format, a second line holding the manifest as
 * JSON, then the payload (PGlite's data directory as a gzipped tar, or pg_dump's custom format).
 * No archive library is needed, `head -n 2` shows the manifest, and the payload is the rest of
 * the file byte for byte, so its SHA-256 checks it without unpacking anything.
 */
export const MAGIC = 'ELDERCARE-BACKUP 1';
export const BACKUP_EXTENSION = '.ecbackup';
const HEADER_LIMIT = 1024 * 1024;

export const manifestSchema = z.object({
  format: z.literal(1),
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  migration: z
    .object({ tag: z.string().nullable(), hash: z.string(), when: z.number() })
    .nullable(),
  tables: z.record(z.string(), z.number().int().min(0)),
  payload: z.object({
    kind: z.enum(['pglite-datadir.tar.gz', 'pg_dump-custom']),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  /** pg_dump's and the server's versions, for a PostgreSQL backup. */
  tools: z.object({ pgDump: z.string(), server: z.string() }).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {}

/** `eldercare-backup-20260314T020000Z.ecbackup` for that UTC instant. */
export function backupFileName(at: Date, suffix = ''): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `eldercare-backup-${stamp}${suffix}${BACKUP_EXTENSION}`;
}

export function headerOf(manifest: Manifest): Buffer {
  return Buffer.from(`${MAGIC}\n${JSON.stringify(manifest)}\n`, 'utf8');
}

export interface OpenedBackup {
  manifest: Manifest;
  /** Where the payload starts in the file. */
  payloadOffset: number;
}

/** Reads and checks the first two lines of a backup file. */
export async function readBackupHeader(file: string): Promise<OpenedBackup> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'ENOENT' ? `No such backup file: ${file}` : `Cannot read ${file}: ${code}`,
    );
  }
  try {
    const buffer = Buffer.alloc(HEADER_LIMIT);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_LIMIT, 0);
    const head = buffer.subarray(0, bytesRead);
    const first = head.indexOf(0x0a);
    const second = first < 0 ? -1 : head.indexOf(0x0a, first + 1);
    if (first < 0 || head.subarray(0, first).toString('utf8') !== MAGIC || second < 0) {
      throw new BackupError(`${file} is not an ElderCare backup file`);
    }
    let json: unknown;
    try {
      json = JSON.parse(head.subarray(first + 1, second).toString('utf8'));
    } catch {
      throw new BackupError(`${file}: the backup's manifest is not valid JSON`);
    }
    const parsed = manifestSchema.safeParse(json);
    if (!parsed.success) {
      throw new BackupError(
        `${file}: the backup's manifest is not one this app reads (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`,
      );
    }
    return { manifest: parsed.data, payloadOffset: second + 1 };
  } finally {
    await handle.close();
  }
}

/** SHA-256 (hex) and length of a file from `start` to its end. */
export async function hashFile(
  file: string,
  start = 0,
): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file, { start })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Refuses a payload whose length or checksum differs from its manifest's. */
export async function verifyPayload(file: string, opened: OpenedBackup): Promise<void> {
  const { sha256, bytes } = await hashFile(file, opened.payloadOffset);
  if (bytes !== opened.manifest.payload.bytes || sha256 !== opened.manifest.payload.sha256) {
    throw new BackupError(
      `${file} is damaged: its content does not match the checksum in its manifest ` +
        `(expected ${opened.manifest.payload.bytes} bytes, SHA-256 ${opened.manifest.payload.sha256.slice(0, 12)}…; ` +
        `found ${bytes} bytes, ${sha256.slice(0, 12)}…). Nothing was restored.`,
    );
  }
}
