import { desc, eq, sql } from 'drizzle-orm';
import { clinicalTexts } from '../../../shared/messages.ts';
import type { ListQuery } from '../../../shared/schemas/common.ts';
import {
  allergyConflictSchema,
  prescriptionInputSchema,
  prescriptionSchema,
  type PrescriptionInput,
} from '../../../shared/schemas/prescriptions.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Tx } from '../../db/client.ts';
import { prescriptions as table } from '../../db/schema/index.ts';
import {
  assertSelfOrSupervisor,
  careTeamOf,
  clinicalRecords,
  patientDisplayName,
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
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
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
    const caregivers = await careTeamOf(tx, row.patientId, 'caregiver', ctx.user.id);
    if (caregivers.length === 0) return;
    const message = clinicalTexts.prescriptionChanged(
      await patientDisplayName(tx, row.patientId),
      change,
    );
    await createNotifications(
      tx,
      ctx.clock.now(),
      caregivers.map((userId) => ({
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
    const matching = await conflictingAllergies(tx, row.patientId, row.medication);
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
  async listForDoctor(ctx: RequestContext, doctorId: number, query: ListQuery) {
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
          { ...values, doctorId: values.doctorId ?? ctx.user.id },
          {
            after: afterChange(
              checkAllergies(ctx, 'create', confirmAllergy === true),
              notifyCaregivers(ctx, 'added'),
            ),
          },
        ),
    );
  },

  /**
   * Changes a prescription; left out, the doctor stays as it was. A new medication (or patient)
   * is checked against the patient's active allergies as on create.
   */
  update(ctx: RequestContext, id: number, input: PrescriptionInput) {
    const { doctorId, confirmAllergy, ...rest } = input;
    return refusingOnAllergy(
      ctx,
      { action: 'update', entityId: id, patientId: rest.patientId },
      () =>
        records.update(ctx, id, doctorId === undefined ? rest : { ...rest, doctorId }, {
          after: afterChange(
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
