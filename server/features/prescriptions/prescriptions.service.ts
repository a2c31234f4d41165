import { desc, eq, sql } from 'drizzle-orm';
import { clinicalTexts } from '../../../shared/messages.ts';
import type { ListQuery } from '../../../shared/schemas/common.ts';
import {
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

  /** Writes a prescription (by default in the caller's own name) and tells the patient's caregivers. */
  create: (ctx: RequestContext, input: PrescriptionInput) =>
    records.create(
      ctx,
      { ...input, doctorId: input.doctorId ?? ctx.user.id },
      { after: notifyCaregivers(ctx, 'added') },
    ),

  /** Changes a prescription; left out, the doctor stays as it was. */
  update(ctx: RequestContext, id: number, input: PrescriptionInput) {
    const { doctorId, ...rest } = input;
    return records.update(ctx, id, doctorId === undefined ? rest : { ...rest, doctorId }, {
      after: notifyCaregivers(ctx, 'updated'),
    });
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
  byPerson: {
    segment: 'doctor',
    summary: "The prescriptions a doctor wrote: the caller's own, or any doctor's for a supervisor",
    list: prescriptionsService.listForDoctor,
  },
});
