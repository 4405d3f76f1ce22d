/**
 * The back office's site settings (issue 15, admin): list, read, change; a change breaking the
 * contract is refused field by field and changes nothing; a change is live on the next page load
 * of that domain, on this instance and on another one (the `site_cache` notification).
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { listen } from '../../db/listen';
import { sites, staffAudit } from '../../db/schema';
import { buildTestApp, createMember, createStaff, loginCookie } from '../../test/helpers';
import { SiteRegistry } from './service';

let app: FastifyInstance;
let admin: { cookie: string };
const json = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };

beforeAll(async () => {
  app = await buildTestApp();
  admin = await createStaff(app, ['admin'], { email: 'site-admin@example.com' });
});
afterAll(async () => {
  await app.close();
});

const detail = async (domain: string, cookie = admin.cookie) =>
  app.inject({ method: 'GET', url: `/api/backoffice/sites/${domain}`, headers: { cookie } });
const put = async (domain: string, settings: unknown, cookie = admin.cookie) =>
  app.inject({ method: 'PUT', url: `/api/backoffice/sites/${domain}`, headers: { cookie, ...json }, payload: { settings } });
const storedSettings = async (domain: string) =>
  (await app.db.select().from(sites).where(eq(sites.domain, domain)))[0]?.settings as Record<string, unknown>;

async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

describe('sites in the back office', () => {
  it('lists the domains with search and paging, for admins only', async () => {
    const all = await app.inject({ method: 'GET', url: '/api/backoffice/sites', headers: { cookie: admin.cookie } });
    expect(all.statusCode).toBe(200);
    expect(all.json().sites[0]).toMatchObject({ domain: 'localhost', is_default: true });
    expect(all.json().total).toBeGreaterThanOrEqual(7);
    const found = await app.inject({ method: 'GET', url: '/api/backoffice/sites?q=example.de', headers: { cookie: admin.cookie } });
    expect(found.json().sites.map((s: { domain: string }) => s.domain)).toEqual(['example.de']);

    const moderator = await createStaff(app, ['moderator']);
    expect((await app.inject({ method: 'GET', url: '/api/backoffice/sites', headers: { cookie: moderator.cookie } })).json().error).toBe(
      'staff_role_required',
    );
    expect((await put('example.de', {}, moderator.cookie)).statusCode).toBe(403);
    const member = await createMember(app);
    expect((await detail('example.de', await loginCookie(app, member.user.id))).statusCode).toBe(403);
  });

  it("reads a domain's settings with the price list, and 404s an unknown domain", async () => {
    const res = await detail('example.de');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ domain: 'example.de', settings: { domain_language: 'de', logged_out_search: true } });
    expect(res.json().list_prices.DE.p1).toBeGreaterThan(0);
    expect(res.json().currencies.PL).toBe('PLN');
    const unknown = await detail('nowhere.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'site_not_found', message: expect.any(String) });
    expect((await put('nowhere.example', (await detail('example.de')).json().settings)).statusCode).toBe(404);
  });

  it('changes a setting: live on the next page load of that domain, on this and another instance; before/after audited', async () => {
    // another instance: its own cache of the same database, told by the database's notification
    const other = new SiteRegistry(app.db, 60_000);
    const listener = await listen(app.dbHandle, 'site_cache', { message: () => other.invalidate(), state: (live) => other.setLive(live) });
    try {
      expect((await other.resolve('example.de'))?.settings.logged_out_search).toBe(true);
      // this instance has it cached too
      const before = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'example.de' } });
      expect(before.json().settings.logged_out_search).toBe(true);

      const settings = {
        ...(await detail('example.de')).json().settings,
        logged_out_search: false,
        index_title: 'Neue Singles in deiner Nähe',
        package_prices: { DE: { p1: 1795 } },
      };
      const res = await put('example.de', settings);
      expect(res.statusCode).toBe(200);
      expect(res.json().settings).toMatchObject({ logged_out_search: false, index_title: 'Neue Singles in deiner Nähe' });

      const page = await app.inject({ method: 'GET', url: '/', headers: { host: 'example.de' } });
      expect(page.body).toContain('<title>Neue Singles in deiner Nähe</title>');
      expect(page.body).toContain('"logged_out_search":false');
      const after = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'example.de' } });
      expect(after.json().settings.logged_out_search).toBe(false);
      // other domains keep theirs
      expect(
        (await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'example.fr' } })).json().settings.logged_out_search,
      ).toBe(true);
      // the other instance forgot its copy although its cache would keep it for a minute
      expect(await eventually(async () => (await other.resolve('example.de'))?.settings.logged_out_search === false)).toBe(true);
      // the site's own price is what a visitor of that domain is offered
      const credits = await app.inject({ method: 'GET', url: '/api/credits.php?country=DE', headers: { host: 'example.de' } });
      expect(credits.json().packages.find((p: { id: string }) => p.id === 'p1').amount).toBe(1795);
      const elsewhere = await app.inject({ method: 'GET', url: '/api/credits.php?country=DE', headers: { host: 'example.fr' } });
      expect(elsewhere.json().packages.find((p: { id: string }) => p.id === 'p1').amount).not.toBe(1795);
    } finally {
      await listener.close();
    }

    const [row] = await app.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'sites.update'), eq(staffAudit.outcome, 'done')));
    expect(row).toMatchObject({
      outcome: 'done',
      target: 'site:example.de',
      staffEmail: 'site-admin@example.com',
      before: { logged_out_search: true, index_title: expect.any(String), package_prices: {} },
      after: { logged_out_search: false, index_title: 'Neue Singles in deiner Nähe', package_prices: { DE: { p1: 1795 } } },
    });
    // only what changed is in the row
    expect(Object.keys(row?.after as object).sort()).toEqual(['index_title', 'logged_out_search', 'package_prices']);
  });

  it('audits only what changed: the same minimum message costs in another key order are no change; "abc" for a number asks for a number (issue 29 item 14)', async () => {
    const good = (await detail('example.fr')).json().settings as {
      minimum_message_costs: Record<string, unknown>;
      message_credits: number;
    };
    // the form sends the table in its own order (the site's countries first), the database keeps jsonb's
    const reordered = Object.fromEntries(Object.entries(good.minimum_message_costs).reverse());
    expect(Object.keys(reordered)).not.toEqual(Object.keys(good.minimum_message_costs));
    const res = await put('example.fr', { ...good, minimum_message_costs: reordered, message_credits: good.message_credits + 1 });
    expect(res.statusCode).toBe(200);
    const [row] = await app.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.target, 'site:example.fr'), eq(staffAudit.outcome, 'done')));
    expect(Object.keys(row?.after as object)).toEqual(['message_credits']);

    const abc = await put('example.fr', { ...good, message_credits: 'abc' });
    expect(abc.statusCode).toBe(400);
    expect(abc.json().fields).toEqual([{ field: 'message_credits', message: 'Vul een getal in.' }]);
  });

  it('refuses settings that break the contract: 400 naming every field, nothing changed, the refusal audited', async () => {
    const good = (await detail('example.it')).json().settings;
    const stored = await storedSettings('example.it');
    const res = await put('example.it', {
      ...good,
      message_credits: -5,
      signups: 'everyone',
      niche: 9,
      support_email: 'not-an-address',
      index_title: 'Changed',
      package_prices: { IT: { p1: 0 } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ error: 'validation', field: expect.stringMatching(/^settings\./), message: expect.stringContaining('5') });
    const fields = Object.fromEntries((body.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]));
    expect(fields).toMatchObject({
      message_credits: 'Minimaal 0.',
      signups: expect.any(String),
      niche: 'Maximaal 7.',
      support_email: expect.any(String),
      'package_prices.IT.p1': 'Minimaal 1.',
    });
    expect(await storedSettings('example.it')).toEqual(stored);
    expect(
      (await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'example.it' } })).json().settings.index_title,
    ).toBe(good.index_title);

    // a missing field, a wrong type, the domain itself
    const { message_length: _dropped, ...withoutLength } = good;
    expect((await put('example.it', withoutLength)).json().fields).toEqual([{ field: 'message_length', message: 'Vul dit veld in.' }]);
    expect((await put('example.it', { ...good, logged_out_search: 'yes' })).json().fields[0].field).toBe('logged_out_search');
    const moved = await put('example.it', { ...good, domain: 'example.com' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().field).toBe('settings.domain');
    // translated for the staff member's language
    const en = await app.inject({
      method: 'PUT',
      url: '/api/backoffice/sites/example.it?lang=en',
      headers: { cookie: admin.cookie, ...json },
      payload: { settings: { ...good, refund_days: -1 } },
    });
    expect(en.json().fields).toEqual([{ field: 'refund_days', message: 'At least 0.' }]);
    expect(await storedSettings('example.it')).toEqual(stored);

    const refused = await app.db.select().from(staffAudit).where(eq(staffAudit.target, 'site:example.it'));
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(refused.every((r) => r.outcome === 'refused' && r.action === 'sites.update' && r.error === 'validation')).toBe(true);
  });

  it('documents its calls in /api/openapi.json', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/backoffice/sites',
        '/api/backoffice/sites/{domain}',
        '/api/complaints.php',
        '/api/backoffice/complaints',
        '/api/backoffice/complaints/{id}/handle',
      ]),
    );
  });

  it('reads the table once for the requests that arrive while it is read, and not across a change', async () => {
    let reads = 0;
    const counted = new Proxy(app.db, {
      get: (target, key, receiver) => {
        if (key === 'select') reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    const registry = new SiteRegistry(counted, 60_000);
    registry.setLive(true);
    // 20 requests at once on an empty cache: one read (it was one read per request in flight)
    const found = await Promise.all(Array.from({ length: 20 }, () => registry.resolve('example.de')));
    expect(found.map((s) => s?.domain)).toEqual(Array(20).fill('example.de'));
    expect(reads).toBe(1);
    // a change told while a read is in flight: a request after it does not take that read's answer
    registry.invalidate();
    const during = registry.resolve('example.de');
    registry.invalidate();
    const after = registry.resolve('example.de');
    await Promise.all([during, after]);
    expect(reads).toBe(3);
  });

  it('keeps nothing while its listener is down: a change is read on the next request even unnotified', async () => {
    const registry = new SiteRegistry(app.db, 60_000);
    registry.setLive(false);
    const before = (await registry.resolve('example.pl'))?.settings.refund_days;
    const stored = await storedSettings('example.pl');
    // a change the registry is not told about (no listener): it must still see it
    await app.db
      .update(sites)
      .set({ settings: { ...stored, refund_days: 30 } })
      .where(eq(sites.domain, 'example.pl'));
    expect((await registry.resolve('example.pl'))?.settings.refund_days).toBe(30);
    // live again: it caches (and a notification would tell it)
    registry.setLive(true);
    await registry.resolve('example.pl');
    await app.db.update(sites).set({ settings: stored }).where(eq(sites.domain, 'example.pl'));
    expect((await registry.resolve('example.pl'))?.settings.refund_days).toBe(30);
    registry.invalidate();
    expect((await registry.resolve('example.pl'))?.settings.refund_days).toBe(before);
  });
});
