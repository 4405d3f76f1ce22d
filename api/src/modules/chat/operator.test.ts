/**
 * The operator console (issue 15) against the real server and database: the inbox, claims (two
 * operators, lapse), replies as the chatpal delivered live to the member (free of charge, the
 * operator's id recorded but never shown to the member), the honesty guard and the bad input of
 * the issue. The vulnerable-user warning is in operator-wellbeing.test.ts.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OperatorConversation, OperatorInbox, WsServerFrame } from '@dating/shared-kit/contracts';
import { selectRows } from '../../db/client';
import { buildTestApp, createMember, createStaff, loginCookie } from '../../test/helpers';
import { balance, member, send, TestSocket } from './test-helpers';
import type { TestMember } from './test-helpers';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await app.close();
});

const headers = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };

async function chatpal(name = 'Roos'): Promise<TestMember> {
  const { user } = await createMember(app, { name, user: { fictional: true } });
  return { id: user.id, cookie: await loginCookie(app, user.id) };
}

function call(cookie: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(payload ? headers : {}) },
    ...(payload ? { payload } : {}),
  });
}
const reply = (cookie: string, conversation: number, body: string, client_id: string = crypto.randomUUID()) =>
  call(cookie, 'POST', '/api/backoffice/operator/reply', { conversation, body, client_id });
const disclose = (cookie: string, conversation: number) =>
  call(cookie, 'POST', '/api/backoffice/operator/disclose', { conversation, client_id: crypto.randomUUID() });
const claim = (cookie: string, conversation: number) => call(cookie, 'POST', '/api/backoffice/operator/claim', { conversation });
const inbox = async (cookie: string, query = '') =>
  (await call(cookie, 'GET', `/api/backoffice/operator/inbox${query}`)).json() as OperatorInbox;
const view = async (cookie: string, id: number) =>
  (await call(cookie, 'GET', `/api/backoffice/operator/conversations/${id}`)).json() as OperatorConversation;

async function audit(action: string, target: string) {
  return selectRows<{ outcome: string; error: string | null; staff_id: number }>(
    app.db,
    sql`select outcome, error, staff_id from staff_audit where action = ${action} and target = ${target} order by id`,
  );
}

/** A member (with credits) who wrote `body` to a new chatpal: the conversation id. */
async function memberWrites(body: string, overrides: Parameters<typeof member>[2] = {}) {
  const pal = await chatpal();
  const m = await member(app, 100, overrides);
  const res = await send(app, m, { profile: pal.id, body });
  expect(res.statusCode).toBe(200);
  return { pal, m, conversation: res.json().message.conversation as number };
}

