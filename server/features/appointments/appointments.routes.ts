import { assertPatientInScope } from '../../auth/scope.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentInputSchema,
  appointmentListQuerySchema,
  appointmentSchema,
  doctorParamsSchema,
  patientParamsSchema,
} from '../../../shared/schemas/appointments.ts';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sendPage } from '../../lib/list.ts';
import { currentUser } from '../../plugins/access.ts';
import { auditDenied, auditedChange, auditRead } from '../../plugins/request-audit.ts';
import { type AuditEvent } from '../../audit/audit.ts';
import {
  assertDoctorListable,
  createAppointment,
  deleteAppointment,
  getAppointment,
  listAppointments,
  restoreAppointment,
  updateAppointment,
} from './appointments.service.ts';

const tags = ['appointments'];
const entity = 'appointment';
const listResponse = {
  200: z.array(appointmentSchema),
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const oneResponse = {
  200: appointmentSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

const dateNote =
  'appointmentDate is an ISO 8601 point in time. With a zone (Z or ±hh:mm) it is kept exactly ' +
  '(to the millisecond); without one (e.g. 2024-12-01T10:00 from a datetime-local form field) ' +
  'it is read as UTC. Answers give it in UTC (2024-12-01T10:00:00.000Z). An unreadable or ' +
  'impossible date answers 400.';

/**
 * Runs a handler and, when it refuses (403) or finds nothing in scope (404), records the
 * attempt as denied. The refusal's own transaction has rolled back, so the row is written apart.
 */
async function auditingDenials<T>(
  request: FastifyRequest,
  event: Omit<AuditEvent, 'action' | 'outcome'>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404)) {
      await auditDenied(request, event);
    }
    throw error;
  }
}

