import { and, eq, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../auth/context.ts';
import { notFound } from '../../lib/http-error.ts';
import { insertReturning } from '../../lib/prepared.ts';
import { assertActiveClinician, assertOnCareTeam } from './people.ts';
import type { RecordReads } from './record-queries.ts';
import type {
  ChangeOptions,
  ClinicalTable,
  ColumnKey,
  NewRow,
  RecordKind,
  StoredRow,
} from './record-kind.ts';

/**
 * The changes of one clinical record type: add, change and soft delete, each in one transaction
 * with its audit row and its `after` hook. The author of a record is the signed-in user (kept in
 * the kind's `recorder` column); a clinician named other than the caller must be on the
 * patient's care team, and the audit row then names both.
 */
export function recordChanges<T extends ClinicalTable, TAnswer, R extends ColumnKey<T>>(
  kind: RecordKind<T, TAnswer, R>,
  reads: RecordReads<T, TAnswer>,
) {
  const { table } = reads;
  const entity = kind.type;
  const named = kind.named;

  const namedIn = (row: object): number | undefined =>
    named ? ((row as Record<string, unknown>)[named.key] as number | undefined) : undefined;

  /** Who a row is in the name of when that is not the actor (for the audit row). */
  const subjectOf = (ctx: RequestContext, row: object): number | null => {
    const id = namedIn(row);
    return id === undefined || id === null || id === ctx.user.id ? null : id;
  };

  /**
   * The named clinician, if given, is an active account of the role (400 before any lookup).
   * The caller of that role is: the session was just found active.
   */
  async function checkNamedActive(ctx: RequestContext, values: object): Promise<void> {
    const id = namedIn(values);
    if (!named || id === undefined) return;
    if (id === ctx.user.id && ctx.user.storedRole === named.role) return;
    await assertActiveClinician(ctx.db, id, named.role, named.key);
  }

  /**
   * Someone other than the caller may be named only from the patient's care team. An edit that
   * keeps the record's clinician and patient leaves an earlier attribution as it was.
   */
  async function checkNamedOnCareTeam(
    ctx: RequestContext,
    values: object & { patientId?: number },
    existing: StoredRow<T> | null,
  ): Promise<void> {
    // Left out on an edit, the clinician stays: a move to another patient still checks them.
    const id = namedIn(values) ?? (existing ? namedIn(existing) : undefined);
    if (!named || id === undefined || id === null || id === ctx.user.id) return;
    const patientId = values.patientId ?? existing!.patientId;
    if (existing && namedIn(existing) === id && existing.patientId === patientId) return;
    await assertOnCareTeam(ctx.db, patientId, id, named.role, named.key);
  }

  /** The record in scope for a change, or 404; then the feature's own rule, or 403. */
  async function existingForChange(
    ctx: RequestContext,
    id: number,
    options: ChangeOptions<T>,
  ): Promise<StoredRow<T>> {
    const [row] = await ctx.db
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, id), reads.visible(ctx.user)))
      .limit(1);
    const existing = row as StoredRow<T> | undefined;
    if (!existing) return reads.notFoundRecord(ctx, id);
    if (options.authorize && !options.authorize(existing, ctx.user)) {
      return ctx.forbidden({ entity, entityId: id, patientId: existing.patientId });
    }
    return existing;
  }

  return {
    /** Adds a record for a patient in the caller's scope (else 404), entered by the caller. */
    async create(
      ctx: RequestContext,
      values: Omit<NewRow<T>, R> & { patientId: number },
      options: Pick<ChangeOptions<T>, 'after' | 'keepsRow'> = {},
    ): Promise<TAnswer> {
      await checkNamedActive(ctx, values);
      await ctx.scope.require(values.patientId, { entity });
      await checkNamedOnCareTeam(ctx, values, null);
      const now = ctx.clock.now();
      const { stored, answer } = await ctx.audit.change(
        async (tx) => {
          const returned = await insertReturning<Record<string, unknown>>(
            ctx.db,
            tx,
            table as PgTable,
            { ...values, [kind.recorder]: ctx.user.id, createdAt: now, updatedAt: now },
            reads.insertAnswer,
          );
          const inserted = reads.storedOfInserted(returned);
          await options.after?.(tx, inserted, null);
          // The answer as inserted, unless a hook may have changed the row since.
          const keeps = !options.after || options.keepsRow === true;
          return { stored: inserted, answer: keeps ? reads.answerOfInserted(returned) : null };
        },
        ({ stored: inserted }) => ({
          action: 'create',
          entity,
          entityId: inserted.id,
          patientId: inserted.patientId,
          subjectUserId: subjectOf(ctx, inserted),
        }),
      );
      return answer ?? reads.answerFor(ctx, stored.id);
    },

    /**
     * Changes a record in scope (else 404); moving it to another patient needs that one in
     * scope. Who entered it stays.
     */
    async update(
      ctx: RequestContext,
      id: number,
      values: Partial<NewRow<T>> & { patientId?: number },
      options: ChangeOptions<T> = {},
    ): Promise<TAnswer> {
      await checkNamedActive(ctx, values);
      const existing = await existingForChange(ctx, id, options);
      if (values.patientId !== undefined && values.patientId !== existing.patientId) {
        await ctx.scope.require(values.patientId, { entity, entityId: id });
      }
      await checkNamedOnCareTeam(ctx, values, existing);
      const now = ctx.clock.now();
      const row = await ctx.audit.change(
        async (tx) => {
          const [updated] = (await tx
            .update(table)
            .set({ ...values, updatedAt: now } as never)
            .where(and(eq(table.id, id), isNull(table.deletedAt)))
            .returning()) as unknown as StoredRow<T>[];
          if (!updated) throw notFound();
          await options.after?.(tx, updated, existing);
          return updated;
        },
        (updated) => ({
          action: 'update',
          entity,
          entityId: id,
          patientId: updated.patientId,
          subjectUserId: subjectOf(ctx, updated),
        }),
      );
      return reads.answerFor(ctx, row.id);
    },

    /** Soft-deletes a record in scope (else 404): it leaves every list and stays restorable. */
    async remove(ctx: RequestContext, id: number, options: ChangeOptions<T> = {}): Promise<void> {
      const existing = await existingForChange(ctx, id, options);
      const now = ctx.clock.now();
      await ctx.audit.change(
        async (tx) => {
          const [deleted] = (await tx
            .update(table)
            // updatedAt stays: it dates the last change of the content, and a restore brings
            // the record back exactly as it was. When it was deleted is deleted_at (and audit).
            .set({ deletedAt: now } as never)
            .where(and(eq(table.id, id), isNull(table.deletedAt)))
            .returning()) as unknown as StoredRow<T>[];
          if (!deleted) throw notFound();
          await options.after?.(tx, deleted, existing);
          return deleted;
        },
        () => ({
          action: 'delete',
          entity,
          entityId: id,
          patientId: existing.patientId,
          subjectUserId: subjectOf(ctx, existing),
        }),
      );
    },

    subjectOf,
  };
}
