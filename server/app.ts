import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ClinicalRecordType } from '../shared/record-types.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { agencyRoutes } from './features/agency/agency.routes.ts';
import { allergyStatusRoutes } from './features/allergies/allergies.routes.ts';
import { allergiesFeature } from './features/allergies/allergies.service.ts';
import { appointmentsRoutes } from './features/appointments/appointments.routes.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import {
  calendarFeedsRoutes,
  hideFeedToken,
} from './features/calendar-feeds/calendar-feeds.routes.ts';
import { chartRoutes } from './features/chart/chart.routes.ts';
import { conditionsFeature } from './features/conditions/conditions.service.ts';
import { deletedRecordsRoutes } from './features/deleted-records/deleted-records.routes.ts';
import { directoryRoutes } from './features/directory/directory.routes.ts';
import { fhirRoutes } from './features/fhir/fhir.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { medicalRecordsFeature } from './features/medical-records/medical-records.service.ts';
import { patientImportRoutes } from './features/patient-import/patient-import.routes.ts';
import { dosesFeature } from './features/medications/doses.service.ts';
import { medicationsFeature } from './features/medications/medications.service.ts';
import { doseReadsRoutes } from './features/medications/dose-reads.routes.ts';
import { visitReadsRoutes } from './features/visits/visit-reads.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { patientsRoutes } from './features/patients/patients.routes.ts';
import { prescriptionsFeature } from './features/prescriptions/prescriptions.service.ts';
import { progressReportsFeature } from './features/progress-reports/progress-reports.service.ts';
import { remindersRoutes } from './features/reminders/reminders.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { invitationsRoutes } from './features/users/invitations.routes.ts';
import { passwordResetRoutes } from './features/users/password-reset.routes.ts';
import { twoFactorRoutes } from './features/users/two-factor.routes.ts';
import { mySessionsRoutes } from './features/users/my-sessions.routes.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { rewriteAliasedUrl } from './openapi/aliases.ts';
import { declareDocsPublic, registerApiDocs } from './openapi/docs.ts';
import { openapiOptions } from './openapi/document.ts';
import { vitalSignsFeature } from './features/vital-signs/vital-signs.service.ts';
import { vitalRangesRoutes } from './features/vital-ranges/vital-ranges.routes.ts';
import { carePlanTasksFeature } from './features/visits/care-plan.service.ts';
import { visitsRoutes } from './features/visits/visits.routes.ts';
import { visitsFeature } from './features/visits/visits.service.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { clientDistFolder } from './lib/paths.ts';
import { accessPlugin } from './plugins/access.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { offlineWritesPlugin } from './plugins/offline-writes.ts';
import { isClosing } from './lib/graceful-close.ts';
import { SessionCache } from './auth/session-cache.ts';
import { listenForSessionChanges, type SessionUser } from './auth/sessions.ts';
import { DatabaseListener } from './db/listener.ts';
import { listenForAgencySettings } from './features/clinical-common/agency-settings.ts';
import { clientPlugin } from './plugins/client.ts';
import { recordRoutes, type AnyRecordFeature } from './features/clinical-common/record-routes.ts';
import { EMBEDDED_DATABASE_REQUESTS, gateApiRequests } from './lib/request-gate.ts';
import { collectWhenIdle } from './lib/idle-collect.ts';

/**
 * Every clinical record type of the registry (shared/record-types.ts) with its server side:
 * the key set is the registry's, so a type added there without its feature does not compile.
 */
const recordFeatures: Record<ClinicalRecordType, AnyRecordFeature> = {
  'medical-record': medicalRecordsFeature,
  'progress-report': progressReportsFeature,
  prescription: prescriptionsFeature,
  medication: medicationsFeature,
  'vital-sign': vitalSignsFeature,
  allergy: allergiesFeature,
  condition: conditionsFeature,
  dose: dosesFeature,
  visit: visitsFeature,
  'care-plan-task': carePlanTasksFeature,
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    clock: Clock;
    /** Sends emails through SMTP_URL; null when none is configured. */
    mailer: Mailer | null;
    /**
     * Sessions this instance resolved lately. Serves only while the database listener hears
     * ended sessions and changed accounts; see server/auth/session-cache.ts.
     */
    sessionCache: SessionCache<SessionUser>;
    /** The instance's one LISTEN (server/db/listener.ts): subscribe while registering. */
    listener: DatabaseListener;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** The instance's session cache; a fresh one by default (see server/auth/session-cache.ts). */
  sessionCache?: SessionCache<SessionUser>;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built client; defaults to dist/client. */
  clientRoot?: string;
  /**
   * Gives a burst's garbage back once the server is idle (server/lib/idle-collect.ts): the
   * server process turns it on; tests, which build many apps in one process, leave it off.
   */
  collectWhenIdle?: boolean;
}

