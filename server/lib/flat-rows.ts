import { Column, is, SQL, Subquery } from 'drizzle-orm';

/** What a Drizzle driver's column or SQL decoder offers. */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The parts of Drizzle's prepared query (node-postgres and PGlite alike) this reads and sets. */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
  execute(): Promise<unknown>;
}

/** A field's decoder, as Drizzle's mapResultRow picks it (`decoder` is internal to SQL). */
const decoderOf = (field: unknown): Decoder => {
  if (is(field, Column)) return field;
  if (is(field, Subquery)) return (field._ as unknown as { sql: { decoder: Decoder } }).sql.decoder;
  const sql: unknown = is(field, SQL) ? field : (field as { sql: SQL }).sql;
  return (sql as { decoder: Decoder }).decoder;
};

/**
 * Runs a Drizzle select whose selection is flat (one level of named fields; inner joins only)
 * and turns its rows into objects with each field's decoder, found once per statement. Drizzle's
 * own mapping finds it again for every cell (a prototype walk per check) and allocates as it
 * goes: on a round's few thousand cells that was a fifth of the request's time, with the garbage
 * it leaves. The answer is the same objects Drizzle gives (`flat-rows.test.ts` compares them).
 * A nested selection, or a Drizzle without the internals this relies on, takes Drizzle's path.
 */
export async function flatRows<T>(query: PromiseLike<T[]>): Promise<T[]> {
  const prepare = (query as unknown as { _prepare?: () => PreparedSelect })._prepare;
  const prepared = typeof prepare === 'function' ? prepare.call(query) : null;
  const fields = prepared?.fields;
  if (!prepared || !fields || !('customResultMapper' in prepared)) return query;
  if (fields.some((f) => f.path.length !== 1)) return prepared.execute() as Promise<T[]>;
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  const width = keys.length;
  prepared.customResultMapper = (rows) => {
    const out = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r += 1) {
      const row = rows[r]!;
      const item: Record<string, unknown> = {};
      for (let i = 0; i < width; i += 1) {
        const value = row[i];
        item[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      out[r] = item;
    }
    return out;
  };
  return prepared.execute() as Promise<T[]>;
}
