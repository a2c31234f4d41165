import type { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateFormatter } from '../../shared/format.ts';
import { fieldName } from '../../shared/validation-messages.ts';
import type { AuditEvent } from '../audit/audit.ts';
import type { RequestContext } from '../auth/context.ts';
import {
  attachment,
  CSV_CONTENT_TYPE,
  csvFilename,
  csvStream,
  type CsvCell,
  type CsvColumn,
} from './csv.ts';

/** Rows per batch: a list's own page size at most, so memory stays flat whatever the total. */
export const CSV_BATCH = 500;

/**
 * A list as a CSV download: its audit entity, its file name, its columns, and how to read one
 * batch of it with the list's own service (the same filters, order, search and scope).
 */
export interface ListExport<T> {
  entity: string;
  /** The file's name before the day: "patients" gives "patients-2026-11-24.csv". */
  name: string;
  /** The reader's zone: the file's day is read in it. */
  zone: string;
  columns: readonly CsvColumn<T>[];
  /** One batch of the list, read through the list's own service with this context. */
  batch(ctx: RequestContext, limit: number, offset: number): Promise<readonly T[]>;
  /**
   * A row's identity (its `id` by default). A row added before the read position between two
   * batches shifts the next batch by one; a row already written in the previous batch is then
   * skipped rather than written twice.
   */
  key?: (row: T) => unknown;
  /** The patient the list is narrowed to, for the export's audit row. */
  patientId?: number | null;
  batchSize?: number;
}

/** A download as a route sends it: `reply.headers(download.headers).send(download.body)`. */
export interface CsvDownload {
  filename: string;
  headers: Record<string, string>;
  body: Readable;
}

/** The 200 of a CSV route, for OpenAPI (the body is streamed, never serialized). */
export const csvDownloadResponse = z.string().describe('text/csv; charset=utf-8');

/**
 * The context a list's batches read with: its audit rows are written once each (the first batch
 * writes the list's 'list' row as the screen's read does; later batches repeating the same row
 * write nothing), so a download of many batches is audited as one read of the list.
 */
