import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import {
  fhirExportFileParamsSchema,
  fhirExportManifestSchema,
} from '../../../shared/schemas/fhir.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { contextOf } from '../../plugins/access.ts';
import { exportFile, exportManifest, exportPatient } from './fhir.service.ts';

const tags = ['fhir'];
const errors = errorResponses(400, 401, 403, 404);

/**
 * The base of the bundle's `fullUrl`s: the configured address of the app, else the one the
 * request came to. It names the resources inside the document; no link is sent anywhere.
 */
const fhirBaseOf = (request: FastifyRequest) =>
  `${(request.server.config.appUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '')}/api/fhir`;

/** FHIR R4 export: one patient's record as a Bundle, and the agency's data as NDJSON files. */
export const fhirRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patients/:id/fhir',
    {
      config: { access: 'patients:read', auditEntity: 'patient' },
      schema: {
        tags,
        operationId: 'exportPatientFhir',
        summary:
          "A patient's record as a FHIR R4 Bundle (collection), with only the resource types the caller may read",
        description:
          'Patient, RelatedPerson, Practitioner, CareTeam, Appointment, Encounter, Condition, ' +
          'AllergyIntolerance, MedicationRequest, MedicationAdministration, Observation (vital ' +
          'signs) and DocumentReference (progress reports and medical records). 404 when the ' +
          'patient is missing or out of scope.',
        params: idParamsSchema,
        produces: ['application/fhir+json'],
        response: { 200: z.string().describe('application/fhir+json'), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, bundle } = await exportPatient(
        contextOf(request),
        request.params.id,
        fhirBaseOf(request),
      );
      return reply
        .header('content-type', 'application/fhir+json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(JSON.stringify(bundle));
    },
  );

  app.get(
    '/fhir/export',
    {
      config: { access: 'agency:export', auditEntity: 'fhir-export' },
      schema: {
        tags,
        operationId: 'getFhirExportManifest',
        summary:
          "The agency export's manifest: one NDJSON file per FHIR resource type, with its count",
        response: { 200: fhirExportManifestSchema, ...errors },
      },
    },
    async (request) => exportManifest(contextOf(request)),
  );

  app.get(
    '/fhir/export/:file',
    {
      config: { access: 'agency:export', auditEntity: 'fhir-export' },
      schema: {
        tags,
        operationId: 'exportFhirFile',
        summary:
          "Every live patient's resources of one type as FHIR NDJSON (one resource per line), streamed",
        description: 'The file is named by its type, such as `Observation.ndjson`.',
        params: fhirExportFileParamsSchema,
        produces: ['application/fhir+ndjson'],
        response: { 200: z.string().describe('application/fhir+ndjson'), ...errors },
      },
    },
    async (request, reply) => {
      const type = request.params.file;
      const stream = exportFile(contextOf(request), type);
      return (
        reply
          .header('content-type', 'application/fhir+ndjson; charset=utf-8')
          .header('content-disposition', `attachment; filename="${type}.ndjson"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is read; the schema above describes what it carries.
          .send(stream as unknown as string)
      );
    },
  );
};
