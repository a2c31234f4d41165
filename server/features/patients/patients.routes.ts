import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, listQuerySchema } from '../../../shared/schemas/common.ts';
import {
  addCareTeamMemberSchema,
  careTeamMemberSchema,
  careTeamParamsSchema,
  latestDobAt,
  linkAccountSchema,
  makePatientInputSchema,
  patientListQuerySchema,
  patientSchema,
  seedUsernameQuerySchema,
} from '../../../shared/schemas/patients.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendPage } from '../../lib/list.ts';
import { contextOf } from '../../plugins/access.ts';
import { csvRoute } from '../../lib/csv-export.ts';
import { headerTimeZone } from '../clinical-common/reader-zone.ts';
import { exportPatients } from './patients-csv.ts';
import { addCareTeamMember, listCareTeam, removeCareTeamMember } from './care-team.service.ts';
import {
  createPatient,
  deletePatient,
  getPatient,
  linkPatientAccount,
  listPatients,
  restorePatient,
  updatePatient,
} from './patients.service.ts';

const tags = ['patients'];
const errors = errorResponses(400, 401, 403, 404, 409);
const noContent = z.null().describe('No content');

export const patientsRoutes: FastifyPluginAsyncZod = async (app) => {
  // "Not in the future" is judged by the server's clock at the time of the request.
  const patientBody = makePatientInputSchema(() => latestDobAt(app.clock.now()));

  app.get(
    '/patients',
    {
      config: { access: 'patients:read', auditEntity: 'patient' },
      schema: {
        tags,
        summary: "The patients in the caller's scope, by last name (X-Total-Count)",
        description:
          'The seed sends `?username=`; it is accepted and ignored: the session decides the scope.',
        querystring: patientListQuerySchema,
        response: { 200: z.array(patientSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listPatients(contextOf(request), request.query)),
  );

  csvRoute(app, '/patients.csv', {
    config: { access: 'patients:read', auditEntity: 'patient' },
    tags,
    operationId: 'exportPatientsCsv',
    summary: "The patients list as CSV: every patient in the caller's scope matching q, sorted",
    querystring: patientListQuerySchema,
    errors,
    download: (request) =>
      exportPatients(contextOf(request), request.query, headerTimeZone(request.headers)),
  });

  app.post(
    '/patients',
    {
      config: { access: 'patients:write', auditEntity: 'patient' },
      schema: {
        tags,
        summary: 'Adds a patient; the doctor adding it joins its care team',
        querystring: seedUsernameQuerySchema,
        body: patientBody,
        response: { 201: patientSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPatient(contextOf(request), request.body)),
  );

  app.get(
    '/patients/:id',
    {
      config: { access: 'patients:read', auditEntity: 'patient' },
      schema: {
        tags,
        summary: 'One patient (404 when missing or out of scope)',
        params: idParamsSchema,
        response: { 200: patientSchema, ...errors },
      },
    },
    async (request) => getPatient(contextOf(request), request.params.id),
  );

  app.put(
    '/patients/:id',
    {
      config: { access: 'patients:write', auditEntity: 'patient' },
      schema: {
        tags,
        summary: "Replaces a patient's fields (care team members with write access only)",
        params: idParamsSchema,
        body: patientBody,
        response: { 200: patientSchema, ...errors },
      },
    },
    async (request) => updatePatient(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/patients/:id',
    {
      config: { access: 'patients:write', auditEntity: 'patient' },
      schema: {
        tags,
        summary: 'Soft-deletes a patient: it leaves every list; an admin can restore it',
        params: idParamsSchema,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await deletePatient(contextOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/patients/:id/restore',
    {
      config: { access: 'records:restore', auditEntity: 'patient' },
      schema: {
        tags,
        summary: 'Restores a soft-deleted patient exactly as it was (admins)',
        params: idParamsSchema,
        response: { 200: patientSchema, ...errors },
      },
    },
    async (request) => restorePatient(contextOf(request), request.params.id),
  );

  app.get(
    '/patients/:id/care-team',
    {
      config: { access: 'patients:read', auditEntity: 'care-team' },
      schema: {
        tags,
        summary: "The doctors and caregivers on a patient's care team (X-Total-Count)",
        params: idParamsSchema,
        querystring: listQuerySchema.omit({ q: true }),
        response: { 200: z.array(careTeamMemberSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listCareTeam(contextOf(request), request.params.id, request.query)),
  );

  app.post(
    '/patients/:id/care-team',
    {
      config: { access: 'care-teams:manage', auditEntity: 'care-team-member' },
      schema: {
        tags,
        summary: 'Puts an active doctor or caregiver on the care team',
        params: idParamsSchema,
        body: addCareTeamMemberSchema,
        response: { 201: careTeamMemberSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const member = await addCareTeamMember(contextOf(request), id, request.body.userId);
      return reply.status(201).send(member);
    },
  );

  app.delete(
    '/patients/:id/care-team/:userId',
    {
      config: { access: 'care-teams:manage', auditEntity: 'care-team-member' },
      schema: {
        tags,
        summary: 'Takes a doctor or caregiver off the care team',
        params: careTeamParamsSchema,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await removeCareTeamMember(contextOf(request), id, userId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/patients/:id/account',
    {
      config: { access: 'care-teams:manage', auditEntity: 'patient-account' },
      schema: {
        tags,
        summary: "Links the patient's own user account by username (null unlinks)",
        params: idParamsSchema,
        body: linkAccountSchema,
        response: { 200: patientSchema, ...errors },
      },
    },
    async (request) =>
      linkPatientAccount(contextOf(request), request.params.id, request.body.username),
  );

  app.delete(
    '/patients/:id/account',
    {
      config: { access: 'care-teams:manage', auditEntity: 'patient-account' },
      schema: {
        tags,
        summary: "Unlinks the patient's own user account",
        params: idParamsSchema,
        response: { 200: patientSchema, ...errors },
      },
    },
    async (request) => linkPatientAccount(contextOf(request), request.params.id, null),
  );
};
