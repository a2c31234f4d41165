import { z } from 'zod';

/** Whether the caller has a live calendar feed, since when and when an app last fetched it. */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/**
 * A feed just made: its address, answered this once and never again (only a hash is stored).
 * `url` starts with the server's APP_URL when one is set; otherwise it is null and the client
 * puts its own origin before `path`, as with invitation links.
 */
export const createdCalendarFeedSchema = z.object({
  path: z.string(),
  url: z.string().nullable(),
  createdAt: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

/**
 * The feed's address part. Any text is accepted here: a token that is not one of ours (wrong
 * length, wrong letters, unknown, revoked) is answered by the service with the same 404.
 */
export const calendarFeedTokenParamsSchema = z.object({ token: z.string() });
