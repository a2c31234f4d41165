import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/raw-rows.ts';

/**
 * Generators for fuzzing the API from its own OpenAPI description (the JSON Schema of each
 * route's body and query string), and a digest of the stored data to prove that a refused
 * request changed nothing.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  nullable?: boolean;
}

/** Text that has broken parsers, queries, renderers and date handling before. */
export const edgyStrings: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "' OR '1'='1' --",
  '"; drop table users; --',
  "Robert'); DELETE FROM patients;--",
  '%',
  '_',
  '\\',
  '%00',
  '../../../../etc/passwd',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '\u202e\u200b\u2066',
  '\u200b\u200b',
  '\ud800',
  '🧓🏽👩‍⚕️',
  'x'.repeat(5000),
  'NaN',
  '-0',
  '1e3',
  '0x10',
  '01',
  ' 1',
  '-1',
  '99999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '0001-01-01',
  '9999-12-31T23:59:59.999Z',
  '10000-01-01',
  '2024-02-30',
  '2024-13-45T25:61',
  '+275760-09-13T00:00:00Z',
  '2026-03-01T10:00:00+14:00',
  '2026-03-01T10:00',
  '2026-03-01',
  'Europe/Nowhere',
  'UTC',
];

const edgyNumbers: readonly number[] = [
  0,
  -1,
  1,
  0.5,
  -0,
  2_147_483_647,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  1e-7,
];

export interface FuzzPools {
  /** Ids that exist (so a generated request can reach the code behind the lookups). */
  ids: readonly number[];
  usernames: readonly string[];
}

const idLike = /(^id$|Id$)/;

/** A value for one schema: mostly schema-shaped, often at or past its edges. */
export function fromSchema(
  schema: JsonSchema,
  pools: FuzzPools,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const variants: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) variants.push(fc.constantFrom(...schema.enum));
  for (const list of [schema.anyOf, schema.oneOf, schema.allOf]) {
    if (list?.length) variants.push(...list.map((s) => fromSchema(s, pools, name, depth)));
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) {
    switch (type) {
      case 'string':
        variants.push(
          fc.constantFrom(...edgyStrings),
          fc.string({
            minLength: schema.minLength ?? 0,
            maxLength: Math.min(schema.maxLength ?? 40, 40),
            unit: 'grapheme',
          }),
        );
        if (schema.maxLength !== undefined) {
          variants.push(fc.constant('y'.repeat(schema.maxLength + 1)));
        }
        if (/username/i.test(name) && pools.usernames.length) {
          variants.push(fc.constantFrom(...pools.usernames));
        }
        if (/date|from|to/i.test(name)) {
          variants.push(
            fc
              .date({
                min: new Date('1900-01-01'),
                max: new Date('2100-01-01'),
                noInvalidDate: true,
              })
              .map((d) => d.toISOString()),
          );
        }
        if (schema.format === 'email') variants.push(fc.emailAddress());
        break;
      case 'integer':
      case 'number':
        variants.push(
          fc.integer({
            min: Math.max(schema.minimum ?? -1000, -2_147_483_648),
            max: Math.min(schema.maximum ?? 1000, 2_147_483_647),
          }),
          fc.constantFrom(...edgyNumbers),
        );
        if (idLike.test(name)) variants.push(fc.constantFrom(...pools.ids));
        break;
      case 'boolean':
        variants.push(fc.boolean());
        break;
      case 'null':
        variants.push(fc.constant(null));
        break;
      case 'array':
        variants.push(
          fc.array(
            schema.items ? fromSchema(schema.items, pools, name, depth + 1) : fc.jsonValue(),
            {
              maxLength: 3,
            },
          ),
        );
        break;
      case 'object':
        if (depth < 3) variants.push(objectFromSchema(schema, pools, depth));
        break;
    }
  }
  if (schema.nullable) variants.push(fc.constant(null));
  // An untyped schema (a preprocessed field) accepts anything at first sight.
  if (variants.length === 0) {
    variants.push(
      fc.constantFrom(...edgyStrings),
      fc.constantFrom(...edgyNumbers),
      fc.jsonValue({ maxDepth: 1 }),
    );
    if (idLike.test(name)) variants.push(fc.constantFrom(...pools.ids));
  }
  // One time in ten, a value of the wrong type altogether.
  return fc.oneof(
    { weight: 9, arbitrary: fc.oneof(...variants) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
  );
}

