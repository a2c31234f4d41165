import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/messages.ts';
import { errorsPlugin } from './errors.ts';
import { isDatabaseUnavailable, unavailableReason } from '../lib/database-errors.ts';
import { HttpError } from '../lib/http-error.ts';

/** An error as node-postgres raises it for a server message with this SQLSTATE. */
const serverError = (code: string, message = 'server said no') => {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
};
const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
/** What Drizzle throws for a failed query: the driver's error as its cause. */
const failedQuery = (cause: Error) =>
  new DrizzleQueryError('select "id" from "patients" where "last_name" = $1', ['Secret'], cause);

describe('database unavailable errors', () => {
  it('a refused, reset or timed-out connection, wrapped by Drizzle or not, is the database being away', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']) {
      expect(isDatabaseUnavailable(socketError(code))).toBe(true);
      expect(isDatabaseUnavailable(failedQuery(socketError(code)))).toBe(true);
    }
    // Every address of "localhost" refused: Node's AggregateError.
    const both = new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]);
    expect(isDatabaseUnavailable(both)).toBe(true);
  });

  it('connection exceptions, shutdowns, a server starting up and too many connections are too', () => {
    for (const code of ['08000', '08003', '08006', '08P01', '57P01', '57P02', '57P03', '53300']) {
      expect(isDatabaseUnavailable(failedQuery(serverError(code))), code).toBe(true);
    }
  });

  it('node-postgres’s own words for a lost or closed connection are too', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
      'Client was closed and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(failedQuery(new Error(message))), message).toBe(true);
    }
  });

  it('a query the database refused, or any other fault, is not', () => {
    for (const code of ['23505', '22P02', '42703', '40001', '57014']) {
      expect(isDatabaseUnavailable(failedQuery(serverError(code))), code).toBe(false);
    }
    for (const error of [
      new Error('boom'),
      new HttpError(404, 'Not found'),
      new TypeError('x is undefined'),
      'a string',
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
    // The words alone, inside a failed query's text, are not enough.
    expect(isDatabaseUnavailable(new Error('Failed query: Connection terminated'))).toBe(false);
  });

  it('the reason logged names the failure, never the query or its parameters', () => {
    expect(unavailableReason(failedQuery(socketError('ECONNREFUSED')))).toBe('ECONNREFUSED');
    expect(unavailableReason(failedQuery(serverError('57P01')))).toBe('57P01');
    expect(unavailableReason(failedQuery(new Error('Connection terminated unexpectedly')))).toBe(
      'Connection terminated unexpectedly',
    );
  });
});

describe('the error handler during an outage', () => {
  const appThrowing = async (error: unknown) => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/x', async () => {
      throw error;
    });
    await app.ready();
    return app;
  };

  it('answers 503 with Retry-After and the calm sentence, without the query', async () => {
    const app = await appThrowing(failedQuery(socketError('ECONNREFUSED')));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: apiErrors.unavailable });
    expect(res.body).not.toContain('Secret');
    await app.close();
  });

  it('leaves every other answer as it was', async () => {
    for (const [error, status] of [
      [failedQuery(serverError('23505')), 409],
      [failedQuery(serverError('22P02')), 400],
      [new Error('boom'), 500],
    ] as const) {
      const app = await appThrowing(error);
      const res = await app.inject({ method: 'GET', url: '/x' });
      expect(res.statusCode).toBe(status);
      expect(res.headers['retry-after']).toBeUndefined();
      await app.close();
    }
  });
});
