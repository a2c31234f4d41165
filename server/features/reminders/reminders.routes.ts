import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import {
  reminderInputSchema,
  reminderListQuerySchema,
  reminderSchema,
} from '../../../shared/schemas/reminders.ts';
import { PRESETS_CREATED_HEADER } from '../../../shared/constants.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendPage } from '../../lib/list.ts';
import { contextOf } from '../../plugins/access.ts';
import { csvRoute } from '../../lib/csv-export.ts';
import { headerTimeZone } from '../clinical-common/reader-zone.ts';
import { exportReminders } from './reminders-csv.ts';
import {
  createReminder,
  deleteReminder,
  listReminders,
  updateReminder,
} from './reminders.service.ts';

const tags = ['reminders'];
const errors = errorResponses(400, 401, 403);
// Every role keeps its own reminders: 'self' is granted to every signed-in role.
const config = { access: 'self', auditEntity: 'reminder' } as const;

export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reminders',
    {
      config,
      schema: {
        tags,
        summary: 'Own reminders (X-Total-Count); a caregiver gets the preset reminders once',
        description:
          `The first time a caregiver's reminders are loaded, the two preset reminders are ` +
          `created (at their wall-clock times in \`timeZone\`, default UTC) and the answer ` +
          `carries \`${PRESETS_CREATED_HEADER}: true\`; otherwise \`false\`. Order: upcoming ` +
          `first (soonest first), then past ones; with from/to, that range by time.`,
        querystring: reminderListQuerySchema,
        response: { 200: z.array(reminderSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { page, presetsCreated } = await listReminders(contextOf(request), request.query);
      reply.header(PRESETS_CREATED_HEADER, String(presetsCreated));
      const items = sendPage(reply, page);
      reply.header('Access-Control-Expose-Headers', `X-Total-Count, ${PRESETS_CREATED_HEADER}`);
      return items;
    },
  );

  csvRoute(app, '/reminders.csv', {
    config,
    tags,
    operationId: 'exportRemindersCsv',
    summary: "The caller's own reminders as CSV, in the list's order (search, range)",
    querystring: reminderListQuerySchema,
    errors,
    download: (request) =>
      exportReminders(contextOf(request), request.query, headerTimeZone(request.headers)),
  });

  app.post(
    '/reminders',
    {
      config,
      schema: {
        tags,
        summary: 'Add an own reminder {message, date}; it becomes a notification at its time',
        body: reminderInputSchema,
        response: { 201: reminderSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReminder(contextOf(request), request.body)),
  );

  app.put(
    '/reminders/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit an own reminder; a new time makes it remind again',
        params: idParamsSchema,
        body: reminderInputSchema,
        response: { 200: reminderSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => updateReminder(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/reminders/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an own reminder (soft); it will not remind',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await deleteReminder(contextOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
