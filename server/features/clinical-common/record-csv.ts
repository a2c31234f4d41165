import type { z } from 'zod';
import { seesOwnRecordOnly } from '../../../shared/permissions.ts';
import { recordType } from '../../../shared/record-types.ts';
import type { RecordListQuery } from '../../../shared/schemas/clinical.ts';
import type { RequestContext } from '../../auth/context.ts';
import { columnsFromSchema, exportList, type CsvDownload } from '../../lib/csv-export.ts';
import type { Page } from '../../lib/list.ts';
import { readerTimeZone } from './reader-zone.ts';

/** One batch of a list: the page the list's service reads, with no total counted. */
export interface CsvBatch {
  limit: number;
  offset: number;
  count: 'none';
}

/**
 * Every row of a list as CSV: read in batches through the list's own service (so its scope,
 * filters, order, search and 'list' audit row are the list's), one column per field of its
 * answer schema, times in the reader's zone (saved, else the browser's, else the agency's), no
 * staff ids for a patient reading; one 'export' audit row.
 */
export async function listCsv<T>(
  ctx: RequestContext,
  spec: {
    entity: string;
    name: string;
    schema: z.ZodType;
    browserZone?: string;
    patientId?: number | null;
    omit?: readonly string[];
    list: (ctx: RequestContext, batch: CsvBatch) => Promise<Page<T>>;
  },
): Promise<CsvDownload> {
  const zone = await readerTimeZone(ctx.db, ctx.user.id, spec.browserZone);
  return exportList(ctx, {
    entity: spec.entity,
    name: spec.name,
    zone,
    patientId: spec.patientId ?? null,
    columns: columnsFromSchema(spec.schema, {
      zone,
      patientReader: seesOwnRecordOnly(ctx.user),
      omit: spec.omit,
    }),
    batch: async (reading, limit, offset) =>
      (await spec.list(reading, { limit, offset, count: 'none' })).items as Record<
        string,
        unknown
      >[],
  });
}

/** What a record type's CSV needs of its feature: its kind and its list. */
interface CsvSource {
  kind: { type: string; answer: z.ZodType };
  service: { list(ctx: RequestContext, query: RecordListQuery): Promise<Page<unknown>> };
}

/** GET /api/<plural>.csv: the record list the caller sees with the same query, as CSV. */
export function recordsCsv(
  ctx: RequestContext,
  feature: CsvSource,
  query: RecordListQuery,
): Promise<CsvDownload> {
  const entity = feature.kind.type;
  return listCsv(ctx, {
    entity,
    name: recordType(entity as Parameters<typeof recordType>[0]).plural,
    schema: feature.kind.answer,
    browserZone: query.browserZone,
    patientId: query.patientId ?? null,
    list: (reading, batch) => feature.service.list(reading, { ...query, ...batch }),
  });
}
