/**
 * Prepared statements (db/prepared.ts): the same rows as the plain query, values never read as
 * SQL, and on PGlite a real server-side statement (PREPARE once, EXECUTE after).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { profiles } from './schema';
import { buildTestApp, createMember } from '../test/helpers';
import { prepared, preparedSql } from './prepared';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const byName = () =>
  prepared(app.db, 'test_by_name', (d) =>
    d.select({ id: profiles.userId, name: profiles.name }).from(profiles).where(eq(profiles.name, sql.placeholder('name'))).prepare('test_by_name'),
  );

it('returns what the plain query returns, for any value, and a value is never read as SQL', async () => {
  const tricky = "O'Brien'); drop table profiles; --";
  const { user } = await createMember(app, { name: tricky });
  const plain = await app.db.select({ id: profiles.userId, name: profiles.name }).from(profiles).where(eq(profiles.name, tricky));
  expect(plain).toEqual([{ id: user.id, name: tricky }]);
  expect(await byName().execute({ name: tricky })).toEqual(plain);
  expect(await byName().execute({ name: 'nobody \\ at all' })).toEqual([]);
  expect(await byName().execute({ name: tricky })).toEqual(plain);
  // the table is still there
  expect((await app.dbHandle.query<{ n: number }>('select count(*)::int as n from profiles'))[0]?.n).toBeGreaterThan(0);
  // built once per database handle
  expect(byName()).toBe(byName());
});

const onPglite = !/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');
(onPglite ? it : it.skip)('on the embedded database the statement is prepared in the session once', async () => {
  expect(app.dbHandle.driver).toBe('pglite');
  await byName().execute({ name: 'x' });
  const rows = await app.dbHandle.query<{ name: string; statement: string }>(`select name, statement from pg_prepared_statements where name like 'drz_%'`);
  expect(rows.some((r) => r.statement.includes('"profiles"."name" = $1'))).toBe(true);
});

it('a raw statement with placeholders answers its rows, its values never read as SQL, prepared once (PGlite: in the session)', async () => {
  const statement = () =>
    preparedSql<{ n: number; echo: string }>(app.db, 'test_raw', () => sql`select count(*)::int as n, ${sql.placeholder('echo')}::text as echo from profiles where name = ${sql.placeholder('name')}::text`);
  const tricky = "Zoë'); drop table profiles; --";
  await createMember(app, { name: tricky });
  expect((await statement().execute({ name: tricky, echo: "it's" })).rows).toEqual([{ n: 1, echo: "it's" }]);
  expect((await statement().execute({ name: 'nobody', echo: 'x' })).rows).toEqual([{ n: 0, echo: 'x' }]);
  expect(statement()).toBe(statement());
  if (onPglite) {
    const rows = await app.dbHandle.query<{ statement: string }>(`select statement from pg_prepared_statements where name like 'drz_%'`);
    expect(rows.some((r) => r.statement.includes('from profiles where name = $2::text'))).toBe(true);
  }
});