describe('inbox, claim and reply', () => {
  it('an operator answers as the chatpal: the member gets it live and free, the operator id stays staff-only', async () => {
    const op = await createStaff(app, ['operator']);
    const opSocket = await TestSocket.open(base, { id: op.user.id, cookie: op.cookie });
    const { pal, m, conversation } = await memberWrites('Hoi Roos, hoe gaat het?');
    const memberSocket = await TestSocket.open(base, m);
    try {
      // the operator's console hears of the conversation; members never get these frames
      await opSocket.next((f) => f.type === 'operator:inbox' && f.conversation === conversation);

      const waiting = await inbox(op.cookie, `?q=${conversation}`);
      expect(waiting.items).toEqual([
        expect.objectContaining({
          conversation,
          unanswered: true,
          disclosure_due: false,
          claim: null,
          last_body: 'Hoi Roos, hoe gaat het?',
          member: expect.objectContaining({ id: m.id }),
          chatpal: expect.objectContaining({ id: pal.id, fictional: true }),
        }),
      ]);
      expect((await claim(op.cookie, conversation)).json().claim).toMatchObject({ operator_id: op.user.id, mine: true });

      const before = await balance(app, m.id);
      const res = await reply(op.cookie, conversation, 'Goed hoor, en met jou?');
      expect(res.statusCode).toBe(200);
      const sent = res.json().message;
      expect(sent).toMatchObject({ from: 'chatpal', body: 'Goed hoor, en met jou?', operator_id: op.user.id, disclosure: false });

      // live, as any message: the chatpal is the sender; no trace of the operator in the frame
      const frame = await memberSocket.next<Extract<WsServerFrame, { type: 'message:new' }>>(
        (f) => f.type === 'message:new' && f.message.id === sent.id,
      );
      expect(frame.message).toMatchObject({ sender: pal.id, recipient: m.id, body: 'Goed hoor, en met jou?', credits: 0 });
      expect(JSON.stringify(frame)).not.toMatch(/operator|disclosure/);
      // the member's history and list neither
      const history = await call(m.cookie, 'GET', `/api/messages.php?conversation=${conversation}`);
      expect(history.json().messages.at(-1)).toMatchObject({ id: sent.id, sender: pal.id });
      expect(history.body).not.toMatch(/operator|asks_if_real|disclosure/);
      expect((await call(m.cookie, 'GET', '/api/chats.php')).body).not.toMatch(/operator/);
      expect(memberSocket.frames.some((f) => (f.type as string) === 'operator:inbox')).toBe(false);

      // the member's credits and ledger untouched; the database knows who wrote it; audited
      expect(await balance(app, m.id)).toBe(before);
      const [row] = await selectRows<{ operator_id: number; credits: number }>(
        app.db,
        sql`select operator_id, credits from messages where id = ${sent.id}`,
      );
      expect(row).toEqual({ operator_id: op.user.id, credits: 0 });
      expect(await selectRows(app.db, sql`select 1 from credit_ledger where ref = ${`message:${sent.id}`}`)).toEqual([]);
      expect((await audit('operator.reply', `conversation:${conversation}`)).map((a) => a.outcome)).toEqual(['done']);

      // answered: out of the unanswered inbox, still in "all"
      expect((await inbox(op.cookie, `?q=${conversation}`)).items).toEqual([]);
      expect((await inbox(op.cookie, `?filter=all&q=${conversation}`)).items[0]).toMatchObject({ unanswered: false, waiting_since: null });
    } finally {
      opSocket.close();
      memberSocket.close();
    }
  });

  it('lists the oldest unanswered first, finds by name, pages', async () => {
    const op = await createStaff(app, ['operator']);
    const first = await memberWrites('eerste');
    const second = await memberWrites('tweede');
    await app.db.execute(sql`update messages set created_at = now() - interval '3 hours' where conversation_id = ${first.conversation}`);
    await app.db.execute(sql`update messages set created_at = now() - interval '2 hours' where conversation_id = ${second.conversation}`);
    const all = await inbox(op.cookie);
    const ids = all.items.map((i) => i.conversation);
    expect(ids.indexOf(first.conversation)).toBeLessThan(ids.indexOf(second.conversation));
    expect(all.per_page).toBe(20);
    const [name] = await selectRows<{ name: string }>(app.db, sql`select name from profiles where user_id = ${second.m.id}`);
    expect((await inbox(op.cookie, `?q=${encodeURIComponent(name?.name ?? '')}`)).items.map((i) => i.conversation)).toContain(
      second.conversation,
    );
    expect((await inbox(op.cookie, '?q=nobody-has-this-name')).items).toEqual([]);
    expect((await inbox(op.cookie, '?page=500')).items).toEqual([]);
  });

  it('shows both profiles side by side with the history', async () => {
    const op = await createStaff(app, ['operator']);
    const { pal, m, conversation } = await memberWrites('Hallo daar', { user: { language: 'de' } });
    const c = await view(op.cookie, conversation);
    expect(c.member.id).toBe(m.id);
    expect(c.chatpal).toMatchObject({ id: pal.id, fictional: true });
    expect(c.messages).toEqual([expect.objectContaining({ from: 'member', body: 'Hallo daar', asks_if_real: false })]);
    expect(c.member_language).toBe('de');
    expect(c.disclosure_text).toBe('Dieses Profil ist fiktiv und wird von einem Mitarbeiter der Website betreut.');
    expect(c.member_messages_24h).toBe(1);
  });
});

