import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Permission } from '../../../shared/permissions.ts';
import { recordType, type RecordTypeDefinition } from '../../../shared/record-types.ts';
import {
  recordIdParamsSchema,
  recordListQuerySchema,
  type RecordListQuery,
} from '../../../shared/schemas/clinical.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import type { RequestContext } from '../../auth/context.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { offlineWriteDescription, offlineWriteHeadersSchema } from '../../lib/offline-writes.ts';
import { sendPage, type Page } from '../../lib/list.ts';
import { contextOf } from '../../plugins/access.ts';
import { csvRoute } from '../../lib/csv-export.ts';
import { recordsCsv } from './record-csv.ts';
import { headerTimeZone } from './reader-zone.ts';
import type { StoredKind } from './record-kind.ts';

type Listing<T> = Promise<Page<T>>;

/** What a feature's service offers the standard calls; every function takes the context first. */
export interface RecordService<TInput, TAnswer, TUpdate = TInput> {
  list(ctx: RequestContext, query: RecordListQuery): Listing<TAnswer>;
  listForPatient(ctx: RequestContext, patientId: number, query: RecordListQuery): Listing<TAnswer>;
  get(ctx: RequestContext, id: number): Promise<TAnswer>;
  create(ctx: RequestContext, input: TInput): Promise<TAnswer>;
  update(ctx: RequestContext, id: number, input: TUpdate): Promise<TAnswer>;
  remove(ctx: RequestContext, id: number): Promise<void>;
  restore(ctx: RequestContext, id: number): Promise<TAnswer>;
}

/**
 * A clinical record type as the server serves it: its registry entry (path, words, permissions),
 * its schemas, its service and how it is stored.
 */
export interface RecordFeature<TInput, TAnswer, TUpdate = TInput> {
  input: z.ZodType<TInput>;
  /** The body of a change, when it differs from an add's (`input` otherwise). */
  updateInput?: z.ZodType<TUpdate>;
  service: RecordService<TInput, TAnswer, TUpdate>;
  /** How it is stored and answered; its type names its registry entry. */
  kind: StoredKind & { answer: z.ZodType<TAnswer> };
  /**
   * A refusal of an add or change that carries more than `{message, errors?}` (the body of an
   * HttpError's `extra`): its 409 schema and what it means, for OpenAPI and the serializer.
   */
  writeConflict?: { schema: z.ZodType; description: string };
  /** When a delete may be refused with 409, what that means (for OpenAPI). */
  removeConflict?: string;
  /** Lists by a person: `/doctor/{id}` or `/caregiver/{id}` (one's own, or any for a supervisor). */
  byPerson?: {
    segment: 'doctor' | 'caregiver';
    summary: string;
    list(ctx: RequestContext, userId: number, query: RecordListQuery): Listing<TAnswer>;
  };
}

/** A record feature whose input and answer types were checked where it was declared. */
export type AnyRecordFeature = RecordFeature<unknown, unknown>;

/** Declares a feature: its service is checked against its schemas here, then the types rest. */
export const defineRecordFeature = <TInput, TAnswer, TUpdate = TInput>(
  feature: RecordFeature<TInput, TAnswer, TUpdate>,
): AnyRecordFeature => feature as unknown as AnyRecordFeature;

const errors = errorResponses(400, 401, 403, 404);

/** `medical-record` → `MedicalRecord`: the registry's words as parts of an operation id. */
const pascalCase = (kebab: string): string =>
  kebab.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());

/**
 * The calls every clinical record type shares, from its registry entry: the list in the caller's
 * scope, one patient's list, one record, add, change, soft delete and the admin's restore, at
 * `/<plural>` under /api. Lists answer arrays with X-Total-Count, newest first.
 */
