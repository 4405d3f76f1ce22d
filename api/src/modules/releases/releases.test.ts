/**
 * Releases per team (issue 27): register, canary, promote, rollback, pause; one of ten parallel
 * changes wins (409 release_conflict for the rest); the compatibility gate names the packages;
 * the mf_bucket split; client events (validation, aggregation, rate limit); the automatic
 * rollback under scaled thresholds; who may. On PGlite and on PostgreSQL (DATABASE_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import tar from 'tar-stream';
import { eq } from 'drizzle-orm';
import { ZReleasesPage } from '@dating/shared-kit/contracts';
import { releaseClientEvents, sites, staffAudit } from '../../db/schema';
import { readEnv } from '../../env';
import { buildTestApp, createMember, createStaff, loginCookie, must } from '../../test/helpers';
import { createPgDatabase, isPostgresUrl } from '../../test/template';

const TOKEN = 'test-release-token-0123456789';

async function bundleOf(name: string, react = '^19.0.0', extra: Record<string, string> = {}): Promise<Buffer> {
  const pack = tar.pack();
  const manifest = {
    name,
    shared: [
      { name: 'react', version: '19.3.1', requiredVersion: react, singleton: true },
      { name: 'react/jsx-runtime', version: '19.3.1', requiredVersion: react },
      { name: 'jotai', version: '2.20.3', requiredVersion: '^2.15.0', singleton: true },
    ],
    exposes: [{ assets: { js: { sync: ['routes.0123456789ab.js'] } } }],
  };
  const files: Record<string, string> = {
    'mf-manifest.json': JSON.stringify(manifest),
    'remoteEntry.js': `var ${name} = 1;`,
    'routes.0123456789ab.js': 'x'.repeat(1000),
    ...extra,
  };
  for (const [file, text] of Object.entries(files)) pack.entry({ name: `dist/${file}` }, text);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function multipart(fields: Record<string, string>, bundle: Buffer) {
  const boundary = `----release${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="bundle"; filename="bundle.tar"\r\nContent-Type: application/x-tar\r\n\r\n`,
    ),
    bundle,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** scaled down from the default 300 */
const CLIENT_EVENTS_PER_MINUTE = 20;
const bearer = { authorization: `Bearer ${TOKEN}` };

