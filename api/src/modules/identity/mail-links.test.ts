/**
 * Mailed links are built from the site's own domain (or PUBLIC_URL), never from the request's Host
 * header: a forged Host must not put another domain (with the member's token) into a reset link.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import type { SiteContext } from '../sites';
import { linkBase } from '../../platform/mail-links';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { SMTP_URL: undefined, PUBLIC_URL: undefined, PORT: 3000 } });
});
afterAll(async () => {
  await app.close();
});

async function lastMailTo(email: string) {
  const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  if (!row) throw new Error(`no mail to ${email}`);
  return row;
}

const requestReset = (email: string, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/reset-password.php',
    headers: { 'content-type': 'application/json', ...headers },
    payload: { email },
  });

describe('mailed links', () => {
  it('a reset requested with a forged Host header links to the site, not to that host', async () => {
    const { user } = await createMember(app);
    const res = await requestReset(user.email, { host: 'evil.example' });
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(user.email);
    expect(mail.kind).toBe('reset');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    // the unknown host resolved to the default demo site `localhost`, served over http on PORT
    expect(mail.text).toContain('http://localhost:3000/reset-password/do?token=');
  });

  it('ignores X-Forwarded-Host too, and uses https on a real domain', async () => {
    const { user } = await createMember(app, { siteDomain: 'example.de' });
    const res = await requestReset(user.email, { host: 'example.de', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' });
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(user.email);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain('https://example.de/reset-password/do?token=');
  });

  it('the mail-change and deletion links use the site domain as well', async () => {
    const { user, password } = await createMember(app);
    const cookie = await loginCookie(app, user.id);
    const newEmail = `changed-${Date.now()}@example.com`;
    const change = await app.inject({
      method: 'PUT',
      url: '/api/account.php',
      headers: { 'content-type': 'application/json', host: 'evil.example', cookie },
      payload: { email: newEmail, password },
    });
    expect(change.statusCode).toBe(200);
    expect((await lastMailTo(newEmail)).text).toContain('http://localhost:3000/mail-change/do?token=');

    const del = await app.inject({
      method: 'DELETE',
      url: '/api/account.php',
      headers: { 'content-type': 'application/json', host: 'evil.example', cookie },
      payload: { reason: 'other', remarks: '' },
    });
    expect(del.statusCode).toBe(200);
    const mail = await lastMailTo(user.email);
    expect(mail.kind).toBe('reactivation');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain('http://localhost:3000/account-deleted?token=');
  });

  it('the sign-up activation link uses the site domain', async () => {
    const email = `act-${Date.now()}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { 'content-type': 'application/json', host: 'evil.example' },
      payload: { email, name: 'Sanne', password: 'geheim-wachtwoord-1', date_of_birth: '1992-04-12', gender: 'female', country: 'NL' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await lastMailTo(email);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain('http://localhost:3000/api/activate.php?token=');
  });
});

describe('linkBase', () => {
  const site = (domain: string, settingsDomain = domain) =>
    ({ id: 1, domain, isDefault: false, settings: { domain: settingsDomain }, company: {} }) as unknown as SiteContext;

  it('https on the site domain; the settings domain wins over the row domain', () => {
    expect(linkBase(site('example.de'), { PORT: 3000 })).toBe('https://example.de');
    expect(linkBase(site('example.de', 'www.example.de'), { PORT: 3000 })).toBe('https://www.example.de');
  });

  it('http with the port for localhost and 127.0.0.1', () => {
    expect(linkBase(site('localhost'), { PORT: 3000 })).toBe('http://localhost:3000');
    expect(linkBase(site('127.0.0.1'), { PORT: 8080 })).toBe('http://127.0.0.1:8080');
  });

  it('PUBLIC_URL is the address of the local site (single-domain / development setup), without a trailing slash', () => {
    expect(linkBase(site('localhost'), { PORT: 3000, PUBLIC_URL: 'http://localhost:4123/' })).toBe('http://localhost:4123');
    expect(linkBase(site('localhost'), { PORT: 3000, PUBLIC_URL: 'https://flirt.example' })).toBe('https://flirt.example');
  });

  it('a regional site keeps its own domain when PUBLIC_URL is set', () => {
    expect(linkBase(site('example.de'), { PORT: 3000, PUBLIC_URL: 'https://flirt.example' })).toBe('https://example.de');
  });
});
