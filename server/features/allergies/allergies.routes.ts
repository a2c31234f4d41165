import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allergyStatuses, allergyStatusInputSchema } from '../../../shared/schemas/allergies.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { contextOf } from '../../plugins/access.ts';
import { setAllergyStatus } from './allergies.service.ts';

/**
 * The patient's "no known allergies" entry. The allergies themselves are a clinical record type
 * served by clinical-common/record-routes.ts under /api/allergies.
 */
export const allergyStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/patients/:id/allergy-status',
    {
      config: { access: 'allergies:write', auditEntity: 'patient' },
      schema: {
        tags: ['allergies'],
        summary: 'Records that the patient has no known allergies, or takes that back',
        description:
          'noKnownAllergies: true records that a doctor asked and the patient has no known ' +
          'allergies (409 while active allergies are listed); false takes the entry back. ' +
          'Listing an allergy later ends the entry. Answers the allergy status the chart shows: ' +
          "'recorded' (active allergies listed), 'none' (no known allergies) or 'not-recorded'. " +
          "404 when the patient is missing or not in the caller's scope.",
        params: idParamsSchema,
        body: allergyStatusInputSchema,
        response: {
          200: z.object({ allergyStatus: z.enum(allergyStatuses) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => setAllergyStatus(contextOf(request), request.params.id, request.body),
  );
};
