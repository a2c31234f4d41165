import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { deletedRecordTexts } from '../../../shared/messages.ts';
import type { RequestContext } from '../../auth/context.ts';
import { patientInRestoreScope } from '../../auth/scope.ts';
import { conflict } from '../../lib/http-error.ts';
import type { RecordReads } from './record-queries.ts';
import type {
  ChangeOptions,
  ClinicalTable,
  ColumnKey,
  RecordKind,
  StoredRow,
} from './record-kind.ts';

/**
 * Brings a soft-deleted record back exactly as it was (admins, `records:restore`). The admin's
 * scope is the agency (admins hold `patients:read-all`; a patient account only its own record).
 * 404 for an unknown or out-of-scope id, 409 when the record is not deleted or its patient is
 * (restore the patient first).
 */
export function recordRestore<T extends ClinicalTable, TAnswer, R extends ColumnKey<T>>(
  kind: RecordKind<T, TAnswer, R>,
  reads: RecordReads<T, TAnswer>,
  subjectOf: (ctx: RequestContext, row: object) => number | null,
) {
  const { table } = reads;
  const entity = kind.type;

  return async function restore(
    ctx: RequestContext,
    id: number,
    options: Pick<ChangeOptions<T>, 'after'> = {},
  ): Promise<TAnswer> {
    const [found] = await ctx.db
      .select({
        patientId: table.patientId,
        deletedAt: table.deletedAt,
        inScope: sql<boolean>`${patientInRestoreScope(ctx.user, table.patientId)}`,
        patientLive: sql<boolean>`exists (select 1 from patients p where p.id = ${table.patientId} and p.deleted_at is null)`,
      })
      .from(table as PgTable)
      .where(eq(table.id, id))
      .limit(1);
    const patientId = (found?.patientId as number | undefined) ?? null;
    if (!found || !found.inScope) return ctx.notFound({ entity, entityId: id, patientId });
    const refusal =
      found.deletedAt === null
        ? deletedRecordTexts.notDeleted
        : !found.patientLive
          ? deletedRecordTexts.patientDeleted
          : null;
    if (refusal) {
      await ctx.audit.record({
        action: 'restore',
        entity,
        entityId: id,
        patientId,
        outcome: 'failure',
      });
      throw conflict(refusal);
    }
    await ctx.audit.change(
      async (tx) => {
        const [restored] = (await tx
          .update(table)
          .set({ deletedAt: null } as never)
          .where(and(eq(table.id, id), isNotNull(table.deletedAt)))
          .returning()) as unknown as StoredRow<T>[];
        // Restored by someone else in the meantime: nothing to do, and no audit row.
        if (!restored) throw conflict(deletedRecordTexts.notDeleted);
        await options.after?.(tx, restored, null);
        return restored;
      },
      (restored) => ({
        action: 'restore',
        entity,
        entityId: id,
        patientId,
        subjectUserId: subjectOf(ctx, restored),
      }),
    );
    return reads.answerFor(ctx, id);
  };
}
