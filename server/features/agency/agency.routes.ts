import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agencySettingsInputSchema, agencySettingsSchema } from '../../../shared/schemas/doses.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { contextOf } from '../../plugins/access.ts';
import { getAgencySettings, setAgencySettings } from './agency.service.ts';

const tags = ['agency'];

/** The agency's own settings: the time zone doses are scheduled in, and the dose windows. */
export const agencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/agency-settings',
    {
      config: { access: 'session', auditEntity: 'agency-settings' },
      schema: {
        tags,
        summary:
          "The agency's time zone (IANA) and when a dose is due, late and missed; the defaults " +
          'until an administrator saves them',
        response: { 200: agencySettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => getAgencySettings(contextOf(request)),
  );

  app.put(
    '/agency-settings',
    {
      config: { access: 'agency:manage', auditEntity: 'agency-settings' },
      schema: {
        tags,
        summary: "Saves the agency's time zone and dose windows (administrators)",
        body: agencySettingsInputSchema,
        response: { 200: agencySettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => setAgencySettings(contextOf(request), request.body),
  );
};
