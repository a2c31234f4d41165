import { and, asc, eq, gt, inArray, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import { localParts } from '../../../shared/dose-schedule.ts';
import { visitTexts } from '../../../shared/messages.ts';
import { TIME_PLACEHOLDER } from '../../../shared/format.ts';
import type { Db, Executor } from '../../db/client.ts';
import { careTeamMembers, patients, users, visitAlerts, visits } from '../../db/schema/index.ts';
import { loadAgencySettings } from '../clinical-common/agency-settings.ts';
import {
  createNotifications,
  type NewNotification,
} from '../notifications/notifications.service.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DEFAULT_BATCH_SIZE = 200;

export interface VisitAlertSweep {
  /** Late alerts sent (planned, not checked in, past the start plus the late setting). */
  late: number;
  /** Visits that became missed (never checked in by their planned end). */
  missed: number;
}

/** A visit an alert is about, as its notification needs it. */
interface AlertVisit {
  id: number;
  patientId: number;
  caregiverId: number | null;
  plannedStart: Date;
}

/**
 * Sends the visit alerts due at `now`, exactly once each on any number of instances and after
 * a restart:
 * - missed first: every live planned visit of a live patient whose planned end has passed
 *   becomes missed by a conditional update (`where status = 'planned'`), so one instance wins
 *   each visit; in the same transaction its visit_alerts 'missed' row and the notices to the
 *   patient's care-team doctors, the agency's supervisors and the caregiver. Visits that ended
 *   more than a day ago (a server down for long) are marked missed without notices.
 * - then late: live planned visits not checked in, past their start plus the agency's late
 *   setting and not yet over (those are missed), started within the last 24 hours: the
 *   visit_alerts 'late' row is inserted with
 *   `on conflict do nothing ... returning` in the transaction of its notices, and only the rows
 *   inserted notify the doctors and supervisors.
 * Both walk the visits in batches.
 */
export async function sweepVisitAlerts(
  db: Db,
  now: Date,
  options: { batchSize?: number } = {},
): Promise<VisitAlertSweep> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const settings = await loadAgencySettings(db);
  const zone = settings.timeZone;
  const result: VisitAlertSweep = { late: 0, missed: 0 };

  // Missed.
  for (;;) {
    const sent = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: visits.id })
        .from(visits)
        .innerJoin(patients, eq(patients.id, visits.patientId))
        .where(
          and(
            // visits_open_idx: planned and live, by start; the end is at most a day later.
            eq(visits.status, 'planned'),
            isNull(visits.deletedAt),
            lte(visits.plannedStart, now),
            lte(visits.plannedEnd, now),
            isNull(patients.deletedAt),
          ),
        )
        .orderBy(asc(visits.plannedStart), asc(visits.id))
        .limit(batchSize);
      const marked = await tx
        .update(visits)
        .set({ status: 'missed', updatedAt: now })
        .where(and(inArray(visits.id, due), eq(visits.status, 'planned')))
        .returning({
          id: visits.id,
          patientId: visits.patientId,
          caregiverId: visits.caregiverId,
          plannedStart: visits.plannedStart,
          plannedEnd: visits.plannedEnd,
        });
      if (marked.length === 0) return 0;
      await tx
        .insert(visitAlerts)
        .values(
          marked.map((v) => ({
            visitId: v.id,
            kind: 'missed',
            patientId: v.patientId,
            createdAt: now,
          })),
        )
        .onConflictDoNothing();
      const recent = marked.filter((v) => v.plannedEnd.getTime() > now.getTime() - DAY);
      await notify(tx, now, zone, 'missed', recent);
      return marked.length;
    });
    // Until a batch finds nothing: another instance may have taken part of one.
    if (sent === 0) break;
    result.missed += sent;
  }

  // Late.
  const lateBefore = new Date(now.getTime() - settings.visitLateAfterMinutes * MINUTE);
  let afterId = 0;
  for (;;) {
    const candidates = await db
      .select({ id: visits.id })
      .from(visits)
      .innerJoin(patients, eq(patients.id, visits.patientId))
      .where(
        and(
          eq(visits.status, 'planned'),
          isNull(visits.deletedAt),
          isNull(visits.checkInAt),
          lte(visits.plannedStart, lateBefore),
          gt(visits.plannedStart, new Date(now.getTime() - DAY)),
          // Over: missed, not late (another instance may be marking it at this moment).
          gt(visits.plannedEnd, now),
          isNull(patients.deletedAt),
          gt(visits.id, afterId),
          notExists(
            db
              .select({ one: sql`1` })
              .from(visitAlerts)
              .where(and(eq(visitAlerts.visitId, visits.id), eq(visitAlerts.kind, 'late'))),
          ),
        ),
      )
      .orderBy(asc(visits.id))
      .limit(batchSize);
    if (candidates.length === 0) break;
    afterId = candidates[candidates.length - 1]!.id;
    const ids = candidates.map((c) => c.id);
    result.late += await db.transaction(async (tx) => {
      // Still planned and not checked in; a row another instance inserted first is skipped
      // (on conflict do nothing), so only the rows this transaction inserts notify.
      const open = await tx
        .select({
          id: visits.id,
          patientId: visits.patientId,
          caregiverId: visits.caregiverId,
          plannedStart: visits.plannedStart,
        })
        .from(visits)
        .where(
          and(
            inArray(visits.id, ids),
            eq(visits.status, 'planned'),
            gt(visits.plannedEnd, now),
            isNull(visits.checkInAt),
            isNull(visits.deletedAt),
          ),
        )
        .orderBy(asc(visits.id));
      if (open.length === 0) return 0;
      const inserted = await tx
        .insert(visitAlerts)
        .values(
          open.map((v) => ({
            visitId: v.id,
            kind: 'late',
            patientId: v.patientId,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ visitId: visitAlerts.visitId });
      const fresh = new Set(inserted.map((row) => row.visitId));
      const rows = open.filter((v) => fresh.has(v.id));
      await notify(tx, now, zone, 'late', rows);
      return rows.length;
    });
    if (candidates.length < batchSize) break;
  }
  return result;
}

/**
 * The notices of some visits' alerts: to each patient's active care-team doctors and every
 * active supervisor and administrator (staff, not patients; privileges are cumulative, so an
 * administrator supervises too) and coordinator (the office, who plan the visits), and for a
 * missed visit its caregiver too; each
 * person once per visit.
 */
async function notify(
  tx: Executor,
  now: Date,
  zone: string,
  kind: 'late' | 'missed',
  list: AlertVisit[],
): Promise<void> {
  if (list.length === 0) return;
  const patientIds = [...new Set(list.map((v) => v.patientId))];
  const caregiverIds = [
    ...new Set(list.map((v) => v.caregiverId).filter((id): id is number => id !== null)),
  ];
  const [people, doctors] = await Promise.all([
    // Names of the patients and caregivers, and the supervisors.
    tx
      .select({
        id: users.id,
        name: sql<string>`${users.firstName} || ' ' || ${users.secondName}`,
        isActive: users.isActive,
        supervisor: sql<boolean>`(${users.privileges} in ('supervisor', 'admin') and ${users.role} <> 'patient') or ${users.role} = 'coordinator'`,
      })
      .from(users)
      .where(
        or(
          caregiverIds.length > 0 ? inArray(users.id, caregiverIds) : sql`false`,
          and(
            inArray(users.privileges, ['supervisor', 'admin']),
            ne(users.role, 'patient'),
            eq(users.isActive, true),
          ),
          and(eq(users.role, 'coordinator'), eq(users.isActive, true)),
        ),
      )
      .orderBy(asc(users.id)),
    tx
      .select({ patientId: careTeamMembers.patientId, userId: users.id })
      .from(careTeamMembers)
      .innerJoin(users, eq(users.id, careTeamMembers.userId))
      .where(
        and(
          inArray(careTeamMembers.patientId, patientIds),
          eq(users.role, 'doctor'),
          eq(users.isActive, true),
        ),
      )
      .orderBy(asc(careTeamMembers.patientId), asc(users.id)),
  ]);
  const names = await tx
    .select({
      id: patients.id,
      name: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
    })
    .from(patients)
    .where(inArray(patients.id, patientIds));
  const patientName = new Map(names.map((p) => [p.id, p.name]));
  const person = new Map(people.map((p) => [p.id, p]));
  const supervisors = people.filter((p) => p.supervisor && p.isActive).map((p) => p.id);

  const items: NewNotification[] = [];
  for (const v of list) {
    const local = localParts(v.plannedStart, zone);
    const patient = patientName.get(v.patientId) ?? '';
    const caregiver = v.caregiverId === null ? null : person.get(v.caregiverId);
    const message =
      kind === 'late'
        ? caregiver
          ? visitTexts.lateAlert(caregiver.name, patient, TIME_PLACEHOLDER)
          : visitTexts.unassignedLateAlert(patient, TIME_PLACEHOLDER)
        : caregiver
          ? visitTexts.missedAlert(caregiver.name, patient, TIME_PLACEHOLDER)
          : visitTexts.unassignedMissedAlert(patient, TIME_PLACEHOLDER);
    const link = `/rota?view=day&date=${local.date}`;
    const office = new Set<number>([
      ...doctors.filter((d) => d.patientId === v.patientId).map((d) => d.userId),
      ...supervisors,
    ]);
    // Each reader sees the time in their own zone (written when the notice is read).
    const at = v.plannedStart;
    for (const userId of office) items.push({ userId, message, kind: 'visit', link, at });
    if (kind === 'missed' && caregiver?.isActive && !office.has(caregiver.id)) {
      items.push({
        userId: caregiver.id,
        message,
        kind: 'visit',
        link: '/caregiver-dashboard',
        at,
      });
    }
  }
  await createNotifications(tx, now, items);
}
