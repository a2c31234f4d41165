import { and, asc, eq, gt, gte, inArray, isNull, max } from 'drizzle-orm';
import pg from 'pg';
import type { StreamEventName } from '../../../shared/schemas/notifications.ts';
import type { Database, Db } from '../../db/client.ts';
import { notifications, sessions, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  IDLE_TIMEOUT_MS,
  parseEndedSessions,
  SESSIONS_CHANNEL,
  USERS_CHANNEL,
} from '../../auth/sessions.ts';
import type { SessionCache } from '../../auth/session-cache.ts';
import { NOTIFICATION_CHANNEL, parsePayload } from './notification-events.ts';
import {
  findOpenNotifications,
  notificationColumns,
  toNotification,
  type Row,
} from './notifications.service.ts';

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
  /** Writes an event; `id` (a notification's id) becomes the browser's Last-Event-ID. */
  send(event: StreamEventName, data: unknown, id?: number): void;
  /** Sets the browser's Last-Event-ID without an event: where a replay would start. */
  mark(id: number): void;
  /** Writes a comment line so proxies and the browser see the connection alive. */
  ping(): void;
  end(): void;
}

interface ListenSource {
  stop(): Promise<void>;
}

/** At most this many missed notifications are replayed to a stream; past it, `resync`. */
export const REPLAY_LIMIT = 100;
/** Ids a stream remembers having sent, so a replay overlapping live delivery sends none twice. */
const REMEMBERED_IDS = 200;
/** Dismissals this long before the listener was lost are replayed too (clocks of instances). */
const DISMISSAL_MARGIN_MS = 60_000;

/** What a stream has been sent: the highest notification id and the latest ids. */
interface Position {
  lastId: number;
  sent: Set<number>;
}

interface ListenerEvents {
  payload(channel: string, payload: string): void;
  /** The connection was lost: NOTIFYs are missed until it is back. */
  lost(): void;
  /** LISTENing again after a loss. */
  reconnected(): void;
}

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to queries), and
 * connect again with back-off when it is lost. NOTIFYs sent while it was away are gone; the hub
 * replays what they announced from the notifications table once it is back.
 */
