import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { allergyTexts } from '../../../shared/messages.ts';
import {
  allergyInputSchema,
  allergySchema,
  type AllergyInput,
  type AllergyStatus,
} from '../../../shared/schemas/allergies.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { allergies as table, patients } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import {
  clinicalRecords,
  isoText,
  patientNameOf,
  type StoredRow,
} from '../clinical-common/clinical-records.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';

const records = clinicalRecords({
  type: 'allergy',
  table,
  answer: allergySchema,
  fields: {
    id: table.id,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    substance: table.substance,
    reaction: table.reaction,
    onset: table.onset,
    status: table.status,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  dated: table.createdAt,
  newestFirst: [desc(table.createdAt), desc(table.id)],
  searchable: [table.substance, table.reaction],
  // The doctor who listed it.
  recorder: 'recordedBy',
  deleted: {
    // "Penicillin (rash)", or the substance alone when no reaction is known.
    summary: sql`case when ${table.reaction} = '' then ${table.substance}
      else ${table.substance} || ' (' || ${table.reaction} || ')' end`,
    // Its onset when known, else when it was listed.
    recordDate: sql`coalesce(${table.onset}::text, ${isoText(table.createdAt)})`,
  },
});

/** Active allergies of a patient (listed, not deleted, not resolved). */
const activeOf = (patientId: number) =>
  and(eq(table.patientId, patientId), isNull(table.deletedAt), eq(table.status, 'active'));

/**
 * Listing an allergy ends a "no known allergies" entry: the patient's allergies are recorded
 * from then on. Runs inside the change's transaction, so the two never disagree. The update
 * locks the patient's row even when there is no entry to end, so an entry being recorded at
 * the same time (setAllergyStatus locks the same row) waits and then sees the allergy.
 */
async function clearNoKnownAllergies(tx: Tx, row: StoredRow<typeof table>): Promise<void> {
  await tx
    .update(patients)
    .set({ noKnownAllergiesAt: null, noKnownAllergiesBy: null })
    .where(eq(patients.id, row.patientId));
}

/** An edit clears it only when the allergy is (again) active. */
async function clearWhenActive(tx: Tx, row: StoredRow<typeof table>): Promise<void> {
  if (row.status === 'active') await clearNoKnownAllergies(tx, row);
}

/**
 * What the chart shows for a patient's allergies: 'recorded' when active allergies are listed,
 * 'none' when a doctor recorded no known allergies (and none is listed since), else
 * 'not-recorded'.
 */
export async function allergyStatusOf(db: Executor, patientId: number): Promise<AllergyStatus> {
  const [row] = await db
    .select({
      active: sql<boolean>`exists (select 1 from ${table} where ${activeOf(patientId)})`,
      noKnown: sql<boolean>`${patients.noKnownAllergiesAt} is not null`,
    })
    .from(patients)
    .where(eq(patients.id, patientId));
  if (!row) throw notFound();
  return row.active ? 'recorded' : row.noKnown ? 'none' : 'not-recorded';
}

/**
 * Records that the patient has no known allergies (`noKnownAllergies: true`) or takes that
 * entry back (false). Doctors with allergies:write, patient in scope (404 otherwise). Refused
 * with 409 while active allergies are listed (a 'failure' audit row, nothing changed). Audited
 * as an 'update' of the patient: the entry is a column of the patient's record.
 */
export async function setAllergyStatus(
  ctx: RequestContext,
  patientId: number,
  input: { noKnownAllergies: boolean },
): Promise<{ allergyStatus: AllergyStatus }> {
  await ctx.scope.require(patientId, { entity: 'patient', entityId: patientId });
  const event = { action: 'update', entity: 'patient', entityId: patientId, patientId } as const;
  const result = await ctx.audit.change(
    async (tx) => {
      // The patient's row is locked first: an allergy listed at the same time (which clears the
      // entry on the same row) waits, or is seen by the count below once committed.
      const [locked] = await tx
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.id, patientId), isNull(patients.deletedAt)))
        .for('update');
      if (!locked) throw notFound();
      if (input.noKnownAllergies) {
        const [active] = await tx.select({ n: count() }).from(table).where(activeOf(patientId));
        if (active!.n > 0) return { refused: true as const };
      }
      await tx
        .update(patients)
        .set(
          input.noKnownAllergies
            ? { noKnownAllergiesAt: ctx.clock.now(), noKnownAllergiesBy: ctx.user.id }
            : { noKnownAllergiesAt: null, noKnownAllergiesBy: null },
        )
        .where(eq(patients.id, patientId));
      return { refused: false as const, allergyStatus: await allergyStatusOf(tx, patientId) };
    },
    // A refusal changes nothing and writes its own 'failure' row below.
    (outcome) => (outcome.refused ? [] : event),
  );
  if (result.refused) {
    await ctx.audit.record({ ...event, outcome: 'failure' });
    throw conflict(allergyTexts.activeAllergiesListed);
  }
  return { allergyStatus: result.allergyStatus };
}

export const allergiesService = {
  ...records.standard,

  /** Lists an allergy for a patient in scope; a "no known allergies" entry ends with it. */
  create: (ctx: RequestContext, input: AllergyInput) =>
    records.create(ctx, input, { after: clearNoKnownAllergies }),

  /** Changes an allergy; made active again, it ends a "no known allergies" entry. */
  update: (ctx: RequestContext, id: number, input: AllergyInput) =>
    records.update(ctx, id, input, { after: clearWhenActive }),

  /** Restores a deleted allergy exactly as it was (admins); it ends a "no known allergies" entry. */
  restore: (ctx: RequestContext, id: number) =>
    records.restore(ctx, id, { after: clearNoKnownAllergies }),
};

/** Served by clinical-common/record-routes.ts under /api/allergies. */
export const allergiesFeature = defineRecordFeature({
  input: allergyInputSchema,
  service: allergiesService,
  kind: records.kind,
});
