/**
 * Caregiver visits in tests: the body of a visit planned through the API, and rows inserted
 * directly (for reads, alerts and timesheets that need history without going through the rules).
 */
import type { Executor } from '../db/client.ts';
import { carePlanTasks, visitCorrections, visits, visitTasks } from '../db/schema/index.ts';

/** A valid body for POST /api/visits: one hour of personal care from `start` (ISO 8601). */
export const visitInput = (
  patientId: number,
  caregiverId: number | null,
  start = '2026-07-01T08:00:00.000Z',
  overrides: Record<string, unknown> = {},
) => ({
  patientId,
  caregiverId,
  plannedStart: start,
  plannedEnd: new Date(Date.parse(start) + 3_600_000).toISOString(),
  serviceType: 'personal-care',
  instructions: 'Use the key safe by the back door',
  ...overrides,
});

export interface VisitRow {
  patientId: number;
  caregiverId: number | null;
  plannedStart: Date;
  /** Default: an hour after the start. */
  plannedEnd?: Date;
  serviceType?: string;
  status?: 'planned' | 'in-progress' | 'completed' | 'missed' | 'cancelled';
  checkInAt?: Date | null;
  checkOutAt?: Date | null;
  cancelReason?: string | null;
  seriesId?: number | null;
  recordedBy: number;
  deletedAt?: Date | null;
  /** Task titles, pending unless `taskStatus` says otherwise. */
  tasks?: string[];
  taskStatus?: 'pending' | 'done' | 'not-done';
}

/** Inserts a visit (and its tasks) as stored, bypassing the rules; answers its id. */
export async function insertVisit(db: Executor, o: VisitRow): Promise<number> {
  const end = o.plannedEnd ?? new Date(o.plannedStart.getTime() + 3_600_000);
  const [row] = await db
    .insert(visits)
    .values({
      patientId: o.patientId,
      caregiverId: o.caregiverId,
      seriesId: o.seriesId ?? null,
      plannedStart: o.plannedStart,
      plannedEnd: end,
      serviceType: o.serviceType ?? 'personal-care',
      status: o.status ?? 'planned',
      cancelReason: o.cancelReason ?? null,
      checkInAt: o.checkInAt ?? null,
      checkInLocation: o.checkInAt ? 'refused' : null,
      checkOutAt: o.checkOutAt ?? null,
      checkOutLocation: o.checkOutAt ? 'refused' : null,
      recordedBy: o.recordedBy,
      createdAt: o.plannedStart,
      updatedAt: o.plannedStart,
      deletedAt: o.deletedAt ?? null,
    })
    .returning({ id: visits.id });
  const id = row!.id;
  const titles = o.tasks ?? [];
  if (titles.length > 0) {
    await db.insert(visitTasks).values(
      titles.map((title, position) => ({
        visitId: id,
        position,
        title,
        status: o.taskStatus ?? 'pending',
        reason: o.taskStatus === 'not-done' ? 'Patient declined' : '',
      })),
    );
  }
  return id;
}

/** Inserts a supervisor's correction of a visit's times (the timesheet's "corrected"). */
export async function insertVisitCorrection(
  db: Executor,
  o: {
    visitId: number;
    correctedBy: number;
    previousStatus?: string;
    checkInAt?: Date | null;
    checkOutAt?: Date | null;
    reason?: string;
    correctedAt?: Date;
  },
): Promise<void> {
  await db.insert(visitCorrections).values({
    visitId: o.visitId,
    previousStatus: o.previousStatus ?? 'completed',
    checkInAt: o.checkInAt ?? null,
    checkOutAt: o.checkOutAt ?? null,
    reason: o.reason ?? 'Forgot to check out',
    correctedBy: o.correctedBy,
    correctedAt: o.correctedAt ?? new Date('2026-07-02T09:00:00.000Z'),
  });
}

/** Inserts a patient's care plan tasks in order; answers their ids. */
export async function insertCarePlanTasks(
  db: Executor,
  patientId: number,
  recordedBy: number,
  titles: string[],
): Promise<number[]> {
  if (titles.length === 0) return [];
  const rows = await db
    .insert(carePlanTasks)
    .values(titles.map((title, position) => ({ patientId, title, position, recordedBy })))
    .returning({ id: carePlanTasks.id });
  return rows.map((r) => r.id);
}