class PostgresListener implements ListenSource {
  #client: pg.Client | null = null;
  #closed = false;
  #attempt = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly events: ListenerEvents,
    private readonly log: HubLog,
  ) {}

  async start(): Promise<void> {
    await this.#connect(false);
  }

  /** Whether it is LISTENing now (a failed first connection is retried in the background). */
  get connected(): boolean {
    return this.#client !== null;
  }

  async #connect(isReconnect: boolean): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ ...this.config, keepAlive: true });
    client.on('notification', (message) => {
      if (message.payload) this.events.payload(message.channel, message.payload);
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
      await client.query(`LISTEN ${USERS_CHANNEL}`);
      if (this.#closed) {
        await client.end().catch(() => {});
        return;
      }
      this.#client = client;
      this.#attempt = 0;
      if (isReconnect) {
        this.log.info('notification listener connected again');
        this.events.reconnected();
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
    this.events.lost();
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
 * them. Also sends the heartbeat and ends streams whose session has ended, and keeps the
 * instance's session cache honest: live only while the listener hears ended sessions and changed
 * accounts, told of each.
 */
export class NotificationHub {
  readonly #subscribers = new Map<number, Set<StreamSubscriber>>();
  readonly #positions = new Map<StreamSubscriber, Position>();
  /** When the database listener was lost (null while it listens). */
  #lostAt: Date | null = null;
  #queue: Promise<void> = Promise.resolve();
  #source: ListenSource | null = null;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: HubLog,
    private readonly heartbeatMs: number,
    private readonly sessionCache: SessionCache | null = null,
  ) {}

  /** Starts listening on the database (a dedicated connection on PostgreSQL). */
  async start(database: Database): Promise<void> {
    const cache = this.sessionCache;
    const onPayload = (channel: string, payload: string) => {
      if (channel === NOTIFICATION_CHANNEL) this.receive(payload);
      else if (channel === SESSIONS_CHANNEL) {
        const ended = parseEndedSessions(payload);
        cache?.endSessions(ended);
        this.endSessions(ended);
      } else if (channel === USERS_CHANNEL) cache?.changeUsers(parseEndedSessions(payload));
    };
    if (database.pool) {
      const listener = new PostgresListener(
        database.pool.options,
        {
          payload: onPayload,
          lost: () => {
            cache?.setLive(false);
            this.#lostAt ??= this.clock.now();
          },
          reconnected: () => {
            cache?.setLive(true);
            const since = this.#lostAt;
            this.#lostAt = null;
            this.#enqueue(() => this.#replayAll(since), 'replaying notifications failed');
          },
        },
        this.log,
      );
      this.#source = listener;
      await listener.start();
      cache?.setLive(listener.connected);
    } else if (database.pglite) {
      const stopNotifications = await database.pglite.listen(NOTIFICATION_CHANNEL, (payload) =>
        onPayload(NOTIFICATION_CHANNEL, payload),
      );
      const stopSessions = await database.pglite.listen(SESSIONS_CHANNEL, (payload) =>
        onPayload(SESSIONS_CHANNEL, payload),
      );
      const stopUsers = await database.pglite.listen(USERS_CHANNEL, (payload) =>
        onPayload(USERS_CHANNEL, payload),
      );
      this.#source = {
        stop: async () => {
          await stopNotifications();
          await stopSessions();
          await stopUsers();
        },
      };
      cache?.setLive(true);
    }
    this.#heartbeat = setInterval(() => void this.#beat(), this.heartbeatMs);
    this.#heartbeat.unref();
  }

  async stop(): Promise<void> {
    this.sessionCache?.setLive(false);
    clearInterval(this.#heartbeat);
    this.endAll();
    await this.#source?.stop();
    this.#source = null;
    await this.#queue;
  }

  /**
   * Adds a stream; the returned function removes it (call it when the connection closes).
   * With `lastEventId` (the browser's Last-Event-ID: the last notification id it saw), the
   * user's open notifications after it are replayed first; without, the stream is marked with
   * the user's latest id, so a reconnect replays from there. Live events wait for either.
   */
  subscribe(subscriber: StreamSubscriber, lastEventId: number | null = null): () => void {
    let set = this.#subscribers.get(subscriber.userId);
    if (!set) {
      set = new Set();
      this.#subscribers.set(subscriber.userId, set);
    }
    set.add(subscriber);
    this.#positions.set(subscriber, { lastId: lastEventId ?? 0, sent: new Set() });
    this.#enqueue(async () => {
      if (!this.#positions.has(subscriber)) return;
      if (lastEventId === null) this.#mark(subscriber, await this.#latestId(subscriber.userId));
      else await this.#replay([subscriber], null);
    }, 'opening a notification stream failed');
    return () => {
      this.#positions.delete(subscriber);
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
    this.#enqueue(() => this.#handle(payload), 'live notification failed');
  }

  /** Live deliveries, replays and stream openings run one at a time, in order. */
  #enqueue(task: () => Promise<void>, failure: string): void {
    this.#queue = this.#queue
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, failure));
  }

  /** Sends a notification once per stream, with its id as the event id. */
  #deliver(subscriber: StreamSubscriber, row: Row): void {
    const position = this.#positions.get(subscriber);
    if (!position || position.sent.has(row.id)) return;
    position.sent.add(row.id);
    if (position.sent.size > REMEMBERED_IDS) {
      const oldest = position.sent.values().next();
      if (!oldest.done) position.sent.delete(oldest.value);
    }
    position.lastId = Math.max(position.lastId, row.id);
    subscriber.send('notification', toNotification(row, subscriber.timeZone), row.id);
  }

  #mark(subscriber: StreamSubscriber, id: number): void {
    const position = this.#positions.get(subscriber);
    if (!position) return;
    position.lastId = Math.max(position.lastId, id);
    subscriber.mark(position.lastId);
  }

  async #latestId(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ id: max(notifications.id) })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    return row?.id ?? 0;
  }

  /**
   * Replays to one user's streams the open notifications after each stream's last id, oldest
   * first, and (after a lost listener) the dismissals made since `dismissedSince`. A stream that
   * missed more than REPLAY_LIMIT is told to reload instead (`resync`), as is every stream when
   * the database cannot be read.
   */
  async #replay(streams: StreamSubscriber[], dismissedSince: Date | null): Promise<void> {
    const open = streams.filter((subscriber) => this.#positions.has(subscriber));
    const first = open[0];
    if (!first) return;
    const userId = first.userId;
    const from = Math.min(...open.map((subscriber) => this.#positions.get(subscriber)!.lastId));
    let rows: Row[];
    let dismissed: number[] = [];
    try {
      rows = await this.db
        .select(notificationColumns)
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.dismissedAt),
            gt(notifications.id, from),
          ),
        )
        .orderBy(asc(notifications.id))
        .limit(REPLAY_LIMIT + 1);
      if (dismissedSince) {
        dismissed = (
          await this.db
            .select({ id: notifications.id })
            .from(notifications)
            .where(
              and(
                eq(notifications.userId, userId),
                gte(
                  notifications.dismissedAt,
                  new Date(dismissedSince.getTime() - DISMISSAL_MARGIN_MS),
                ),
              ),
            )
            .limit(REPLAY_LIMIT)
        ).map((row) => row.id);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'replaying notifications failed; streams will reload');
      for (const subscriber of open) subscriber.send('resync', {});
      return;
    }
    if (rows.length > REPLAY_LIMIT) {
      const latest = await this.#latestId(userId);
      for (const subscriber of open) {
        subscriber.send('resync', {});
        this.#mark(subscriber, latest);
      }
      return;
    }
    for (const subscriber of open) {
      const position = this.#positions.get(subscriber);
      if (!position) continue;
      for (const id of dismissed) subscriber.send('dismissed', { id });
      for (const row of rows) if (row.id > position.lastId) this.#deliver(subscriber, row);
    }
  }

  /** After a lost listener: every open stream gets what it missed meanwhile. */
  async #replayAll(since: Date | null): Promise<void> {
    for (const set of [...this.#subscribers.values()]) await this.#replay([...set], since);
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
        this.#deliver(subscriber, row);
      }
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
