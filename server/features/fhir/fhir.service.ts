import { Readable } from 'node:stream';
import { can } from '../../../shared/permissions.ts';
import {
  fhirResourceTypes,
  type FhirExportManifest,
  type FhirResourceType,
} from '../../../shared/schemas/fhir.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { AuditEvent } from '../../audit/audit.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { FhirResource } from './fhir-resources.ts';
import {
  countOf,
  forPatient,
  page,
  practitioners,
  practitionersById,
  sources,
  type MapEnv,
  type Source,
} from './fhir-sources.ts';

/** Rows per keyset page of the agency export: memory holds one page per file being streamed. */
export const BULK_PAGE_ROWS = 1000;

const todayOf = (ctx: RequestContext) => ctx.clock.now().toISOString().slice(0, 10);

/** The sources the caller may read: a coordinator gets no clinical resource type. */
const readableSources = (ctx: RequestContext) =>
  sources.filter((source) => can(ctx.user, source.permission));

const envOf = (ctx: RequestContext): MapEnv => ({
  today: todayOf(ctx),
  withPrescriptions: can(ctx.user, 'prescriptions:read'),
});

export interface PatientBundle {
  filename: string;
  bundle: {
    resourceType: 'Bundle';
    id: string;
    meta: { lastUpdated: string };
    type: 'collection';
    timestamp: string;
    entry: { fullUrl: string; resource: FhirResource }[];
  };
}

/**
 * One patient's record as a FHIR R4 Bundle of type `collection`, holding only the resource
 * types the caller may read. A fixed number of statements whatever the history: the scope
 * check, one per source (14) and one for the Practitioners the resources name. Audited as an
 * 'export' of every record it holds (one row each, written in multi-row inserts).
 */
export async function exportPatient(
  ctx: RequestContext,
  patientId: number,
  base: string,
): Promise<PatientBundle> {
  await ctx.scope.require(patientId);
  const env = envOf(ctx);
  const readable = readableSources(ctx);
  const results = await Promise.all(
    readable.map((source) => rowsOf(ctx.db, forPatient(source, patientId))),
  );

  const byType = new Map<FhirResourceType, FhirResource[]>();
  const add = (resource: FhirResource) => {
    const list = byType.get(resource.resourceType) ?? [];
    list.push(resource);
    byType.set(resource.resourceType, list);
  };
  const named = new Set<number>();
  const events: AuditEvent[] = [];
  readable.forEach((source, index) => {
    for (const row of results[index]!) {
      for (const resource of source.map(row as never, env)) add(resource);
      for (const id of source.clinicians?.(row as never) ?? []) if (id != null) named.add(id);
      if (source.auditEntity) {
        const entityId = source.auditEntity === 'care-team' ? patientId : (row.id as number);
        events.push({ action: 'export', entity: source.auditEntity, entityId, patientId });
      }
    }
  });
  if (named.size > 0) {
    const staff = await rowsOf(ctx.db, practitionersById([...named].sort((a, b) => a - b)));
    for (const row of staff) for (const resource of practitioners.map(row as never)) add(resource);
  }

  await ctx.audit.read(events);

  const now = ctx.clock.now().toISOString();
  const root = base.replace(/\/$/, '');
  const entry = fhirResourceTypes.flatMap((type) =>
    (byType.get(type) ?? []).map((resource) => ({
      fullUrl: `${root}/${resource.resourceType}/${resource.id}`,
      resource,
    })),
  );
  return {
    filename: `patient-${patientId}-fhir.json`,
    bundle: {
      resourceType: 'Bundle',
      id: `patient-${patientId}-export`,
      meta: { lastUpdated: now },
      type: 'collection',
      timestamp: now,
      entry,
    },
  };
}

/** The sources of one file of the agency export. */
const sourcesOf = (type: FhirResourceType) =>
  type === 'Practitioner' ? [] : sources.filter((source) => source.type === type);

/**
 * The agency export's manifest (FHIR Bulk Data style): one NDJSON file per resource type with
 * the number of resources it holds, counted now. One statement per source. Audited as a
 * 'list' of the export.
 */
export async function exportManifest(ctx: RequestContext): Promise<FhirExportManifest> {
  const counts = await Promise.all(
    fhirResourceTypes.map(async (type) => {
      const parts = type === 'Practitioner' ? [practitioners] : sourcesOf(type);
      const totals = await Promise.all(
        parts.map(async (part) =>
          Number((await rowsOf<{ n: number }>(ctx.db, countOf(part)))[0]?.n ?? 0),
        ),
      );
      return totals.reduce((sum, n) => sum + n, 0);
    }),
  );
  await ctx.audit.read({ action: 'list', entity: 'fhir-export' });
  return {
    transactionTime: ctx.clock.now().toISOString(),
    output: fhirResourceTypes.map((type, index) => ({
      type,
      url: `/api/fhir/export/${type}.ndjson`,
      count: counts[index]!,
    })),
  };
}

/**
 * One file of the agency export: every live patient's resources of one type, one JSON per
 * line, read from the database in keyset pages of `BULK_PAGE_ROWS` rows by id. The stream
 * reads the next page only when the previous one has been taken (high-water mark of one page),
 * so memory stays flat whatever the agency's size; a client that goes away destroys the
 * stream, and no further page is read. One 'export' audit row when the file ends: entity
 * `fhir-export`, entity id `<type>:<resources written>`, outcome 'failure' when it was cut short.
 */
export function exportFile(
  ctx: RequestContext,
  type: FhirResourceType,
  pageRows = BULK_PAGE_ROWS,
): Readable {
  const env = envOf(ctx);
  const parts: Pick<Source, 'columns' | 'from' | 'key' | 'map'>[] =
    type === 'Practitioner' ? [practitioners] : sourcesOf(type);
  let written = 0;
  let finished = false;

  async function* lines(): AsyncGenerator<string> {
    try {
      for (const part of parts) {
        let after = 0;
        for (;;) {
          const rows = await rowsOf<{ _key: number }>(ctx.db, page(part, after, pageRows));
          if (rows.length === 0) break;
          let chunk = '';
          for (const row of rows) {
            for (const resource of part.map(row as never, env)) {
              chunk += `${JSON.stringify(resource)}\n`;
              written += 1;
            }
          }
          after = rows[rows.length - 1]!._key;
          if (chunk) yield chunk;
          if (rows.length < pageRows) break;
        }
      }
      finished = true;
    } finally {
      await ctx.audit.record({
        action: 'export',
        entity: 'fhir-export',
        entityId: type,
        details: { resourceType: type, resources: written },
        outcome: finished ? 'success' : 'failure',
      });
    }
  }

  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}