describe('releases', () => {
  let app: FastifyInstance;
  let staticRoot: string;

  beforeAll(async () => {
    staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-static-'));
    app = await buildTestApp({
      env: { RELEASE_TOKEN: TOKEN, STATIC_ROOT_ABS: staticRoot, RATE_LIMIT_CLIENT_EVENTS: CLIENT_EVENTS_PER_MINUTE },
    });
    await app.ready();
    // the shell's shared versions (its federation config: react 19.x), as the first start registers them
    await app.releases.registerBuilds();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(staticRoot, { recursive: true, force: true });
  });

  const register = async (remote: string, buildId: string, react?: string, headers: Record<string, string> = bearer) => {
    const body = multipart({ remote, build_id: buildId, notes: `release ${buildId}` }, await bundleOf(remote.replace(/-/g, '_'), react));
    return app.inject({
      method: 'POST',
      url: '/api/backoffice/releases',
      payload: body.payload,
      headers: { ...body.headers, 'x-requested-with': 'release-cli', ...headers },
    });
  };
  const act = (remote: string, action: string, payload: object, headers: Record<string, string> = bearer) =>
    app.inject({ method: 'POST', url: `/api/backoffice/releases/${remote}/${action}`, payload, headers });
  const page = async () =>
    ZReleasesPage.parse((await app.inject({ method: 'GET', url: '/api/backoffice/releases', headers: bearer })).json());
  const stateOf = async (remote: string) => must((await page()).remotes.find((r) => r.remote === remote));
  const served = async (cookie?: string) => {
    const res = await app.inject({ method: 'GET', url: '/mf-remotes.json', headers: cookie ? { cookie } : {} });
    const payments = (res.json() as { remotes: { name: string; entry: string; build_id: string | null }[] }).remotes.find(
      (r) => r.name === 'mf_payments',
    );
    if (!payments) throw new Error('no mf_payments');
    return { payments, setCookie: res.headers['set-cookie'] };
  };

  /** what a browser in that bucket gets for mf_payments once the change's NOTIFY arrived (within a second) */
  const servedWithin = async (cookie: string, remote: string, build: string) => {
    const deadline = Date.now() + 1000;
    for (;;) {
      const res = await app.inject({ method: 'GET', url: '/mf-remotes.json', headers: { cookie } });
      const got = (res.json() as { remotes: { name: string; build_id: string | null }[] }).remotes.find((r) => r.name === remote)?.build_id;
      if (got === build || Date.now() > deadline) return got;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('registers, serves the live release, canaries, promotes and rolls back; every action audited', async () => {
    expect((await register('mf-payments', 'pay-1')).statusCode).toBe(201);
    expect((await register('mf-payments', 'pay-1')).json()).toMatchObject({ error: 'release_exists' });
    expect((await register('mf-payments', 'pay-2')).statusCode).toBe(201);
    let s = await stateOf('mf-payments');
    expect(s.releases.map((r) => [r.build_id, r.status, r.created_by, r.notes])).toEqual([
      ['pay-2', 'ready', 'ci', 'release pay-2'],
      ['pay-1', 'ready', 'ci', 'release pay-1'],
    ]);
    expect(s.releases[0]?.first_load_bytes).toBe('var mf_payments = 1;'.length + 1000);
    expect(s.releases[0]?.shared).toContainEqual({ package: 'react', version: '19.3.1' });

    const first = await act('mf-payments', 'promote', { build_id: 'pay-1', version: s.version });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ live: { build_id: 'pay-1' }, canary: null });
    expect(await servedWithin('mf_bucket=5', 'mf_payments', 'pay-1')).toBe('pay-1');
    const { payments } = await served('mf_bucket=5');
    expect(payments).toEqual({ name: 'mf_payments', entry: '/mf/mf-payments/pay-1/mf-manifest.json', build_id: 'pay-1' });
    // the stored files, with the headers of a build's files
    const manifest = await app.inject({ method: 'GET', url: '/mf/mf-payments/pay-1/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await app.inject({ method: 'GET', url: '/mf/mf-payments/pay-1/routes.0123456789ab.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/mf/mf-payments/pay-1/..%2f..%2fetc/passwd' })).statusCode).toBe(404);
    // a page rendered by the live release names its hashed files without the build id (the light pages'
    // /mf/<folder>/light-client/...): found in the live release's folder when the dist has no such file
    const unversioned = await app.inject({ method: 'GET', url: '/mf/mf-payments/routes.0123456789ab.js' });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/mf/mf-payments/no-such.0123456789ab.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/mf/mf-payments/..%2f..%2fetc/passwd' })).statusCode).toBe(404);

    s = await stateOf('mf-payments');
    expect((await act('mf-payments', 'canary', { build_id: 'pay-2', percent: 60, version: s.version })).statusCode).toBe(400);
    const canary = await act('mf-payments', 'canary', { build_id: 'pay-2', percent: 10, version: s.version });
    expect(canary.json()).toMatchObject({ live: { build_id: 'pay-1' }, canary: { build_id: 'pay-2', percent: 10 } });
    expect(await servedWithin('mf_bucket=9', 'mf_payments', 'pay-2')).toBe('pay-2');
    expect((await served('mf_bucket=10')).payments.build_id).toBe('pay-1');

    s = await stateOf('mf-payments');
    expect((await act('mf-payments', 'pause', { paused: true, version: s.version })).json()).toMatchObject({ paused: true });
    expect(await servedWithin('mf_bucket=0', 'mf_payments', 'pay-1')).toBe('pay-1');

    s = await stateOf('mf-payments');
    expect((await act('mf-payments', 'promote', { build_id: 'pay-2', version: s.version })).json()).toMatchObject({
      live: { build_id: 'pay-2' },
      canary: null,
      paused: false,
    });
    s = await stateOf('mf-payments');
    expect(s.releases.map((r) => [r.build_id, r.status])).toEqual([
      ['pay-2', 'live'],
      ['pay-1', 'retired'],
    ]);
    // rollback without a build id: the one live before
    expect((await act('mf-payments', 'rollback', { version: s.version })).json()).toMatchObject({ live: { build_id: 'pay-1' } });
    expect(await servedWithin('mf_bucket=50', 'mf_payments', 'pay-1')).toBe('pay-1');

    const audit = await app.db
      .select({ action: staffAudit.action, email: staffAudit.staffEmail, outcome: staffAudit.outcome })
      .from(staffAudit)
      .where(eq(staffAudit.staffEmail, 'ci'));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['releases.register', 'releases.promote', 'releases.canary', 'releases.pause', 'releases.rollback']),
    );
  });

  it('ten changes at once with the same version: one wins, nine get 409 release_conflict (races: proven on PostgreSQL)', async () => {
    expect((await register('mf-chat', 'chat-1')).statusCode).toBe(201);
    expect((await register('mf-chat', 'chat-2')).statusCode).toBe(201);
    const { version } = await stateOf('mf-chat');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => act('mf-chat', 'promote', { build_id: i % 2 ? 'chat-1' : 'chat-2', version })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const conflict = must(answers.find((a) => a.statusCode === 409)).json();
    expect(conflict.error).toBe('release_conflict');
    expect(conflict.message).toMatch(/Iemand anders/);
  });

  it('refuses a release built against a react the shell does not offer, naming each package', async () => {
    expect((await register('mf-members', 'old-react', '^18.2.0')).statusCode).toBe(201);
    const { version } = await stateOf('mf-members');
    const res = await act('mf-members', 'canary', { build_id: 'old-react', percent: 10, version });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.error).toBe('release_incompatible');
    expect(body.problems).toEqual([
      { package: 'react', wanted: '^18.2.0', offered: expect.stringMatching(/^19\./) },
      { package: 'react/jsx-runtime', wanted: '^18.2.0', offered: expect.stringMatching(/^19\./) },
    ]);
    expect(body.message).toContain('react ^18.2.0');
    expect((await act('mf-members', 'promote', { build_id: 'old-react', version })).json().error).toBe('release_incompatible');
  });

  it('splits fresh browsers by their mf_bucket cookie: of 40 at 50 %, 10..30 get the canary, each keeps its version', async () => {
    expect((await register('mf-landers', 'land-1')).statusCode).toBe(201);
    expect((await register('mf-landers', 'land-2')).statusCode).toBe(201);
    let s = await stateOf('mf-landers');
    await act('mf-landers', 'promote', { build_id: 'land-1', version: s.version });
    s = await stateOf('mf-landers');
    expect((await act('mf-landers', 'canary', { build_id: 'land-2', percent: 50, version: s.version })).statusCode).toBe(200);
    expect(await servedWithin('mf_bucket=0', 'mf_landers', 'land-2')).toBe('land-2');
    let canaried = 0;
    for (let i = 0; i < 40; i += 1) {
      const res = await app.inject({ method: 'GET', url: '/mf-remotes.json' });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^mf_bucket=\d{1,2}; Max-Age=31536000; Path=\/; SameSite=Lax$/);
      const landers = must((res.json() as { remotes: { name: string; build_id: string }[] }).remotes.find((r) => r.name === 'mf_landers'));
      if (landers.build_id === 'land-2') canaried += 1;
      const again = await app.inject({ method: 'GET', url: '/mf-remotes.json', headers: { cookie: must(cookie.split(';')[0]) } });
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(
        must((again.json() as { remotes: { name: string; build_id: string }[] }).remotes.find((r) => r.name === 'mf_landers')).build_id,
      ).toBe(landers.build_id);
    }
    expect(canaried).toBeGreaterThanOrEqual(10);
    expect(canaried).toBeLessThanOrEqual(30);
  });

  it('client events: counted per minute, bad input a 400, text/plain accepted, rate-limited per address', async () => {
    const post = (payload: unknown, contentType = 'application/json', ip = '10.0.0.1') =>
      app.inject({
        method: 'POST',
        url: '/api/client-events.php',
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { 'content-type': contentType },
        remoteAddress: ip,
      });
    const events = [
      { remote: 'mf_auth_signup', build_id: 'auth-1', type: 'mount' },
      { remote: 'mf_auth_signup', build_id: 'auth-1', type: 'mount' },
      { remote: 'mf-auth-signup', build_id: 'auth-1', type: 'render_error' },
    ];
    expect((await post({ events })).statusCode).toBe(204);
    expect((await post(JSON.stringify({ events }), 'text/plain;charset=UTF-8')).statusCode).toBe(204);
    const rows = await app.db.select().from(releaseClientEvents).where(eq(releaseClientEvents.buildId, 'auth-1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ remote: 'mf-auth-signup', mounts: 4, renderErrors: 2, loadErrors: 0 });

    for (const bad of [
      { events: [{ remote: 'mf_nope', build_id: 'x', type: 'mount' }] },
      { events: [{ remote: 'mf_chat', build_id: '../x', type: 'mount' }] },
      { events: [{ remote: 'mf_chat', build_id: 'x', type: 'crash' }] },
      { events: Array.from({ length: 51 }, () => events[0]) },
      { events: [] },
      'not json',
    ]) {
      const res = await post(bad, typeof bad === 'string' ? 'text/plain' : 'application/json');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const answers: number[] = [];
    for (let i = 0; i < CLIENT_EVENTS_PER_MINUTE + 1; i += 1)
      answers.push((await post({ events: [events[0]] }, 'application/json', '10.9.9.9')).statusCode);
    expect(answers.slice(0, CLIENT_EVENTS_PER_MINUTE).every((c) => c === 204)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('rolls a canary back by itself when its error rate is over factor x live with enough errors (scaled thresholds)', async () => {
    const site = must((await app.db.select().from(sites).where(eq(sites.isDefault, true)).limit(1))[0]);
    await app.db
      .update(sites)
      .set({
        settings: {
          ...(site.settings as object),
          release_rollback_min_errors: 5,
          release_rollback_factor: 2,
          release_rollback_window_minutes: 5,
        },
      })
      .where(eq(sites.id, site.id));
    app.sites.invalidate();
    expect((await register('mf-auth-signup', 'auth-live')).statusCode).toBe(201);
    expect((await register('mf-auth-signup', 'auth-bad')).statusCode).toBe(201);
    let s = await stateOf('mf-auth-signup');
    await act('mf-auth-signup', 'promote', { build_id: 'auth-live', version: s.version });
    s = await stateOf('mf-auth-signup');
    await act('mf-auth-signup', 'canary', { build_id: 'auth-bad', percent: 20, version: s.version });
    const send = (build: string, type: string, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/client-events.php',
        payload: { events: Array.from({ length: n }, () => ({ remote: 'mf_auth_signup', build_id: build, type })) },
        remoteAddress: '10.7.7.7',
      });
    await send('auth-live', 'mount', 40);
    await send('auth-live', 'render_error', 1);
    await send('auth-bad', 'mount', 10);
    // 4 errors: under the minimum of 5
    await send('auth-bad', 'render_error', 4);
    expect((await stateOf('mf-auth-signup')).canary).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1000)); // the check after ingestion runs at most once a second
    await send('auth-bad', 'render_error', 1);
    s = await stateOf('mf-auth-signup');
    expect(s.canary).toBeNull();
    expect(s.live).toEqual({ build_id: 'auth-live' });
    expect(s.banner).toMatch(/Automatisch teruggedraaid: 5 fouten/);
    const bad = must(s.releases.find((r) => r.build_id === 'auth-bad'));
    expect(bad).toMatchObject({ status: 'retired', errors_1h: 5, mounts_1h: 10, error_rate_1h: 500 });
    expect(bad.rollback_reason).toBe(s.banner);
    const audit = await app.db.select().from(staffAudit).where(eq(staffAudit.action, 'releases.auto_rollback'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.staffEmail).toBe('system');
  });

  it('openapi.json has the calls with their bodies', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const action of ['canary', 'promote', 'rollback', 'pause']) {
      const op = doc.paths[`/api/backoffice/releases/{remote}/${action}`]?.post;
      expect(op?.requestBody?.content?.['application/json']?.schema?.properties).toHaveProperty('version');
    }
    expect(
      doc.paths['/api/backoffice/releases/{remote}/canary'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('percent');
    expect(doc.paths['/api/backoffice/releases'].get).toBeDefined();
    expect(doc.paths['/api/backoffice/releases'].post).toBeDefined();
    expect(doc.paths['/api/client-events.php'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('events');
  });

  it('who may: member 403, moderator 403, release role 200, admin 200, token 200, a wrong token 401', async () => {
    const { user: member } = await createMember(app);
    const memberCookie = await loginCookie(app, member.id);
    const { cookie: moderator } = await createStaff(app, ['moderator']);
    const { cookie: releaser } = await createStaff(app, ['release']);
    const { cookie: admin } = await createStaff(app, ['admin']);
    const get = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/backoffice/releases', headers });
    expect((await get({})).statusCode).toBe(403);
    expect((await get({ cookie: memberCookie })).statusCode).toBe(403);
    const mod = await get({ cookie: moderator });
    expect(mod.statusCode).toBe(403);
    expect(mod.json().error).toBe('staff_role_required');
    expect((await get({ cookie: releaser })).statusCode).toBe(200);
    expect((await get({ cookie: admin })).statusCode).toBe(200);
    expect((await get(bearer)).statusCode).toBe(200);
    const wrong = await get({ authorization: 'Bearer wrong-token-wrong-token' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('release_token_invalid');
    expect((await act('mf-chat', 'rollback', {}, { cookie: moderator })).statusCode).toBe(403);
    expect((await register('mf-chat', 'by-member', undefined, { cookie: memberCookie })).statusCode).toBe(403);
    // a staff member with the role: the action carries their e-mail in the audit log
    const res = await register('mf-chat', 'by-staff', undefined, { cookie: releaser });
    expect(res.statusCode).toBe(201);
  });
});

const adminUrl = readEnv().DATABASE_URL;
(isPostgresUrl(adminUrl) ? describe : describe.skip)('two instances on one PostgreSQL database', () => {
  it('a promote on one reaches the other within a second (NOTIFY releases), three times; ten promotes across both: one wins', async () => {
    const db = await createPgDatabase(adminUrl as string);
    const staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-static-'));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-data-'));
    // one store for both (RELEASES_DIR on a shared volume)
    const env = { RELEASE_TOKEN: TOKEN, STATIC_ROOT_ABS: staticRoot, RELEASES_DIR: path.join(dataDir, 'releases') };
    const a = await buildTestApp({ databaseUrl: db.url, env });
    const b = await buildTestApp({ databaseUrl: db.url, env });
    try {
      await Promise.all([a.ready(), b.ready()]);
      for (const id of ['two-1', 'two-2']) {
        const body = multipart({ remote: 'mf-payments', build_id: id }, await bundleOf('mf_payments'));
        expect(
          (
            await a.inject({
              method: 'POST',
              url: '/api/backoffice/releases',
              payload: body.payload,
              headers: { ...body.headers, ...bearer, 'x-requested-with': 'x' },
            })
          ).statusCode,
        ).toBe(201);
      }
      const promote = async (build: string) => {
        const state = (await a.inject({ method: 'GET', url: '/api/backoffice/releases', headers: bearer }))
          .json()
          .remotes.find((r: { remote: string }) => r.remote === 'mf-payments');
        const res = await a.inject({
          method: 'POST',
          url: '/api/backoffice/releases/mf-payments/promote',
          payload: { build_id: build, version: state.version },
          headers: bearer,
        });
        expect(res.statusCode).toBe(200);
      };
      for (const build of ['two-1', 'two-2', 'two-1']) {
        const started = Date.now();
        await promote(build);
        let got: string | null | undefined;
        while (Date.now() - started < 1000) {
          const res = await b.inject({ method: 'GET', url: '/mf-remotes.json', headers: { cookie: 'mf_bucket=1' } });
          got = (res.json() as { remotes: { name: string; build_id: string | null }[] }).remotes.find(
            (r) => r.name === 'mf_payments',
          )?.build_id;
          if (got === build) break;
          await new Promise((r) => setTimeout(r, 10));
        }
        expect(got).toBe(build);
        // the other instance serves the stored files too
        expect((await b.inject({ method: 'GET', url: `/mf/mf-payments/${build}/remoteEntry.js` })).statusCode).toBe(200);
      }
      // ten changes at once, five on each instance, with the version both read: one wins
      const state = (await a.inject({ method: 'GET', url: '/api/backoffice/releases', headers: bearer }))
        .json()
        .remotes.find((r: { remote: string }) => r.remote === 'mf-payments');
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? a : b).inject({
            method: 'POST',
            url: '/api/backoffice/releases/mf-payments/promote',
            payload: { build_id: 'two-2', version: state.version },
            headers: bearer,
          }),
        ),
      );
      expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
      fs.rmSync(staticRoot, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('what npm run build made', () => {
  it('is registered at the first start as the live release (its own build id), and a rebuilt dist follows until a team releases', async () => {
    const staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-static-'));
    const dist = path.join(staticRoot, 'mf-chat', 'dist');
    const writeDist = (buildId: string) => {
      fs.mkdirSync(dist, { recursive: true });
      fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'mf_chat', shared: [], exposes: [] }));
      // what shared-kit's build-mark plugin leaves in a minified entry
      fs.writeFileSync(
        path.join(dist, 'remoteEntry.js'),
        `function w(){if("u">typeof document){let e="mf_chat",t="${buildId}",r=\`mf-build:\${e}\`}}`,
      );
    };
    writeDist('first-build');
    const app = await buildTestApp({ registerBuilds: true, env: { RELEASE_TOKEN: TOKEN, STATIC_ROOT_ABS: staticRoot } });
    const chat = async () =>
      (
        (await app.inject({ method: 'GET', url: '/mf-remotes.json', headers: { cookie: 'mf_bucket=1' } })).json() as {
          remotes: { name: string; build_id: string | null }[];
        }
      ).remotes.find((r) => r.name === 'mf_chat')?.build_id;
    try {
      await app.ready();
      expect(await chat()).toBe('first-build');
      expect(fs.existsSync(path.join(app.releases.dir, 'mf-chat', 'first-build', 'remoteEntry.js'))).toBe(true);
      await new Promise((r) => setTimeout(r, 1000));
      writeDist('rebuilt');
      // a dist written in the last 300 ms may still be in the middle of a build
      await new Promise((r) => setTimeout(r, 350));
      expect(await chat()).toBe('rebuilt');
      // a team's release goes live: a rebuilt dist is then only registered, not served
      const body = multipart({ remote: 'mf-chat', build_id: 'team-1' }, await bundleOf('mf_chat'));
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/backoffice/releases',
            payload: body.payload,
            headers: { ...body.headers, ...bearer, 'x-requested-with': 'x' },
          })
        ).statusCode,
      ).toBe(201);
      const page = (await app.inject({ method: 'GET', url: '/api/backoffice/releases', headers: bearer })).json();
      const version = page.remotes.find((r: { remote: string }) => r.remote === 'mf-chat').version;
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/backoffice/releases/mf-chat/promote',
            payload: { build_id: 'team-1', version },
            headers: bearer,
          })
        ).statusCode,
      ).toBe(200);
      await new Promise((r) => setTimeout(r, 1000));
      writeDist('rebuilt-again');
      await new Promise((r) => setTimeout(r, 350));
      expect(await chat()).toBe('team-1');
      const after = (await app.inject({ method: 'GET', url: '/api/backoffice/releases', headers: bearer })).json();
      expect(
        after.remotes
          .find((r: { remote: string }) => r.remote === 'mf-chat')
          .releases.map((r: { build_id: string; status: string }) => `${r.build_id}:${r.status}`),
      ).toEqual(['rebuilt-again:ready', 'team-1:live', 'rebuilt:retired', 'first-build:retired']);
    } finally {
      await app.close();
      fs.rmSync(staticRoot, { recursive: true, force: true });
    }
  });

  it('a light page asked for first after mf-landers was rebuilt is rendered by the rebuilt server part', async () => {
    const staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-landers-'));
    const dist = path.join(staticRoot, 'mf-landers', 'dist');
    const writeDist = (buildId: string, heading: string) => {
      fs.mkdirSync(path.join(dist, 'light-server'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'mf_landers', shared: [], exposes: [] }));
      fs.writeFileSync(
        path.join(dist, 'remoteEntry.js'),
        `function w(){if("u">typeof document){let e="mf_landers",t="${buildId}",r=\`mf-build:\${e}\`}}`,
      );
      fs.writeFileSync(
        path.join(dist, 'landers-registry.json'),
        JSON.stringify({ slugs: {}, variants: [{ name: 'gallery', slug: false }] }),
      );
      // a server part as mf-landers builds it: plan(pathname) and render(input), nothing else
      fs.writeFileSync(
        path.join(dist, 'light-server', 'render.cjs'),
        `module.exports = { plan: () => ({ route: {} }), render: () => '<!doctype html><html><body><h1>${heading}</h1></body></html>' };`,
      );
    };
    writeDist('landers-1', 'Eerste versie');
    const app = await buildTestApp({ registerBuilds: true, env: { STATIC_ROOT_ABS: staticRoot } });
    const heading = async () => {
      const res = await app.inject({ method: 'GET', url: '/landers/gallery', headers: { host: 'example.de' } });
      return /<h1>([^<]*)<\/h1>/.exec(res.body)?.[1] ?? `(no light page: ${res.statusCode})`;
    };
    try {
      await app.ready();
      expect(await heading()).toBe('Eerste versie');
      await new Promise((r) => setTimeout(r, 1000));
      writeDist('landers-2', 'Tweede versie');
      // at once, and no /mf-remotes.json in between: the page itself follows the rebuild (a dist
      // written in the last 300 ms is looked at again when those 300 ms are over)
      expect(await heading()).toBe('Tweede versie');
    } finally {
      await app.close();
      fs.rmSync(staticRoot, { recursive: true, force: true });
    }
  });
});
