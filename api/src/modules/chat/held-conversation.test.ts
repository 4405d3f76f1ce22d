/**
 * A conversation in which only a sender who has not confirmed their address wrote is held back
 * from the recipient whole (issue 25 item 4): GET /api/messages.php?profile=<that sender> answers
 * exactly as if there were no conversation (no id that tells a held message exists), and by its id
 * it is not found; once the sender confirms, or once the recipient writes, it is there.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { buildTestApp } from '../../test/helpers';
import { member, send } from './test-helpers';
import type { TestMember } from './test-helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const get = (m: TestMember, query: string) =>
  app.inject({ method: 'GET', url: `/api/messages.php?${query}`, headers: { cookie: m.cookie } });

it('answers a recipient about an unconfirmed sender exactly as if there were no conversation', async () => {
  const recipient = await member(app);
  const held = await member(app, 100, { user: { emailConfirmed: false, status: 'not_confirmed' } });
  const stranger = await member(app, 0, { user: { emailConfirmed: false, status: 'not_confirmed' } });
  // the answer about a member who never wrote: the reference
  const none = await get(recipient, `profile=${stranger.id}`);
  expect(none.statusCode).toBe(200);

  const sent = await send(app, held, { profile: recipient.id, body: 'ben ik al zichtbaar?' });
  expect(sent.statusCode).toBe(200);
  const conversation = sent.json().message.conversation as number;

  const res = await get(recipient, `profile=${held.id}`);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const { profile: _heldProfile, ...rest } = body;
  const { profile: _strangerProfile, ...reference } = none.json();
  expect(rest).toEqual(reference);
  expect(body.conversation).toBeNull();
  // by its id: as unknown as any conversation that is not mine
  const byId = await get(recipient, `conversation=${conversation}`);
  expect([byId.statusCode, byId.json().error]).toEqual([404, 'conversation_not_found']);
  // and so does every other call that names it: the read marker, typing, deleting the chat
  const json = { 'content-type': 'application/json' };
  for (const [method, url] of [
    ['PUT', '/api/messages.php'],
    ['POST', '/api/typing.php'],
    ['DELETE', '/api/chat.php'],
  ] as const) {
    const res = await app.inject({ method, url, headers: { cookie: recipient.cookie, ...json }, payload: { conversation } });
    expect([method, url, res.statusCode, res.json().error]).toEqual([method, url, 404, 'conversation_not_found']);
  }
  // the sender sees their own conversation
  expect((await get(held, `profile=${recipient.id}`)).json()).toMatchObject({
    conversation,
    messages: [expect.objectContaining({ body: 'ben ik al zichtbaar?' })],
  });

  // once the sender confirms, it is the recipient's too
  await app.db.update(users).set({ emailConfirmed: true, status: 'active' }).where(eq(users.id, held.id));
  expect((await get(recipient, `profile=${held.id}`)).json()).toMatchObject({
    conversation,
    messages: [expect.objectContaining({ body: 'ben ik al zichtbaar?' })],
  });
});

it('a conversation the recipient wrote in themselves is theirs, held messages still left out', async () => {
  const recipient = await member(app, 100);
  const held = await member(app, 100, { user: { emailConfirmed: false, status: 'not_confirmed' } });
  const mine = await send(app, recipient, { profile: held.id, body: 'hoi, wie ben jij?' });
  expect(mine.statusCode).toBe(200);
  const conversation = mine.json().message.conversation as number;
  expect((await send(app, held, { profile: recipient.id, body: 'nog vastgehouden' })).statusCode).toBe(200);
  const res = (await get(recipient, `profile=${held.id}`)).json();
  expect(res.conversation).toBe(conversation);
  expect(res.messages.map((m: { body: string }) => m.body)).toEqual(['hoi, wie ben jij?']);
});