describe('claims', () => {
  it('one operator at a time: another operator gets 409 (translated, audited), also when claiming at once', async () => {
    const a = await createStaff(app, ['operator']);
    const b = await createStaff(app, ['operator'], { user: { language: 'en' } });
    const { conversation } = await memberWrites('Hoi');
    const [ra, rb] = await Promise.all([claim(a.cookie, conversation), claim(b.cookie, conversation)]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser] = ra.statusCode === 200 ? [a, b] : [b, a];
    const refused = await reply(loser.cookie, conversation, 'ik ook');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'conversation_claimed' });
    expect(refused.json().message).toContain(winner.user.email);
    // in the operator's own language (b reads English)
    expect(refused.json().message).toMatch(loser === b ? /^Another operator is already answering/ : /^Een andere operator beantwoordt/);
    expect((await view(winner.cookie, conversation)).messages).toHaveLength(1);
    const audited = await audit('operator.reply', `conversation:${conversation}`);
    expect(audited).toEqual([expect.objectContaining({ outcome: 'refused', error: 'conversation_claimed', staff_id: loser.user.id })]);
  });

  it('a claim lapses after 5 minutes idle; its holder may give it back', async () => {
    const a = await createStaff(app, ['operator']);
    const b = await createStaff(app, ['operator']);
    const { conversation } = await memberWrites('Hoi');
    expect((await claim(a.cookie, conversation)).statusCode).toBe(200);
    expect((await claim(b.cookie, conversation)).statusCode).toBe(409);
    await app.db.execute(sql`update conversations set claimed_at = now() - interval '301 seconds' where id = ${conversation}`);
    expect((await inbox(b.cookie, `?q=${conversation}`)).items[0]?.claim).toBeNull();
    expect((await claim(b.cookie, conversation)).json().claim).toMatchObject({ operator_id: b.user.id, mine: true });
    // released: free for anyone
    expect((await call(b.cookie, 'POST', '/api/backoffice/operator/release', { conversation })).json()).toEqual({ claim: null });
    expect((await reply(a.cookie, conversation, 'Daar ben ik weer')).statusCode).toBe(200);
  });
});

describe('honesty guard', () => {
  it('a question whether the chatpal is real allows only the disclosure, in the member’s language; a new question flags again', async () => {
    const op = await createStaff(app, ['operator']);
    const { m, conversation } = await memberWrites('Hoi!', { user: { language: 'fr' } });
    const memberSocket = await TestSocket.open(base, m);
    try {
      expect((await send(app, m, { conversation, body: 'Es-tu réel ?' })).statusCode).toBe(200);
      const flagged = await view(op.cookie, conversation);
      expect(flagged.disclosure_due).toBe(true);
      expect(flagged.messages.at(-1)).toMatchObject({ body: 'Es-tu réel ?', asks_if_real: true });
      expect((await inbox(op.cookie, `?q=${conversation}`)).items[0]).toMatchObject({ disclosure_due: true });

      const plain = await reply(op.cookie, conversation, 'Natuurlijk ben ik echt!');
      expect(plain.statusCode).toBe(409);
      expect(plain.json()).toMatchObject({
        error: 'disclosure_required',
        message: expect.stringMatching(/^Het lid vroeg of dit profiel echt is/),
      });
      expect((await view(op.cookie, conversation)).messages).toHaveLength(2);
      expect(await audit('operator.reply', `conversation:${conversation}`)).toEqual([
        expect.objectContaining({ outcome: 'refused', error: 'disclosure_required' }),
      ]);

      const done = await disclose(op.cookie, conversation);
      expect(done.statusCode).toBe(200);
      expect(done.json().message).toMatchObject({ disclosure: true, body: 'Ce profil est fictif et est géré par un employé du site.' });
      const frame = await memberSocket.next<Extract<WsServerFrame, { type: 'message:new' }>>(
        (f) => f.type === 'message:new' && f.message.id === done.json().message.id,
      );
      expect(frame.message.body).toBe('Ce profil est fictif et est géré par un employé du site.');
      expect((await audit('operator.disclose', `conversation:${conversation}`)).map((a) => a.outcome)).toEqual(['done']);

      expect((await reply(op.cookie, conversation, 'Je peux quand même discuter avec toi.')).statusCode).toBe(200);
      expect((await view(op.cookie, conversation)).disclosure_due).toBe(false);

      // asked again later: flagged again
      await send(app, m, { conversation, body: 'tu es un robot ?' });
      expect((await view(op.cookie, conversation)).disclosure_due).toBe(true);
      expect((await reply(op.cookie, conversation, 'Non!')).statusCode).toBe(409);
    } finally {
      memberSocket.close();
    }
  });

  it('a question between two members is not flagged', async () => {
    const a = await member(app, 100);
    const b = await member(app);
    const id = (await send(app, a, { profile: b.id, body: 'ben je echt?' })).json().message.id;
    const [row] = await selectRows<{ asks_if_real: boolean }>(app.db, sql`select asks_if_real from messages where id = ${id}`);
    expect(row?.asks_if_real).toBe(false);
  });
});

