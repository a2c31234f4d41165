import pg from 'pg';
import type { Database } from './client.ts';

/** What the listener writes to the server's log (Fastify's logger is one). */
export interface ListenerLog {
  info(message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Told whether the listener hears every NOTIFY: what is sent while it does not is gone. */
export interface ListenerWatcher {
  /** It hears every NOTIFY from now on: started, or connected `again` after a loss. */
  listening(again: boolean): void;
  /** It may miss NOTIFYs from now on: the connection was lost, or the listener stopped. */
  deaf(): void;
}

interface ListenSource {
  stop(): Promise<void>;
}

/** A channel name as LISTEN takes it unquoted (the names are ours; this keeps them so). */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to queries), and
 * connect again with back-off when it is lost.
 */
class PostgresListener implements ListenSource {
  #client: pg.Client | null = null;
  #closed = false;
  #attempt = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channels: string[],
    private readonly deliver: (channel: string, payload: string) => void,
    private readonly watcher: ListenerWatcher,
    private readonly log: ListenerLog,
  ) {}

  start(): Promise<void> {
    return this.#connect(false);
  }

  async #connect(isReconnect: boolean): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ ...this.config, keepAlive: true });
    client.on('notification', (message) => {
      if (message.payload) this.deliver(message.channel, message.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'database listener connection failed');
      this.#lost(client);
    });
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
      if (this.#closed) {
        await client.end().catch(() => {});
        return;
      }
      this.#client = client;
      this.#attempt = 0;
      if (isReconnect) this.log.info('database listener connected again');
      this.watcher.listening(isReconnect);
    } catch (error) {
      this.log.error({ err: error }, 'database listener could not connect; retrying');
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.#schedule();
    }
  }

  #lost(client: pg.Client): void {
    if (this.#closed || client !== this.#client) return;
    this.#client = null;
    client.end().catch(() => {});
    this.watcher.deaf();
    this.#schedule();
  }

  #schedule(): void {
    if (this.#closed || this.#timer) return;
    const delay = Math.min(30_000, 500 * 2 ** this.#attempt);
    this.#attempt += 1;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#connect(true);
    }, delay);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }
}

/**
 * The app instance's one database listener (`app.listener`): PostgreSQL's NOTIFYs, or PGlite's
 * on the embedded database, handed to whoever subscribed to their channel. The notification
 * streams and the session cache are its subscribers; each also watches whether it hears, since
 * what is announced while the connection is lost is gone: the cache stops serving, the streams
 * replay from the notifications table once it is back. Subscribe before `start`.
 */
export class DatabaseListener {
  readonly #handlers = new Map<string, ((payload: string) => void)[]>();
  readonly #watchers: ListenerWatcher[] = [];
  #source: ListenSource | null = null;
  #started = false;
  #live = false;

  constructor(private readonly log: ListenerLog) {}

  /** Calls `handler` with each payload announced on `channel`, in order. */
  on(channel: string, handler: (payload: string) => void): void {
    if (this.#started) throw new Error(`Subscribe to ${channel} before the listener starts`);
    if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    const handlers = this.#handlers.get(channel) ?? [];
    handlers.push(handler);
    this.#handlers.set(channel, handlers);
  }

  watch(watcher: ListenerWatcher): void {
    this.#watchers.push(watcher);
  }

  /** Whether it hears every NOTIFY now. */
  get live(): boolean {
    return this.#live;
  }

  /** Starts listening: a failed first connection to PostgreSQL is retried in the background. */
  async start(database: Database): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    const channels = [...this.#handlers.keys()];
    const deliver = (channel: string, payload: string) => this.#deliver(channel, payload);
    const watcher: ListenerWatcher = {
      listening: (again) => this.#tell(true, again),
      deaf: () => this.#tell(false, false),
    };
    if (database.pool) {
      const listener = new PostgresListener(
        database.pool.options,
        channels,
        deliver,
        watcher,
        this.log,
      );
      this.#source = listener;
      await listener.start();
    } else if (database.pglite) {
      const stops: (() => Promise<void>)[] = [];
      for (const channel of channels) {
        stops.push(await database.pglite.listen(channel, (payload) => deliver(channel, payload)));
      }
      this.#source = {
        stop: async () => {
          for (const stop of stops) await stop();
        },
      };
      watcher.listening(false);
    }
  }

  async stop(): Promise<void> {
    this.#tell(false, false);
    await this.#source?.stop();
    this.#source = null;
  }

  #deliver(channel: string, payload: string): void {
    for (const handler of this.#handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        this.log.error({ err: error }, `handling an announcement on ${channel} failed`);
      }
    }
  }

  #tell(live: boolean, again: boolean): void {
    if (live === this.#live) return;
    this.#live = live;
    for (const watcher of this.#watchers) {
      if (live) watcher.listening(again);
      else watcher.deaf();
    }
  }
}
