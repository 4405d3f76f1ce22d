/**
 * Prepared statements for the hot reads (session lookup, user.php, likes, search): the query is
 * built by Drizzle once per database handle instead of on every request, and the database parses
 * and plans it once instead of on every execution. Values are always bound parameters, never
 * written into the SQL text.
 *
 *   const statement = prepared(db, 'load_user', (d) => query(d, sql.placeholder('id')).prepare('load_user'));
 *   const rows = await statement.execute({ id });
 *
 * `build` gets the handle to build on and returns a Drizzle prepared query or a plain object of
 * them. Only for the app's own database handle, never a transaction.
 *
 * - PostgreSQL (node-postgres): Drizzle's `.prepare(name)` is a named statement, parsed once per
 *   pooled connection; after five runs PostgreSQL keeps a generic plan.
 * - PGlite: Drizzle sends every query unnamed, and PGlite's `query(sql, params)` parses and plans
 *   it on every call (planning the user.php query takes longer than running it). So `build` gets a
 *   Drizzle handle over `namedStatements` below: the same PGlite session, where each query text is
 *   a named statement of the extended protocol (Parse once; then Bind with the values as
 *   parameters, Execute, Sync in one call), which returns what PGlite's `query` returns.
 */
import crypto from 'node:crypto';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PgSession } from 'drizzle-orm/pg-core';
import { loadedPglite, pgliteOf } from './client';
import type { Db, DbOrTx, PgliteLibs } from './client';
import * as schema from './schema';

const cache = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = cache.get(db);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    const client = pgliteOf(db);
    statement = build(client ? namedDbOf(client) : db);
    byName.set(name, statement);
  }
  return statement;
}

/** What Drizzle's PGlite driver calls on its client to run a query (drizzle-orm/pglite/session). */
type QueryClient = Pick<PGlite, 'query'>;

/** PGlite's libraries, loaded by client.ts with the PGlite `pg` came from (a server on PostgreSQL never loads them). */
function libsOf(pg: PGlite): PgliteLibs {
  const libs = loadedPglite();
  if (!libs) throw new Error(`a PGlite (${pg.dataDir ?? 'memory'}) that client.ts did not open`);
  return libs;
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * PGlite's `query(text, params, options)` with each text a named statement of the session: Parse
 * (and Describe, for the parameter types) the first time, then Bind/Describe/Execute/Sync in one
 * protocol call. The values are serialized as PGlite's own `query` does (its serializers by the
 * parameter's type) and sent as bound parameters: nothing of a value is ever read as SQL (a NUL
 * byte is refused by PostgreSQL, 22021, and nothing runs). Like `query`, it waits for an open
 * transaction of the session to end, so it never runs inside another caller's transaction.
 */
function namedStatements(pg: PGlite): QueryClient {
  const {
    parse: pgliteParse,
    protocol: { serialize },
  } = libsOf(pg).pglite;
  const statements = new Map<string, { name: string; types: number[] }>();
  const run = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });
  const statementOf = async (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      const name = `bound_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      const described = await run(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]));
      statement = { name, types: pgliteParse.parseDescribeStatementResults(described) };
      statements.set(text, statement);
    }
    return statement;
  };
  const query = async (text: string, params: unknown[] = [], options?: QueryOptions, retry = true): Promise<Results<unknown>> => {
    const { name, types } = await statementOf(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const oid = types[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? pg.serializers[oid];
      return serializer ? serializer(value) : String(value);
    });
    let messages;
    try {
      messages = await run(
        concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      );
    } catch (error) {
      // the session forgot its statements (DEALLOCATE ALL, DISCARD ALL): parse it again, once
      if (!retry || (error as { code?: string }).code !== '26000') throw error;
      statements.delete(text);
      return query(text, params, options, false);
    }
    if (!pg.isInTransaction()) await pg.syncToFs();
    return pgliteParse.parseResults(messages, pg.parsers, options)[0] as Results<unknown>;
  };
  return {
    // the locks of PGlite's own query(): no open transaction of the session, one protocol exchange at a time
    query: (async (text: string, params?: unknown[], options?: QueryOptions) => {
      await pg._checkReady();
      return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => query(text, params, options)));
    }) as PGlite['query'],
  };
}

const namedDbs = new WeakMap<PGlite, Db>();

/** A Drizzle handle on the PGlite session whose queries run as named statements (`namedStatements`). */
function namedDbOf(pg: PGlite): Db {
  let db = namedDbs.get(pg);
  if (!db) {
    db = libsOf(pg).drizzle.drizzle({ client: namedStatements(pg) as PGlite, schema }) as unknown as Db;
    namedDbs.set(pg, db);
  }
  return db;
}

const dialect = new PgDialect();

/** What a raw statement of `preparedSql` answers. */
export interface RawPrepared<T> {
  execute(values: Record<string, unknown>): Promise<{ rows: T[] }>;
}

/**
 * Drizzle's session of a database handle (what runs its queries): `db._.session` and its
 * `prepareQuery` are declared by Drizzle but not documented, so drizzle-orm is pinned to an exact
 * version in api/package.json (prepared.test.ts runs both on each database).
 */
const sessionOf = (db: DbOrTx): PgSession => db._.session as unknown as PgSession;

/**
 * A raw SQL statement with `sql.placeholder(name)`s as a prepared query of this database (through
 * `prepared` above: built once per handle; on PGlite a named statement of `namedStatements`): `execute({ name: value })`
 * fills the placeholders and answers the driver's result (`rows`). For the hot statements that are
 * no select of Drizzle's (chat/send.ts chat_send, after-commit.ts).
 */
export function preparedSql<T>(db: Db, name: string, query: () => SQL): RawPrepared<T> {
  return prepared(
    db,
    name,
    (d) => sessionOf(d).prepareQuery(dialect.sqlToQuery(query()), undefined, name, false) as unknown as RawPrepared<T>,
  );
}

const namedTexts = new Map<string, string>();

/**
 * Run raw SQL on the database or inside a transaction (where `prepared` above cannot go) and
 * return its rows. On PostgreSQL it is a named statement, `<name>_<hash of the text>` (so two
 * shapes of one query never share a name), which node-postgres parses once per pooled connection
 * and PostgreSQL then plans from its cache; on PGlite the ordinary unnamed call. For the hot
 * writes (chat/send.ts), whose statements are too long to parse and plan on every message.
 */
export async function executeNamed<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let full = namedTexts.get(text);
  if (full === undefined) {
    full = `${name}_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (namedTexts.size < 1000) namedTexts.set(text, full);
  }
  const session = sessionOf(db);
  const named = session instanceof NodePgSession;
  const result = (await session.prepareQuery({ sql: text, params }, undefined, named ? full : undefined, false).execute()) as { rows: T[] };
  return result.rows;
}
