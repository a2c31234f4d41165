import type { RequestContext } from '../../auth/context.ts';
import { recordChanges } from './record-changes.ts';
import type { ClinicalTable, ColumnKey, RecordKind } from './record-kind.ts';
import { recordReads } from './record-queries.ts';
import { recordRestore } from './record-restore.ts';

export * from './record-kind.ts';
export { assertSelfOrSupervisor, careTeamNotice, patientDisplayName } from './people.ts';

/**
 * The one mechanism behind every clinical record type: every query carries the caller's patient
 * scope (out of scope answers 404 like a missing id, through ctx.notFound), deletes are soft,
 * every read, list, change and refusal leaves one audit row, and a change commits together with
 * its audit row and its notifications. Every function takes the request context first.
 */
export function clinicalRecords<T extends ClinicalTable, TAnswer, R extends ColumnKey<T>>(
  kind: RecordKind<T, TAnswer, R>,
) {
  const reads = recordReads(kind);
  const changes = recordChanges(kind, reads);
  const restore = recordRestore(kind, reads, changes.subjectOf);
  return {
    kind,
    list: reads.list,
    listForPatient: reads.listForPatient,
    get: reads.get,
    patientOfRecord: reads.patientOfRecord,
    create: changes.create,
    update: changes.update,
    remove: changes.remove,
    restore,
    /** The calls a type without rules of its own serves as they are (a service spreads them). */
    standard: {
      list: reads.list,
      listForPatient: reads.listForPatient,
      get: reads.get,
      remove: (ctx: RequestContext, id: number) => changes.remove(ctx, id),
      restore: (ctx: RequestContext, id: number) => restore(ctx, id),
    },
  };
}

export type ClinicalRecords<T extends ClinicalTable, TAnswer> = ReturnType<
  typeof clinicalRecords<T, TAnswer, ColumnKey<T>>
>;
