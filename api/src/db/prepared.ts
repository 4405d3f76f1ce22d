/**
 * Prepared statements for the hot reads (session lookup, user.php): the query is built by Drizzle
 * once per database handle instead of on every request, and on PostgreSQL it is parsed and planned
 * once per connection (a named statement). `prepared(db, name, build)` returns the statement for
 * this handle, building it on first use. Only for the app's own database handle, not a transaction.
 */
import type { Db } from './client';

const cache = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = cache.get(db);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
