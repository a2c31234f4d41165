import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordIdParamsSchema } from '../../../shared/schemas/clinical.ts';
import {
  checkInSchema,
  checkOutSchema,
  visitCancelSchema,
  visitCorrectionSchema,
  visitSchema,
} from '../../../shared/schemas/visits.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { offlineWriteDescription, offlineWriteHeadersSchema } from '../../lib/offline-writes.ts';
import { contextOf } from '../../plugins/access.ts';
import { checkIn, checkOut, correctTimes } from './visit-check.ts';
import { cancelVisit } from './visits.service.ts';

const tags = ['visits'];
const errors = errorResponses(400, 401, 403, 404, 409);
/** Check-in and check-out can be sent from the offline queue (shared/offline.ts). */
const offlineErrors = errorResponses(400, 401, 403, 404, 409, 422);

/**
 * The writes of a visit beyond the standard record calls (those are served from the registry by
 * clinical-common/record-routes.ts): cancel, check-in, check-out and the correction of times.
 */
export const visitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/visits/cancel/:id',
    {
      config: { access: 'visits:plan', auditEntity: 'visit' },
      schema: {
        tags,
        summary: 'Cancels a planned visit, or it and the following planned ones of its series',
        description:
          "With applyTo 'following' every later planned visit of the series is cancelled too " +
          '(400 for a visit that does not repeat). 409 for a visit that is not planned. The ' +
          'caregiver is told. Answers the visit named.',
        params: recordIdParamsSchema,
        body: visitCancelSchema,
        response: { 200: visitSchema, ...errors },
      },
    },
    async (request) => cancelVisit(contextOf(request), request.params.id, request.body),
  );

  app.post(
    '/visits/check-in/:id',
    {
      config: { access: 'visits:check', auditEntity: 'visit', offlineWrite: true },
      schema: {
        tags,
        summary: 'Checks the caller in to their own visit (now, or when recorded offline)',
        description:
          "403 for another caregiver's visit. 409 before check-in opens (an hour before the " +
          'start), after the planned end, for a cancelled or missed visit, and when already ' +
          "checked in (a retried request changes nothing). The time is the server's, or the " +
          'X-Recorded-At of a check-in made offline (the opening rules apply to that time, and a ' +
          'visit marked missed meanwhile is accepted). ' +
          offlineWriteDescription,
        params: recordIdParamsSchema,
        headers: offlineWriteHeadersSchema,
        body: checkInSchema,
        response: { 200: visitSchema, ...offlineErrors },
      },
    },
    async (request) => checkIn(contextOf(request), request.params.id, request.body),
  );

  app.post(
    '/visits/check-out/:id',
    {
      config: { access: 'visits:check', auditEntity: 'visit', offlineWrite: true },
      schema: {
        tags,
        summary: "Checks the caller out of their own visit, with every task's outcome",
        description:
          'Every task of the visit gets an outcome exactly once (400 otherwise). createReport ' +
          'files a progress report from the tasks and the note in the same step. 409 before ' +
          "check-in and when already checked out. The time is the server's, or the " +
          'X-Recorded-At of a check-out made offline (never before the check-in). ' +
          offlineWriteDescription,
        params: recordIdParamsSchema,
        headers: offlineWriteHeadersSchema,
        body: checkOutSchema,
        response: { 200: visitSchema, ...offlineErrors },
      },
    },
    async (request) => checkOut(contextOf(request), request.params.id, request.body),
  );

  app.put(
    '/visits/times/:id',
    {
      config: { access: 'visits:correct', auditEntity: 'visit' },
      schema: {
        tags,
        summary: "Corrects a visit's check-in and check-out times, with a reason",
        description:
          "The values replaced are kept (the answer's corrections). Times in the future and a " +
          'check-out not after the check-in answer 400; a cancelled visit 409.',
        params: recordIdParamsSchema,
        body: visitCorrectionSchema,
        response: { 200: visitSchema, ...errors },
      },
    },
    async (request) => correctTimes(contextOf(request), request.params.id, request.body),
  );
};
