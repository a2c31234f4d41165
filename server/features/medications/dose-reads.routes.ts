import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dbId, idParamsSchema } from '../../../shared/schemas/common.ts';
import {
  doseDayQuerySchema,
  doseSummarySchema,
  dueDosesSchema,
  marQuerySchema,
  marSchema,
  patientDoseDaySchema,
} from '../../../shared/schemas/doses.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { contextOf } from '../../plugins/access.ts';
import { csvRoute } from '../../lib/csv-export.ts';
import { exportMar } from './mar-csv.ts';
import { getDoseSummary, getMar, getPatientDoseDay, listDueDoses } from './dose-reads.ts';

const tags = ['doses'];
const errors = errorResponses(400, 401, 403, 404);

const dueQuerySchema = z.object({ patientId: dbId().optional() });

/** The rounds' reads: doses due now, the late and missed count, a patient's day and the MAR. */
export const doseReadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/doses/due',
    {
      config: { access: 'doses:read', auditEntity: 'dose' },
      schema: {
        tags,
        summary:
          "Doses due now, late, or missed in the last 24 hours with no outcome, and the PRN medicines, of the caller's patients",
        description:
          'Grouped by patient (by name), doses oldest first; times are generated from the ' +
          "prescriptions' schedules in the agency's time zone. `patientId` narrows the list to " +
          'one patient (404 when missing or out of scope).',
        querystring: dueQuerySchema,
        response: { 200: dueDosesSchema, ...errors },
      },
    },
    async (request) => listDueDoses(contextOf(request), request.query),
  );

  app.get(
    '/doses/summary',
    {
      config: { access: 'doses:read', auditEntity: 'dose' },
      schema: {
        tags,
        summary:
          "How many of the caller's patients' doses are late now, and how many were missed over the last 7 days",
        response: { 200: doseSummarySchema, ...errors },
      },
    },
    async (request) => getDoseSummary(contextOf(request)),
  );

  app.get(
    '/patients/:id/doses',
    {
      config: { access: 'doses:read', auditEntity: 'patient' },
      schema: {
        tags,
        summary:
          "One patient's doses of a day: scheduled doses with status and outcome, PRN medicines and doses given, adherence",
        description:
          "`date` (YYYY-MM-DD) is a day in the agency's time zone, today by default. Adherence " +
          'is given ÷ scheduled over the last 7 and 30 days (404 when missing or out of scope).',
        params: idParamsSchema,
        querystring: doseDayQuerySchema,
        response: { 200: patientDoseDaySchema, ...errors },
      },
    },
    async (request) => getPatientDoseDay(contextOf(request), request.params.id, request.query.date),
  );

  app.get(
    '/patients/:id/mar',
    {
      config: { access: 'doses:read', auditEntity: 'patient' },
      schema: {
        tags,
        summary:
          "A patient's medication administration record (MAR) of a month: a row per medication and time, a cell per day",
        description:
          "`month` (YYYY-MM) defaults to this month in the agency's time zone. Each cell has the " +
          "outcome's code (initials of who gave it, R refused, a reason letter, M missed); PRN " +
          'doses are listed apart (404 when missing or out of scope).',
        params: idParamsSchema,
        querystring: marQuerySchema,
        response: { 200: marSchema, ...errors },
      },
    },
    async (request) => getMar(contextOf(request), request.params.id, request.query.month),
  );

  csvRoute(app, '/patients/:id/mar.csv', {
    config: { access: 'doses:read', auditEntity: 'patient' },
    tags,
    operationId: 'exportMarCsv',
    summary: "A patient's MAR of a month as CSV: a line per medication and time, a column per day",
    description:
      'The same month and codes as the MAR screen; PRN doses follow as one line each, with ' +
      'who gave it under its day (404 when missing or out of scope).',
    params: idParamsSchema,
    querystring: marQuerySchema,
    errors,
    download: (request) => exportMar(contextOf(request), request.params.id, request.query.month),
  });
};
