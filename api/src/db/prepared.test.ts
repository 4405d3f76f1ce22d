/**
 * Prepared statements (db/prepared.ts): the same rows as the plain query, values always bound
 * parameters and never read as SQL (hostile strings, on both databases), and on PGlite a named
 * statement of the session's extended protocol, not PREPARE/EXECUTE with values written in.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { profiles, users } from './schema';
import { buildTestApp, createMember } from '../test/helpers';
import { prepared, preparedSql } from './prepared';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const onPglite = !/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');

const byName = () =>
  prepared(app.db, 'test_by_name', (d) =>
    d
      .select({ id: profiles.userId, name: profiles.name })
      .from(profiles)
      .where(eq(profiles.name, sql.placeholder('name')))
      .prepare('test_by_name'),
  );

const echo = () =>
  preparedSql<{ echo: string; chars: number; n: number }>(
    app.db,
    'test_echo',
    () =>
      sql`select ${sql.placeholder('v')}::text as echo, char_length(${sql.placeholder('v')}::text) as chars, (select count(*)::int from users) as n`,
  );

/** Strings that would do something if any part of them were read as SQL (or cut, or re-encoded). */
const HOSTILE = [
  "O'Brien",
  "''",
  "'; drop table users; --",
  "x'); delete from profiles; --",
  "\\'; drop table users; --",
  'C:\\new\\table\\',
  '\\\\',
  "E'\\x27'",
  '$1',
  '$2, $1',
  '$$; drop table users; $$',
  '$q$ ) ; select pg_sleep(10); $q$',
  '); drop table users; select (',
  '/* */ or 1=1 --',
  '👩‍❤️‍👨 مرحبا بك \u202Eevil\u202C עברית',
  'Zoë, Ångström, ﬁ, é (e + combining acute)',
  `${"'".repeat(5_000)}${'\\'.repeat(5_000)}${'x'.repeat(1_000_000)}`,
];

const codeOf = (error: unknown): string | undefined => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (typeof e.code === 'string') return e.code;
  return undefined;
};

it('returns what the plain query returns, and is built once per database handle', async () => {
  const tricky = "O'Brien'); drop table profiles; --";
  const { user } = await createMember(app, { name: tricky });
  const plain = await app.db.select({ id: profiles.userId, name: profiles.name }).from(profiles).where(eq(profiles.name, tricky));
  expect(plain).toEqual([{ id: user.id, name: tricky }]);
  expect(await byName().execute({ name: tricky })).toEqual(plain);
  expect(await byName().execute({ name: 'nobody \\ at all' })).toEqual([]);
  expect(byName()).toBe(byName());
});

it('hostile strings are values: each comes back exactly, finds exactly its member, and runs nothing', async () => {
  const [before] = await echo()
    .execute({ v: 'x' })
    .then((r) => r.rows);
  for (const value of HOSTILE) {
    const {
      rows: [row],
    } = await echo().execute({ v: value });
    expect(row).toEqual({ echo: value, chars: [...value].length, n: expect.any(Number) });
    if (value.length < 1000) {
      const { user } = await createMember(app, { name: value });
      expect(await byName().execute({ name: value })).toEqual([{ id: user.id, name: value }]);
    }
  }
  // every table is still there and nothing was deleted
  const {
    rows: [after],
  } = await echo().execute({ v: 'x' });
  expect(after?.n).toBe((before?.n ?? 0) + HOSTILE.filter((v) => v.length < 1000).length);
  expect((await app.db.select({ id: profiles.userId }).from(profiles)).length).toBeGreaterThanOrEqual(HOSTILE.length - 1);
});

it('ten at once, each gets its own value back', async () => {
  const values = HOSTILE.slice(0, 10);
  const rows = await Promise.all(
    values.map((v) =>
      echo()
        .execute({ v })
        .then((r) => r.rows[0]?.echo),
    ),
  );
  expect(rows).toEqual(values);
});

it('a NUL byte is refused by the database (22021) and nothing runs; the next call works', async () => {
  const insert = () =>
    preparedSql<{ id: number }>(
      app.db,
      'test_nul_insert',
      () => sql`update users set email = ${sql.placeholder('email')}::text where id = ${sql.placeholder('id')}::int returning id`,
    );
  const { user } = await createMember(app);
  const error = await insert()
    .execute({ email: 'a\u0000b@example.com', id: user.id })
    .catch((e: unknown) => e);
  expect(codeOf(error)).toBe('22021');
  const [row] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  expect(row?.email).toBe(user.email);
  expect(
    await byName()
      .execute({ name: 'nul\u0000name' })
      .catch((e: unknown) => codeOf(e)),
  ).toBe('22021');
  expect((await echo().execute({ v: "it's fine" })).rows[0]?.echo).toBe("it's fine");
});

it("never runs inside another caller's open transaction: it waits for it (PGlite is one session)", async () => {
  const name = `uncommitted ${Date.now()}`;
  const { user } = await createMember(app);
  let inside!: () => void;
  const started = new Promise<void>((resolve) => (inside = resolve));
  const tx = app.db
    .transaction(async (t) => {
      await t.update(profiles).set({ name }).where(eq(profiles.userId, user.id));
      inside();
      await new Promise((resolve) => setTimeout(resolve, 200));
      t.rollback();
    })
    .catch(() => undefined);
  await started;
  // run while the transaction is open: it must not see (or be rolled back with) its uncommitted row
  expect(await byName().execute({ name })).toEqual([]);
  await tx;
  expect(await byName().execute({ name })).toEqual([]);
});

(onPglite ? it : it.skip)(
  'on the embedded database each statement is a named protocol statement with typed parameters, parsed once',
  async () => {
    expect(app.dbHandle.driver).toBe('pglite');
    await byName().execute({ name: 'x' });
    await echo().execute({ v: 'x' });
    const rows = await app.dbHandle.query<{ name: string; statement: string; from_sql: boolean; types: string }>(
      `select name, statement, from_sql, parameter_types::text as types from pg_prepared_statements`,
    );
    const mine = rows.filter((r) => r.name.startsWith('bound_'));
    expect(mine.find((r) => r.statement.includes('"profiles"."name" = $1'))).toMatchObject({ from_sql: false, types: '{text}' });
    expect(mine.find((r) => r.statement.includes('as echo'))).toMatchObject({ from_sql: false });
    // nothing PREPAREd in SQL (the old way wrote the values into EXECUTE as quoted literals)
    expect(rows.filter((r) => r.from_sql)).toEqual([]);
    // one statement per text, however often it ran
    expect(new Set(mine.map((r) => r.statement)).size).toBe(mine.length);
    // a session that forgot its statements parses them again
    await app.dbHandle.query('deallocate all');
    expect((await echo().execute({ v: 'again' })).rows[0]?.echo).toBe('again');
  },
);
