import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { recordTypes } from '../../shared/record-types.ts';
import { projectRoot } from '../lib/paths.ts';
import { operationIds } from './operation-ids.ts';

/** The package's version, which the document carries as its own. */
const packageVersion = (
  JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** What each tag of the document holds; a tag missing here is listed without a description. */
const tagDescriptions: Readonly<Record<string, string>> = {
  system: 'Health of the server and its database.',
  users:
    'Accounts: sign-up, login (cookie or Bearer token), profiles, settings, invitations, ' +
    'password resets, two-factor sign-in and sessions.',
  directory: 'Names and ids for pickers.',
  patients: 'Patients, their care team, linked account and who opened their record.',
  chart: "A patient's chart: header, timeline and vital signs series.",
  appointments: 'Appointments with doctors: booking, requests, status, cancelling.',
  visits: "Caregivers' visits: planning, check-in and out, the rota and timesheets.",
  doses: 'Medication doses: what is due, outcomes and the medication administration record.',
  'vital-ranges': "A patient's normal ranges of each vital sign.",
  reminders: "A user's own reminders.",
  notifications: "A user's notifications, and their live stream.",
  audit: 'The audit log of reads and changes (admins).',
  agency: "The agency's settings.",
  'deleted records': 'Soft-deleted records an admin can restore.',
  'calendar-feed': "A user's private iCalendar feed of their appointments and visits.",
  fhir: "FHIR R4: one patient's record as a Bundle, the agency's bulk export as NDJSON.",
  // The clinical record types, tagged by record-routes.ts with their plural label.
  ...Object.fromEntries(
    recordTypes
      .filter((entry) => entry.clinical)
      .map((entry) => [
        entry.labels.many.toLowerCase(),
        `${entry.labels.many}: the list, one patient's, one record, add, change, delete ` +
          '(soft) and the admin’s restore.',
      ]),
  ),
};

const description =
  'The ElderCare System API: patients, care teams, appointments, clinical records, visits and ' +
  'reminders of a home-care agency.\n\n' +
  'Authentication: the `ec_session` cookie that login sets, or `Authorization: Bearer <token>` ' +
  'with the token login answers. Writes authenticated by the cookie must carry ' +
  '`X-Requested-With`. Who may call what follows the role and privileges of the account; ' +
  "patient data outside the caller's scope answers 404, like a missing id.\n\n" +
  'Errors answer {message, errors?}; lists answer arrays with X-Total-Count. Totals are ' +
  'counted up to 1,000 rows past the end of the page asked for: beyond that, ' +
  'X-Total-Count is a lower bound and X-Total-Count-Capped: true is sent. With ' +
  'count=none a full page is not counted at all (the total is then the rows up to ' +
  "the page's end, capped): for callers that show no total.";

type Json = Record<string, unknown>;

/**
 * OpenAPI 3.0 has no null type: a nullable union comes out of the zod conversion as
 * `{nullable: true, anyOf: [...]}`, which 3.0 refuses (`nullable` needs a `type` beside it).
 * The null goes into each branch instead: `{anyOf: [{type: 'number', nullable: true}, ...]}`.
 */
function moveNullableIntoBranches(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) moveNullableIntoBranches(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Json;
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (
    schema.nullable === true &&
    schema.type === undefined &&
    Array.isArray(branches) &&
    branches.every((branch) => typeof branch.type === 'string')
  ) {
    delete schema.nullable;
    for (const branch of branches) {
      branch.nullable = true;
      if (Array.isArray(branch.enum) && !branch.enum.includes(null)) branch.enum.push(null);
    }
  }
  for (const value of Object.values(schema)) moveNullableIntoBranches(value);
}

/** The key a route has in `operationIds`: `GET /api/patients/:id`. */
export const routeKey = (method: string, url: string): string => `${method} ${url}`;

/**
 * The options of @fastify/swagger: the document's info, servers, security and tags, and each
 * route's operation id (its own `schema.operationId`, else `operationIds`).
 */
export function openapiOptions(appUrl: string | undefined): SwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'ElderCare System API',
        version: packageVersion,
        description,
      },
      // APP_URL when the install has one; a relative server otherwise (the document's own host).
      servers: [{ url: appUrl ? appUrl.replace(/\/$/, '') : '/' }],
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'ec_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ cookie: [] }, { bearer: [] }],
    },
    transform(route) {
      const transformed = jsonSchemaTransform(route);
      const schema = transformed.schema as Record<string, unknown>;
      if (schema.hide || schema.operationId) return transformed;
      const methods = Array.isArray(route.route.method) ? route.route.method : [route.route.method];
      const operationId = operationIds[routeKey(methods[0] ?? 'GET', route.url)];
      return operationId ? { ...transformed, schema: { ...schema, operationId } } : transformed;
    },
    transformObject(documentObject) {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const { openapiObject } = documentObject;
      const used = new Set<string>();
      for (const item of Object.values(openapiObject.paths ?? {})) {
        for (const operation of Object.values(item ?? {})) {
          const tags = (operation as { tags?: unknown }).tags;
          if (Array.isArray(tags)) for (const tag of tags) used.add(String(tag));
        }
      }
      moveNullableIntoBranches(openapiObject.paths);
      moveNullableIntoBranches(openapiObject.components);
      return {
        ...openapiObject,
        tags: [...used].map((name) =>
          tagDescriptions[name] ? { name, description: tagDescriptions[name] } : { name },
        ),
      };
    },
  };
}
