import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { doseTexts } from '../../../shared/messages.ts';
import { TIME_PLACEHOLDER } from '../../../shared/format.ts';
import {
  localParts,
  missedFrom,
  scheduledDoses,
  type DoseWindows,
} from '../../../shared/dose-schedule.ts';
import type { Db } from '../../db/client.ts';
import {
  careTeamMembers,
  doseAlerts,
  doses,
  patients,
  prescriptions,
  users,
} from '../../db/schema/index.ts';
import { loadAgencySettings } from '../clinical-common/agency-settings.ts';
import { isoText } from '../clinical-common/clinical-records.ts';
import {
  createNotifications,
  type NewNotification,
} from '../notifications/notifications.service.ts';
import {
  fixedScheduleOf,
  scheduledPrescriptionColumns,
  toScheduledPrescription,
} from './dose-reads.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DEFAULT_BATCH_SIZE = 200;

export interface DoseAlertSweep {
  /** Late alerts sent (doses past their window, not yet missed). */
  late: number;
  /** Missed alerts sent. */
  missed: number;
}

interface Candidate {
  prescriptionId: number;
  patientId: number;
  patientName: string;
  medication: string;
  scheduledAt: Date;
  kind: 'late' | 'missed';
}

/**
 * Sends the alerts of scheduled doses still without an outcome at `now`: late (past the due
 * window) to the patient's active caregivers, missed to its caregivers and doctors. Looks back
 * 24 hours before the missed threshold, so a server that was down catches up when it starts.
 * Each alert fires exactly once, on any number of instances: its dose_alerts row is inserted
 * with `on conflict do nothing` in the transaction of its notifications, and only the rows
 * inserted notify. Prescriptions are read in batches by id.
 */
export async function sweepDoseAlerts(
  db: Db,
  now: Date,
  options: { batchSize?: number } = {},
): Promise<DoseAlertSweep> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const settings = await loadAgencySettings(db);
  const zone = settings.timeZone;
  const windows: DoseWindows = settings;
  const from = new Date(now.getTime() - windows.doseMissedAfterMinutes * MINUTE - DAY);
  // Past the due window: scheduled before now - window.
  const to = new Date(now.getTime() - windows.doseWindowMinutes * MINUTE);
  const result: DoseAlertSweep = { late: 0, missed: 0 };
  if (to <= from) return result;
  const firstDate = localParts(from, zone).date;
  const lastDate = localParts(to, zone).date;

  let afterId = 0;
  for (;;) {
    const rows = await db
      .select(scheduledPrescriptionColumns(now))
      .from(prescriptions)
      .innerJoin(patients, eq(patients.id, prescriptions.patientId))
      .where(
        and(
          // prescriptions_fixed_end_idx: fixed, live, ending after the look-back starts.
          eq(prescriptions.schedule, 'fixed'),
          isNull(prescriptions.deletedAt),
          or(isNull(prescriptions.endDate), gte(prescriptions.endDate, firstDate)),
          sql`coalesce(${prescriptions.startDate}, ${prescriptions.date}) <= ${lastDate}::date`,
          isNull(patients.deletedAt),
          gt(prescriptions.id, afterId),
        ),
      )
      .orderBy(asc(prescriptions.id))
      .limit(batchSize);
    if (rows.length === 0) return result;
    afterId = rows[rows.length - 1]!.id;
    const batch = rows.map(toScheduledPrescription);

    const candidates: Candidate[] = [];
    for (const p of batch) {
      for (const at of scheduledDoses(fixedScheduleOf(p), zone, from, to)) {
        candidates.push({
          prescriptionId: p.id,
          patientId: p.patientId,
          patientName: p.patientName,
          medication: p.medication,
          scheduledAt: at,
          kind: now >= missedFrom(at, windows) ? 'missed' : 'late',
        });
      }
    }
    if (candidates.length > 0) {
      const sent = await alertBatch(
        db,
        now,
        zone,
        candidates,
        batch.map((p) => p.id),
        from,
        to,
      );
      result.late += sent.late;
      result.missed += sent.missed;
    }
    if (rows.length < batchSize) return result;
  }
}

const key = (prescriptionId: number, at: Date | string, kind: string) =>
  `${prescriptionId}@${typeof at === 'string' ? Date.parse(at) : at.getTime()}@${kind}`;

