import crypto from 'node:crypto';
/**
 * The message notifier (message-notifier.ts): the messages table is the outbox of the push and the
 * mail of a new message. Each message is notified once: not again by a second pass, another
 * instance's notifier or a notifier after a restart; a message sent while no notifier ran is not
 * lost; a message that commits after a later one (its id left behind) still comes.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, notificationEvents, users } from '../../db/schema';
import { selectRows } from '../../db/client';
import { createMember, loginCookie } from '../../test/helpers';
import { MESSAGE_MAIL_WAIT_MS } from './mails';
import { MAIL_FLUSH_JOB } from './service';
import { MessageNotifier, messageNotifier, POLL_MS } from './message-notifier';
import type { PushService } from './test-push-service';
import { settle, subscribeBrowser, setUpPushTests } from './test-helpers';

const pushTest = setUpPushTests();
let app: FastifyInstance;
let service: PushService;
beforeAll(() => ({ app, service } = pushTest));
const headers = { 'content-type': 'application/json' };

async function member(name: string, gender: 'male' | 'female', subscribed: boolean) {
  const { user } = await createMember(app, { name, gender, user: { credits: 100 } });
  const m = { id: user.id, cookie: await loginCookie(app, user.id) };
  if (subscribed) await subscribeBrowser(pushTest, m);
  return m;
}

async function write(from: { cookie: string }, to: number, body: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/messages.php',
    headers: { ...headers, cookie: from.cookie },
    payload: { profile: to, type: 'text', body, client_id: crypto.randomUUID() },
  });
  expect(res.statusCode).toBe(200);
  return res.json().message as { id: number; conversation: number };
}

const mailEvents = async (userId: number) =>
  (
    await app.db
      .select()
      .from(notificationEvents)
      .where(and(eq(notificationEvents.userId, userId), eq(notificationEvents.kind, 'message')))
  ).length;
/** a notifier as another server instance, or this one after a restart, has it (state only in the database) */
const another = () => new MessageNotifier(app, messageNotifier(app).mail);
/** whether `check` holds within `ms` (a started notifier passes by itself) */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('message notifier', () => {
  it('one push and one mail event per message to a subscribed recipient, none to the sender, and nothing twice', async () => {
    const anna = await member('Anna', 'female', true);
    const bob = await member('Bob', 'male', true);
    for (const body of ['een', 'twee', 'drie']) await write(bob, anna.id, body);
    expect(service.received).toHaveLength(0); // not on the request path
    expect(await messageNotifier(app).drain()).toBe(3);
    expect(service.received).toHaveLength(0); // nor in the notifier's pass: through the job queue
    await app.jobs.drain();
    expect(service.received.map((r) => r.path)).toEqual([`/push/${anna.id}`, `/push/${anna.id}`, `/push/${anna.id}`]);
    expect(await mailEvents(anna.id)).toBe(3);
    expect(await mailEvents(bob.id)).toBe(0);
    // again, and another instance's notifier: nothing new
    expect(await settle(app)).toBe(0);
    expect(await settle(app, another())).toBe(0);
    expect(service.received).toHaveLength(3);
    expect(await mailEvents(anna.id)).toBe(3);
  });

  it('two instances passing at the same moment notify each message once', async () => {
    const anna = await member('Anna', 'female', true);
    const bob = await member('Bob', 'male', false);
    for (let i = 0; i < 5; i++) await write(bob, anna.id, `bericht ${i}`);
    await Promise.all([messageNotifier(app).drain(), another().drain()]);
    await app.jobs.drain();
    expect(service.received.filter((r) => r.path === `/push/${anna.id}`)).toHaveLength(5);
    expect(await mailEvents(anna.id)).toBe(5);
  });

  it('after a restart: what was sent while no notifier ran comes once, what was notified before not again', async () => {
    const anna = await member('Anna', 'female', true);
    const bob = await member('Bob', 'male', false);
    await write(bob, anna.id, 'voor de herstart');
    await settle(app);
    expect(service.received).toHaveLength(1);
    await messageNotifier(app).stop(); // the server goes down; a message arrives through another instance meanwhile
    await write(bob, anna.id, 'tijdens de herstart');
    expect(service.received).toHaveLength(1);
    const restarted = another();
    expect(await settle(app, restarted)).toBe(1);
    expect(service.received).toHaveLength(2);
    expect(await mailEvents(anna.id)).toBe(2);
  });

  it('a message that commits after a later one (its id left behind) is still notified, once', async () => {
    const anna = await member('Anna', 'female', true);
    const bob = await member('Bob', 'male', false);
    const first = await write(bob, anna.id, 'eerste');
    await settle(app);
    // a send takes its id, a later send commits first and is notified, then the slow one commits
    const [taken] = await selectRows<{ id: number }>(app.db, sql`select nextval(pg_get_serial_sequence('messages', 'id'))::int as id`);
    const slowId = Number(taken?.id);
    await write(bob, anna.id, 'later verstuurd, eerder klaar');
    await settle(app);
    expect(service.received).toHaveLength(2);
    await app.withTx(async (tx) => {
      await tx.insert(messages).values({
        id: slowId,
        conversationId: first.conversation,
        senderId: bob.id,
        recipientId: anna.id,
        type: 'text',
        body: 'traag',
        clientId: crypto.randomUUID(),
        credits: 0,
      });
    });
    await settle(app);
    expect(service.received).toHaveLength(3);
    await settle(app);
    expect(service.received).toHaveLength(3);
    expect(await mailEvents(anna.id)).toBe(3);
  });

  it('passes over a held message (its sender has not confirmed the address) without holding up the ones after it', async () => {
    const anna = await member('Anna', 'female', true);
    const held = await member('Carl', 'male', false);
    await app.withTx((tx) => tx.update(users).set({ emailConfirmed: false, status: 'not_confirmed' }).where(eq(users.id, held.id)));
    const bob = await member('Bob', 'male', false);
    await write(held, anna.id, 'nog niet bevestigd');
    await write(bob, anna.id, 'wel bevestigd');
    await settle(app);
    expect(service.received).toHaveLength(1);
    expect(await mailEvents(anna.id)).toBe(1);
  });

  it("schedules a recipient's message mail once for the 5 minutes, and forgets it once its time has come (what it keeps does not only grow)", async () => {
    const anna = await member('Anna', 'female', false);
    const bob = await member('Bob', 'male', false);
    const notifier = another();
    const flushJobs = async () =>
      (
        await app.dbHandle.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name = $1 and (data->>'userId')::int = $2`,
          [MAIL_FLUSH_JOB, anna.id],
        )
      )[0]?.n;
    await write(bob, anna.id, 'een');
    await settle(app, notifier); // her mail waits 5 minutes (she may read it first)
    expect(notifier.scheduledMails).toBe(1);
    expect(await flushJobs()).toBe(1);
    await write(bob, anna.id, 'twee');
    await settle(app, notifier); // already scheduled: not again
    expect(await flushJobs()).toBe(1);
    await notifier.pass(Date.now() + MESSAGE_MAIL_WAIT_MS / 2); // a pass (no messages) while it waits: kept
    expect(notifier.scheduledMails).toBe(1);
    await notifier.pass(Date.now() + 2 * MESSAGE_MAIL_WAIT_MS); // a pass after its time: gone
    expect(notifier.scheduledMails).toBe(0);
  });

  it('a started notifier passes by itself at its start and when a message is sent, long before its poll', async () => {
    const anna = await member('Anna', 'female', true);
    const bob = await member('Bob', 'male', false);
    const notifier = messageNotifier(app);
    await write(bob, anna.id, 'voor de start'); // sent while no notifier ran
    notifier.start();
    try {
      const soon = POLL_MS / 5;
      expect(await within(soon, async () => (await mailEvents(anna.id)) === 1)).toBe(true);
      await write(bob, anna.id, 'na de start'); // heard of through the realtime channel ('m')
      expect(await within(soon, async () => (await mailEvents(anna.id)) === 2)).toBe(true);
    } finally {
      await notifier.stop();
    }
  });
});
