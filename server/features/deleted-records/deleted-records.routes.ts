import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletedRecordSchema,
  deletedRecordsQuerySchema,
} from '../../../shared/schemas/deleted-records.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendPage } from '../../lib/list.ts';
import { contextOf } from '../../plugins/access.ts';
import { csvRoute } from '../../lib/csv-export.ts';
import { headerTimeZone } from '../clinical-common/reader-zone.ts';
import { exportDeletedRecords } from './deleted-records-csv.ts';
import type { StoredKind } from '../clinical-common/clinical-records.ts';
import { deletedSources, listDeletedRecords } from './deleted-records.service.ts';

export interface DeletedRecordsOptions {
  /** How each clinical type is stored: its table and its short label (one per type). */
  kinds: StoredKind[];
}

export const deletedRecordsRoutes: FastifyPluginAsyncZod<DeletedRecordsOptions> = async (
  app,
  options,
) => {
  const sources = deletedSources(options.kinds);
  app.get(
    '/deleted-records',
    {
      config: { access: 'records:restore', auditEntity: 'deleted-record' },
      schema: {
        tags: ['deleted records'],
        summary:
          'Soft-deleted records an admin can restore, most recently deleted first unless sorted',
        description:
          'Every record type of patient data (or one type); X-Total-Count. Restore each with ' +
          'POST /api/<plural>/{id}/restore.',
        querystring: deletedRecordsQuerySchema,
        response: {
          200: z.array(deletedRecordSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listDeletedRecords(contextOf(request), sources, request.query)),
  );

  csvRoute(app, '/deleted-records.csv', {
    config: { access: 'records:restore', auditEntity: 'deleted-record' },
    tags: ['deleted records'],
    operationId: 'exportDeletedRecordsCsv',
    summary: 'The Deleted Records list as CSV: every record matching the filters, sorted',
    querystring: deletedRecordsQuerySchema,
    errors: errorResponses(400, 401, 403),
    download: (request) =>
      exportDeletedRecords(
        contextOf(request),
        sources,
        request.query,
        headerTimeZone(request.headers),
      ),
  });
};
