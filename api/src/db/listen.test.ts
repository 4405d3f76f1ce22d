/**
 * LISTEN (db/listen.ts): on PostgreSQL every channel of a server process shares one connection,
 * so a notifying commit wakes one backend per process, not one per channel; each channel still
 * hears only its own notifications, and closing one listener leaves the others listening.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/helpers';
import { listen } from './listen';

const onPostgres = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');

let app: FastifyInstance;
beforeAll(async () => {
  // the session and answer caches on: four channels (realtime, site_cache, session_cache, member_cache)
  app = await buildTestApp({ env: { SESSION_CACHE_MS: 60_000, ANSWER_CACHE_MS: 60_000 } });
});
afterAll(async () => {
  await app.close();
});

const eventually = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

(onPostgres ? it : it.skip)('one LISTEN connection per process serves every channel', async () => {
  const listeners = await app.dbHandle.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and query ilike 'listen %'`,
  );
  expect(listeners[0]?.n).toBe(1);
});

it('each channel hears its own notifications; closing one listener leaves the others', async () => {
  const heard: string[] = [];
  const one = await listen(app.dbHandle, 'listen_test_one', { message: (p) => heard.push(`one:${p}`), state: () => undefined });
  const two = await listen(app.dbHandle, 'listen_test_two', { message: (p) => heard.push(`two:${p}`), state: () => undefined });
  await app.dbHandle.query(`select pg_notify('listen_test_one', 'a'), pg_notify('listen_test_two', 'b')`);
  expect(await eventually(() => heard.length === 2)).toBe(true);
  expect(heard.sort()).toEqual(['one:a', 'two:b']);
  await one.close();
  await app.dbHandle.query(`select pg_notify('listen_test_one', 'c'), pg_notify('listen_test_two', 'd')`);
  expect(await eventually(() => heard.includes('two:d'))).toBe(true);
  expect(heard).not.toContain('one:c');
  await two.close();
  // the app's own channel on the same connection still hears (an unknown kind: counted, nothing sent)
  const before = app.realtime.delivered;
  await app.dbHandle.query(`select pg_notify('realtime', 'listen_test:1')`);
  expect(await eventually(() => app.realtime.delivered > before)).toBe(true);
});
