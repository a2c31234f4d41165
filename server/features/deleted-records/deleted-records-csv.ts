import {
  deletedRecordSchema,
  type DeletedRecord,
  type DeletedRecordsQuery,
} from '../../../shared/schemas/deleted-records.ts';
import type { RequestContext } from '../../auth/context.ts';
import { columnsFromSchema, exportList } from '../../lib/csv-export.ts';
import { readerTimeZone } from '../clinical-common/reader-zone.ts';
import { listDeletedRecords, type DeletedSources } from './deleted-records.service.ts';

/**
 * GET /api/deleted-records.csv: the Deleted Records list with its type, patient and day filters
 * and its order, read in batches through the list's own service. A row is known by its type and
 * id (ids repeat across types), so a row shifted between two batches is never written twice.
 */
export async function exportDeletedRecords(
  ctx: RequestContext,
  sources: DeletedSources,
  query: DeletedRecordsQuery,
  browserZone: string | undefined,
) {
  const zone = await readerTimeZone(ctx.db, ctx.user.id, browserZone);
  return exportList<DeletedRecord>(ctx, {
    entity: 'deleted-record',
    name: 'deleted-records',
    zone,
    patientId: query.patientId ?? null,
    columns: columnsFromSchema(deletedRecordSchema, { zone, patientReader: false }),
    key: (row) => `${row.type}:${row.id}`,
    batch: async (reading, limit, offset) =>
      (await listDeletedRecords(reading, sources, { ...query, limit, offset })).items,
  });
}
