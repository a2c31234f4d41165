import { z } from 'zod';

/** One live session of an account, as its owner (or an admin) sees it: never its token. */
export const accountSessionSchema = z.object({
  id: z.number().int(),
  /** The session this request came with. */
  current: z.boolean(),
  /** A short summary of the user agent ("Chrome on Android"). */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListSchema = z.array(accountSessionSchema);

/** How many sessions a call ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
