/**
 * The honesty guard through the real send path (issue 25): a member's disguised question and a
 * short "echt?" right after a chatpal's message are flagged by chat_send with the reason
 * (messages.honesty_reason), the console shows why, the operator's "Ja hoor, ik ben echt!" is
 * refused (409 disclosure_required) and the disclosure goes through. The recogniser's own table
 * is honesty.test.ts.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OperatorConversation } from '@dating/shared-kit/contracts';
import { selectRows } from '../../db/client';
import { buildTestApp, createMember, createStaff, loginCookie } from '../../test/helpers';
import { member, send } from './test-helpers';
import type { TestMember } from './test-helpers';

let app: FastifyInstance;
let operator: { cookie: string };
beforeAll(async () => {
  app = await buildTestApp();
  operator = await createStaff(app, ['operator']);
}, 180_000);
afterAll(async () => {
  await app.close();
});

const headers = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };
const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie: operator.cookie, ...headers }, payload });
const reply = (conversation: number, body: string) =>
  post('/api/backoffice/operator/reply', { conversation, body, client_id: crypto.randomUUID() });
const disclose = (conversation: number) => post('/api/backoffice/operator/disclose', { conversation, client_id: crypto.randomUUID() });
const view = async (id: number) =>
  (
    await app.inject({ method: 'GET', url: `/api/backoffice/operator/conversations/${id}`, headers: { cookie: operator.cookie } })
  ).json() as OperatorConversation;

async function chatpal(): Promise<TestMember> {
  const { user } = await createMember(app, { name: 'Roos', user: { fictional: true } });
  return { id: user.id, cookie: await loginCookie(app, user.id) };
}

/** A member with credits and a conversation with a new chatpal, opened with `first`. */
async function opened(first = 'Hoi Roos!') {
  const pal = await chatpal();
  const m = await member(app, 500);
  const res = await send(app, m, { profile: pal.id, body: first });
  expect(res.statusCode).toBe(200);
  return { pal, m, conversation: res.json().message.conversation as number, first: res.json().message.id as number };
}

async function stored(id: number) {
  const [row] = await selectRows<{ asks_if_real: boolean; honesty_reason: string | null }>(
    app.db,
    sql`select asks_if_real, honesty_reason from messages where id = ${id}`,
  );
  return row;
}

