/**
 * Prepared statements of hot lists, built once per database handle and per key (the statement's
 * shape: which filters, which kind of patient scope) and reused for every request after.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function preparedFor<T>(db: object, key: string, build: () => T): T {
  let byKey = cache.get(db);
  if (!byKey) {
    byKey = new Map();
    cache.set(db, byKey);
  }
  if (!byKey.has(key)) byKey.set(key, build());
  return byKey.get(key) as T;
}
