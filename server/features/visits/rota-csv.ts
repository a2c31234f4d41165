import { visitSummarySchema, type VisitSummary } from '../../../shared/schemas/visits.ts';
import type { RequestContext } from '../../auth/context.ts';
import { listCsv } from '../clinical-common/record-csv.ts';
import { getRotaWeek, listPatientVisits } from './visit-reads.ts';

/**
 * GET /api/rota.csv?week=: every visit of the rota's week in the caller's scope, unassigned ones
 * included, read page after page of caregivers (the rota's own order: caregivers by name), so a
 * large agency's week never sits in memory at once.
 */
export function exportRota(
  ctx: RequestContext,
  query: { week?: string },
  browserZone: string | undefined,
) {
  // The rota pages by caregivers, not by visits: batches are cut from the pages as they come.
  let page = 1;
  let pageCount = 1;
  const waiting: VisitSummary[] = [];
  return listCsv(ctx, {
    entity: 'visit',
    name: 'rota',
    schema: visitSummarySchema,
    browserZone,
    list: async (reading, batch) => {
      while (waiting.length < batch.limit && page <= pageCount) {
        const rota = await getRotaWeek(reading, { week: query.week, page });
        pageCount = rota.pageCount;
        page += 1;
        waiting.push(...rota.visits);
      }
      const items = waiting.splice(0, batch.limit);
      return { items, total: items.length };
    },
  });
}

/**
 * GET /api/patients/{id}/visits.csv?from=&to=: the chart's visits of a patient over the same
 * period (at most 62 days, so one read), for whoever may read them; a patient gets no staff ids.
 */
export function exportPatientVisits(
  ctx: RequestContext,
  patientId: number,
  query: { from?: string; to?: string },
  browserZone: string | undefined,
) {
  return listCsv(ctx, {
    entity: 'visit',
    name: `visits-patient-${patientId}`,
    schema: visitSummarySchema,
    browserZone,
    patientId,
    list: async (reading, batch) => {
      const items =
        batch.offset === 0 ? (await listPatientVisits(reading, patientId, query)).visits : [];
      return { items, total: items.length };
    },
  });
}