export function recordRoutes(feature: AnyRecordFeature): FastifyPluginAsyncZod {
  const entry: RecordTypeDefinition = recordType(feature.kind.type);
  const { access } = entry;
  const path = `/${entry.plural}`;
  const tag = entry.labels.many.toLowerCase();
  const noun = entry.labels.one.toLowerCase();
  const nouns = entry.labels.many.toLowerCase();
  const article = /^[aeiou]/.test(noun) ? 'an' : 'a';
  // OpenAPI operation ids from the registry: listMedicalRecords, getMedicalRecord, restoreDose...
  const one = pascalCase(entry.type);
  const many = pascalCase(entry.plural);
  const { service, byPerson } = feature;
  const answer: z.ZodType = feature.kind.answer;
  const list = z.array(answer);
  const config = (permission: Permission) => ({ access: permission, auditEntity: entry.type });
  const { writeConflict } = feature;
  // Every list: paging and search, its orders and filters (the clinician's when it names one).
  const listQuery = recordListQuerySchema({
    dated: feature.kind.dated !== undefined,
    person: feature.kind.named?.role,
  });
  /** A list's query with the browser's zone, in which a range of days is read. */
  const queryOf = (request: { query: unknown; headers: Record<string, unknown> }) => ({
    ...(request.query as RecordListQuery),
    browserZone: headerTimeZone(request.headers),
  });
  // Adds and changes: the standard refusals, and the feature's own conflict when it has one.
  const writeSchema = writeConflict
    ? {
        description: writeConflict.description,
        response: { ...errors, 409: z.union([writeConflict.schema, errorBodySchema]) },
      }
    : { response: errors };

  return async (app) => {
    app.get(
      path,
      {
        config: config(access.read),
        schema: {
          tags: [tag],
          operationId: `list${many}`,
          summary: `The ${nouns} of the patients in the caller's scope, newest first unless sorted`,
          querystring: listQuery,
          response: { 200: list, ...errors },
        },
      },
      async (request, reply) =>
        sendPage(reply, await service.list(contextOf(request), queryOf(request))),
    );

    // The list as a CSV download: the same query, permission and scope, every matching row.
    csvRoute(app, `${path}.csv`, {
      config: config(access.read),
      tags: [tag],
      operationId: `export${many}Csv`,
      summary: `The ${nouns} list as CSV: every row matching the list's filters, sort and search`,
      querystring: listQuery,
      errors,
      download: (request) => recordsCsv(contextOf(request), feature, queryOf(request)),
    });

    /** A list narrowed by an id in the path: one patient's, or one person's. */
    const listBy = (
      segment: string,
      summary: string,
      listOf: (ctx: RequestContext, id: number, query: RecordListQuery) => Listing<unknown>,
    ) =>
      app.get(
        `${path}/${segment}/:id`,
        {
          config: config(access.read),
          schema: {
            tags: [tag],
            operationId: `list${many}For${pascalCase(segment)}`,
            summary,
            params: recordIdParamsSchema,
            querystring: listQuery,
            response: { 200: list, ...errors },
          },
        },
        async (request, reply) =>
          sendPage(reply, await listOf(contextOf(request), request.params.id, queryOf(request))),
      );

    if (byPerson) listBy(byPerson.segment, byPerson.summary, byPerson.list);
    listBy(
      'patient',
      `One patient's ${nouns} (404 when the patient is not in the caller's scope)`,
      service.listForPatient,
    );

    app.get(
      `${path}/:id`,
      {
        config: config(access.read),
        schema: {
          tags: [tag],
          operationId: `get${one}`,
          summary: `One ${noun}`,
          params: recordIdParamsSchema,
          response: { 200: answer, ...errors },
        },
      },
      async (request) => service.get(contextOf(request), request.params.id),
    );

    // An add a caregiver can make offline takes the queue's two headers (shared/offline.ts).
    const offline = entry.offline === true;
    const offlineDescription = [writeSchema.description, offlineWriteDescription]
      .filter(Boolean)
      .join(' ');
    app.post(
      path,
      {
        config: { ...config(access.create), ...(offline ? { offlineWrite: true } : {}) },
        schema: {
          tags: [tag],
          operationId: `create${one}`,
          summary: `Adds ${article} ${noun}`,
          body: feature.input,
          ...writeSchema,
          ...(offline
            ? {
                headers: offlineWriteHeadersSchema,
                description: offlineDescription,
              }
            : {}),
          response: {
            201: answer,
            ...writeSchema.response,
            ...(offline ? errorResponses(422) : {}),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(contextOf(request), request.body)),
    );

    app.put(
      `${path}/:id`,
      {
        config: config(access.update),
        schema: {
          tags: [tag],
          operationId: `update${one}`,
          summary: `Changes ${article} ${noun}`,
          params: recordIdParamsSchema,
          body: feature.updateInput ?? feature.input,
          ...writeSchema,
          response: { 200: answer, ...writeSchema.response },
        },
      },
      async (request) => service.update(contextOf(request), request.params.id, request.body),
    );

    app.delete(
      `${path}/:id`,
      {
        config: config(access.remove),
        schema: {
          tags: [tag],
          operationId: `delete${one}`,
          summary: `Deletes ${article} ${noun} (soft: it leaves every list and an admin can restore it)`,
          ...(feature.removeConflict ? { description: feature.removeConflict } : {}),
          params: recordIdParamsSchema,
          response: {
            204: z.null().describe('Deleted'),
            ...(feature.removeConflict ? errorResponses(400, 401, 403, 404, 409) : errors),
          },
        },
      },
      async (request, reply) => {
        await service.remove(contextOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    // The action before the id: `/<plural>/{id}/restore` would read ambiguously beside
    // `/<plural>/patient/{id}` (that older path still answers, see server/openapi/aliases.ts).
    app.post(
      `${path}/restore/:id`,
      {
        // Admins only; the patient scope is the admin's (the agency), see record-restore.ts.
        config: config('records:restore'),
        schema: {
          tags: [tag],
          operationId: `restore${one}`,
          summary: `Restores a deleted ${noun} exactly as it was (admins)`,
          description:
            'The record returns to every list with its fields unchanged. 404 for an unknown id, ' +
            '409 when the record is not deleted or belongs to a deleted patient.',
          params: recordIdParamsSchema,
          // A feature's own conflict may refuse a restore too (a caregiver booked since).
          response: {
            200: answer,
            ...errorResponses(400, 401, 403, 404, 409),
            ...writeSchema.response,
          },
        },
      },
      async (request) => service.restore(contextOf(request), request.params.id),
    );
  };
}
