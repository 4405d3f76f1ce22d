/**
 * Without SMTP_URL every mail stays in the outbox table, readable at /dev/mailbox (not in
 * production). Also: every mail template exists in all 7 languages with the site's name and domain.
 */
import type { FastifyInstance } from 'fastify';
import { MAIL_KINDS, MAIL_LANGS, renderMail } from '../../platform/mail-templates';
import { buildTestApp } from '../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { SMTP_URL: undefined } });
});
afterAll(async () => {
  await app.close();
});

it('keeps mails in the outbox and lists them at /dev/mailbox', async () => {
  const email = `outbox-${Date.now()}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: { 'content-type': 'application/json', cookie: 'lang=pl' },
    payload: { email, name: 'Ola', password: 'haslo-haslo-1', date_of_birth: '1995-03-03', gender: 'female', country: 'PL' },
  });
  expect(res.statusCode).toBe(201);
  const box = await app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(email)}` });
  expect(box.statusCode).toBe(200);
  const { mails } = box.json() as { mails: { to: string; subject: string; text: string; html: string; kind: string }[] };
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ to: email, kind: 'activation', subject: 'Potwierdź swój adres e-mail w Flirtlokaal' });
  expect(mails[0]?.text).toContain('/api/activate.php?token=');
});

it('hides /dev/mailbox in production', async () => {
  const prod = await buildTestApp({ env: { NODE_ENV: 'production', SMTP_URL: undefined } });
  try {
    const res = await prod.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.body).not.toContain('mails');
    expect(res.headers['content-type']).not.toContain('application/json');
  } finally {
    await prod.close();
  }
});

it('has every mail in every language, naming the site and its domain, with escaped HTML', () => {
  for (const kind of MAIL_KINDS) {
    for (const lang of MAIL_LANGS) {
      const m = renderMail(kind, lang, { name: '<b>Eve</b>', siteName: 'Flirtlokaal', domain: 'flirt.example', link: 'https://flirt.example/x?token=abc', validFor: 2 });
      expect(m.subject).toContain('Flirtlokaal');
      expect(m.text).toContain('flirt.example');
      expect(m.html).toContain('flirt.example');
      expect(m.html).not.toContain('<b>Eve</b>');
      expect(m.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    }
  }
});
