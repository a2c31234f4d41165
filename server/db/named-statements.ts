import { createHash } from 'node:crypto';
import pg from 'pg';

/** At most this many statements are kept prepared on one connection; later texts go unnamed. */
export const MAX_NAMED_PER_CONNECTION = 400;

/**
 * Statements with more values than this go unnamed: their text changes with the number of rows
 * or ids they carry (a multi-row insert, a long id list), and each arity would be one more
 * statement kept on the connection for little reuse.
 */
export const MAX_NAMED_VALUES = 64;

/** The name a statement's text is prepared under: the same text, the same name. */
export const statementName = (text: string): string =>
  `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/**
 * A connection of the pool that sends every statement with values as a named (prepared)
 * statement, its name a hash of its text: PostgreSQL parses and plans each shape once per
 * connection and every later request sends only the values. Inside a write's transaction every
 * statement was parsed and planned again for each request (0.1-0.2 ms of the server's time
 * each, a dozen per prescription); the reads of the visits and FHIR had shown the same. What a
 * statement answers does not change; only where its plan is made. A statement without values
 * (`begin`, `commit`, a script) stays a simple query. The names are per connection, and a
 * connection the pool closes (idle) takes its statements with it; MAX_NAMED_PER_CONNECTION
 * bounds what a long-lived one keeps.
 */
export class NamedStatementClient extends pg.Client {
  private named = new Set<string>();

  // pg's `query` has many overloads; this passes every call through and only names some.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    return super.query(this.withName(config, values) as typeof config, values, callback);
  }

  private withName(config: unknown, values: unknown): unknown {
    const query = typeof config === 'string' ? { text: config } : config;
    if (typeof query !== 'object' || query === null) return config;
    // A submittable (a pg Query, a cursor) runs itself: left as it is.
    if (typeof (query as { submit?: unknown }).submit === 'function') return config;
    const { text, name, values: own } = query as QueryConfigLike;
    if (typeof text !== 'string' || name !== undefined) return config;
    const list = values ?? own;
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_NAMED_VALUES) {
      return config;
    }
    const statement = statementName(text);
    if (!this.named.has(statement)) {
      if (this.named.size >= MAX_NAMED_PER_CONNECTION) return config;
      this.named.add(statement);
    }
    return { ...query, name: statement };
  }
}
