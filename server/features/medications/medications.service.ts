import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { doseLogTexts } from '../../../shared/messages.ts';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import {
  medicationInputSchema,
  medicationSchema,
  type MedicationInput,
} from '../../../shared/schemas/medications.ts';
import type { RequestContext } from '../../auth/context.ts';
import { doses, medications as table } from '../../db/schema/index.ts';
import { conflict } from '../../lib/http-error.ts';
import {
  clinicalRecords,
  isoText,
  patientNameOf,
  userRoleOf,
} from '../clinical-common/clinical-records.ts';
import { recordReads } from '../clinical-common/record-queries.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';
import { createLogEntryWithDose } from './doses.service.ts';

const records = clinicalRecords({
  type: 'medication',
  table,
  answer: medicationSchema,
  fields: {
    id: table.id,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    date: table.date,
    details: table.details,
    recordedByRole: userRoleOf(table.recordedBy),
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  dated: table.date,
  newestFirst: [desc(table.date), desc(table.id)],
  searchable: [table.details],
  // A dose is logged by whoever gave it: the form names no one else.
  recorder: 'recordedBy',
  deleted: { summary: sql`${table.details}`, recordDate: isoText(table.date) },
});

const reads = recordReads(records.kind);

/** The entry's own columns (the dose it may name is recorded apart). */
const toColumns = ({ patientId, date, details }: MedicationInput) => ({
  patientId,
  details,
  date: parseClinicalInstant(date)!,
});

export const medicationsService = {
  ...records.standard,

  /**
   * Records a dose given (caregivers) or a medication note (doctors); the caller is the
   * recorder. An entry naming a scheduled dose records that dose as given, linked to it.
   */
  async create(ctx: RequestContext, input: MedicationInput) {
    if (input.prescriptionId == null || input.scheduledAt == null) {
      return records.create(ctx, toColumns(input));
    }
    const id = await createLogEntryWithDose(ctx, toColumns(input), {
      prescriptionId: input.prescriptionId,
      scheduledAt: input.scheduledAt,
    });
    return reads.answerFor(ctx, id);
  },

  /**
   * Soft-deletes an entry; the entry of a recorded dose stays while the dose does (409), so
   * the log and the round never disagree: the dose is corrected or deleted instead.
   */
  remove: (ctx: RequestContext, id: number) =>
    records.remove(ctx, id, {
      after: async (tx, row) => {
        const [linked] = await tx
          .select({ id: doses.id })
          .from(doses)
          .where(and(eq(doses.medicationId, row.id), isNull(doses.deletedAt)))
          .limit(1);
        if (linked) throw conflict(doseLogTexts.entryRecordsDose);
      },
    }),

  /** Changes a medication record in scope; who recorded it stays (a named dose is ignored). */
  update: (ctx: RequestContext, id: number, input: MedicationInput) =>
    records.update(ctx, id, toColumns(input)),
};

/** Served by clinical-common/record-routes.ts under /api/medications. */
export const medicationsFeature = defineRecordFeature({
  input: medicationInputSchema,
  service: medicationsService,
  kind: records.kind,
});
