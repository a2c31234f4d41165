import { eq } from 'drizzle-orm';
import { createSession, hashToken } from '../auth/sessions.ts';
import type { Executor } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

/** Opens one more live session for a user (as another device would) and answers its id. */
export async function createOtherSession(
  db: Executor,
  userId: number,
  now: Date,
): Promise<{ id: number; token: string }> {
  const token = await createSession(db, userId, now, {
    ip: '192.0.2.55',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile Safari/537.36',
  });
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  return { id: row!.id, token };
}
