/**
 * Prepared statements for the hot reads (session lookup, user.php, likes, search): the query is
 * built by Drizzle once per database handle instead of on every request, and the database parses
 * and plans it once instead of on every execution.
 *
 *   const statement = prepared(db, 'load_user', (d) => query(d, sql.placeholder('id')).prepare('load_user'));
 *   const rows = await statement.execute({ id });
 *
 * `build` returns a Drizzle prepared query or a plain object of them. Only for the app's own
 * database handle, never a transaction.
 *
 * - PostgreSQL (node-postgres): Drizzle's `.prepare(name)` is a named statement, parsed once per
 *   pooled connection; after five runs PostgreSQL keeps a generic plan.
 * - PGlite: Drizzle only keeps the SQL text and sends it unnamed, so PGlite would parse and plan
 *   it on every call (planning the user.php query takes longer than running it). Here each such
 *   query is turned into a server-side `PREPARE` once (PGlite is one session) and run as
 *   `EXECUTE name($1, ...)`, which returns the same columns, so Drizzle's row mapping is unchanged.
 */
import crypto from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PgSession } from 'drizzle-orm/pg-core';
import { pgliteOf } from './client';
import type { Db, DbOrTx } from './client';

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
    const client = pgliteOf(db);
    if (client) prepareOnServer(client, statement);
    byName.set(name, statement);
  }
  return statement;
}

/** What a Drizzle PGlite prepared query holds (drizzle-orm/pglite/session: PglitePreparedQuery). */
interface PgliteQueryShape {
  client: Pick<PGlite, 'query'>;
  queryString: string;
}

const isPgliteQuery = (value: unknown): value is PgliteQueryShape =>
  typeof value === 'object' && value !== null && typeof (value as PgliteQueryShape).queryString === 'string' && 'client' in value;

/**
 * A parameter as an SQL literal for EXECUTE (a utility statement takes no bind parameters). With
 * standard_conforming_strings on (checked once per session) a quoted string has exactly one
 * special character, the quote, which is doubled; the literal is untyped and PostgreSQL casts it
 * to the statement's parameter type. Anything else (arrays, objects, NUL bytes) -> undefined: that
 * call goes the ordinary way.
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date && !Number.isNaN(value.getTime())) text = value.toISOString();
  else return undefined;
  if (text.includes('\0')) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}

const conformingStrings = new WeakMap<PGlite, Promise<boolean>>();

/** Route the prepared queries in `statement` (one, or an object of them) through PREPARE/EXECUTE. */
function prepareOnServer(pg: PGlite, statement: unknown): void {
  const queries = isPgliteQuery(statement) ? [statement] : Object.values(statement as object).filter(isPgliteQuery);
  for (const query of queries) {
    const text = query.queryString;
    const name = `drz_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    const direct = query.client;
    let ready: Promise<boolean> | null = null;
    const prepare = async (): Promise<boolean> => {
      let conforming = conformingStrings.get(pg);
      if (!conforming) {
        conforming = pg.query<{ s: string }>('show standard_conforming_strings').then((r) => Object.values(r.rows[0] ?? {})[0] === 'on');
        conformingStrings.set(pg, conforming);
      }
      if (!(await conforming)) return false;
      try {
        await pg.query(`PREPARE ${name} AS ${text}`);
      } catch (err) {
        // the same text prepared by another entry of this session is just as good
        if ((err as { code?: string }).code !== '42P05') throw err;
      }
      return true;
    };
    query.client = {
      query: (async (sqlText: string, params: unknown[] = [], options?: object) => {
        ready ??= prepare().catch((err: unknown) => {
          ready = null;
          throw err;
        });
        const literals = params.map(literal);
        if (!(await ready) || literals.includes(undefined)) return direct.query(sqlText, params, options);
        return pg.query(`EXECUTE ${name}${literals.length ? `(${literals.join(', ')})` : ''}`, [], options);
      }) as PGlite['query'],
    };
  }
}

const dialect = new PgDialect();

/** What a raw statement of `preparedSql` answers. */
export interface RawPrepared<T> {
  execute(values: Record<string, unknown>): Promise<{ rows: T[] }>;
}

/** Drizzle's session of a database handle (what runs its queries). */
const sessionOf = (db: DbOrTx): PgSession => (db as unknown as { _: { session: PgSession } })._.session;

/**
 * A raw SQL statement with `sql.placeholder(name)`s as a prepared query of this database (through
 * `prepared` above: built once per handle, PGlite's PREPARE/EXECUTE): `execute({ name: value })`
 * fills the placeholders and answers the driver's result (`rows`). For the hot statements that are
 * no select of Drizzle's (chat/send.ts chat_send, after-commit.ts).
 */
export function preparedSql<T>(db: Db, name: string, query: () => SQL): RawPrepared<T> {
  return prepared(db, name, (d) => sessionOf(d).prepareQuery(dialect.sqlToQuery(query()), undefined, name, false) as unknown as RawPrepared<T>);
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
