import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../server/db/client.ts';
import { createSession, hashToken } from '../server/auth/sessions.ts';
import { calendarFeeds } from '../server/db/schema/index.ts';
import { onCleanup } from './processes.ts';
import type { Scenario } from './report.ts';
import { generateScale, type BenchPeople, type ScaleSize } from './scale.ts';
import { baseUrl, stamp, work } from './settings.ts';
import { sqlOf } from './sql.ts';
import { teamOf, type Tokens } from './targets.ts';

/** A scenario's database, filled and closed, with what the servers need to run on it. */
export interface Prepared {
  scenario: Scenario;
  people: BenchPeople;
  tokens: Tokens;
  serverEnv: Record<string, string>;
  /** A connection outside the app's pool for watching PostgreSQL (null on PGlite). */
  sampler: pg.Client | null;
  dbName: string;
  dispose(): Promise<void>;
}

/** Doctors with a calendar feed: the feed target fetches theirs in turn. */
const FEED_DOCTORS = 50;

/**
 * The sessions of the bench's actors, and calendar feeds of the first doctors stored as the app
 * stores one (the SHA-256 of a 32-byte random token; see server/features/calendar-feeds).
 */
async function createTokens(
  database: Database,
  people: BenchPeople,
  size: ScaleSize,
): Promise<Tokens> {
  const now = new Date();
  const calendarFeedTokens = Array.from({ length: Math.min(FEED_DOCTORS, size.doctors) }, () =>
    randomBytes(32).toString('base64url'),
  );
  await database.db.insert(calendarFeeds).values(
    calendarFeedTokens.map((token, i) => ({
      // Doctors' ids are contiguous from the bench doctor's (scale.ts).
      userId: people.doctorId + i,
      tokenHash: hashToken(token),
      createdAt: now,
    })),
  );
  return {
    calendarFeeds: calendarFeedTokens,
    supervisor: await createSession(database.db, people.supervisorId, now),
    admin: await createSession(database.db, people.adminId, now),
    doctor: await createSession(database.db, people.doctorId, now),
    patient: await createSession(database.db, people.patientUserId, now),
    caregiver: await createSession(database.db, people.caregiverId, now),
    writer: await createSession(database.db, people.writerId, now),
    checker: await createSession(database.db, people.visits.checkerId, now),
    team10: await createSession(database.db, teamOf(people, 10).doctorId, now),
    team1000: await createSession(database.db, teamOf(people, 1_000).doctorId, now),
    team10000: await createSession(database.db, teamOf(people, 10_000).doctorId, now),
  };
}

/**
 * Generates the data of one size in a database that `open` migrates, creates the sessions, and
 * closes it again so the server under test can open it.
 */
async function prepare(
  driver: Scenario['driver'],
  size: ScaleSize,
  passwordHash: string,
  open: () => Promise<Database>,
  remove: () => Promise<void>,
  place: Pick<Prepared, 'serverEnv' | 'sampler' | 'dbName'>,
): Promise<Prepared> {
  const dispose = onCleanup(remove);
  const database = await open();
  const t = performance.now();
  const generated = await generateScale(sqlOf(database), size, { passwordHash, now: new Date() });
  const generationSeconds = (performance.now() - t) / 1000;
  const tokens = await createTokens(database, generated.people, size);
  // PGlite is one process per directory: the server opens it next.
  await database.close();
  return {
    scenario: {
      id: `${driver}-${size.label}`,
      driver,
      size,
      counts: generated.counts,
      generationSeconds,
      generationSteps: generated.timings,
      floor: null,
      ladder: [],
      targets: [],
    },
    people: generated.people,
    tokens,
    ...place,
    dispose,
  };
}

/** A fresh PostgreSQL database of this size on the bench's server, dropped on dispose. */
export async function preparePostgres(size: ScaleSize, passwordHash: string): Promise<Prepared> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const dbName = `eldercare_bench_${stamp}_${size.label.toLowerCase()}`;
  await admin.query(`create database ${dbName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  return prepare(
    'postgres',
    size,
    passwordHash,
    // Filling a million rows takes single statements far past the app's 30 s limit.
    () => openPostgres(url.toString(), { max: 2, statementTimeoutMs: 0 }),
    async () => {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    },
    { serverEnv: { DATABASE_URL: url.toString() }, sampler: admin, dbName },
  );
}

/** A fresh PGlite directory of this size in the work folder, removed on dispose. */
export async function preparePglite(size: ScaleSize, passwordHash: string): Promise<Prepared> {
  const dir = path.join(work, `pglite-${size.label.toLowerCase()}`);
  return prepare(
    'pglite',
    size,
    passwordHash,
    () => openPglite(dir),
    async () => {
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}.lock`, { force: true });
    },
    { serverEnv: { DATA_DIR: dir, DATABASE_URL: '' }, sampler: null, dbName: '' },
  );
}
