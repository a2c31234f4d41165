import { auditEntrySchema, type AuditQuery } from '../../../shared/schemas/audit.ts';
import type { RequestContext } from '../../auth/context.ts';
import { listCsv } from '../clinical-common/record-csv.ts';
import { listAuditEntries } from './audit.service.ts';

/** GET /api/audit.csv: the audit log with the screen's filters and order (admins). */
export function exportAuditLog(
  ctx: RequestContext,
  query: AuditQuery,
  browserZone: string | undefined,
) {
  return listCsv(ctx, {
    entity: 'audit-log',
    name: 'audit-log',
    schema: auditEntrySchema,
    browserZone,
    list: (reading, batch) => listAuditEntries(reading, { ...query, ...batch }),
  });
}