describe('bad input', () => {
  it('refuses unknown conversations, empty and oversized replies, bad client ids: translated, nothing stored', async () => {
    const op = await createStaff(app, ['operator']);
    const { conversation } = await memberWrites('Hoi');
    const unknown = await reply(op.cookie, 999_999, 'hallo');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'conversation_not_found', message: 'Dit gesprek bestaat niet (meer).' });
    expect((await call(op.cookie, 'GET', '/api/backoffice/operator/conversations/999999')).statusCode).toBe(404);
    // a conversation between two members is no operator's business
    const a = await member(app, 100);
    const b = await member(app);
    const between = (await send(app, a, { profile: b.id, body: 'hoi' })).json().message.conversation;
    expect((await reply(op.cookie, between, 'meekijken')).statusCode).toBe(404);
    expect((await claim(op.cookie, between)).statusCode).toBe(404);

    const empty = await reply(op.cookie, conversation, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'message_empty', message: 'Je bericht is leeg.' });
    const long = await reply(op.cookie, conversation, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'chat_message_too_long' });
    expect((await reply(op.cookie, conversation, 'hoi', 'not-a-uuid')).statusCode).toBe(400);
    expect(
      (await call(op.cookie, 'POST', '/api/backoffice/operator/reply', { conversation: 'abc', body: 'x', client_id: crypto.randomUUID() }))
        .statusCode,
    ).toBe(400);
    expect((await view(op.cookie, conversation)).messages).toHaveLength(1);
    const refusals = await audit('operator.reply', `conversation:${conversation}`);
    expect(refusals.map((r) => r.error)).toEqual(['message_empty', 'chat_message_too_long', 'client_id_invalid']);
  });

  it('refuses visitors, members and staff without the operator role (403); admins may', async () => {
    const { conversation } = await memberWrites('Hoi');
    const m = await member(app);
    const moderator = await createStaff(app, ['moderator']);
    const admin = await createStaff(app, ['admin']);
    for (const [cookie, error] of [
      [null, 'authentication_required'],
      [m.cookie, 'staff_only'],
      [moderator.cookie, 'staff_role_required'],
    ] as const) {
      expect((await call(cookie, 'GET', '/api/backoffice/operator/inbox')).json().error).toBe(error);
      const res = await reply(cookie as string, conversation, 'hoi');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(error);
    }
    // the staff member without the role is in the audit log (members and visitors are no staff actions)
    const refused = await selectRows<{ action: string; outcome: string; error: string }>(
      app.db,
      sql`select action, outcome, error from staff_audit where staff_id = ${moderator.user.id}`,
    );
    expect(refused).toEqual(
      expect.arrayContaining([{ action: 'POST /api/backoffice/operator/reply', outcome: 'refused', error: 'staff_role_required' }]),
    );
    expect((await reply(admin.cookie, conversation, 'Hoi terug')).statusCode).toBe(200);
  });

  it('a retried reply (same client_id) is stored once', async () => {
    const op = await createStaff(app, ['operator']);
    const { conversation } = await memberWrites('Hoi');
    const id = crypto.randomUUID();
    const [r1, r2] = [await reply(op.cookie, conversation, 'een keer', id), await reply(op.cookie, conversation, 'een keer', id)];
    expect(r1.json().message.id).toBe(r2.json().message.id);
    expect((await view(op.cookie, conversation)).messages).toHaveLength(2);
  });
});
