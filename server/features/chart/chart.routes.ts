import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chartSchema,
  timelinePageSchema,
  timelineQuerySchema,
  vitalSeriesQuerySchema,
  vitalSeriesSchema,
} from '../../../shared/schemas/chart.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { contextOf } from '../../plugins/access.ts';
import { getChart, getTimeline, getVitalSeries } from './chart.service.ts';

const tags = ['chart'];
const errors = errorResponses(400, 401, 403, 404);

/** The patient's chart: its header, its timeline and the readings its charts draw. */
export const chartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patients/:id/chart',
    {
      config: { access: 'patients:read', auditEntity: 'patient' },
      schema: {
        tags,
        summary:
          "The chart's header: patient, allergies, conditions, care team and last vital signs",
        description:
          'The patient with their age, allergy status, active allergies and conditions, care ' +
          'team, vital signs ranges and last reading; 404 when missing or out of scope.',
        params: idParamsSchema,
        response: { 200: chartSchema, ...errors },
      },
    },
    async (request) => getChart(contextOf(request), request.params.id),
  );

  app.get(
    '/patients/:id/timeline',
    {
      config: { access: 'patients:read', auditEntity: 'timeline' },
      schema: {
        tags,
        summary:
          'Everything recorded about a patient, newest first, paged by cursor; only the types the caller may read',
        description:
          '`types` is a comma-separated list of record types; `from` and `to` are days (UTC, ' +
          'both included); pass the `nextCursor` of a page as `cursor` for the next, older one.',
        params: idParamsSchema,
        querystring: timelineQuerySchema,
        response: { 200: timelinePageSchema, ...errors },
      },
    },
    async (request) => getTimeline(contextOf(request), request.params.id, request.query),
  );

  app.get(
    '/patients/:id/vital-series',
    {
      config: { access: 'vital-signs:read', auditEntity: 'vital-sign' },
      schema: {
        tags,
        summary:
          'The vital signs readings of the last 7, 30 or 90 days (or all), oldest first, for charts',
        params: idParamsSchema,
        querystring: vitalSeriesQuerySchema,
        response: { 200: vitalSeriesSchema, ...errors },
      },
    },
    async (request) => getVitalSeries(contextOf(request), request.params.id, request.query.days),
  );
};
