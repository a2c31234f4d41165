import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestContext, type RequestContext } from '../auth/context.ts';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/app.ts';
import { createUser } from '../test/factories.ts';
import { systemClock } from './clock.ts';
import { exportList, type ListExport } from './csv-export.ts';

interface Row {
  id: number;
  name: string;
}

describe('exportList', () => {
  let database: Database;
  let ctx: RequestContext;
  const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));

  const spec = (entity: string, fail = false): ListExport<Row> => ({
    entity,
    name: entity,
    zone: 'UTC',
    columns: [
      { header: 'Id', value: (row) => row.id },
      { header: 'Name', value: (row) => row.name },
    ],
    batchSize: 5,
    batch: async (_ctx, limit, offset) => {
      if (fail && offset >= 10) throw new Error('the list failed half way');
      return rows.slice(offset, offset + limit);
    },
  });

  const exportRows = (entity: string) =>
    database.db
      .select({ outcome: auditLog.outcome, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entity, entity)));

  beforeAll(async () => {
    database = await openTestDatabase();
    const user = await createUser(database.db, { role: 'doctor', privileges: 'admin' });
    ctx = createRequestContext({
      db: database.db,
      clock: systemClock,
      ip: '127.0.0.1',
      requestId: 'csv-export-test',
      sessionId: null,
      user: {
        id: user.id,
        username: user.username,
        role: 'doctor',
        storedRole: 'doctor',
        privileges: 'admin',
      },
    });
  });
  afterAll(() => database.close());

  it('a whole download writes one export row with its row count', async () => {
    const download = await exportList(ctx, spec('whole-list'));
    let text = '';
    for await (const chunk of download.body) text += String(chunk);
    expect(text.trim().split('\n')).toHaveLength(1 + rows.length);
    expect(await exportRows('whole-list')).toEqual([
      { outcome: 'success', details: { rows: rows.length } },
    ]);
  });

  it('a download the reader abandons half way is audited as a failure with the rows handed out', async () => {
    const download = await exportList(ctx, spec('abandoned-list'));
    let seen = '';
    for await (const chunk of download.body) {
      seen += String(chunk);
      if (seen.includes('Row 1')) break; // the reader goes away: the stream is destroyed
    }
    expect(seen).toContain('Row 1');
    let found: Awaited<ReturnType<typeof exportRows>> = [];
    for (let i = 0; i < 100 && found.length === 0; i += 1) {
      found = await exportRows('abandoned-list');
      if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(found).toHaveLength(1);
    expect(found[0]!.outcome).toBe('failure');
    expect(found[0]!.details!.rows).toBeGreaterThan(0);
    expect(found[0]!.details!.rows).toBeLessThan(rows.length);
  });

  it('a batch that fails half way is audited as a failure too', async () => {
    const download = await exportList(ctx, spec('failing-list', true));
    await expect(async () => {
      for await (const chunk of download.body) void chunk;
    }).rejects.toThrow('the list failed half way');
    expect(await exportRows('failing-list')).toEqual([
      { outcome: 'failure', details: { rows: 10 } },
    ]);
  });
});
