import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('error shape', () => {
  it('answers an unknown /api route with a translated JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope.php' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'route_not_found', message: 'Deze pagina kon niet worden gevonden.' });
    const post = await app.inject({ method: 'POST', url: '/api/nope.php', payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
    expect(post.json().error).toBe('route_not_found');
  });

  it('translates messages into the language cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope.php', cookies: { lang: 'de' } });
    expect(res.json().message).toBe('Diese Seite konnte nicht gefunden werden.');
  });

  it('answers the site language when there is no cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope.php', headers: { host: 'example.fr' } });
    expect(res.json().message).toBe('Cette page est introuvable.');
  });

  it('rejects malformed JSON with a 400', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/regions.php?country=NL',
    });
    expect(res.statusCode).toBe(200);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/settings.php',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect([400, 404]).toContain(bad.statusCode);
  });

  it('rejects a query that fails validation with the failing field', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/regions.php' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'country', message: 'country is verplicht.' });
  });
});
