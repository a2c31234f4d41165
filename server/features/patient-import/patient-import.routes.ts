import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importTexts } from '../../../shared/messages.ts';
import {
  IMPORT_MAX_BYTES,
  importQuerySchema,
  importRefusalSchema,
  importResultSchema,
} from '../../../shared/schemas/patient-import.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { contextOf } from '../../plugins/access.ts';
import { importPatients } from './patient-import.service.ts';

/**
 * The upload: a multipart form with one file field `file` (a CSV or a FHIR Bundle as JSON).
 * Multipart hands a file as bytes; a plain text field of the same name is read as the file's
 * text. Anything else, or no file, is the one clear 400.
 */
const uploadSchema = z.object(
  {
    file: z
      .custom<Uint8Array | string>(
        (value) => value instanceof Uint8Array || (typeof value === 'string' && value.length > 0),
        importTexts.fileRequired,
      )
      .meta({ type: 'string', format: 'binary' })
      .describe('The CSV file or FHIR R4 Bundle (JSON), up to 10 MB'),
  },
  { message: importTexts.fileRequired },
);

export const patientImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/patients/import',
    {
      config: {
        access: 'patients:import',
        auditEntity: 'patient',
        // One file, read up to the limit; a larger one is cut there and refused (413).
        multipartOptions: {
          limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 5 },
          throwFileSizeLimit: false,
        },
      },
      schema: {
        tags: ['patients'],
        operationId: 'importPatients',
        summary: 'Imports patients from a CSV or a FHIR R4 Bundle; ?dryRun=true only checks',
        description:
          'Multipart form with one file field `file`: a CSV with the columns firstName, ' +
          'lastName, dob (YYYY-MM-DD), gender, address, phoneNumber, emergencyContact, ' +
          'emergencyContactPhone (or the patients table headers), or a FHIR R4 Bundle of ' +
          'Patient, RelatedPerson, AllergyIntolerance and Condition resources. Every patient ' +
          'is checked with the rules of adding one by hand; duplicates (same first and last ' +
          'name, any case, and date of birth) of a patient of the agency or of an earlier row ' +
          'are left out and reported. With dryRun=true nothing changes and the answer lists ' +
          'what would be created and every problem (CSV: line and column; FHIR: entry index ' +
          'and path). Without it, the import is one transaction: any problem refuses the whole ' +
          'file (400 with the same check in `result`), nothing is imported. Files of 10 MB or ' +
          'more answer 413.',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        body: uploadSchema,
        response: {
          200: importResultSchema,
          400: importRefusalSchema,
          ...errorResponses(401, 403, 413),
        },
      },
    },
    async (request) => {
      const { file } = request.body;
      const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
      return importPatients(contextOf(request), bytes, request.query.dryRun);
    },
  );
};
