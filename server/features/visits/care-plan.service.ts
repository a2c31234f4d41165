import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { visitTexts } from '../../../shared/messages.ts';
import {
  carePlanTaskInputSchema,
  carePlanTaskSchema,
  type CarePlanTaskInput,
} from '../../../shared/schemas/visits.ts';
import { MAX_VISIT_TASKS } from '../../../shared/constants.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Tx } from '../../db/client.ts';
import { carePlanTasks as table } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/http-error.ts';
import { clinicalRecords, isoText, patientNameOf } from '../clinical-common/clinical-records.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';

/*
 * A patient's care plan: standing tasks (the `care-plan-task` record type) that every new visit
 * copies, in order. Lists are in the plan's order (position, then when added), not newest first.
 */

const records = clinicalRecords({
  type: 'care-plan-task',
  table,
  answer: carePlanTaskSchema,
  fields: {
    id: table.id,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    title: table.title,
    position: table.position,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  newestFirst: [asc(table.position), asc(table.id)],
  searchable: [table.title],
  recorder: 'recordedBy',
  deleted: { summary: sql`${table.title}`, recordDate: isoText(table.createdAt) },
});

/**
 * Puts a patient's live tasks in order again inside the change's transaction: the task just
 * added or moved at the place it asked for (or last), the others in their order, numbered
 * 0, 1, 2... So a move is one call, and two planners editing at once never leave ties or gaps:
 * the rows are locked first. More than MAX_VISIT_TASKS live tasks undoes the change (400).
 */
async function renumber(tx: Tx, patientId: number, changedId: number, wanted: number | null) {
  const rows = await tx
    .select({ id: table.id, position: table.position })
    .from(table)
    .where(and(eq(table.patientId, patientId), isNull(table.deletedAt)))
    .orderBy(asc(table.position), asc(table.id))
    .for('update');
  if (rows.length > MAX_VISIT_TASKS) {
    throw badRequest({ title: visitTexts.tasksTooMany }, visitTexts.tasksTooMany);
  }
  const others = rows.filter((row) => row.id !== changedId);
  const changed = rows.find((row) => row.id === changedId);
  if (changed) {
    const at = wanted === null ? others.length : Math.min(Math.max(wanted, 0), others.length);
    others.splice(at, 0, changed);
  }
  for (const [index, row] of others.entries()) {
    if (row.position !== index) {
      await tx.update(table).set({ position: index }).where(eq(table.id, row.id));
    }
  }
}

/** Adds a task to a patient's plan, last unless a position is given; at most 30 live tasks. */
const create = (ctx: RequestContext, input: CarePlanTaskInput) =>
  records.create(
    ctx,
    { patientId: input.patientId, title: input.title, position: input.position ?? 32_000 },
    { after: (tx, row) => renumber(tx, row.patientId, row.id, input.position ?? null) },
  );

/** Changes a task's title, or moves it to another place in the plan (the others follow). */
const update = (ctx: RequestContext, id: number, input: CarePlanTaskInput) =>
  records.update(
    ctx,
    id,
    {
      patientId: input.patientId,
      title: input.title,
      ...(input.position === undefined ? {} : { position: input.position }),
    },
    {
      after: async (tx, row, before) => {
        if (input.position !== undefined) await renumber(tx, row.patientId, row.id, input.position);
        // Moved to another patient: both plans close their ranks.
        if (before && before.patientId !== row.patientId) {
          await renumber(tx, before.patientId, -1, null);
          if (input.position === undefined) await renumber(tx, row.patientId, row.id, null);
        }
      },
    },
  );

export const carePlanService = { ...records.standard, create, update };

/** Served by clinical-common/record-routes.ts under /api/care-plan-tasks. */
export const carePlanTasksFeature = defineRecordFeature({
  input: carePlanTaskInputSchema,
  service: carePlanService,
  kind: records.kind,
});
