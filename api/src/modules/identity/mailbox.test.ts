/**
 * Without SMTP_URL every mail stays in the outbox table, readable at /dev/mailbox (not in
 * production). Also: every mail template exists in all 7 languages with the site's name and domain.
 */
import type { FastifyInstance } from 'fastify';
import { MAIL_KINDS, MAIL_LANGS, renderMail } from '../../platform/mail-templates';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';

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
  const prod = await buildTestApp({ env: { NODE_ENV: 'production', SMTP_URL: undefined, MOLLIE_SIMULATOR: true } });
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
      const m = renderMail(kind, lang, {
        name: '<b>Eve</b>',
        siteName: 'Flirtlokaal',
        domain: 'flirt.example',
        link: 'https://flirt.example/x?token=abc',
        validFor: 2,
      });
      expect(m.subject).toContain('Flirtlokaal');
      expect(m.text).toContain('flirt.example');
      expect(m.html).toContain('flirt.example');
      expect(m.html).not.toContain('<b>Eve</b>');
      expect(m.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    }
  }
});

describe('who may read /dev/mailbox (issue 13 item 1)', () => {
  it('a visitor from another machine gets a 404, whatever headers claim; staff may read it', async () => {
    const far = { remoteAddress: '203.0.113.7' };
    const stranger = await app.inject({ method: 'GET', url: '/dev/mailbox', ...far });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('mails');
    // a header naming loopback does not make the peer loopback
    const spoofed = await app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      ...far,
      headers: { 'x-forwarded-for': '127.0.0.1', host: 'localhost' },
    });
    expect(spoofed.statusCode).toBe(404);
    // a loopback peer that a reverse proxy forwarded is a visitor too
    const proxied = await app.inject({ method: 'GET', url: '/dev/mailbox', headers: { 'x-forwarded-for': '198.51.100.4' } });
    expect(proxied.statusCode).toBe(404);
    // a member is no staff
    const { user } = await createMember(app);
    const member = await app.inject({ method: 'GET', url: '/dev/mailbox', ...far, headers: { cookie: await loginCookie(app, user.id) } });
    expect(member.statusCode).toBe(404);
    const { user: staff } = await createMember(app, { user: { isStaff: true } });
    const byStaff = await app.inject({ method: 'GET', url: '/dev/mailbox', ...far, headers: { cookie: await loginCookie(app, staff.id) } });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json()).toHaveProperty('mails');
  });

  it('the mails link to the origin the site runs on, also in the footer', async () => {
    const local = await buildTestApp({ env: { SMTP_URL: undefined, PUBLIC_URL: 'http://127.0.0.1:4321' } });
    try {
      const email = `footer-${Date.now()}@example.com`;
      const res = await local.inject({
        method: 'POST',
        url: '/api/signup.php',
        headers: { 'content-type': 'application/json' },
        payload: { email, name: 'Fien', password: 'geheim-geheim-1', date_of_birth: '1994-02-02', gender: 'female', country: 'NL' },
      });
      expect(res.statusCode).toBe(201);
      const { mails } = (await local.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(email)}` })).json() as {
        mails: { text: string; html: string }[];
      };
      const [mail] = mails;
      expect(mail?.text).toContain('http://127.0.0.1:4321/api/activate.php?token=');
      expect(mail?.text).not.toContain('https://localhost');
      expect(mail?.html).not.toContain('https://localhost');
      expect(mail?.html).toContain('href="http://127.0.0.1:4321"');
    } finally {
      await local.close();
    }
  });
});
