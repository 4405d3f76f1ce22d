/**
 * The stored copy of a mail sent over SMTP keeps no usable link token; the member received the
 * real link. Unsent mails and the outbox transport (the dev mailbox) keep their links.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../db/schema';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../modules/identity/test-smtp';
import { buildTestApp, createMember } from '../test/helpers';
import { redactLinkTokens } from './mail';

let app: FastifyInstance;
let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpInbox();
  app = await buildTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

it('blanks the link token in the outbox once the mail went out over SMTP', async () => {
  const { user } = await createMember(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/reset-password.php',
    headers: { 'content-type': 'application/json' },
    payload: { email: user.email },
  });
  expect(res.statusCode).toBe(200);
  const token = tokenOf(linkIn(await smtp.waitFor(user.email)));
  expect(token.length).toBeGreaterThan(20);

  const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(desc(mailOutbox.id)).limit(1);
  expect(row?.sentAt).not.toBeNull();
  expect(row?.text).not.toContain(token);
  expect(row?.html).not.toContain(token);
  expect(row?.text).toContain('/reset-password/do?token=sent');

  // the member's link still works
  const done = await app.inject({
    method: 'PUT',
    url: '/api/reset-password.php',
    headers: { 'content-type': 'application/json' },
    payload: { token, password: 'nieuw-wachtwoord-1', password_repeat: 'nieuw-wachtwoord-1' },
  });
  expect(done.statusCode).toBe(200);
});

it('redactLinkTokens replaces only token values', () => {
  expect(redactLinkTokens('Open https://x.example/reset-password/do?token=AbC_12-defghijklmnop now')).toBe(
    'Open https://x.example/reset-password/do?token=sent now',
  );
  expect(redactLinkTokens('<a href="https://x.example/a?x=1&amp;token=AbC_12-defghijklmnop">')).toBe(
    '<a href="https://x.example/a?x=1&amp;token=sent">',
  );
  expect(redactLinkTokens('no link here, token=short')).toBe('no link here, token=short');
});
