import { desc, sql } from 'drizzle-orm';
import {
  conditionInputSchema,
  conditionSchema,
  type ConditionInput,
} from '../../../shared/schemas/conditions.ts';
import type { RequestContext } from '../../auth/context.ts';
import { conditions as table } from '../../db/schema/index.ts';
import { clinicalRecords, isoText, patientNameOf } from '../clinical-common/clinical-records.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';

const records = clinicalRecords({
  type: 'condition',
  table,
  answer: conditionSchema,
  fields: {
    id: table.id,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    name: table.name,
    onset: table.onset,
    status: table.status,
    note: table.note,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  dated: table.createdAt,
  newestFirst: [desc(table.createdAt), desc(table.id)],
  searchable: [table.name, table.note],
  // The doctor who listed it.
  recorder: 'recordedBy',
  deleted: {
    // The condition's name, e.g. "Type 2 diabetes".
    summary: sql`${table.name}`,
    // Its onset when known, else when it was listed.
    recordDate: sql`coalesce(${table.onset}::text, ${isoText(table.createdAt)})`,
  },
});

export const conditionsService = {
  ...records.standard,

  /** Lists a condition for a patient in the caller's scope; the caller is who listed it. */
  create: (ctx: RequestContext, input: ConditionInput) => records.create(ctx, input),

  /** Changes a condition (its status, e.g. resolved); who listed it stays. */
  update: (ctx: RequestContext, id: number, input: ConditionInput) =>
    records.update(ctx, id, input),
};

/** Served by clinical-common/record-routes.ts under /api/conditions. */
export const conditionsFeature = defineRecordFeature({
  input: conditionInputSchema,
  service: conditionsService,
  kind: records.kind,
});
