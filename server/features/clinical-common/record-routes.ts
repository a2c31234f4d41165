import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Permission } from '../../../shared/permissions.ts';
import { recordIdParamsSchema } from '../../../shared/schemas/clinical.ts';
import {
  errorBodySchema,
  listQuerySchema,
  type ListQuery,
} from '../../../shared/schemas/common.ts';
import { sendPage } from '../../lib/list.ts';
import type { ClinicalEntity } from './clinical-records.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Page<T> = Promise<{ items: T[]; total: number }>;

/** What a feature's service offers the standard calls. */
export interface RecordService<TInput, TAnswer> {
  list(request: FastifyRequest, query: ListQuery): Page<TAnswer>;
  listForPatient(request: FastifyRequest, patientId: number, query: ListQuery): Page<TAnswer>;
  get(request: FastifyRequest, id: number): Promise<TAnswer>;
  create(request: FastifyRequest, input: TInput): Promise<TAnswer>;
  update(request: FastifyRequest, id: number, input: TInput): Promise<TAnswer>;
  remove(request: FastifyRequest, id: number): Promise<void>;
  restore(request: FastifyRequest, id: number): Promise<TAnswer>;
}

export interface RecordRoutesDefinition<TInput, TAnswer> {
  /** The URL base under /api, e.g. '/medical-records'. */
  path: string;
  /** The OpenAPI tag and the record's name in summaries. */
  tag: string;
  noun: string;
  entity: ClinicalEntity;
  answer: z.ZodType<TAnswer>;
  input: z.ZodType<TInput>;
  access: { read: Permission; create: Permission; update: Permission; remove: Permission };
  service: RecordService<TInput, TAnswer>;
  /** Lists by a person: `/doctor/{id}` or `/caregiver/{id}` (one's own, or any for a supervisor). */
  byPerson?: {
    segment: 'doctor' | 'caregiver';
    summary: string;
    list(request: FastifyRequest, userId: number, query: ListQuery): Page<TAnswer>;
  };
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/**
 * Registers the calls every clinical record type shares: the list in the caller's scope,
 * one patient's list, one record, add, change, soft delete and the admin's restore. Lists
 * answer arrays with X-Total-Count, newest first.
 */
export function registerRecordRoutes<TInput, TAnswer>(
  app: App,
  def: RecordRoutesDefinition<TInput, TAnswer>,
): void {
  const { path, tag, noun, entity, access, service } = def;
  // Inside this generic the schemas are plain ZodTypes; TAnswer and TInput are checked where
  // a feature calls it (its service against its schemas).
  const answer: z.ZodType = def.answer;
  const input: z.ZodType = def.input;
  const list = z.array(answer);
  const config = (permission: Permission) => ({ access: permission, auditEntity: entity });

  app.get(
    path,
    {
      config: config(access.read),
      schema: {
        tags: [tag],
        summary: `The ${noun}s of the patients in the caller's scope, newest first`,
        querystring: listQuerySchema,
        response: { 200: list, ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await service.list(request, request.query)),
  );

  if (def.byPerson) {
    const byPerson = def.byPerson;
    app.get(
      `${path}/${byPerson.segment}/:id`,
      {
        config: config(access.read),
        schema: {
          tags: [tag],
          summary: byPerson.summary,
          params: recordIdParamsSchema,
          querystring: listQuerySchema,
          response: { 200: list, ...errors },
        },
      },
      async (request, reply) =>
        sendPage(reply, await byPerson.list(request, request.params.id, request.query)),
    );
  }

  app.get(
    `${path}/patient/:id`,
    {
      config: config(access.read),
      schema: {
        tags: [tag],
        summary: `One patient's ${noun}s (404 when the patient is not in the caller's scope)`,
        params: recordIdParamsSchema,
        querystring: listQuerySchema,
        response: { 200: list, ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.listForPatient(request, request.params.id, request.query)),
  );

  app.get(
    `${path}/:id`,
    {
      config: config(access.read),
      schema: {
        tags: [tag],
        summary: `One ${noun}`,
        params: recordIdParamsSchema,
        response: { 200: answer, ...errors },
      },
    },
    async (request) => service.get(request, request.params.id),
  );

  app.post(
    path,
    {
      config: config(access.create),
      schema: {
        tags: [tag],
        summary: `Adds a ${noun}`,
        body: input,
        response: { 201: answer, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.create(request, request.body as TInput);
      return reply.status(201).send(created);
    },
  );

  app.put(
    `${path}/:id`,
    {
      config: config(access.update),
      schema: {
        tags: [tag],
        summary: `Changes a ${noun}`,
        params: recordIdParamsSchema,
        body: input,
        response: { 200: answer, ...errors },
      },
    },
    async (request) => service.update(request, request.params.id, request.body as TInput),
  );

  app.delete(
    `${path}/:id`,
    {
      config: config(access.remove),
      schema: {
        tags: [tag],
        summary: `Deletes a ${noun} (soft: it leaves every list and an admin can restore it)`,
        params: recordIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${path}/:id/restore`,
    {
      // Admins only; the patient scope is the admin's (the agency), see clinicalRecords.restore.
      config: config('records:restore'),
      schema: {
        tags: [tag],
        summary: `Restores a deleted ${noun} exactly as it was (admins)`,
        description:
          'The record returns to every list with its fields unchanged. 404 for an unknown id, ' +
          '409 when the record is not deleted or belongs to a deleted patient.',
        params: recordIdParamsSchema,
        response: { 200: answer, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => service.restore(request, request.params.id),
  );
}
