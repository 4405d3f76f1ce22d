/**
 * A member's send hands its notifications back instead of sending them at its commit
 * (PostgreSQL: notifying commits take one global lock, one at a time; migration 0026), and
 * db/after-commit.ts sends them after the commit, those of the sends that answer together in one
 * statement. On PGlite the send notifies at commit as before.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildTestApp } from '../test/helpers';
import { member, send } from '../modules/chat/test-helpers';
import { deferNotifications, drainAfterCommit, notifyAfterCommit } from './after-commit';
import { listen } from './listen';
import type { Listener } from './listen';
import { selectRows } from './client';

const onPostgres = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');

let app: FastifyInstance;
let listener: Listener;
const heard: string[] = [];
beforeAll(async () => {
  app = await buildTestApp();
  listener = await listen(app.dbHandle, 'realtime', { message: (p) => heard.push(p), state: () => undefined });
});
afterAll(async () => {
  await listener.close();
  await app.close();
});

const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};
const settle = () => new Promise((r) => setTimeout(r, 300));

it('the send defers its notifications on PostgreSQL only', () => {
  expect(deferNotifications(app.db)).toBe(onPostgres);
});

(onPostgres ? it : it.skip)('chat_send with p_defer commits without notifying and hands back what it would have sent', async () => {
  const a = await member(app, 50);
  const b = await member(app, 0);
  heard.length = 0;
  const [out] = await selectRows<{ status: string; balance: number; message: { id: number }; notices: string }>(
    app.db,
    sql`select status, balance, message, notices from chat_send(${a.id}::int, ${b.id}::int, null::int, 'text', 'Hoi', null, null, null, null::int, null::int,
          gen_random_uuid(), 10, 'message', null, 2, true, null::text, 0)`,
  );
  expect(out?.status).toBe('ok');
  const id = Number(out?.message.id);
  // committed (the message is there), nothing heard
  await settle();
  expect(heard).toEqual([]);
  // the message ('m') and the sender's balance ('c'): these tell every instance's answer cache too
  expect(out?.notices.split('\n').filter(Boolean).sort()).toEqual([`realtime\tc:${a.id}:40`, `realtime\tm:${id}:${a.id}:${b.id}`].sort());
  // sent after the commit
  notifyAfterCommit(app.db, out?.notices);
  await drainAfterCommit(app.db);
  expect(await eventually(() => heard.includes(`m:${id}:${a.id}:${b.id}`) && heard.includes(`c:${a.id}:40`))).toBe(true);
});

it("parallel sends are each announced once, with the sender's balance", async () => {
  const a = await member(app, 100, { user: { paidUser: true } }); // no limit of 2 new conversations
  const others = await Promise.all([member(app), member(app), member(app), member(app)]);
  heard.length = 0;
  const answers = await Promise.all(others.map((o, i) => send(app, a, { profile: o.id, body: `Bericht ${i}` })));
  expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  const ids = answers.map((r) => r.json().message.id as number);
  expect(await eventually(() => ids.every((id) => heard.some((p) => p.startsWith(`m:${id}:`))))).toBe(true);
  await settle();
  for (const id of ids) expect(heard.filter((p) => p.startsWith(`m:${id}:`))).toHaveLength(1);
  const lowest = Math.min(...answers.map((r) => r.json().credits as number));
  expect(heard).toContain(`c:${a.id}:${lowest}`);
});

it('app_notify outside a send (triggers, operator replies) notifies at the commit, as pg_notify', async () => {
  const a = await member(app, 0);
  const b = await member(app, 0);
  heard.length = 0;
  await app.withTx(async (tx) => {
    await tx.execute(sql`select app_notify('realtime', ${`t:1:${a.id}:${b.id}`})`);
  });
  expect(await eventually(() => heard.includes(`t:1:${a.id}:${b.id}`))).toBe(true);
});
