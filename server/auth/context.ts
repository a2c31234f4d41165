import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { forbidden, notFound } from '../lib/http-error.ts';
import { eventTimeOf, type OfflineWrite } from '../lib/offline-writes.ts';
import { createAuditor, type Auditor } from '../audit/audit.ts';
import { isPatientInScope, patientExists, patientInScope } from './scope.ts';
import type { SessionUser } from './sessions.ts';

/** What a refused attempt is recorded under: the record, and the patient it belongs to if known. */
export interface RefusedAttempt {
  entity: string;
  entityId?: string | number | null;
  /** The patient the record belongs to; null or absent when unknown (nothing to protect). */
  patientId?: number | null;
}

/** The caller's patient scope: the SQL condition and the checks built on it. */
export interface PatientScope {
  /** The scope as a condition inside a query, on a column (or expression) holding a patient id. */
  where(patientId: AnyPgColumn | SQL): SQL;
  /** True when the patient exists, is not deleted and is in the caller's scope. */
  includes(patientId: number): Promise<boolean>;
  /**
   * Answers 404 (exactly as for a missing id) unless the patient is in scope; a refused attempt
   * on an existing patient is audited as 'denied' with the patient's id.
   */
  require(patientId: number, attempt?: Omit<RefusedAttempt, 'patientId'>): Promise<void>;
}

/**
 * Everything a service needs to act for one request, and nothing of HTTP: the database, the
 * signed-in user (from the server session), the clock, the audit trail bound to that user and
 * address, and the patient scope.
 */
export interface RequestContext {
  db: Db;
  user: SessionUser;
  sessionId: number | null;
  clock: Clock;
  audit: Auditor;
  scope: PatientScope;
  ip: string;
  requestId: string;
  /**
   * A change sent from a device's offline queue (its idempotency key and the time it was
   * recorded on the device), or null. Set by server/plugins/offline-writes.ts on the routes
   * marked `offlineWrite`; the auditor claims the key in the change's transaction.
   */
  offline: OfflineWrite | null;
  /**
   * The time of the event a change records (a check-in, a dose given): the time recorded on the
   * device for a change from the offline queue (never later than now), else the server's now.
   * The check-in and check-out times and a dose's recording take it; the audit rows' `at` stays
   * the server's (the upload).
   */
  eventTime(): Date;
  /**
   * The one way to answer "not found or out of scope": the same 404 body whatever the feature,
   * and, when the record belongs to an existing patient, one 'denied' audit row with that
   * patient's id (a missing id leaves no row: there is nothing to protect).
   */
  notFound(attempt: RefusedAttempt): Promise<never>;
  /**
   * A refused action on a record the caller can see: one 'denied' audit row, then 403 with
   * `message` (the generic refusal when absent).
   */
  forbidden(attempt: RefusedAttempt, message?: string): Promise<never>;
}

/** The context of a request without a session (sign-up, login, health). */
export interface AnonymousContext {
  db: Db;
  user: null;
  sessionId: null;
  clock: Clock;
  audit: Auditor;
  ip: string;
  requestId: string;
}

export interface ContextSource {
  db: Db;
  clock: Clock;
  ip: string;
  requestId: string;
}

/** Builds the context of a request without a session. */
export function createAnonymousContext(source: ContextSource): AnonymousContext {
  return {
    ...source,
    user: null,
    sessionId: null,
    audit: createAuditor(source.db, () => source.clock.now(), {
      userId: null,
      role: null,
      ip: source.ip,
      requestId: source.requestId,
    }),
  };
}

/** Builds the context of a signed-in request (or of a job acting as a user). */
export function createRequestContext(
  source: ContextSource & {
    user: SessionUser;
    sessionId: number | null;
    offline?: OfflineWrite | null;
  },
): RequestContext {
  const { db, user } = source;
  const offline = source.offline ?? null;
  const audit = createAuditor(
    db,
    () => source.clock.now(),
    { userId: user.id, role: user.role, ip: source.ip, requestId: source.requestId },
    offline,
  );

  async function refuseAsMissing(attempt: RefusedAttempt): Promise<never> {
    const { patientId } = attempt;
    if (patientId != null && (await patientExists(db, patientId))) {
      await audit.denied({ entity: attempt.entity, entityId: attempt.entityId, patientId });
    }
    throw notFound();
  }

  const scope: PatientScope = {
    where: (patientId) => patientInScope(user, patientId),
    includes: (patientId) => isPatientInScope(db, user, patientId),
    async require(patientId, attempt = { entity: 'patient', entityId: patientId }) {
      if (await isPatientInScope(db, user, patientId)) return;
      await refuseAsMissing({ ...attempt, patientId });
    },
  };

  return {
    ...source,
    offline,
    eventTime: () => eventTimeOf(offline, source.clock.now()),
    audit,
    scope,
    notFound: refuseAsMissing,
    async forbidden(attempt, message) {
      await audit.denied({
        entity: attempt.entity,
        entityId: attempt.entityId,
        patientId: attempt.patientId ?? null,
      });
      throw forbidden(message);
    },
  };
}

/** The same request's context for a change sent from a device's offline queue. */
export function withOfflineWrite(ctx: RequestContext, offline: OfflineWrite): RequestContext {
  const { db, clock, ip, requestId, user, sessionId } = ctx;
  return createRequestContext({ db, clock, ip, requestId, user, sessionId, offline });
}