function objectFromSchema(
  schema: JsonSchema,
  pools: FuzzPools,
  depth: number,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) {
    model[key] = fromSchema(value, pools, key, depth + 1);
  }
  const shaped = fc.record(model, {
    requiredKeys: schema.required?.filter((k) => k in model) ?? [],
  });
  // Keys the schema does not know, including the ones that reach prototypes.
  const extra = fc.dictionary(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'role',
      'privileges',
      'id',
      'isActive',
      'deletedAt',
      'createdBy',
    ),
    fc.jsonValue({ maxDepth: 1 }),
    { maxKeys: 2 },
  );
  return fc.tuple(shaped, extra).map(([a, b]) => ({ ...b, ...(a as object) }));
}

/** Query-string parameters as `name -> schema`, from an OpenAPI operation. */
export function queryParameters(operation: {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
}): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query') out[parameter.name] = parameter.schema ?? {};
  }
  return out;
}

/** Query-string values: each known parameter left out, schema-shaped or junk, plus strangers. */
export function queryFromSchema(parameters: Record<string, JsonSchema>, pools: FuzzPools) {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, schema] of Object.entries(parameters))
    model[name] = fromSchema(schema, pools, name);
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.dictionary(
        fc.constantFrom('id', 'patientId', 'role', '__proto__', 'limit[]', 'q'),
        fc.string(),
        {
          maxKeys: 2,
        },
      ),
    )
    .map(([known, strangers]) => ({ ...strangers, ...known }));
}

/** Renders query values the way a browser would (arrays repeat the key; objects as JSON). */
export function toQueryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const list = Array.isArray(value) ? value : [value];
    for (const item of list) {
      search.append(
        key,
        typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item),
      );
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** What must never reach a client: stack frames, source locations, SQL and driver errors. */
const leakPatterns: RegExp[] = [
  /\bat [\w$.<>]+ \(/,
  /\bat (file|node):/,
  /\.[cm]?[tj]s:\d+/,
  /node_modules/,
  /\bselect\b[\s\S]{1,200}\bfrom\b/i,
  /\binsert into\b/i,
  /\bupdate \w+ set\b/i,
  /\bdelete from\b/i,
  /syntax error/i,
  /duplicate key/i,
  /violates [\w ]*constraint/i,
  /invalid input syntax/i,
  /\bSQLSTATE\b/i,
  /relation "/i,
  /FST_ERR_/,
  /\bTypeError\b|\bReferenceError\b|\bRangeError\b/,
  /ZodError/,
];

/**
 * The leaks in an answer's body. An answer that echoes stored text (a saved reminder) may hold
 * what the request sent, so a match that the request itself contained does not count.
 */
export function leaksIn(body: string, requestText: string): string[] {
  const sent = requestText.toLowerCase();
  const found: string[] = [];
  for (const pattern of leakPatterns) {
    const match = pattern.exec(body);
    if (match && !sent.includes(match[0].toLowerCase())) found.push(match[0]);
  }
  return found;
}

/**
 * A digest of every row of every table, except those a refusal is meant to write to: the audit
 * trail and the login throttle's counters (and any table of theirs, whatever its name).
 */
export async function dataDigest(db: Db): Promise<string> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !/audit|login_failure|throttle|rate_limit/i.test(name));
  const parts = tables.map(
    (name) =>
      `(select '${name}:' || count(*) || ':' || coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') from "${name}" t)`,
  );
  const result = (await db.execute(
    sql.raw(`select ${parts.join(" || ' ' || ")} as digest`),
  )) as unknown as {
    rows: { digest: string }[];
  };
  return result.rows[0]!.digest;
}