/** Builds the whole application: plugins first, then one feature after another. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // Older paths of a few calls answer as the documented ones (server/openapi/aliases.ts).
    rewriteUrl: rewriteAliasedUrl,
    frameworkErrors,
    // Fastify's two lines per request are replaced by the one below.
    logController: new LogController({ disableRequestLogging: true }),
    // Shutting down (server/lib/graceful-close.ts): a request on an open connection is still
    // answered, with `Connection: close`, rather than refused with 503; idle connections are
    // closed by closeGracefully, a moment after new ones stop being accepted.
    return503OnClosing: false,
    forceCloseConnections: false,
  }).withTypeProvider<ZodTypeProvider>();
  // First of all the hooks: a request waits for its turn before anything else is done for it.
  if (options.database.driver === 'pglite') gateApiRequests(app, EMBEDDED_DATABASE_REQUESTS);
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing(app)) reply.header('connection', 'close');
  });

  // One line per answer, without the query string (a search can hold a patient's name): info
  // for refusals and failures, debug for the rest, so a busy server does not spend its time
  // logging routine reads (the audit log is the record of who read what).
  app.addHook('onResponse', async (request, reply) => {
    const level = reply.statusCode >= 400 ? 'info' : 'debug';
    request.log[level](
      {
        method: request.method,
        path: hideFeedToken(request.url.split('?', 1)[0]!),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'answered',
    );
  });

  if (options.collectWhenIdle) collectWhenIdle(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('sessionCache', options.sessionCache ?? new SessionCache<SessionUser>());
  const listener = new DatabaseListener(app.log);
  app.decorate('listener', listener);
  listenForSessionChanges(listener, app.sessionCache);
  listenForAgencySettings(listener, app.db);
  const mailer = createMailer({
    smtpUrl: options.config.smtpUrl,
    from: options.config.smtpFrom,
    appUrl: options.config.appUrl,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer?.close());

  // The API document (/api/openapi.json) and its reference page (/api/docs): server/openapi/.
  await app.register(swagger, openapiOptions(options.config.appUrl));
  app.addHook('onRoute', declareDocsPublic);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 0, files: 0 },
  });
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin);
  await app.register(accessPlugin);
  await app.register(offlineWritesPlugin);
  await registerApiDocs(app);

  const api = async (scope: FastifyInstance) => {
    await scope.register(healthRoutes);
    await scope.register(usersRoutes);
    await scope.register(invitationsRoutes);
    await scope.register(passwordResetRoutes);
    await scope.register(twoFactorRoutes);
    await scope.register(mySessionsRoutes);
    await scope.register(calendarFeedsRoutes);
    await scope.register(directoryRoutes);
    await scope.register(patientsRoutes);
    await scope.register(patientImportRoutes);
    await scope.register(chartRoutes);
    await scope.register(fhirRoutes);
    await scope.register(doseReadsRoutes);
    await scope.register(visitReadsRoutes);
    await scope.register(vitalRangesRoutes);
    await scope.register(auditRoutes);
    await scope.register(agencyRoutes);
    await scope.register(appointmentsRoutes);
    for (const feature of Object.values(recordFeatures)) {
      await scope.register(recordRoutes(feature));
    }
    await scope.register(allergyStatusRoutes);
    await scope.register(visitsRoutes);
    await scope.register(remindersRoutes);
    await scope.register(notificationsRoutes);
    await scope.register(deletedRecordsRoutes, {
      kinds: Object.values(recordFeatures).map((feature) => feature.kind),
    });
    scope.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  };
  await app.register(api, { prefix: '/api' });
  // Every channel is subscribed to by now.
  await listener.start(options.database);
  app.addHook('onClose', () => listener.stop());
  await app.register(clientPlugin, { root: options.clientRoot ?? clientDistFolder() });

  await app.ready();
  return app;
}