function onceAudited(ctx: RequestContext): RequestContext {
  const seen = new Set<string>();
  const read = (events: AuditEvent | AuditEvent[]) => {
    const fresh = (Array.isArray(events) ? events : [events]).filter((event) => {
      const key = JSON.stringify(event);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return ctx.audit.read(fresh);
  };
  return { ...ctx, audit: { ...ctx.audit, read } };
}

/** Today's date in a zone, YYYY-MM-DD. */
export function dayIn(at: Date, zone: string): string {
  return dateFormatter('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as a person reads it in a zone: "2026-11-24 09:30". */
export function instantText(value: string | Date | null | undefined, zone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  let format = instantFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    instantFormats.set(zone, format);
  }
  const part = (type: string, parts: Intl.DateTimeFormatPart[]) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const parts = format.formatToParts(date);
  return `${part('year', parts)}-${part('month', parts)}-${part('day', parts)} ${part('hour', parts)}:${part('minute', parts)}`;
}

/**
 * Streams every row of a list as CSV, batch after batch through the list's own service. The
 * first batch is read before anything is sent, so a refusal (400, 403, 404) answers as the list
 * does. Once the last batch is read, ONE 'export' audit row is written (entity, the patient the
 * list is narrowed to, the row count in its details) before the last lines leave; a download
 * abandoned half way writes it as a failure with the rows handed out so far.
 */
export async function exportList<T>(
  ctx: RequestContext,
  spec: ListExport<T>,
): Promise<CsvDownload> {
  const size = spec.batchSize ?? CSV_BATCH;
  const reading = onceAudited(ctx);
  const keyOf = spec.key ?? ((row: T) => (row as { id?: unknown }).id);
  const first = await spec.batch(reading, size, 0);
  async function* batches(): AsyncGenerator<readonly T[]> {
    let read = first;
    let batch = first;
    let offset = 0;
    let rows = 0;
    let audited = false;
    const exportRow = (outcome: 'success' | 'failure') => ({
      action: 'export' as const,
      entity: spec.entity,
      patientId: spec.patientId ?? null,
      details: { rows },
      outcome,
    });
    try {
      for (;;) {
        rows += batch.length;
        const last = read.length < size;
        const next = last ? null : await spec.batch(reading, size, offset + size);
        if (last || next?.length === 0) {
          await ctx.audit.read(exportRow('success'));
          audited = true;
          yield batch;
          return;
        }
        yield batch;
        const written = new Set<unknown>(read.map(keyOf).filter((key) => key !== undefined));
        read = next!;
        batch = read.filter((row) => !written.has(keyOf(row)));
        offset += size;
      }
    } finally {
      // A download the reader abandoned (or a batch that failed) still leaves its row: the rows
      // handed out so far, as a failure.
      if (!audited) await ctx.audit.record(exportRow('failure'));
    }
  }
  const filename = csvFilename(spec.name, dayIn(ctx.clock.now(), spec.zone));
  return {
    filename,
    headers: {
      'content-type': CSV_CONTENT_TYPE,
      'content-disposition': attachment(filename),
      'cache-control': 'no-store',
    },
    body: csvStream(spec.columns, batches()),
  };
}

/** A column's header from its key: "dateOfBirth" → "Date of birth". */
export function headerOf(key: string): string {
  const name = fieldName([key]) ?? key;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Keys that hold a staff member's id: a patient reading never gets them. */
const STAFF_ID =
  /^(doctorId|caregiverId|recordedBy|createdBy|updatedBy|cancelledBy|userId|subjectUserId|correctedBy|checkedBy|doctorUsername|caregiverUsername)$/;

/**
 * Columns derived from an answer schema (a zod object): one per plain field, in the schema's
 * order, headed in words; instants in the reader's zone; lists of words joined; nested objects
 * left out. A patient reading gets no staff ids (the names stay).
 */
export function columnsFromSchema(
  schema: z.ZodType,
  options: { zone: string; patientReader: boolean; omit?: readonly string[] },
): CsvColumn<Record<string, unknown>>[] {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.keys(shape)
    .filter((key) => !options.omit?.includes(key) && isPlain(shape[key]))
    .filter((key) => !(options.patientReader && STAFF_ID.test(key)))
    .map((key) => ({
      header: headerOf(key),
      value: (row: Record<string, unknown>): CsvCell => plainCell(row[key], options.zone),
    }));
}

/** A field that is not a nested object (lists of words are kept). */
function isPlain(field: z.ZodType | undefined): boolean {
  let def = (field as { _zod?: { def?: { type?: string; innerType?: unknown } } } | undefined)?._zod
    ?.def;
  while (def && ['optional', 'nullable', 'default', 'readonly'].includes(def.type ?? '')) {
    def = (def.innerType as { _zod?: { def?: typeof def } } | undefined)?._zod?.def;
  }
  return def?.type !== 'object' && def?.type !== 'record';
}

/** A value of an answer as a cell: instants in the zone, lists joined, objects left out. */
export function plainCell(value: unknown, zone: string): CsvCell {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return instantText(value, zone);
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? instantText(value, zone) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    return value
      .filter((item) => typeof item !== 'object' || item === null)
      .map((item) => String(item))
      .join('; ');
  }
  return '';
}

/** Sends a download: its headers, then the stream (Fastify pipes it; nothing is serialized). */
export function sendCsv(reply: FastifyReply, download: CsvDownload): FastifyReply {
  return reply.headers(download.headers).send(download.body);
}

/** A request as a CSV route's download reads it: the list's query and path, validated. */
export type CsvRequest<Q extends z.ZodType, P extends z.ZodType> = FastifyRequest & {
  query: z.output<Q>;
  params: z.output<P>;
};

/** What a CSV route declares: the list's permission, query and words, and how it downloads. */
export interface CsvRouteOptions<Q extends z.ZodType, P extends z.ZodType> {
  /** The list's own access and audit entity: who may download is who may read the list. */
  config: FastifyContextConfig;
  tags: string[];
  /** Stable: generated clients name their function after it. */
  operationId: string;
  summary: string;
  description?: string;
  /** The list's own query schema, so a bad filter is the list's own 400. */
  querystring?: Q;
  params?: P;
  /** The refusals it documents (`errorResponses(...)`). */
  errors: Record<number, z.ZodType>;
  /** The download: usually `exportList` through the list's own service. */
  download(request: CsvRequest<Q, P>): Promise<CsvDownload>;
}

/**
 * Registers a list's CSV sibling (`GET /api/<list>.csv`): the list's permission, query and
 * params, a text/csv answer in OpenAPI, and the download streamed as it is read.
 */
export function csvRoute<Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType>(
  app: FastifyInstance<
    FastifyInstance['server'],
    FastifyRequest['raw'],
    FastifyReply['raw'],
    FastifyInstance['log'],
    ZodTypeProvider
  >,
  path: string,
  options: CsvRouteOptions<Q, P>,
): void {
  const { config, tags, operationId, summary, description, params, querystring } = options;
  app.get(
    path,
    {
      config,
      schema: {
        tags,
        operationId,
        summary,
        ...(description === undefined ? {} : { description }),
        ...(params === undefined ? {} : { params }),
        ...(querystring === undefined ? {} : { querystring }),
        produces: ['text/csv'],
        response: { 200: csvDownloadResponse, ...options.errors },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await options.download(request as unknown as CsvRequest<Q, P>)),
  );
}
