import { and, eq } from 'drizzle-orm';
import type { VitalMeasurement } from '../../../shared/messages.ts';
import type { VitalRangesInput } from '../../../shared/schemas/chart.ts';
import type { PatientRanges } from '../../../shared/vital-thresholds.ts';
import type { RequestContext } from '../../auth/context.ts';
import { vitalThresholds } from '../../db/schema/index.ts';
import { loadPatientRanges } from '../clinical-common/vital-ranges.ts';

/** The audit entity of a patient's ranges: the patient's id is its id. */
const entity = 'vital-ranges';

/** The ranges a patient in the caller's scope (else 404) has their readings checked against. */
export async function getVitalRanges(
  ctx: RequestContext,
  patientId: number,
): Promise<PatientRanges> {
  await ctx.scope.require(patientId, { entity, entityId: patientId });
  const ranges = (await loadPatientRanges(ctx.db, [patientId])).get(patientId)!;
  await ctx.audit.read({ action: 'read', entity, entityId: patientId, patientId });
  return ranges;
}

/**
 * Sets the patient's own ranges (a patient in the caller's scope, else 404): a range replaces
 * the measurement's, null returns it to the default, a measurement left out stays. One
 * transaction with one audit row; the caller is kept as who set them.
 */
export async function setVitalRanges(
  ctx: RequestContext,
  patientId: number,
  input: VitalRangesInput,
): Promise<PatientRanges> {
  await ctx.scope.require(patientId, { entity, entityId: patientId });
  const now = ctx.clock.now();
  return ctx.audit.change(
    async (tx) => {
      for (const [key, range] of Object.entries(input.ranges)) {
        const measurement = key as VitalMeasurement;
        if (range === undefined) continue;
        if (range === null) {
          await tx
            .delete(vitalThresholds)
            .where(
              and(
                eq(vitalThresholds.patientId, patientId),
                eq(vitalThresholds.measurement, measurement),
              ),
            );
          continue;
        }
        const values = { low: range.low, high: range.high, setBy: ctx.user.id, updatedAt: now };
        await tx
          .insert(vitalThresholds)
          .values({ patientId, measurement, ...values })
          .onConflictDoUpdate({
            target: [vitalThresholds.patientId, vitalThresholds.measurement],
            set: values,
          });
      }
      return (await loadPatientRanges(tx, [patientId])).get(patientId)!;
    },
    () => ({ action: 'update', entity, entityId: patientId, patientId }),
  );
}