/**
 * One batch: drops the doses with an outcome and the alerts already sent (one read), then, in
 * one transaction, inserts the alert rows left and notifies for the rows it inserted.
 */
async function alertBatch(
  db: Db,
  now: Date,
  zone: string,
  candidates: Candidate[],
  prescriptionIds: number[],
  from: Date,
  to: Date,
): Promise<DoseAlertSweep> {
  const seen = await db
    .select({
      prescriptionId: doses.prescriptionId,
      scheduledAt: isoText(doses.scheduledAt),
      kind: sql<string>`'outcome'`,
    })
    .from(doses)
    .where(
      and(
        inArray(doses.prescriptionId, prescriptionIds),
        isNull(doses.deletedAt),
        gte(doses.scheduledAt, from),
        lt(doses.scheduledAt, to),
      ),
    )
    .unionAll(
      db
        .select({
          prescriptionId: doseAlerts.prescriptionId,
          scheduledAt: isoText(doseAlerts.scheduledAt),
          kind: doseAlerts.kind,
        })
        .from(doseAlerts)
        .where(
          and(
            inArray(doseAlerts.prescriptionId, prescriptionIds),
            gte(doseAlerts.scheduledAt, from),
            lt(doseAlerts.scheduledAt, to),
          ),
        ),
    );
  const known = new Set(seen.map((row) => key(row.prescriptionId, row.scheduledAt, row.kind)));
  const fresh = candidates.filter(
    (c) =>
      !known.has(key(c.prescriptionId, c.scheduledAt, 'outcome')) &&
      !known.has(key(c.prescriptionId, c.scheduledAt, c.kind)),
  );
  if (fresh.length === 0) return { late: 0, missed: 0 };

  // A dose first seen already missed (after downtime) also takes its late row, so a late alert
  // can never follow its missed one.
  const alertRows = fresh.flatMap((c) => {
    const row = {
      prescriptionId: c.prescriptionId,
      scheduledAt: c.scheduledAt,
      patientId: c.patientId,
    };
    return c.kind === 'missed'
      ? [
          { ...row, kind: 'late' },
          { ...row, kind: 'missed' },
        ]
      : [{ ...row, kind: 'late' }];
  });
  const byDose = new Map(fresh.map((c) => [key(c.prescriptionId, c.scheduledAt, c.kind), c]));

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(doseAlerts)
      .values(alertRows.map((row) => ({ ...row, createdAt: now })))
      .onConflictDoNothing()
      .returning({
        prescriptionId: doseAlerts.prescriptionId,
        scheduledAt: doseAlerts.scheduledAt,
        kind: doseAlerts.kind,
      });
    // Only the alert the dose stands at now notifies (a late row inserted with a missed one
    // does not).
    const toSend = inserted
      .map((row) => byDose.get(key(row.prescriptionId, row.scheduledAt, row.kind)))
      .filter((c): c is Candidate => c !== undefined);
    if (toSend.length === 0) return { late: 0, missed: 0 };

    const patientIds = [...new Set(toSend.map((c) => c.patientId))];
    const team = await tx
      .select({ patientId: careTeamMembers.patientId, userId: users.id, role: users.role })
      .from(careTeamMembers)
      .innerJoin(users, eq(users.id, careTeamMembers.userId))
      .where(
        and(
          inArray(careTeamMembers.patientId, patientIds),
          eq(users.isActive, true),
          inArray(users.role, ['caregiver', 'doctor']),
        ),
      )
      .orderBy(asc(careTeamMembers.patientId), asc(users.id));

    const items: NewNotification[] = [];
    for (const c of toSend) {
      // Each reader sees the time in their own zone (written when the notice is read).
      const time = TIME_PLACEHOLDER;
      const message =
        c.kind === 'late'
          ? doseTexts.lateAlert(c.medication, c.patientName, time)
          : doseTexts.missedAlert(c.medication, c.patientName, time);
      for (const member of team) {
        if (member.patientId !== c.patientId) continue;
        if (c.kind === 'late' && member.role !== 'caregiver') continue;
        items.push({
          userId: member.userId,
          message,
          kind: 'dose',
          link: `/patients/${c.patientId}?tab=medication`,
          at: c.scheduledAt,
        });
      }
    }
    await createNotifications(tx, now, items);
    return {
      late: toSend.filter((c) => c.kind === 'late').length,
      missed: toSend.filter((c) => c.kind === 'missed').length,
    };
  });
}
