import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const prescriptionsRoutes: FastifyPluginAsyncZod = async (_app) => {
  // Routes of this feature are registered here.
};