export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/appointments',
    {
      config: { access: 'appointments:read', auditEntity: entity },
      schema: {
        tags,
        summary: "The caller's appointments (scope), soonest first, with paging and a date range",
        description:
          'Doctors and caregivers see the appointments of the patients on their care team, ' +
          'supervisors every patient, a patient their own. `from` (inclusive) and `to` ' +
          '(exclusive) are ISO 8601 instants. The total is in X-Total-Count.',
        querystring: appointmentListQuerySchema,
        response: listResponse,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const page = await listAppointments(app.db, user, request.query);
      await auditRead(request, { action: 'list', entity });
      return sendPage(reply, page);
    },
  );

  app.get(
    '/appointments/doctor/:doctorId',
    {
      config: { access: 'appointments:read', auditEntity: entity },
      schema: {
        tags,
        summary: "A doctor's appointments (the seed's call)",
        description:
          'A doctor may list only their own (another doctor answers 404) unless they are a ' +
          'supervisor; patient scope applies. Same paging and range as GET /api/appointments.',
        params: doctorParamsSchema,
        querystring: appointmentListQuerySchema,
        response: listResponse,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { doctorId } = request.params;
      const page = await auditingDenials(
        request,
        { entity, entityId: `doctor:${doctorId}` },
        async () => {
          await assertDoctorListable(app.db, user, doctorId);
          return listAppointments(app.db, user, { ...request.query, doctorId });
        },
      );
      await auditRead(request, { action: 'list', entity });
      return sendPage(reply, page);
    },
  );

  app.get(
    '/appointments/patient/:patientId',
    {
      config: { access: 'appointments:read', auditEntity: entity },
      schema: {
        tags,
        summary: "One patient's appointments",
        description: 'The patient must be in scope (404 otherwise).',
        params: patientParamsSchema,
        querystring: appointmentListQuerySchema,
        response: listResponse,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { patientId } = request.params;
      const page = await auditingDenials(request, { entity, patientId }, async () => {
        const found = await listAppointments(app.db, user, { ...request.query, patientId });
        // Rows in scope prove the patient is; only an empty page needs the check (404 or []).
        if (found.items.length === 0) await assertPatientInScope(app.db, user, patientId);
        return found;
      });
      await auditRead(request, { action: 'list', entity, patientId });
      return sendPage(reply, page);
    },
  );

  app.get(
    '/appointments/:id',
    {
      config: { access: 'appointments:read', auditEntity: entity },
      schema: {
        tags,
        summary: 'One appointment',
        params: idParamsSchema,
        response: oneResponse,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const appointment = await auditingDenials(request, { entity, entityId: id }, () =>
        getAppointment(app.db, user, id),
      );
      await auditRead(request, {
        action: 'read',
        entity,
        entityId: id,
        patientId: appointment.patientId,
      });
      return appointment;
    },
  );

  app.post(
    '/appointments',
    {
      // Doctors book (appointments:write); patients request their own (appointments:request).
      // Both hold appointments:read; the service tells them apart and refuses everyone else.
      config: { access: 'appointments:read', auditEntity: entity },
      schema: {
        tags,
        summary: 'Book an appointment (doctors) or request one (patients)',
        description:
          "Accepts JSON or the seed's multipart form (doctorUsername, patientId, " +
          'appointmentDate, location). doctorUsername defaults to the signed-in doctor and must ' +
          'name an active doctor (doctorId may be sent instead). The patient must be in scope. ' +
          'A patient may request only for their own record, with a doctor of their care team, ' +
          `in the future. ${dateNote}`,
        consumes: ['application/json', 'multipart/form-data'],
        body: appointmentInputSchema,
        response: { ...oneResponse, 201: appointmentSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = app.clock.now();
      const created = await auditingDenials(
        request,
        { entity, patientId: request.body.patientId },
        () =>
          auditedChange(
            request,
            (tx) => createAppointment(tx, user, request.body, now),
            (result) => ({
              action: 'create',
              entity,
              entityId: result.id,
              patientId: result.patientId,
            }),
          ),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/appointments/:id',
    {
      config: { access: 'appointments:write', auditEntity: entity },
      schema: {
        tags,
        summary: 'Edit an appointment',
        description:
          'The same fields as POST, JSON or multipart. Without doctorUsername the doctor stays. ' +
          `The appointment (and a new patient) must be in scope. ${dateNote}`,
        consumes: ['application/json', 'multipart/form-data'],
        params: idParamsSchema,
        body: appointmentInputSchema,
        response: oneResponse,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const now = app.clock.now();
      return auditingDenials(request, { entity, entityId: id }, () =>
        auditedChange(
          request,
          (tx) => updateAppointment(tx, user, id, request.body, now),
          (result) => ({ action: 'update', entity, entityId: id, patientId: result.patientId }),
        ),
      );
    },
  );

  app.delete(
    '/appointments/:id',
    {
      config: { access: 'appointments:read', auditEntity: entity },
      schema: {
        tags,
        summary: 'Delete (doctors) or cancel (patients, own upcoming only) an appointment',
        description:
          'A soft delete: the appointment leaves every list and an admin can restore it. A ' +
          'patient may cancel only their own future appointments (403 for a past one).',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...oneResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      const now = app.clock.now();
      await auditingDenials(request, { entity, entityId: id }, () =>
        auditedChange(
          request,
          (tx) => deleteAppointment(tx, user, id, now),
          (result) => ({ action: 'delete', entity, entityId: id, patientId: result.patientId }),
        ),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/appointments/:id/restore',
    {
      config: { access: 'records:restore', auditEntity: entity },
      schema: {
        tags,
        summary: 'Restore a deleted appointment exactly as it was (admins)',
        description:
          'The patient must be in scope; an appointment that is not deleted answers 404.',
        params: idParamsSchema,
        response: oneResponse,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const now = app.clock.now();
      return auditingDenials(request, { entity, entityId: id }, () =>
        auditedChange(
          request,
          (tx) => restoreAppointment(tx, user, id, now),
          (result) => ({ action: 'restore', entity, entityId: id, patientId: result.patientId }),
        ),
      );
    },
  );
};
