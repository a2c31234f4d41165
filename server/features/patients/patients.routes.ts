import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../../shared/permissions.ts';
import { accessLogEntrySchema } from '../../../shared/schemas/audit.ts';
import {
  errorBodySchema,
  idParamsSchema,
  listQuerySchema,
} from '../../../shared/schemas/common.ts';
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
import { forbidden, notFound } from '../../lib/http-error.ts';
import { sendPage } from '../../lib/list.ts';
import { notFoundOutOfScope, requirePatientInScope } from '../../plugins/request-audit.ts';
import { patientExists } from '../../auth/scope.ts';
import { currentUser } from '../../plugins/access.ts';
import { auditDenied, auditedChange, auditRead } from '../../plugins/request-audit.ts';
import { listAccessLog } from '../audit/audit.service.ts';
import {
  addCareTeamMember,
  createPatient,
  getPatient,
  linkPatientAccount,
  listCareTeam,
  listPatients,
  removeCareTeamMember,
  restorePatient,
  softDeletePatient,
  updatePatient,
} from './patients.service.ts';

const tags = ['patients'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
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
    async (request, reply) => {
      const page = await listPatients(app.db, currentUser(request), request.query);
      await auditRead(request, { action: 'list', entity: 'patient' });
      return sendPage(reply, page);
    },
  );

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
    async (request, reply) => {
      const user = currentUser(request);
      const patient = await auditedChange(
        request,
        (tx) => createPatient(tx, user, request.body, app.clock.now()),
        (created) => ({
          action: 'create',
          entity: 'patient',
          entityId: created.id,
          patientId: created.id,
        }),
      );
      return reply.status(201).send(patient);
    },
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
    async (request) => {
      const { id } = request.params;
      const patient = await getPatient(app.db, currentUser(request), id);
      if (!patient) {
        throw await notFoundOutOfScope(request, { entity: 'patient', entityId: id, patientId: id });
      }
      await auditRead(request, { action: 'read', entity: 'patient', entityId: id, patientId: id });
      return patient;
    },
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
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      await requirePatientInScope(request, id);
      return auditedChange(
        request,
        async (tx) => {
          const updated = await updatePatient(tx, user, id, request.body, app.clock.now());
          if (!updated) throw notFound();
          return updated;
        },
        () => ({ action: 'update', entity: 'patient', entityId: id, patientId: id }),
      );
    },
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
      const user = currentUser(request);
      const { id } = request.params;
      await requirePatientInScope(request, id);
      await auditedChange(
        request,
        async (tx) => {
          if (!(await softDeletePatient(tx, user, id, app.clock.now()))) throw notFound();
        },
        () => ({ action: 'delete', entity: 'patient', entityId: id, patientId: id }),
      );
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
    async (request) => {
      const { id } = request.params;
      return auditedChange(
        request,
        async (tx) => {
          const restored = await restorePatient(tx, id);
          if (!restored) throw notFound();
          return restored;
        },
        () => ({ action: 'restore', entity: 'patient', entityId: id, patientId: id }),
      );
    },
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
    async (request, reply) => {
      const { id } = request.params;
      await requirePatientInScope(request, id, 'care-team');
      const page = await listCareTeam(app.db, id, request.query);
      await auditRead(request, { action: 'list', entity: 'care-team', patientId: id });
      return sendPage(reply, page);
    },
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
      const user = currentUser(request);
      const { id } = request.params;
      await requirePatientInScope(request, id, 'care-team-member');
      const member = await auditedChange(
        request,
        (tx) => addCareTeamMember(tx, id, request.body.userId, user, app.clock.now()),
        (added) => ({
          action: 'create',
          entity: 'care-team-member',
          entityId: added.userId,
          patientId: id,
        }),
      );
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
      await requirePatientInScope(request, id, 'care-team-member');
      await auditedChange(
        request,
        (tx) => removeCareTeamMember(tx, id, userId),
        () => ({ action: 'delete', entity: 'care-team-member', entityId: userId, patientId: id }),
      );
      return reply.status(204).send(null);
    },
  );

  const linkAccount = (request: FastifyRequest, id: number, username: string | null) =>
    auditedChange(
      request,
      (tx) => linkPatientAccount(tx, id, username, app.clock.now()),
      () => ({ action: 'update', entity: 'patient-account', entityId: id, patientId: id }),
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
    async (request) => {
      const { id } = request.params;
      await requirePatientInScope(request, id, 'patient-account');
      return linkAccount(request, id, request.body.username);
    },
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
    async (request) => {
      const { id } = request.params;
      await requirePatientInScope(request, id, 'patient-account');
      return linkAccount(request, id, null);
    },
  );

  app.get(
    '/patients/:id/access-log',
    {
      config: { access: 'patients:read', auditEntity: 'access-log' },
      schema: {
        tags,
        summary: 'Who opened this record: for the patient themself and for admins (X-Total-Count)',
        params: idParamsSchema,
        querystring: listQuerySchema.omit({ q: true }),
        response: { 200: z.array(accessLogEntrySchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      if (can(user, 'audit:read')) {
        if (!(await patientExists(app.db, id))) throw notFound();
      } else if (user.role === 'patient') {
        // A patient's scope is their own record, so this is "their own or 404".
        await requirePatientInScope(request, id, 'access-log');
      } else {
        await auditDenied(request, { entity: 'access-log', entityId: id, patientId: id });
        throw forbidden();
      }
      const page = await listAccessLog(app.db, id, request.query);
      await auditRead(request, { action: 'list', entity: 'access-log', patientId: id });
      return sendPage(reply, page);
    },
  );
};
