import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { ZSettingsResponse } from '@dating/shared-kit/contracts';
import { buildTestApp } from '../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/settings.php', () => {
  it('answers the default site for localhost, with every settings field', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    const body = z.strictObject(ZSettingsResponse.shape).parse(res.json());
    expect(body.settings.domain).toBe('localhost');
    expect(body.domain_language).toBe('nl');
    expect(body.settings.fictional_warning).toBe('Dit profiel is fictief en niet beschikbaar voor fysiek contact');
  });

  it('picks the site by host (any case, www., port)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'WWW.Example.DE:8080' } });
    expect(res.json().settings.domain).toBe('example.de');
    expect(res.json().domain_language).toBe('de');
  });

  it('falls back to the default site for an unknown domain', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'unknown.example.org' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.domain).toBe('localhost');
  });

  it('honours forced_domain over the host, and ignores other route query parameters', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/settings.php?forced_domain=example.co.uk&ref=abc&sub1=x',
      headers: { host: 'localhost' },
    });
    expect(res.json().settings.domain).toBe('example.co.uk');
    expect(res.json().domain_language).toBe('en');
  });
});

describe('GET /api/interests.php', () => {
  it('lists about 50 interests with labels in all 7 languages', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/interests.php', cookies: { lang: 'de' } });
    expect(res.statusCode).toBe(200);
    const { interests } = res.json() as { interests: { slug: string; label: string; labels: Record<string, string> }[] };
    expect(interests.length).toBeGreaterThanOrEqual(45);
    expect(interests.length).toBeLessThanOrEqual(60);
    for (const i of interests) {
      expect(Object.keys(i.labels).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pl']);
      for (const text of Object.values(i.labels)) expect(text.length).toBeGreaterThan(1);
    }
    expect(interests.find((i) => i.slug === 'kissing')?.label).toBe('Küssen');
    expect(interests.map((i) => i.slug)).toEqual(expect.arrayContaining(['relationship', 'kissing', 'sports', 'music', 'travel', 'food']));
  });
});

describe('GET /api/regions.php', () => {
  it('answers the 12 Dutch provinces, labelled province', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/regions.php?country=NL' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.kind).toBe('province');
    expect(body.label).toBe('Provincie');
    expect(body.regions).toHaveLength(12);
    expect(body.regions.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Noord-Holland', 'Utrecht', 'Limburg']));
  });

  it('has regions for each of the 15 countries, with the local label', async () => {
    const expected: Record<string, string> = { US: 'state', CH: 'canton', PL: 'voivodeship', DE: 'state', GB: 'county' };
    for (const c of ['US', 'NL', 'BE', 'FR', 'IT', 'ES', 'DE', 'AT', 'IE', 'GB', 'CA', 'PL', 'AU', 'NZ', 'CH']) {
      const res = await app.inject({ method: 'GET', url: `/api/regions.php?country=${c.toLowerCase()}`, cookies: { lang: 'en' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().regions.length).toBeGreaterThan(2);
      if (expected[c]) expect(res.json().kind).toBe(expected[c]);
    }
  });

  it('refuses an unknown country with a translated 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/regions.php?country=ZZ', cookies: { lang: 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'unknown_country', field: 'country', message: 'Unknown country.' });
    const long = await app.inject({ method: 'GET', url: '/api/regions.php?country=Netherlands' });
    expect(long.statusCode).toBe(400);
  });
});

describe('GET /api/companyinfo.php', () => {
  it('answers the company behind the site', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/companyinfo.php' });
    expect(res.statusCode).toBe(200);
    expect(res.json().companyinfo).toMatchObject({ name: expect.any(String), vat_numbers: expect.any(Array), added: expect.any(String) });
  });
});
