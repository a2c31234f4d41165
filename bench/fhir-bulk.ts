/**
 * The agency export at scale: builds an agency of FHIR_PATIENTS patients (default 100,000) with
 * the bench's scale generator on PGlite (or PostgreSQL when DATABASE_URL is set), streams every
 * NDJSON file through the export's own service into a sink that keeps nothing, and prints the
 * resources per second of each file and of all, and the process's peak resident memory.
 *
 *   node --import tsx bench/fhir-bulk.ts            (FHIR_PATIENTS, FHIR_ROWS to change the size)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fhirResourceTypes } from '../shared/schemas/fhir.ts';
import { createRequestContext } from '../server/auth/context.ts';
import { openDatabase } from '../server/db/client.ts';
import { exportFile } from '../server/features/fhir/fhir.service.ts';
import { systemClock } from '../server/lib/clock.ts';
import { generateScale } from './scale.ts';
import { sqlOf } from './sql.ts';

const patients = Number(process.env.FHIR_PATIENTS ?? 100_000);
const rows = Number(process.env.FHIR_ROWS ?? 1_000_000);
const dir = mkdtempSync(path.join(os.tmpdir(), 'fhir-bulk-'));
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: path.join(dir, 'data'),
});

let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
const sampler = setInterval(sample, 50);

try {
  const started = performance.now();
  const { people, counts } = await generateScale(
    sqlOf(database),
    {
      label: 'fhir',
      patients,
      doctors: Math.max(10, patients / 20),
      caregivers: Math.max(20, patients / 10),
      rows,
    },
    { passwordHash: 'not-a-login', now: new Date() },
  );
  console.log(
    `generated ${patients.toLocaleString('en')} patients, ${rows.toLocaleString('en')} rows per big table ` +
      `in ${((performance.now() - started) / 1000).toFixed(0)} s (${database.driver})`,
  );
  console.log(`tables: ${JSON.stringify(counts)}`);
  peak = 0;
  sample();
  const baseline = peak;

  const ctx = createRequestContext({
    db: database.db,
    clock: systemClock,
    ip: '127.0.0.1',
    requestId: 'fhir-bulk-bench',
    sessionId: null,
    user: {
      id: people.supervisorId,
      username: 'bench-admin',
      role: 'doctor',
      storedRole: 'doctor',
      privileges: 'admin',
    },
  });

  let total = 0;
  let bytes = 0;
  const all = performance.now();
  for (const type of fhirResourceTypes) {
    let lines = 0;
    const begun = performance.now();
    await pipeline(
      exportFile(ctx, type),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
          done();
        },
      }),
    );
    const seconds = (performance.now() - begun) / 1000;
    total += lines;
    console.log(
      `${type.padEnd(26)} ${lines.toLocaleString('en').padStart(11)} resources ` +
        `${seconds.toFixed(1).padStart(7)} s ${Math.round(lines / Math.max(seconds, 0.001))
          .toLocaleString('en')
          .padStart(9)} /s`,
    );
  }
  const seconds = (performance.now() - all) / 1000;
  sample();
  console.log(
    `all files: ${total.toLocaleString('en')} resources, ${(bytes / 1e6).toFixed(0)} MB in ` +
      `${seconds.toFixed(1)} s = ${Math.round(total / seconds).toLocaleString('en')} resources/s; ` +
      `peak RSS ${(peak / 1e6).toFixed(0)} MB (before streaming ${(baseline / 1e6).toFixed(0)} MB)`,
  );
} finally {
  clearInterval(sampler);
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
