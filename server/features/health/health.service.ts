import { sql } from 'drizzle-orm';
import type { AnonymousContext, RequestContext } from '../../auth/context.ts';

/** Resolves once the database has answered a real query (liveness, signed in or not). */
export async function checkDatabase(ctx: RequestContext | AnonymousContext): Promise<void> {
  await ctx.db.execute(sql`select 1`);
}
