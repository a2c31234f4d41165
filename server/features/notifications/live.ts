import { and, asc, eq, gt, gte, inArray, isNull, max } from 'drizzle-orm';
import type { StreamEventName } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import type { DatabaseListener } from '../../db/listener.ts';
import { notifications, sessions, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { IDLE_TIMEOUT_MS, parseIds, SESSIONS_CHANNEL } from '../../auth/sessions.ts';
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

/**
 * The open event streams of this app instance, by user, fed by the database listener. Also sends
 * the heartbeat and ends streams whose session has ended.
 */
export class NotificationHub {
  readonly #subscribers = new Map<number, Set<StreamSubscriber>>();
  readonly #positions = new Map<StreamSubscriber, Position>();
  /** When the database listener was lost (null while it listens). */
  #lostAt: Date | null = null;
  #queue: Promise<void> = Promise.resolve();
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: HubLog,
    private readonly heartbeatMs: number,
  ) {}

  /**
   * Subscribes to the listener (before it starts): notifications as they are announced, ended
   * sessions; after a lost connection, every open stream gets what it missed meanwhile.
   */
  listenTo(listener: DatabaseListener): void {
    listener.on(NOTIFICATION_CHANNEL, (payload) => this.receive(payload));
    listener.on(SESSIONS_CHANNEL, (payload) => this.endSessions(parseIds(payload)));
    listener.watch({
      deaf: () => {
        this.#lostAt ??= this.clock.now();
      },
      listening: (again) => {
        if (!again) return;
        const since = this.#lostAt;
        this.#lostAt = null;
        this.#enqueue(() => this.#replayAll(since), 'replaying notifications failed');
      },
    });
  }

  /** Starts the heartbeat. */
  start(): void {
    this.#heartbeat = setInterval(() => void this.#beat(), this.heartbeatMs);
    this.#heartbeat.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#heartbeat);
    this.endAll();
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
