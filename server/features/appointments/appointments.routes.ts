import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentCancelInputSchema,
  appointmentInputSchema,
  appointmentOverlapSchema,
  appointmentStatusInputSchema,
  appointmentListQuerySchema,
  appointmentSchema,
  doctorAppointmentListQuerySchema,
  doctorParamsSchema,
  patientAppointmentListQuerySchema,
  patientParamsSchema,
} from '../../../shared/schemas/appointments.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendPage } from '../../lib/list.ts';
import { contextOf } from '../../plugins/access.ts';
import { csvRoute } from '../../lib/csv-export.ts';
import { headerTimeZone } from '../clinical-common/reader-zone.ts';
import { exportAppointments } from './appointments-csv.ts';
import {
  cancelAppointment,
  createAppointment,
  deleteAppointment,
  getAppointment,
  listAppointments,
  listDoctorAppointments,
  listPatientAppointments,
  restoreAppointment,
  setAppointmentStatus,
  updateAppointment,
} from './appointments.service.ts';

const tags = ['appointments'];
const entity = 'appointment';
const errors = errorResponses(400, 401, 403, 404);
const listResponse = { 200: z.array(appointmentSchema), ...errors };
const oneResponse = { 200: appointmentSchema, ...errors };
const bookingResponse = { ...oneResponse, 409: appointmentOverlapSchema };

const overlapNote =
  'durationMinutes (5 to 480 whole minutes) defaults to 30. When the doctor already has an ' +
  'appointment that is not cancelled overlapping [appointmentDate, appointmentDate + duration), ' +
  "the answer is 409 with code 'overlap' and the clash, and nothing is saved; the same body with " +
  'confirmOverlap: true books it anyway.';

const listNote =
  '`sort` orders by `date` (date and time), `patient` or `doctor` (last then first name) or ' +
  "`status`, '-' first for descending; ties keep one order (then by date, then id), so pages " +
  'neither repeat nor skip. Without `sort`, by date in the direction of `order` (asc by ' +
  'default). `status`, `patientId` and `doctorId` filter; a filter only narrows what the ' +
  "caller's scope shows. A bad value answers 400 naming the field and what is allowed.";

const dateNote =
  'appointmentDate is an ISO 8601 point in time. With a zone (Z or ±hh:mm) it is kept exactly ' +
  '(to the millisecond); without one (e.g. 2024-12-01T10:00 from a datetime-local form field) ' +
  'it is read as UTC. Answers give it in UTC (2024-12-01T10:00:00.000Z). An unreadable or ' +
  'impossible date answers 400.';

export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/appointments',
    {
      config: { access: 'appointments:read', auditEntity: entity },
      schema: {
        tags,
        summary: "The caller's appointments (scope): paging, filters and an order",
        description:
          'Doctors and caregivers see the appointments of the patients on their care team, ' +
          'supervisors every patient, a patient their own. `from` (inclusive) and `to` ' +
          `(exclusive) are ISO 8601 instants. The total is in X-Total-Count. ${listNote}`,
        querystring: appointmentListQuerySchema,
        response: listResponse,
      },
    },
    async (request, reply) =>
      sendPage(reply, await listAppointments(contextOf(request), request.query)),
  );

  csvRoute(app, '/appointments.csv', {
    config: { access: 'appointments:read', auditEntity: entity },
    tags,
    operationId: 'exportAppointmentsCsv',
    summary: "The caller's appointments as CSV: every one matching the list's filters, sorted",
    querystring: appointmentListQuerySchema,
    errors: errorResponses(400, 401, 403),
    download: (request) =>
      exportAppointments(contextOf(request), request.query, headerTimeZone(request.headers)),
  });

  app.get(
    '/appointments/doctor/:doctorId',
    {
      config: { access: 'appointments:read', auditEntity: entity },
      schema: {
        tags,
        summary: "A doctor's appointments (the seed's call)",
        description:
          'A doctor may list only their own (another doctor answers 404) unless they are a ' +
          'supervisor; patient scope applies. Same paging, range, filters (but the doctor) and ' +
          'orders as GET /api/appointments.',
        params: doctorParamsSchema,
        querystring: doctorAppointmentListQuerySchema,
        response: listResponse,
      },
    },
    async (request, reply) => {
      const { doctorId } = request.params;
      const page = await listDoctorAppointments(contextOf(request), doctorId, request.query);
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
        description:
          'The patient must be in scope (404 otherwise). Same paging, range, filters (but the ' +
          'patient) and orders as GET /api/appointments.',
        params: patientParamsSchema,
        querystring: patientAppointmentListQuerySchema,
        response: listResponse,
      },
    },
    async (request, reply) => {
      const { patientId } = request.params;
      const page = await listPatientAppointments(contextOf(request), patientId, request.query);
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
    async (request) => getAppointment(contextOf(request), request.params.id),
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
          "name an active doctor on the patient's care team (doctorId may be sent instead). The " +
          'patient must be in scope. A patient may request only for their own record, in the ' +
          `future. ${dateNote} ${overlapNote}`,
        consumes: ['application/json', 'multipart/form-data'],
        body: appointmentInputSchema,
        response: { ...bookingResponse, 201: appointmentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAppointment(contextOf(request), request.body)),
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
          'The appointment (and a new patient) must be in scope, and its doctor on the ' +
          `patient's care team. Without durationMinutes the length stays. ${dateNote} ${overlapNote}`,
        consumes: ['application/json', 'multipart/form-data'],
        params: idParamsSchema,
        body: appointmentInputSchema,
        response: bookingResponse,
      },
    },
    async (request) => updateAppointment(contextOf(request), request.params.id, request.body),
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
      await deleteAppointment(contextOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/appointments/status/:id',
    {
      config: { access: 'appointments:write', auditEntity: entity },
      schema: {
        tags,
        summary: 'Mark an appointment completed, no-show, or scheduled again',
        description:
          'Staff who may edit appointments; the appointment must be in scope. A cancelled ' +
          'appointment keeps its status (400).',
        params: idParamsSchema,
        body: appointmentStatusInputSchema,
        response: oneResponse,
      },
    },
    async (request) => setAppointmentStatus(contextOf(request), request.params.id, request.body),
  );

  app.post(
    '/appointments/cancel/:id',
    {
      config: { access: 'appointments:read', auditEntity: entity },
      schema: {
        tags,
        summary: 'Cancel an appointment with a reason, keeping it (doctors; patients their own)',
        description:
          'The appointment stays in lists with status cancelled, the reason, and when. Staff ' +
          'may cancel any in scope; a patient only their own upcoming ones (403 otherwise). A ' +
          'reason is required (400). Cancelling twice answers 409. The patient and the doctor ' +
          'are told.',
        params: idParamsSchema,
        body: appointmentCancelInputSchema,
        response: { ...oneResponse, 409: errors[400] },
      },
    },
    async (request) => cancelAppointment(contextOf(request), request.params.id, request.body),
  );

  app.post(
    '/appointments/restore/:id',
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
    async (request) => restoreAppointment(contextOf(request), request.params.id),
  );
};
