import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/dose-schedule.ts';
import { clinicalTexts, doseTexts } from '../../../shared/messages.ts';
import type { RecordListQuery } from '../../../shared/schemas/clinical.ts';
import {
  allergyConflictSchema,
  prescriptionInputSchema,
  prescriptionSchema,
  type PrescriptionInput,
} from '../../../shared/schemas/prescriptions.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Tx } from '../../db/client.ts';
import { doses, prescriptions as table } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import {
  assertSelfOrSupervisor,
  careTeamNotice,
  clinicalRecords,
  patientNameOf,
  userNameOf,
  type StoredRow,
} from '../clinical-common/clinical-records.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { AllergyConflictError, conflictingAllergies, sameMedication } from './allergy-check.ts';

const records = clinicalRecords({
  type: 'prescription',
  table,
  answer: prescriptionSchema,
  fields: {
    id: table.id,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    doctorId: table.doctorId,
    doctorName: userNameOf(table.doctorId),
    date: table.date,
    medication: table.medication,
    dosage: table.dosage,
    duration: table.duration,
    details: table.details,
    route: table.route,
    instructions: table.instructions,
    schedule: table.schedule,
    startDate: table.startDate,
    endDate: table.endDate,
    doseTimes: table.doseTimes,
    weekdays: table.weekdays,
    prnMinIntervalMinutes: table.prnMinIntervalMinutes,
    prnMaxPerDay: table.prnMaxPerDay,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  dated: table.date,
  newestFirst: [desc(table.date), desc(table.id)],
  searchable: [table.medication, table.details],
  recorder: 'recordedBy',
  named: { key: 'doctorId', role: 'doctor' },
  deleted: {
    summary: sql`case when ${table.medication} = '' then ${table.details}
      else trim(${table.medication} || ' ' || ${table.dosage}) end`,
    recordDate: sql`${table.date}::text`,
  },
});

/** Tells the caregivers on the patient's care team, in the change's transaction. */
function notifyCaregivers(
  ctx: RequestContext,
  change: 'added' | 'updated' | 'removed' | 'restored',
) {
  return async (tx: Tx, row: StoredRow<typeof table>) => {
    const caregivers = await careTeamNotice(tx, row.patientId, 'caregiver', ctx.user.id);
    if (caregivers.userIds.length === 0) return;
    const message = clinicalTexts.prescriptionChanged(caregivers.patientName, change);
    await createNotifications(
      tx,
      ctx.clock.now(),
      caregivers.userIds.map((userId) => ({
        userId,
        message,
        kind: 'prescription' as const,
        link: '/prescriptions-medication',
      })),
    );
  };
}

type Row = StoredRow<typeof table>;
type Change = 'create' | 'update';

/**
 * The schedule's columns from the input: none at all without a schedule; with one, the start
 * defaults to the prescription's date, a duration becomes the end date (the start included) and
 * times and weekdays are kept sorted. Every column is written, so an edit replaces the schedule.
 */
function scheduleColumns(input: Omit<PrescriptionInput, 'doctorId' | 'confirmAllergy'>) {
  const { durationDays, ...rest } = input;
  const base = { ...rest, route: input.route ?? null, instructions: input.instructions ?? '' };
  if (!input.schedule) {
    return {
      ...base,
      schedule: null,
      startDate: null,
      endDate: null,
      doseTimes: null,
      weekdays: null,
      prnMinIntervalMinutes: null,
      prnMaxPerDay: null,
    };
  }
  const startDate = input.startDate ?? input.date;
  const endDate = input.endDate ?? (durationDays ? addDays(startDate, durationDays - 1) : null);
  if (endDate !== null && endDate < startDate) {
    throw badRequest({ endDate: doseTexts.endBeforeStart }, doseTexts.endBeforeStart);
  }
  const fixed = input.schedule === 'fixed';
  return {
    ...base,
    schedule: input.schedule,
    startDate,
    endDate,
    doseTimes: fixed ? [...(input.doseTimes ?? [])].sort() : null,
    weekdays: fixed && input.weekdays?.length ? [...input.weekdays].sort((a, b) => a - b) : null,
    prnMinIntervalMinutes: fixed ? null : (input.prnMinIntervalMinutes ?? null),
    prnMaxPerDay: fixed ? null : (input.prnMaxPerDay ?? null),
  };
}

const sameList = (a: readonly unknown[] | null, b: readonly unknown[] | null) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Recorded doses stand on the schedule they were given by: once a prescription has live
 * outcomes, its kind, times, weekdays and start date stay (409, nothing written). The end date,
 * the dosage text and the PRN limits may still change. Runs after the update, with the row
 * locked, so a dose recorded meanwhile is either seen here or waits and reads the new schedule.
 */
async function keepRecordedSchedule(tx: Tx, row: Row, before: Row | null) {
  if (!before) return;
  const changed =
    before.schedule !== row.schedule ||
    before.startDate !== row.startDate ||
    !sameList(before.doseTimes, row.doseTimes) ||
    !sameList(before.weekdays, row.weekdays);
  if (!changed) return;
  const [recorded] = await tx
    .select({ id: doses.id })
    .from(doses)
    .where(and(eq(doses.prescriptionId, row.id), isNull(doses.deletedAt)))
    .limit(1);
  if (recorded) throw conflict(doseTexts.scheduleLocked);
}

/**
 * The allergy check, inside the change's transaction (after the scope check, so a patient out of
 * scope still answers 404): a new prescription, or an edit that changes the medication or the
 * patient, whose medication matches an active allergy of the patient is refused with 409
 * `allergy-conflict` and rolled back, unless the body confirmed it. A confirmed override leaves
 * one 'allergy-override' audit row per allergy (its id; the substance stays in the allergy)
 * beside the prescription's own row, in the same transaction.
 */
function checkAllergies(ctx: RequestContext, change: Change, confirmed: boolean) {
  return async (tx: Tx, row: Row, before: Row | null) => {
    if (
      before &&
      before.patientId === row.patientId &&
      sameMedication(before.medication, row.medication)
    ) {
      return;
    }
    const matching = await conflictingAllergies(ctx.db, tx, row.patientId, row.medication);
    if (matching.length === 0) return;
    if (!confirmed) throw new AllergyConflictError(matching);
    await ctx.audit.within(
      tx,
      matching.map((allergy) => ({
        action: change,
        entity: 'allergy-override',
        entityId: allergy.id,
        patientId: row.patientId,
        subjectUserId: row.doctorId === ctx.user.id ? null : row.doctorId,
      })),
    );
  };
}

/** Runs a change; an allergy refusal leaves one 'failure' audit row (nothing else is written). */
async function refusingOnAllergy<T>(
  ctx: RequestContext,
  event: { action: Change; entityId: number | null; patientId: number },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AllergyConflictError) {
      await ctx.audit.record({ ...event, entity: 'prescription', outcome: 'failure' });
    }
    throw error;
  }
}

