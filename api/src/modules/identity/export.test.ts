/**
 * The data export holds the member's own side of two-sided rows only: the blocks and swipes they
 * made, not who blocked or swiped them (another member's private act).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  blocks,
  complaints,
  conversations,
  likes,
  memberBans,
  memberSwipes,
  messages,
  reports,
  signupMessages,
  users,
} from '../../db/schema';
import { buildTestApp, createMember, createStaff, loginCookie } from '../../test/helpers';
import { member, send } from '../chat/test-helpers';
import { exportAccount } from './export';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { SMTP_URL: undefined } });
});
afterAll(async () => {
  await app.close();
});

type Row = Record<string, unknown>;

it('exports the blocks and swipes the member made, never the ones made about them', async () => {
  const { user: me } = await createMember(app);
  const { user: other } = await createMember(app);
  const { user: third } = await createMember(app);
  // what I did
  await app.db.insert(blocks).values({ blockerId: me.id, blockedId: third.id });
  await app.db.insert(memberSwipes).values({ userId: me.id, targetId: third.id, liked: true });
  // what others did to me
  await app.db.insert(blocks).values({ blockerId: other.id, blockedId: me.id });
  await app.db.insert(memberSwipes).values({ userId: other.id, targetId: me.id, liked: false });

  const res = await app.inject({ method: 'GET', url: '/api/account-export.php', headers: { cookie: await loginCookie(app, me.id) } });
  expect(res.statusCode).toBe(200);
  const data = res.json() as Record<string, Row[] | undefined>;

  expect(data['blocks.blocker_id']).toEqual([expect.objectContaining({ blocker_id: me.id, blocked_id: third.id })]);
  expect(data.member_swipes).toEqual([expect.objectContaining({ user_id: me.id, target_id: third.id, liked: true })]);
  expect(data['blocks.blocked_id']).toBeUndefined();
  expect(data['member_swipes.target_id']).toBeUndefined();
  // no row anywhere in the file names the member who blocked or swiped me
  const all = Object.values(data).flatMap((v) => (Array.isArray(v) ? v : []));
  expect(all.some((r) => r.blocker_id === other.id || (r.user_id === other.id && r.target_id === me.id))).toBe(false);

  // the other member's export has their own acts
  const theirs = await exportAccount(app, other.id);
  expect(theirs['blocks.blocker_id']).toEqual([expect.objectContaining({ blocker_id: other.id, blocked_id: me.id })]);
  expect(theirs.member_swipes).toEqual([expect.objectContaining({ user_id: other.id, target_id: me.id, liked: false })]);
});

it('still exports the likes the member gave (and the received likes they see on their likes page)', async () => {
  const { user: me } = await createMember(app);
  const { user: other } = await createMember(app);
  await app.db.insert(likes).values({ likerId: me.id, likedId: other.id });
  await app.db.insert(likes).values({ likerId: other.id, likedId: me.id });
  const data = await exportAccount(app, me.id);
  expect(data['likes.liker_id']).toEqual([expect.objectContaining({ liker_id: me.id, liked_id: other.id })]);
  expect(data['likes.liked_id']).toEqual([expect.objectContaining({ liker_id: other.id, liked_id: me.id })]);
});

it('leaves out what the app holds back from the member: likes of an unconfirmed or blocked member, sign-up messages to them', async () => {
  const { user: me } = await createMember(app);
  const { user: unconfirmed } = await createMember(app, { user: { emailConfirmed: false, status: 'not_confirmed' } });
  const { user: blocked } = await createMember(app);
  await app.db.insert(likes).values({ likerId: unconfirmed.id, likedId: me.id });
  await app.db.insert(likes).values({ likerId: blocked.id, likedId: me.id });
  await app.db.insert(blocks).values({ blockerId: me.id, blockedId: blocked.id });
  await app.db.insert(signupMessages).values({ userId: unconfirmed.id, toUserId: me.id, body: 'Hoi!' });

  const data = await exportAccount(app, me.id);
  expect(data['likes.liked_id']).toBeUndefined();
  expect(data['signup_messages.to_user_id']).toBeUndefined();
  const all = Object.values(data).flatMap((v) => (Array.isArray(v) ? (v as Row[]) : []));
  expect(all.some((r) => r.liker_id === unconfirmed.id || r.liker_id === blocked.id)).toBe(false);

  // once the liker confirms, the like is theirs to see (as on the likes page)
  await app.db.update(users).set({ emailConfirmed: true, status: 'active' }).where(eq(users.id, unconfirmed.id));
  expect((await exportAccount(app, me.id))['likes.liked_id']).toEqual([
    expect.objectContaining({ liker_id: unconfirmed.id, liked_id: me.id }),
  ]);
});

it('exports the member’s own logins with their address, failed attempts by anyone without it (issue 13 item 10)', async () => {
  const { user: me, password } = await createMember(app);
  const login = (pw: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user.php',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: { email: me.email, password: pw },
    });
  expect((await login('wrong-wrong-1', '203.0.113.66')).statusCode).toBe(401);
  expect((await login(password, '198.51.100.23')).statusCode).toBe(200);
  const data = await exportAccount(app, me.id);
  const file = JSON.stringify(data);
  expect(file).not.toContain('203.0.113.66');
  expect(data.login_attempts).toEqual([
    expect.objectContaining({ ip: null, success: 0 }),
    expect.objectContaining({ ip: '198.51.100.23', success: 1 }),
  ]);
});

it('holds nothing about the staff and no message still held back from the member (issue 25 item 4)', async () => {
  const me = await member(app, 100);
  const chatpal = await member(app, 0, { user: { fictional: true } });
  const { user: operator } = await createStaff(app, ['operator']);
  const held = await member(app, 100, { user: { emailConfirmed: false, status: 'not_confirmed' } });
  // my question to a chatpal, the operator's disclosure, and the operator's claim on the conversation
  const asked = await send(app, me, { profile: chatpal.id, body: 'ben je echt?' });
  expect(asked.statusCode).toBe(200);
  const conversation = asked.json().message.conversation as number;
  await app.db.update(messages).set({ asksIfReal: true }).where(eq(messages.id, asked.json().message.id));
  await app.db.insert(messages).values({
    conversationId: conversation,
    senderId: chatpal.id,
    recipientId: me.id,
    type: 'text',
    body: 'Ik ben een fictief profiel.',
    clientId: crypto.randomUUID(),
    operatorId: operator.id,
    disclosure: true,
  });
  await app.db.update(conversations).set({ operatorId: operator.id, claimedAt: new Date() }).where(eq(conversations.id, conversation));
  // a message of a sender who has not confirmed: held back from me
  const heldSend = await send(app, held, { profile: me.id, body: 'vastgehouden bericht' });
  expect(heldSend.statusCode).toBe(200);
  const heldConversation = heldSend.json().message.conversation as number;

  const res = await app.inject({ method: 'GET', url: '/api/account-export.php', headers: { cookie: me.cookie } });
  expect(res.statusCode).toBe(200);
  const data = res.json() as Record<string, Row[] | undefined>;
  const file = res.body;
  for (const staff of ['operator_id', 'claimed_at', 'asks_if_real', 'honesty_reason', 'disclosure'])
    expect(file).not.toContain(`"${staff}"`);
  expect(file).not.toContain('vastgehouden bericht');
  const rows = Object.values(data).flatMap((v) => (Array.isArray(v) ? v : []));
  expect(rows.some((r) => r.conversation_id === heldConversation || (r.id === heldConversation && 'user_a' in r))).toBe(false);
  expect(rows.some((r) => Object.values(r).includes(operator.id) || Object.values(r).includes(held.id))).toBe(false);
  // what I wrote and what I was shown are there
  expect(data['messages.sender_id']).toEqual([expect.objectContaining({ body: 'ben je echt?', conversation_id: conversation })]);
  expect(data['messages.recipient_id']).toEqual([
    expect.objectContaining({ body: 'Ik ben een fictief profiel.', conversation_id: conversation }),
  ]);
  expect(data['conversations.started_by']).toEqual([expect.objectContaining({ id: conversation })]);

  // once the sender confirms, their message is one I see, and so is it in my file
  await app.db.update(users).set({ emailConfirmed: true, status: 'active' }).where(eq(users.id, held.id));
  expect(JSON.stringify(await exportAccount(app, me.id))).toContain('vastgehouden bericht');
});

it('names no staff member and holds no staff note: bans, complaints, refunds; not who reported the member', async () => {
  const { user: me } = await createMember(app);
  const { user: reporter } = await createMember(app);
  const { user: moderator } = await createStaff(app, ['moderator', 'payments'], { email: 'export-moderator@example.com' });
  await app.db.insert(memberBans).values({
    userId: me.id,
    reason: 'harassment',
    note: 'interne notitie over dit lid',
    previousStatus: 'active',
    staffId: moderator.id,
    staffEmail: moderator.email,
  });
  await app.db.insert(complaints).values({
    siteId: me.siteId,
    userId: me.id,
    name: 'Ik',
    email: me.email,
    subject: 'Klacht',
    message: 'mijn klacht',
    language: 'nl',
    status: 'handled',
    note: 'interne afhandeling',
    handledBy: moderator.id,
    handledByEmail: moderator.email,
    handledAt: new Date(),
  });
  await app.db.insert(reports).values({
    reporterId: reporter.id,
    reportedId: me.id,
    reason: 'scam',
    note: 'wat de melder schreef',
    evidence: { profile: null, messages: [], photos: [] },
  });
  const data = await exportAccount(app, me.id);
  const file = JSON.stringify(data);
  for (const secret of [
    'export-moderator@example.com',
    'interne notitie',
    'interne afhandeling',
    'wat de melder schreef',
    '"staff_id"',
    '"handled_by"',
    '"reporter_id"',
  ])
    expect([secret, file.includes(secret)]).toEqual([secret, false]);
  // the member's own side stays: the ban's reason, their complaint and its status
  expect(data.member_bans).toEqual([expect.objectContaining({ reason: 'harassment' })]);
  expect(data['complaints']).toEqual([expect.objectContaining({ message: 'mijn klacht', status: 'handled' })]);
  expect(
    Object.values(data)
      .flatMap((v) => (Array.isArray(v) ? (v as Row[]) : []))
      .some((r) => Object.values(r).includes(moderator.id) || Object.values(r).includes(reporter.id)),
  ).toBe(false);
});
