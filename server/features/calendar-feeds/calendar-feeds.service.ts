import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import { calendarFeedTexts } from '../../../shared/messages.ts';
import { normalizePrivilege, normalizeRole } from '../../../shared/permissions.ts';
import type {
  CalendarFeedStatus,
  CreatedCalendarFeed,
} from '../../../shared/schemas/calendar-feeds.ts';
import {
  createRequestContext,
  type AnonymousContext,
  type RequestContext,
} from '../../auth/context.ts';
import { hashToken, type SessionUser } from '../../auth/sessions.ts';
import type { Executor } from '../../db/client.ts';
import { calendarFeeds, users } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { loadFeedEvents, type FeedEvent } from './calendar-feed-events.ts';

const entity = 'calendar-feed';
const DAY_MS = 24 * 60 * 60_000;
/** The feed covers this many days before and after the moment it is fetched. */
export const FEED_WINDOW_DAYS = 60;
/** 32 random bytes in base64url, as every token of the house (sessions, account links). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The path of a feed; the token is its only secret. */
export const feedPath = (token: string) => `/api/calendar-feed/${token}.ics`;

/** The caller's live feed, if any. */
async function liveFeedOf(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Whether the caller has a live feed, when it was made and when an app last fetched it. */
export async function getCalendarFeedStatus(ctx: RequestContext): Promise<CalendarFeedStatus> {
  const feed = await liveFeedOf(ctx.db, ctx.user.id);
  return {
    active: feed !== null,
    createdAt: feed?.createdAt.toISOString() ?? null,
    lastUsedAt: feed?.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Makes the caller's feed, revoking the one before (rotation), in one transaction with its
 * audit rows. The token is answered this once: only its SHA-256 is stored. The URL starts with
 * APP_URL when set; without it the client puts its own origin before the path.
 */
export async function createCalendarFeed(
  ctx: RequestContext,
  appUrl: string | undefined,
): Promise<CreatedCalendarFeed> {
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  await ctx.audit.change(
    async (tx) => {
      // Two rotations at once take turns on the user's row, so one live feed remains.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ctx.user.id)).for('update');
      const revoked = await tx
        .update(calendarFeeds)
        .set({ revokedAt: now })
        .where(and(eq(calendarFeeds.userId, ctx.user.id), isNull(calendarFeeds.revokedAt)))
        .returning({ id: calendarFeeds.id });
      const [row] = await tx
        .insert(calendarFeeds)
        .values({ userId: ctx.user.id, tokenHash: hashToken(token), createdAt: now })
        .returning({ id: calendarFeeds.id });
      return { created: row!.id, revoked: revoked.map((r) => r.id) };
    },
    ({ created, revoked }) => [
      ...revoked.map((id) => ({
        action: 'calendar-feed-revoke' as const,
        entity,
        entityId: id,
        subjectUserId: ctx.user.id,
      })),
      {
        action: 'calendar-feed-create' as const,
        entity,
        entityId: created,
        subjectUserId: ctx.user.id,
      },
    ],
  );
  const path = feedPath(token);
  return { path, url: appUrl ? `${appUrl}${path}` : null, createdAt: now.toISOString() };
}

/** Turns the caller's feed off: its URL answers 404 at once. 404 when there is none. */
export async function revokeCalendarFeed(ctx: RequestContext): Promise<void> {
  const now = ctx.clock.now();
  await ctx.audit.change(
    async (tx) => {
      const [row] = await tx
        .update(calendarFeeds)
        .set({ revokedAt: now })
        .where(and(eq(calendarFeeds.userId, ctx.user.id), isNull(calendarFeeds.revokedAt)))
        .returning({ id: calendarFeeds.id });
      if (!row) throw new HttpError(404, calendarFeedTexts.noFeed);
      return row.id;
    },
    (id) => ({ action: 'calendar-feed-revoke', entity, entityId: id, subjectUserId: ctx.user.id }),
  );
}

/** The words of an event: initials and places for staff, the doctor's name for the patient. */
function summaryOf(event: FeedEvent): string {
  switch (event.what.kind) {
    case 'appointment-as-doctor':
      return calendarFeedTexts.appointmentFor(event.what.initials);
    case 'appointment-as-patient':
      return calendarFeedTexts.appointmentWith(event.what.doctor);
    case 'visit-as-caregiver':
      return calendarFeedTexts.visitTo(event.what.initials);
  }
}

/** The feed's calendar properties (the events are added to it). */
const calendarOptions = {
  name: calendarFeedTexts.calendarName,
  prodId: { company: 'ElderCare System', product: 'Calendar feed', language: 'EN' },
  // Calendar apps that honour it fetch again after an hour.
  ttl: 60 * 60,
};

const END = 'END:VCALENDAR';
const encoder = new TextEncoder();

/** Whether every character of a line is ASCII (one octet in UTF-8). */
function isAscii(line: string): boolean {
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) >= 0x80) return false;
  return true;
}

/**
 * ical-generator's line folding (RFC 5545: lines of at most 75 octets, continued after CRLF and
 * a space), with the same result: each character is counted in UTF-8 octets and a line breaks
 * before the character that would take it past 74. The library encodes every character of the
 * document with a new TextEncoder, which made a feed of a few hundred events cost tens of
 * milliseconds, mostly in garbage collection; here ASCII counts as one octet without encoding,
 * and a line that fits is kept whole.
 */
export function foldLines(input: string): string {
  return input
    .split('\r\n')
    .map((line) => {
      if (line.length <= 74 && isAscii(line)) return line;
      let result = '';
      let c = 0;
      for (let i = 0; i < line.length; i++) {
        let ch = line.charAt(i);
        // A surrogate pair is one character of four octets.
        if (ch >= '\ud800' && ch <= '\udbff') ch += line.charAt(++i);
        const size = ch.length === 1 && ch.charCodeAt(0) < 0x80 ? 1 : encoder.encode(ch).length;
        c += size;
        if (c > 74) {
          result += '\r\n ';
          c = size;
        }
        result += ch;
      }
      return result;
    })
    .join('\r\n');
}

/**
 * Writes the events as an iCalendar document (times in UTC): exactly ical-generator's
 * `toString()`, whose folding works line by line, so the calendar's own lines and the events'
 * lines are folded apart (the events by `foldLines` above) and joined.
 */
export function toICalendar(events: FeedEvent[]): string {
  const calendar = ical(calendarOptions);
  // The calendar without events: its folded properties, then END:VCALENDAR.
  const head = calendar.toString().slice(0, -END.length);
  let body = '';
  for (const event of events) {
    body += calendar
      .createEvent({
        id: event.uid,
        start: event.start,
        end: event.end,
        stamp: event.stamp,
        summary: summaryOf(event),
        location: event.location || null,
        status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      })
      .toString();
  }
  return head + foldLines(body) + END;
}

/**
 * A calendar app's fetch of a feed (no session: the token is the credential). A malformed,
 * unknown or revoked token, or a deactivated account, answers the same standard 404, so nothing
 * tells whether a token ever existed. Each fetch stamps last_used_at and writes one
 * 'calendar-feed-read' audit row in the owner's name, with the number of events it carried.
 */
export async function readCalendarFeed(
  pctx: AnonymousContext | RequestContext,
  token: string,
): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw notFound();
  const [owner] = await pctx.db
    .select({
      feedId: calendarFeeds.id,
      userId: users.id,
      username: users.username,
      role: users.role,
      privileges: users.privileges,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, hashToken(token)),
        isNull(calendarFeeds.revokedAt),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!owner) throw notFound();

  const user: SessionUser = {
    id: owner.userId,
    username: owner.username,
    role: normalizeRole(owner.role),
    storedRole: owner.role,
    privileges: normalizePrivilege(owner.privileges),
  };
  // The feed acts for its owner: their scope, and audit rows in their name.
  const ctx = createRequestContext({
    db: pctx.db,
    clock: pctx.clock,
    ip: pctx.ip,
    requestId: pctx.requestId,
    user,
    sessionId: null,
  });
  const now = ctx.clock.now();
  const from = new Date(now.getTime() - FEED_WINDOW_DAYS * DAY_MS);
  const to = new Date(now.getTime() + FEED_WINDOW_DAYS * DAY_MS);
  const events = await loadFeedEvents(ctx.db, user, from, to);
  await ctx.audit.change(
    (tx) =>
      tx.update(calendarFeeds).set({ lastUsedAt: now }).where(eq(calendarFeeds.id, owner.feedId)),
    () => ({
      action: 'calendar-feed-read',
      entity,
      // The feed and how many events it carried (one row per fetch, not one per event).
      entityId: owner.feedId,
      details: { events: events.length },
      subjectUserId: user.id,
    }),
  );
  return toICalendar(events);
}
