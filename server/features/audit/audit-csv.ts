import { z } from 'zod';
import {
  accessLogEntrySchema,
  auditDetailsText,
  auditEntrySchema,
  type AuditQuery,
} from '../../../shared/schemas/audit.ts';
import type { RequestContext } from '../../auth/context.ts';
import { listCsv } from '../clinical-common/record-csv.ts';
import { listAccessLog, listAuditEntries } from './audit.service.ts';

/** The CSV's row: the details as words ("rows: 42"), in one column. */
const auditCsvRow = auditEntrySchema.extend({ details: z.string() });

/** GET /api/audit.csv: the audit log with the screen's filters and order (admins). */
export function exportAuditLog(
  ctx: RequestContext,
  query: AuditQuery,
  browserZone: string | undefined,
) {
  return listCsv(ctx, {
    entity: 'audit-log',
    name: 'audit-log',
    schema: auditCsvRow,
    browserZone,
    list: async (reading, batch) => {
      const page = await listAuditEntries(reading, { ...query, ...batch });
      return {
        ...page,
        items: page.items.map((row) => ({ ...row, details: auditDetailsText(row.details) })),
      };
    },
  });
}

/**
 * GET /api/patients/{id}/access-log.csv: "Who viewed my record" as CSV, for the patient themself
 * (anyone else's record answers 404) and for admins, newest first.
 */
export function exportAccessLog(
  ctx: RequestContext,
  patientId: number,
  browserZone: string | undefined,
) {
  return listCsv(ctx, {
    entity: 'access-log',
    name: `access-log-patient-${patientId}`,
    schema: accessLogEntrySchema,
    browserZone,
    patientId,
    list: (reading, batch) => listAccessLog(reading, patientId, batch),
  });
}
