import { desc, sql } from 'drizzle-orm';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import {
  medicationInputSchema,
  medicationSchema,
  type MedicationInput,
} from '../../../shared/schemas/medications.ts';
import type { RequestContext } from '../../auth/context.ts';
import { medications as table } from '../../db/schema/index.ts';
import {
  clinicalRecords,
  isoText,
  patientNameOf,
  userRoleOf,
} from '../clinical-common/clinical-records.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';

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
  newestFirst: [desc(table.date), desc(table.id)],
  searchable: [table.details],
  // A dose is logged by whoever gave it: the form names no one else.
  recorder: 'recordedBy',
  deleted: { summary: sql`${table.details}`, recordDate: isoText(table.date) },
});

const toColumns = (input: MedicationInput) => ({
  ...input,
  date: parseClinicalInstant(input.date)!,
});

export const medicationsService = {
  ...records.standard,

  /** Records a dose given (caregivers) or a medication note (doctors); the caller is the recorder. */
  create: (ctx: RequestContext, input: MedicationInput) => records.create(ctx, toColumns(input)),

  /** Changes a medication record in scope; who recorded it stays. */
  update: (ctx: RequestContext, id: number, input: MedicationInput) =>
    records.update(ctx, id, toColumns(input)),
};

/** Served by clinical-common/record-routes.ts under /api/medications. */
export const medicationsFeature = defineRecordFeature({
  input: medicationInputSchema,
  service: medicationsService,
  kind: records.kind,
});
