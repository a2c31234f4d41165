import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { patientRangesSchema, vitalRangesInputSchema } from '../../../shared/schemas/chart.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { contextOf } from '../../plugins/access.ts';
import { getVitalRanges, setVitalRanges } from './vital-ranges.service.ts';

const tags = ['vital-ranges'];
const errors = errorResponses(400, 401, 403, 404);

/** The ranges a patient's readings are checked against: read with the vital signs, set by doctors. */
export const vitalRangesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patients/:id/vital-ranges',
    {
      config: { access: 'vital-signs:read', auditEntity: 'vital-ranges' },
      schema: {
        tags,
        summary:
          "The patient's range of every measurement (stored units: °C, mmol/L); isDefault " +
          'when no doctor set one',
        params: idParamsSchema,
        response: { 200: patientRangesSchema, ...errors },
      },
    },
    async (request) => getVitalRanges(contextOf(request), request.params.id),
  );

  app.put(
    '/patients/:id/vital-ranges',
    {
      config: { access: 'vital-thresholds:write', auditEntity: 'vital-ranges' },
      schema: {
        tags,
        summary:
          "Sets the patient's own ranges: a range replaces the measurement's, null returns it " +
          'to the default, a measurement left out stays',
        params: idParamsSchema,
        body: vitalRangesInputSchema,
        response: { 200: patientRangesSchema, ...errors },
      },
    },
    async (request) => setVitalRanges(contextOf(request), request.params.id, request.body),
  );
};