describe('the honesty guard on the send path', () => {
  it('a disguised question is flagged with its reason; the operator may only disclose', async () => {
    const { m, conversation } = await opened();
    // Cyrillic а and о, and a zero-width space inside "real"
    const asked = await send(app, m, { conversation, body: 'аre yоu re\u200bаl?' });
    expect(asked.statusCode).toBe(200);
    expect(await stored(asked.json().message.id)).toEqual({ asks_if_real: true, honesty_reason: 'real_question+disguised' });
    // the member's own view shows nothing of the guard
    expect(JSON.stringify(asked.json())).not.toMatch(/honesty|asks_if_real/);

    const shown = await view(conversation);
    expect(shown.disclosure_due).toBe(true);
    expect(shown.messages.at(-1)).toMatchObject({ asks_if_real: true, honesty: { reason: 'real_question', disguised: true } });
    expect(shown.messages[0]).toMatchObject({ asks_if_real: false, honesty: null });

    const lie = await reply(conversation, 'Ja hoor, ik ben echt!');
    expect(lie.statusCode).toBe(409);
    expect(lie.json()).toMatchObject({ error: 'disclosure_required' });
    expect((await disclose(conversation)).statusCode).toBe(200);
    expect((await reply(conversation, 'Zullen we verder kletsen?')).statusCode).toBe(200);
  });

  it('"echt?" right after the chatpal’s message is a question; the lie is refused, the disclosure goes through', async () => {
    const { m, conversation } = await opened();
    expect((await reply(conversation, 'Ik ben 25 en woon in Utrecht')).statusCode).toBe(200);
    const short = await send(app, m, { conversation, body: 'echt?' });
    expect(await stored(short.json().message.id)).toEqual({ asks_if_real: true, honesty_reason: 'short_form' });
    expect((await view(conversation)).messages.at(-1)).toMatchObject({ honesty: { reason: 'short_form', disguised: false } });

    const lie = await reply(conversation, 'Ja hoor, ik ben echt!');
    expect(lie.statusCode).toBe(409);
    expect(lie.json()).toMatchObject({ error: 'disclosure_required' });
    const done = await disclose(conversation);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toMatchObject({ disclosure: true });
    expect((await view(conversation)).disclosure_due).toBe(false);
  });

  it('a short form that does not answer the chatpal is not flagged', async () => {
    // the conversation's first message
    const first = await opened('echt?');
    expect(await stored(first.first)).toEqual({ asks_if_real: false, honesty_reason: null });
    // after the member's own message
    const second = await send(app, first.m, { conversation: first.conversation, body: 'r e a l ?' });
    expect(await stored(second.json().message.id)).toEqual({ asks_if_real: false, honesty_reason: null });
    expect((await view(first.conversation)).disclosure_due).toBe(false);
    // between two members nothing is flagged, full questions included
    const a = await member(app, 100);
    const b = await member(app, 100);
    await send(app, a, { profile: b.id, body: 'Hoi' });
    const fromB = await send(app, b, { profile: a.id, body: 'echt?' });
    const full = await send(app, b, { profile: a.id, body: 'ben je een bot?' });
    expect(await stored(fromB.json().message.id)).toEqual({ asks_if_real: false, honesty_reason: null });
    expect(await stored(full.json().message.id)).toEqual({ asks_if_real: false, honesty_reason: null });
  });

  it('ten "echt?" at once after the chatpal’s message: exactly the first answers the chatpal and is flagged (races: proven on PostgreSQL)', async () => {
    const { m, conversation } = await opened();
    expect((await reply(conversation, 'Ik heb drie katten')).statusCode).toBe(200);
    const sends = await Promise.all(Array.from({ length: 10 }, () => send(app, m, { conversation, body: 'echt?' })));
    expect(sends.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const rows = await selectRows<{ honesty_reason: string | null }>(
      app.db,
      sql`select honesty_reason from messages where conversation_id = ${conversation} and sender_id = ${m.id} and body = 'echt?' order by id`,
    );
    expect(rows.map((r) => r.honesty_reason)).toEqual(['short_form', ...Array(9).fill(null)]);
  });

  it('migration 0030 replaced chat_send and chat_store (no overload with the old boolean left behind)', async () => {
    const rows = await selectRows<{ proname: string; args: string }>(
      app.db,
      sql`select proname, pg_get_function_identity_arguments(oid) as args from pg_proc where proname in ('chat_send', 'chat_store') order by proname`,
    );
    expect(rows.map((r) => r.proname)).toEqual(['chat_send', 'chat_store']);
    for (const r of rows) expect(r.args).toMatch(/p_honesty text/);
  });

  it.each([
    ['is dit profiel echt?', 'real_question'],
    ['zijn jullie echt?', 'real_question'],
    ['is this profile real?', 'real_question'],
    ["you're real, right?", 'real_question'],
    ['u real?', 'real_question'],
    ['is this a fake account?', 'real_question'],
    ['do you work for this site?', 'staff_question'],
    ['Are. You. Real?', 'real_question'],
    ['bist du eine KI?', 'bot_question'],
    ['ben je een computerprogramma?', 'bot_question'],
    ['wordt dit profiel door de site beheerd?', 'staff_question'],
  ])('the issue’s %j is stored as %s', async (body, reason) => {
    const { m, conversation } = await opened();
    const res = await send(app, m, { conversation, body });
    expect(await stored(res.json().message.id)).toEqual({ asks_if_real: true, honesty_reason: reason });
  });
});
