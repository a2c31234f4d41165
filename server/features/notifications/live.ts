import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import pg from 'pg';
import type { StreamEventName } from '../../../shared/schemas/notifications.ts';
import type { Database, Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { IDLE_TIMEOUT_MS, parseEndedSessions, SESSIONS_CHANNEL } from '../../auth/sessions.ts';
import { NOTIFICATION_CHANNEL, parsePayload } from './notification-events.ts';
import { findOpenNotifications, toNotification } from './notifications.service.ts';

/** What the hub writes to the server's log (Fastify's logger is one). */
export interface HubLog {
  info(message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** One open event stream of a signed-in user. */
export interface StreamSubscriber {
  userId: number;
  /** The session the stream was opened with: the stream ends when it does. */
  sessionId: number | null;
  /** The zone the stream's reader reads times in (resolved when the stream opens). */
  timeZone: string;
  send(event: StreamEventName, data: unknown): void;
  /** Writes a comment line so proxies and the browser see the connection alive. */
  ping(): void;
  end(): void;
}

interface ListenSource {
  stop(): Promise<void>;
}

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to queries), and
 * connect again with back-off when it is lost. Changes committed while it was away are not
 * replayed, so after a reconnect every stream is told to reload (`resync`).
 */
class PostgresListener implements ListenSource {
  #client: pg.Client | null = null;
  #closed = false;
  #attempt = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onPayload: (channel: string, payload: string) => void,
    private readonly onReconnect: () => void,
    private readonly log: HubLog,
  ) {}

  async start(): Promise<void> {
    await this.#connect(false);
  }

  async #connect(isReconnect: boolean): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ ...this.config, keepAlive: true });
    client.on('notification', (message) => {
      if (message.payload) this.onPayload(message.channel, message.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'notification listener connection failed');
      this.#lost(client);
    });
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
      await client.query(`LISTEN ${SESSIONS_CHANNEL}`);
      if (this.#closed) {
        await client.end().catch(() => {});
        return;
      }
      this.#client = client;
      this.#attempt = 0;
      if (isReconnect) {
        this.log.info('notification listener connected again');
        this.onReconnect();
      }
    } catch (error) {
      this.log.error({ err: error }, 'notification listener could not connect; retrying');
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.#schedule();
    }
  }

  #lost(client: pg.Client): void {
    if (this.#closed || client !== this.#client) return;
    this.#client = null;
    client.end().catch(() => {});
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
 * The open event streams of this app instance, by user, and the database listener that feeds
 * them. Also sends the heartbeat and ends streams whose session has ended.
 */
export class NotificationHub {
  readonly #subscribers = new Map<number, Set<StreamSubscriber>>();
  #queue: Promise<void> = Promise.resolve();
  #source: ListenSource | null = null;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: HubLog,
    private readonly heartbeatMs: number,
  ) {}

  /** Starts listening on the database (a dedicated connection on PostgreSQL). */
  async start(database: Database): Promise<void> {
    const onPayload = (channel: string, payload: string) => {
      if (channel === NOTIFICATION_CHANNEL) this.receive(payload);
      else if (channel === SESSIONS_CHANNEL) this.endSessions(parseEndedSessions(payload));
    };
    if (database.pool) {
      const listener = new PostgresListener(
        database.pool.options,
        onPayload,
        () => this.#broadcast('resync', {}),
        this.log,
      );
      this.#source = listener;
      await listener.start();
    } else if (database.pglite) {
      const stopNotifications = await database.pglite.listen(NOTIFICATION_CHANNEL, (payload) =>
        onPayload(NOTIFICATION_CHANNEL, payload),
      );
      const stopSessions = await database.pglite.listen(SESSIONS_CHANNEL, (payload) =>
        onPayload(SESSIONS_CHANNEL, payload),
      );
      this.#source = {
        stop: async () => {
          await stopNotifications();
          await stopSessions();
        },
      };
    }
    this.#heartbeat = setInterval(() => void this.#beat(), this.heartbeatMs);
    this.#heartbeat.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#heartbeat);
    this.endAll();
    await this.#source?.stop();
    this.#source = null;
    await this.#queue;
  }

  /** Adds a stream; the returned function removes it (call it when the connection closes). */
  subscribe(subscriber: StreamSubscriber): () => void {
    let set = this.#subscribers.get(subscriber.userId);
    if (!set) {
      set = new Set();
      this.#subscribers.set(subscriber.userId, set);
    }
    set.add(subscriber);
    return () => {
      const current = this.#subscribers.get(subscriber.userId);
      current?.delete(subscriber);
      if (current?.size === 0) this.#subscribers.delete(subscriber.userId);
    };
  }

  /** How many streams are open (for tests and diagnostics). */
  get size(): number {
    let total = 0;
    for (const set of this.#subscribers.values()) total += set.size;
    return total;
  }

  /** Ends every stream (server shutdown): the browsers reconnect to another instance. */
  endAll(): void {
    for (const set of this.#subscribers.values()) for (const subscriber of set) subscriber.end();
  }

  /**
   * Ends at once the streams opened with sessions that just ended (logout, deactivation,
   * password change, expiry), on whichever instance holds them.
   */
  endSessions(sessionIds: number[]): void {
    if (sessionIds.length === 0) return;
    const ended = new Set(sessionIds);
    for (const set of this.#subscribers.values()) {
      for (const subscriber of set) {
        if (subscriber.sessionId !== null && ended.has(subscriber.sessionId)) subscriber.end();
      }
    }
  }

  /** Handles one NOTIFY payload; payloads are handled in order, one at a time. */
  receive(payload: string): void {
    this.#queue = this.#queue
      .then(() => this.#handle(payload))
      .catch((error: unknown) => this.log.error({ err: error }, 'live notification failed'));
  }

  async #handle(text: string): Promise<void> {
    const payload = parsePayload(text);
    if (!payload) return;
    if (payload.k === 'dismissed') {
      for (const [id, userId] of payload.n) {
        for (const subscriber of this.#subscribers.get(userId) ?? []) {
          subscriber.send('dismissed', { id });
        }
      }
      return;
    }
    const ids = payload.n.filter(([, userId]) => this.#subscribers.has(userId)).map(([id]) => id);
    if (ids.length === 0) return;
    for (const row of await findOpenNotifications(this.db, ids)) {
      for (const subscriber of this.#subscribers.get(row.userId) ?? []) {
        subscriber.send('notification', toNotification(row, subscriber.timeZone));
      }
    }
  }

  #broadcast(event: StreamEventName, data: unknown): void {
    for (const set of this.#subscribers.values()) {
      for (const subscriber of set) subscriber.send(event, data);
    }
  }

  /** Pings every stream and ends those whose session was revoked, expired or went idle. */
  async #beat(): Promise<void> {
    const all = [...this.#subscribers.values()].flatMap((set) => [...set]);
    if (all.length === 0) return;
    for (const subscriber of all) subscriber.ping();
    const sessionIds = [...new Set(all.map((s) => s.sessionId).filter((id) => id !== null))];
    try {
      const now = this.clock.now();
      const alive = new Set(
        sessionIds.length === 0
          ? []
          : (
              await this.db
                .select({ id: sessions.id })
                .from(sessions)
                .innerJoin(users, eq(users.id, sessions.userId))
                .where(
                  and(
                    inArray(sessions.id, sessionIds),
                    isNull(sessions.revokedAt),
                    eq(users.isActive, true),
                    gt(sessions.expiresAt, now),
                    gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
                  ),
                )
            ).map((row) => row.id),
      );
      for (const subscriber of all) {
        if (subscriber.sessionId === null || !alive.has(subscriber.sessionId)) subscriber.end();
      }
    } catch (error) {
      this.log.error({ err: error }, 'checking the sessions of open streams failed');
    }
  }
}
