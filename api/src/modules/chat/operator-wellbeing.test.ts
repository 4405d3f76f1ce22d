/**
 * The vulnerable-user warning (issue 15, wellbeing.ts): more messages to chatpals within 24 hours
 * than the site's chatpal_warning_messages bring, once a day, a notice in the member's language in
 * the send's answer (mf-chat shows it in the conversation).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ZSettings } from '@dating/shared-kit/contracts';
import { DEMO_SITES } from '../sites/defaults';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import { member } from './test-helpers';
import type { TestMember } from './test-helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  // the Polish demo site warns after 2 messages
  await app.db.execute(sql`update sites set settings = jsonb_set(settings, '{chatpal_warning_messages}', '2') where domain = 'example.pl'`);
  app.sites.invalidate();
}, 180_000);
afterAll(async () => {
  await app.close();
});

async function chatpal(): Promise<TestMember> {
  const { user } = await createMember(app, { user: { fictional: true } });
  return { id: user.id, cookie: await loginCookie(app, user.id) };
}

function sendOn(host: string, from: TestMember, profile: number, body = 'hoi') {
  return app.inject({
    method: 'POST',
    url: '/api/messages.php',
    headers: { cookie: from.cookie, host, 'content-type': 'application/json' },
    payload: { client_id: crypto.randomUUID(), type: 'text', profile, body },
  });
}

const POLISH =
  'Warto wiedzieć: rozmówcy czatu (chatpals) to fikcyjne profile. Ich wiadomości piszą pracownicy serwisu, a nie prawdziwi użytkownicy, i nie możesz ich spotkać.';

describe('vulnerable-user warning', () => {
  it('past the site’s number of messages to chatpals in 24 hours: one notice a day, in the member’s language', async () => {
    const m = await member(app, 500, { user: { language: 'pl' } });
    const [p1, p2] = [await chatpal(), await chatpal()];
    // two messages: at the limit, no notice
    for (const pal of [p1, p2]) expect((await sendOn('example.pl', m, pal.id)).json().notice).toBeUndefined();
    // the third (to either chatpal) crosses it
    const third = await sendOn('example.pl', m, p1.id);
    expect(third.statusCode).toBe(200);
    expect(third.json().notice).toEqual({ code: 'chatpals_fictional', message: POLISH });
    // shown once a day
    expect((await sendOn('example.pl', m, p2.id)).json().notice).toBeUndefined();
    // a day later, still writing that much: again
    await app.db.execute(sql`update chatpal_notices set shown_at = now() - interval '25 hours' where user_id = ${m.id}`);
    expect((await sendOn('example.pl', m, p2.id)).json().notice).toMatchObject({ code: 'chatpals_fictional' });
  });

  it('counts only messages to chatpals, and the default site’s number (50)', async () => {
    const m = await member(app, 500, { user: { language: 'en' } });
    const other = await member(app);
    for (let i = 0; i < 3; i++) expect((await sendOn('example.pl', m, other.id)).json().notice).toBeUndefined();
    const pal = await chatpal();
    expect((await sendOn('example.pl', m, pal.id)).json().notice).toBeUndefined();
    // on localhost (default 50) three more are fine
    for (let i = 0; i < 3; i++) expect((await sendOn('localhost', m, pal.id)).json().notice).toBeUndefined();
  });

  it('is a site setting in the contract: 50 by default, a positive whole number', () => {
    const settings = DEMO_SITES[0]?.settings;
    expect(settings?.chatpal_warning_messages).toBe(50);
    const { chatpal_warning_messages: _drop, ...without } = settings as NonNullable<typeof settings>;
    expect(ZSettings.parse(without).chatpal_warning_messages).toBe(50);
    for (const bad of [0, -1, 2.5, 'veel']) expect(ZSettings.safeParse({ ...without, chatpal_warning_messages: bad }).success).toBe(false);
  });
});
