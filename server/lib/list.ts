import type { FastifyReply } from 'fastify';

/** Lists answer a plain array (as the seed's client expects) with the total in a header. */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header('X-Total-Count', String(page.total));
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count');
  return page.items;
}

/** Escapes LIKE wildcards so a search for "50%" matches the text, not a pattern. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