/** Both hooks of a change, in order: the allergy check first, so a refusal notifies no one. */
const afterChange =
  (...hooks: ((tx: Tx, row: Row, before: Row | null) => Promise<void>)[]) =>
  async (tx: Tx, row: Row, before: Row | null) => {
    for (const hook of hooks) await hook(tx, row, before);
  };

export const prescriptionsService = {
  ...records.standard,

  /** The prescriptions in a doctor's name (the caller's own, or any doctor's for a supervisor), in scope. */
  async listForDoctor(ctx: RequestContext, doctorId: number, query: RecordListQuery) {
    await assertSelfOrSupervisor(ctx, 'prescription', doctorId);
    return records.list(ctx, query, {
      shape: 'doctor',
      where: (value) => eq(table.doctorId, value),
      value: doctorId,
    });
  },

  /**
   * Writes a prescription (by default in the caller's own name) and tells the patient's
   * caregivers; 409 when the medication matches an active allergy, unless confirmed.
   */
  create(ctx: RequestContext, input: PrescriptionInput) {
    const { confirmAllergy, ...values } = input;
    return refusingOnAllergy(
      ctx,
      { action: 'create', entityId: null, patientId: values.patientId },
      () =>
        records.create(
          ctx,
          { ...scheduleColumns(values), doctorId: values.doctorId ?? ctx.user.id },
          {
            after: afterChange(
              checkAllergies(ctx, 'create', confirmAllergy === true),
              notifyCaregivers(ctx, 'added'),
            ),
            // Both write other rows (audit rows of an override, notices): the row stays.
            keepsRow: true,
          },
        ),
    );
  },

  /**
   * Changes a prescription; left out, the doctor stays as it was. A new medication (or patient)
   * is checked against the patient's active allergies as on create; the schedule of one with
   * recorded doses keeps its kind, times, weekdays and start date (409).
   */
  update(ctx: RequestContext, id: number, input: PrescriptionInput) {
    const { doctorId, confirmAllergy, ...fields } = input;
    const rest = scheduleColumns(fields);
    return refusingOnAllergy(
      ctx,
      { action: 'update', entityId: id, patientId: rest.patientId },
      () =>
        records.update(ctx, id, doctorId === undefined ? rest : { ...rest, doctorId }, {
          after: afterChange(
            keepRecordedSchedule,
            checkAllergies(ctx, 'update', confirmAllergy === true),
            notifyCaregivers(ctx, 'updated'),
          ),
        }),
    );
  },

  /** Soft-deletes a prescription and tells the patient's caregivers. */
  remove: (ctx: RequestContext, id: number) =>
    records.remove(ctx, id, { after: notifyCaregivers(ctx, 'removed') }),

  /** Restores a deleted prescription exactly as it was (admins) and tells the caregivers. */
  restore: (ctx: RequestContext, id: number) =>
    records.restore(ctx, id, { after: notifyCaregivers(ctx, 'restored') }),
};

/** Served by clinical-common/record-routes.ts under /api/prescriptions. */
export const prescriptionsFeature = defineRecordFeature({
  input: prescriptionInputSchema,
  service: prescriptionsService,
  kind: records.kind,
  writeConflict: {
    schema: allergyConflictSchema.describe('A matching active allergy (allergy-conflict)'),
    description:
      'A new prescription, or an edit that changes the medication or the patient, whose ' +
      'medication matches an active allergy of the patient (by whole words, either way, ' +
      "ignoring case) answers 409 with code 'allergy-conflict' and those allergies, and " +
      'nothing is saved; the same body with confirmAllergy: true saves it, and the override ' +
      'is kept in the audit trail.',
  },
  byPerson: {
    segment: 'doctor',
    summary: "The prescriptions a doctor wrote: the caller's own, or any doctor's for a supervisor",
    list: prescriptionsService.listForDoctor,
  },
});
