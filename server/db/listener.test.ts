import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/app.ts';
import type { Database } from './client.ts';
import { DatabaseListener } from './listener.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A log that keeps what it is told. */
function memoryLog() {
  const errors: string[] = [];
  return {
    errors,
    log: {
      info: () => {},
      warn: () => {},
      error: (_details: object, message: string) => errors.push(message),
    },
  };
}

const notify = (channel: string, payload: string) =>
  database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

describe('the database listener', () => {
  it('hands each announcement to every subscriber of its channel, in order, and to no other', async () => {
    const { log, errors } = memoryLog();
    const listener = new DatabaseListener(log);
    const heard: string[] = [];
    listener.on('test_alpha', (payload) => heard.push(`first ${payload}`));
    // A subscriber that fails does not keep the announcement from the others.
    listener.on('test_alpha', (payload) => {
      if (payload === 'bad') throw new Error('cannot read it');
    });
    listener.on('test_alpha', (payload) => heard.push(`third ${payload}`));
    listener.on('test_beta', (payload) => heard.push(`beta ${payload}`));
    const told: string[] = [];
    listener.watch({
      listening: (again) => told.push(again ? 'listening again' : 'listening'),
      deaf: () => told.push('deaf'),
    });
    expect(listener.live).toBe(false);
    await listener.start(database);
    expect(listener.live).toBe(true);
    expect(told).toEqual(['listening']);

    await notify('test_alpha', '1');
    await notify('test_alpha', 'bad');
    await notify('test_beta', '2');
    await notify('test_gamma', 'nobody listens');
    await expect.poll(() => heard.length).toBe(5);
    expect(heard).toEqual(['first 1', 'third 1', 'first bad', 'third bad', 'beta 2']);
    expect(errors).toEqual(['handling an announcement on test_alpha failed']);

    // Too late to subscribe: the channels were listened to at start.
    expect(() => listener.on('test_delta', () => {})).toThrow(/before the listener starts/);

    await listener.stop();
    expect(listener.live).toBe(false);
    expect(told).toEqual(['listening', 'deaf']);
    await notify('test_alpha', 'after');
    // The stopped listener hears nothing more (a round trip lets a stray delivery arrive).
    await database.db.execute(sql`select 1`);
    expect(heard).toHaveLength(5);
  });

  it('takes only plain channel names, which LISTEN takes unquoted', () => {
    const listener = new DatabaseListener(memoryLog().log);
    for (const name of ['', 'Upper', 'two words', 'drop;table', '1st', 'a"b']) {
      expect(() => listener.on(name, () => {})).toThrow(/Not a channel name/);
    }
    expect(() => listener.on('eldercare_ok_2', () => {})).not.toThrow();
  });
});
