import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import {
  myVisitsSchema,
  patientVisitsQuerySchema,
  patientVisitsSchema,
  rotaDayQuerySchema,
  rotaDaySchema,
  rotaQuerySchema,
  rotaWeekSchema,
  timesheetPeriodSchema,
  timesheetQuerySchema,
  timesheetSchema,
  timesheetSummarySchema,
  visitDayQuerySchema,
} from '../../../shared/schemas/visits.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { csvRoute } from '../../lib/csv-export.ts';
import { contextOf } from '../../plugins/access.ts';
import { headerTimeZone } from '../clinical-common/reader-zone.ts';
import { exportPatientVisits, exportRota } from './rota-csv.ts';
import { exportTimesheet, getTimesheet, getTimesheetSummary } from './timesheets.ts';
import { getRotaDay, getRotaWeek, listMyVisits, listPatientVisits } from './visit-reads.ts';

const tags = ['visits'];
const errors = errorResponses(400, 401, 403, 404);

/** The export's query: the timesheet's, where the caregiver may be left out by a supervisor. */
const exportQuerySchema = timesheetQuerySchema;

/**
 * The reads of caregiver visits: the caregiver's day, the rota's week and day, a patient's
 * visits, and timesheets (JSON, every caregiver's totals, and CSV).
 */
export const visitReadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/visits/mine',
    {
      config: { access: 'visits:read', auditEntity: 'visit' },
      schema: {
        tags,
        summary: "The caller's visits of a day, by start, with tasks and the patient's address",
        description:
          "`date` (YYYY-MM-DD) is a day in the agency's time zone, today by default. Cancelled " +
          'visits are listed with their status; `late` is computed with the agency setting.',
        querystring: visitDayQuerySchema,
        response: { 200: myVisitsSchema, ...errors },
      },
    },
    async (request) => listMyVisits(contextOf(request), request.query),
  );

  app.get(
    '/rota',
    {
      config: { access: 'rota:read', auditEntity: 'visit' },
      schema: {
        tags,
        summary:
          'The rota of a week (Monday to Sunday): caregivers with planned minutes, visits and conflicts',
        description:
          "`week` is any date of the week (YYYY-MM-DD, the agency's time zone), this week by " +
          "default. Visits are those in the caller's patient scope overlapping the week, " +
          'unassigned ones included. The rows are a page (`page`, 50 caregivers by name); ' +
          'page 1 also holds the unassigned visits and those of caregivers on no page.',
        querystring: rotaQuerySchema,
        response: { 200: rotaWeekSchema, ...errors },
      },
    },
    async (request) => getRotaWeek(contextOf(request), request.query),
  );

  csvRoute(app, '/rota.csv', {
    config: { access: 'rota:read', auditEntity: 'visit' },
    tags,
    operationId: 'exportRotaCsv',
    summary: "The rota's week as CSV: every visit in the caller's scope, all caregivers' pages",
    description:
      "`week` as the rota's: any date of the week (YYYY-MM-DD, the agency's time zone), this " +
      'week by default. Unassigned visits are included; times are in the reader’s zone.',
    querystring: rotaQuerySchema.pick({ week: true }),
    errors,
    download: (request) =>
      exportRota(contextOf(request), request.query, headerTimeZone(request.headers)),
  });

  app.get(
    '/rota/day',
    {
      config: { access: 'rota:read', auditEntity: 'visit' },
      schema: {
        tags,
        summary: 'Every visit of a day in scope with its status now, and counts per state',
        description:
          'Paged by caregiver as the week is (`page`, 50 caregivers by name); page 1 also ' +
          'holds the unassigned visits.',
        querystring: rotaDayQuerySchema,
        response: { 200: rotaDaySchema, ...errors },
      },
    },
    async (request) => getRotaDay(contextOf(request), request.query),
  );

  app.get(
    '/patients/:id/visits',
    {
      config: { access: 'visits:read', auditEntity: 'patient' },
      schema: {
        tags,
        summary: "One patient's visits over a period of dates: who is coming, when",
        description:
          "`from` and `to` (YYYY-MM-DD, the agency's time zone) default to today and 14 days " +
          'on; at most 62 days (404 when missing or out of scope).',
        params: idParamsSchema,
        querystring: patientVisitsQuerySchema,
        response: { 200: patientVisitsSchema, ...errors },
      },
    },
    async (request) => listPatientVisits(contextOf(request), request.params.id, request.query),
  );

  csvRoute(app, '/patients/:id/visits.csv', {
    config: { access: 'visits:read', auditEntity: 'patient' },
    tags,
    operationId: 'exportPatientVisitsCsv',
    summary: "One patient's visits over a period of dates as CSV, as the chart lists them",
    description:
      "`from` and `to` as the list's (YYYY-MM-DD, the agency's time zone; today and 14 days " +
      'on by default; at most 62 days). 404 when missing or out of scope.',
    params: idParamsSchema,
    querystring: patientVisitsQuerySchema,
    errors,
    download: (request) =>
      exportPatientVisits(
        contextOf(request),
        request.params.id,
        request.query,
        headerTimeZone(request.headers),
      ),
  });

  app.get(
    '/timesheets',
    {
      config: { access: 'timesheets:read', auditEntity: 'visit' },
      schema: {
        tags,
        summary: "A caregiver's timesheet over a period: planned and actual minutes, exceptions",
        description:
          'Without `caregiverId` the caller (a caregiver). A caregiver reads only their own (403 ' +
          'otherwise); supervisors anyone. At most 62 days.',
        querystring: timesheetQuerySchema,
        response: { 200: timesheetSchema, ...errors },
      },
    },
    async (request) => getTimesheet(contextOf(request), request.query),
  );

  app.get(
    '/timesheets/summary',
    {
      config: { access: 'timesheets:read', auditEntity: 'visit' },
      schema: {
        tags,
        summary: "Every active caregiver's timesheet totals over a period (supervisors)",
        querystring: timesheetPeriodSchema,
        response: { 200: timesheetSummarySchema, ...errors },
      },
    },
    async (request) => getTimesheetSummary(contextOf(request), request.query),
  );

  app.get(
    '/timesheets/export',
    {
      config: { access: 'timesheets:read', auditEntity: 'visit' },
      schema: {
        tags,
        summary: 'A timesheet as CSV, with the six visit-verification facts per visit',
        description:
          'One line per visit: type of service, patient, caregiver, date, check-in and check-out ' +
          'location, start and end, planned and actual minutes, status and exceptions. Without ' +
          "`caregiverId` a supervisor gets every caregiver's visits, a caregiver their own.",
        querystring: exportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv; charset=utf-8'), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await exportTimesheet(contextOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
};
