/**
 * Releases per team (issue 27 "Done when"), on TWO server instances of one PostgreSQL database
 * (a fresh database e2e_releases_<pid>, dropped afterwards, on the server of E2E_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432; skipped with the reason when PostgreSQL is not reachable):
 *
 * - two releases of mf-payments with different build ids (copies of the checkout's build with the
 *   build id rewritten, published with `npm run release -- mf-payments --dir ... --build-id ...`);
 * - canary at 50 %: of 40 fresh browsers (half on each instance) 10-30 get the canary in
 *   /mf-remotes.json, and a few real pages (/pricing loads mf-payments) show the build they got in
 *   their `mf-build:mf_payments` meta;
 * - promote: every fresh browser gets it; a page opened before keeps its version until it reloads;
 * - roll back: the earlier one on the next load, on both instances, no restart;
 * - a release built against another react is refused, naming react, wanted and offered;
 * - a canary that throws at mount (its browsers report render errors) is rolled back
 *   automatically under scaled thresholds (site settings), with the reason on the registry.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext, Browser } from '@playwright/test';
import { ZReleasesPage } from '@dating/shared-kit/contracts';
import { expect, remoteBuildIds, test } from '../support/fixtures';
import { childEnv, REPO_ROOT, runOptions } from '../support/env';
import { findFreePortsSync } from '../support/ports';

/** the PostgreSQL server of E2E_DATABASE_URL (without its database), else the local one */
const PG_BASE = (() => {
  const given = runOptions().databaseUrl;
  if (!given?.startsWith('postgres')) return 'postgres://postgres@127.0.0.1:5432';
  const url = new URL(given);
  url.pathname = '';
  url.search = '';
  return url.toString().replace(/\/$/, '');
})();
const DB_NAME = `e2e_releases_${process.pid}`;
const TOKEN = `e2e-release-token-${process.pid}`;
const ORIGINAL_DIST = path.join(REPO_ROOT, 'mf-payments', 'dist');

function psql(database: string, sql: string): { ok: boolean; out: string } {
  const res = spawnSync('psql', [`${PG_BASE}/${database}`, '-v', 'ON_ERROR_STOP=1', '-tAc', sql], { encoding: 'utf8', timeout: 10_000 });
  return { ok: res.status === 0, out: `${res.stdout ?? ''}${res.stderr ?? ''}${res.error ? String(res.error) : ''}`.trim() };
}

/** Why this spec cannot run here, or null. */
function unavailable(): string | null {
  if (!fs.existsSync(path.join(REPO_ROOT, 'api', 'dist', 'server.js'))) return 'api/dist/server.js is missing (build first)';
  if (!fs.existsSync(path.join(ORIGINAL_DIST, 'remoteEntry.js'))) return 'mf-payments/dist is missing (build first)';
  const probe = psql('postgres', 'select 1');
  if (!probe.ok)
    return `PostgreSQL is not reachable at ${PG_BASE} (psql: ${probe.out.slice(0, 200)}); two instances need one shared database`;
  return null;
}

interface Instance {
  baseURL: string;
  child: ChildProcess;
  log: string;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-e2e-releases-'));
const instances: Instance[] = [];

async function startInstance(name: string): Promise<Instance> {
  const [port] = findFreePortsSync(1);
  const log = path.join(work, `${name}.log`);
  const fd = fs.openSync(log, 'a');
  const env = childEnv({
    PORT: String(port),
    DATABASE_URL: `${PG_BASE}/${DB_NAME}`,
    DATA_DIR: path.join(work, `data-${name}`),
    RELEASES_DIR: path.join(work, 'releases'),
    RELEASE_TOKEN: TOKEN,
    PUBLIC_URL: `http://localhost:${port}`,
    SEED_MEMBERS: '1',
  });
  delete env.SMTP_URL;
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'api', 'dist', 'server.js')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', fd, fd],
  });
  const baseURL = `http://localhost:${port}`;
  const end = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`instance ${name} ended at start:\n${fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n')}`);
    const ready = await fetch(`${baseURL}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > end) throw new Error(`instance ${name} not ready in time; log ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const instance = { baseURL, child, log };
  instances.push(instance);
  return instance;
}

/** The build id a dist marks itself with (build-mark plugin in remoteEntry.js). */
function markedBuildId(dist: string): string {
  const entry = fs.readFileSync(path.join(dist, 'remoteEntry.js'), 'utf8');
  const id = /"mf_payments",\s*\w+\s*=\s*"([A-Za-z0-9][A-Za-z0-9._-]{0,63})",\s*\w+\s*=\s*`mf-build:/.exec(entry)?.[1];
  if (!id) throw new Error('mf-payments/dist/remoteEntry.js carries no build id mark');
  return id;
}

/**
 * A copy of mf-payments' build as another release: its build id rewritten in every script (the
 * page's meta shows it), `edit` applied to each text file, the compressed copies made again.
 */
function variantOf(buildId: string, edit: (file: string, text: string) => string = (_f, t) => t): string {
  const dir = path.join(work, `dist-${buildId}`);
  const original = markedBuildId(ORIGINAL_DIST);
  fs.cpSync(ORIGINAL_DIST, dir, { recursive: true });
  const walk = (at: string): string[] =>
    fs.readdirSync(at, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(at, e.name)) : [path.join(at, e.name)]));
  for (const file of walk(dir)) {
    if (!/\.(js|json)$/.test(file)) continue;
    const before = fs.readFileSync(file, 'utf8');
    const after = edit(path.relative(dir, file), before.split(`"${original}"`).join(`"${buildId}"`));
    if (after === before) continue;
    fs.writeFileSync(file, after);
    if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(after, { level: 9 }));
    if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(after));
  }
  return dir;
}

/** `npm run release -- <args>` against instance A; exit code and output. */
function release(args: string[]): { status: number | null; out: string } {
  const res = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'release.mjs'), ...args], {
    cwd: REPO_ROOT,
    env: childEnv({ RELEASE_SERVER: instances[0]?.baseURL, RELEASE_TOKEN: TOKEN }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

/** The mf_payments build a fresh browser (no cookies: a new bucket) gets from `baseURL`. */
async function freshBuild(baseURL: string): Promise<string | null> {
  const context = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await context.get('/mf-remotes.json');
    expect(res.ok()).toBe(true);
    const { remotes } = (await res.json()) as { remotes: Array<{ name: string; build_id: string | null }> };
    return remotes.find((r) => r.name === 'mf_payments')?.build_id ?? null;
  } finally {
    await context.dispose();
  }
}

let ci: APIRequestContext;
const registry = async () => {
  const res = await ci.get('/api/backoffice/releases');
  expect(res.status()).toBe(200);
  const page = ZReleasesPage.parse(await res.json());
  const payments = page.remotes.find((r) => r.remote === 'mf-payments');
  if (!payments) throw new Error('mf-payments is not in the registry');
  return payments;
};
const firstURL = () => instances[0]?.baseURL ?? '';
const act = async (action: string, body: Record<string, unknown>, on = firstURL()) =>
  ci.post(`${on}/api/backoffice/releases/mf-payments/${action}`, { data: { ...body, version: (await registry()).version } });

/** A page on `baseURL` whose browser sits in bucket `bucket`; the mf_payments build it loaded. */
async function pageInBucket(browser: Browser, baseURL: string, bucket: number) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'mf_bucket', value: String(bucket), url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/pricing');
  await expect.poll(async () => (await remoteBuildIds(page)).mf_payments ?? null, { timeout: 15_000 }).not.toBeNull();
  return { context, page, build: async () => (await remoteBuildIds(page)).mf_payments };
}

const skipReason = unavailable();
test.describe.configure({ mode: 'serial' });
test.skip(skipReason !== null, skipReason ?? '');

const BUILD_A = `e2e-a-${process.pid}`;
const BUILD_B = `e2e-b-${process.pid}`;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  expect(psql('postgres', `create database ${DB_NAME}`).ok).toBe(true);
  // one after the other: the first migrates and seeds the database, the second finds it ready
  await startInstance('a');
  await startInstance('b');
  ci = await playwrightRequest.newContext({ baseURL: firstURL(), extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` } });
});

test.afterAll(async () => {
  await ci?.dispose();
  await Promise.all(
    instances.map(
      (instance) =>
        new Promise<void>((resolve) => {
          if (instance.child.exitCode !== null) return resolve();
          instance.child.once('exit', () => resolve());
          instance.child.kill('SIGTERM');
          setTimeout(() => instance.child.kill('SIGKILL'), 8000).unref();
        }),
    ),
  );
  if (!skipReason) psql('postgres', `drop database if exists ${DB_NAME} with (force)`);
  if (runOptions().keepData) console.log(`[releases] kept ${work} (instance logs a.log, b.log)`);
  else fs.rmSync(work, { recursive: true, force: true });
});

test('publish, canary at 50 %, promote and roll back mf-payments on two instances without a restart', async ({ browser }) => {
  test.setTimeout(90_000);
  const [a, b] = instances as [Instance, Instance];
  for (const id of [BUILD_A, BUILD_B]) {
    const published = release(['mf-payments', '--dir', variantOf(id), '--build-id', id, '--notes', `e2e ${id}`]);
    expect(published.status, published.out).toBe(0);
  }
  expect((await act('promote', { build_id: BUILD_A })).status()).toBe(200);
  expect((await act('canary', { build_id: BUILD_B, percent: 50 })).status()).toBe(200);

  // 40 fresh browsers, half on each instance: about half get the canary
  const builds = await Promise.all(Array.from({ length: 40 }, (_, i) => freshBuild(i % 2 === 0 ? a.baseURL : b.baseURL)));
  const canaries = builds.filter((id) => id === BUILD_B).length;
  expect(
    builds.every((id) => id === BUILD_A || id === BUILD_B),
    builds.join(','),
  ).toBe(true);
  expect(canaries).toBeGreaterThanOrEqual(10);
  expect(canaries).toBeLessThanOrEqual(30);
  // real pages: the page runs the build its bucket got (canary below 50)
  const inCanary = await pageInBucket(browser, b.baseURL, 3);
  expect(await inCanary.build()).toBe(BUILD_B);
  const onLive = await pageInBucket(browser, a.baseURL, 97);
  expect(await onLive.build()).toBe(BUILD_A);
  await inCanary.context.close();

  // promote on instance B: every fresh browser on either instance gets it within a second
  expect((await act('promote', { build_id: BUILD_B }, b.baseURL)).status()).toBe(200);
  for (const instance of [a, b]) await expect.poll(() => freshBuild(instance.baseURL), { timeout: 3000 }).toBe(BUILD_B);
  // the page opened before keeps its version until it reloads
  expect(await onLive.build()).toBe(BUILD_A);
  await onLive.page.reload();
  await expect.poll(onLive.build, { timeout: 15_000 }).toBe(BUILD_B);

  // roll back (to the one live before): the earlier build on the next load, on both instances
  expect((await act('rollback', {})).status()).toBe(200);
  for (const instance of [a, b]) await expect.poll(() => freshBuild(instance.baseURL), { timeout: 3000 }).toBe(BUILD_A);
  await onLive.page.reload();
  await expect.poll(onLive.build, { timeout: 15_000 }).toBe(BUILD_A);
  await onLive.context.close();
});

test('a release built against another react is refused, naming the package, wanted and offered', async () => {
  const id = `e2e-react17-${process.pid}`;
  const dir = variantOf(id, (file, text) => {
    if (file !== 'mf-manifest.json') return text;
    const manifest = JSON.parse(text) as { shared: Array<{ name: string; version: string; requiredVersion?: string }> };
    for (const shared of manifest.shared)
      if (shared.name === 'react' || shared.name === 'react-dom') Object.assign(shared, { version: '17.0.2', requiredVersion: '^17.0.2' });
    return JSON.stringify(manifest);
  });
  const published = release(['mf-payments', '--dir', dir, '--build-id', id, '--canary', '10']);
  expect(published.status, published.out).toBe(1);
  expect(published.out).toMatch(/react/);
  expect(published.out).toMatch(/17\.0\.2/);
  const refused = await act('canary', { build_id: id, percent: 10 });
  expect(refused.status()).toBe(409);
  const body = (await refused.json()) as { error: string; problems: Array<{ package: string; wanted: string; offered: string }> };
  expect(body.error).toBe('release_incompatible');
  expect(body.problems).toEqual(expect.arrayContaining([expect.objectContaining({ package: 'react', wanted: '^17.0.2' })]));
  expect((await registry()).canary).toBeNull();
});

test('the releases page shows the staff member the registry on a phone', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: firstURL(), viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const login = await page.request.post('/api/user.php', {
    data: { email: 'staff@example.com', password: 'staff-staff-123' },
    headers: { 'X-Request-Type': 'web' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await page.goto('/backoffice/releases');
  const payments = page.getByRole('region', { name: 'mf-payments' });
  await expect(payments.getByRole('table', { name: 'Geschiedenis van mf-payments' })).toBeVisible();
  // after the first test's rollback: A live again, B (newer) can be made live again, the build's own release rolled back to
  await expect(payments.getByRole('row', { name: new RegExp(BUILD_A) })).toContainText(`e2e ${BUILD_A}`);
  await expect(payments.getByRole('row', { name: new RegExp(BUILD_B) }).getByRole('button', { name: 'Live zetten' })).toBeVisible();
  await expect(payments.getByRole('button', { name: 'Terugdraaien naar deze' }).first()).toBeVisible();
  // nothing wider than the phone: the history table scrolls inside its own box
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});

test('a canary whose pages throw at mount is rolled back automatically (scaled thresholds)', async ({ browser }) => {
  test.setTimeout(90_000);
  const [a, b] = instances as [Instance, Instance];
  // thresholds scaled to a test: 3 errors in the window, 3 times the live rate
  expect(
    psql(DB_NAME, `update sites set settings = settings || '{"release_rollback_min_errors": 3, "release_rollback_factor": 3}'::jsonb`).ok,
  ).toBe(true);
  const id = `e2e-throws-${process.pid}`;
  const live = (await registry()).live?.build_id ?? '';
  // the release's ./routes module is a page that throws when it renders: it ends in the remote's error boundary
  const dir = variantOf(id, (file, text) =>
    file === 'remoteEntry.js'
      ? text.replace(
          /("\.\/routes":\(\)=>(?:Promise\.all\(\[[^\]]*\]\)|\w\.e\(\d+\)))\.then\(\(\)=>\(\)=>\w\(\d+\)\)/,
          '$1.then(()=>()=>({routes:[{path:"*",Component:function(){throw new Error("e2e: this release throws at mount")}}]}))',
        )
      : text,
  );
  expect(fs.readFileSync(path.join(dir, 'remoteEntry.js'), 'utf8')).toContain('this release throws at mount');
  const published = release(['mf-payments', '--dir', dir, '--build-id', id]);
  expect(published.status, published.out).toBe(0);
  expect((await act('canary', { build_id: id, percent: 50 })).status()).toBe(200);
  // the live release has its mounts (as its browsers report them)
  const reporter = await playwrightRequest.newContext({ baseURL: a.baseURL });
  const mounts = { events: Array.from({ length: 20 }, () => ({ remote: 'mf_payments', build_id: live, type: 'mount' })) };
  expect((await reporter.post('/api/client-events.php', { data: mounts })).status()).toBe(204);
  await reporter.dispose();
  // three browsers in the canary's share, on both instances: the page shows the contained error,
  // and the shell reports the render error with sendBeacon when the page is hidden
  for (const [i, instance] of [a, b, a].entries()) {
    const context = await browser.newContext({ baseURL: instance.baseURL });
    await context.addCookies([{ name: 'mf_bucket', value: String(i), url: instance.baseURL }]);
    const page = await context.newPage();
    await page.goto('/pricing');
    await expect(page.getByRole('button', { name: 'Opnieuw proberen' })).toBeVisible({ timeout: 15_000 });
    expect((await remoteBuildIds(page)).mf_payments).toBe(id);
    const beacon = page.waitForRequest((req) => req.url().endsWith('/api/client-events.php') && req.method() === 'POST');
    // the tab goes to the background (what a visitor leaving does first)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // (Chromium does not hand the beacon's Blob body to Playwright: the server's count below shows it arrived)
    expect(await (await beacon).headerValue('content-type')).toBe('application/json');
    await context.close();
  }
  const reported = Date.now();
  await expect
    .poll(async () => (await registry()).canary, { timeout: 40_000, message: 'the canary was not rolled back' })
    .toBeNull()
    .catch(async (error: unknown) => {
      console.log(JSON.stringify(await registry(), null, 1).slice(0, 3000));
      throw error;
    });
  const state = await registry();
  const thrown = state.releases.find((r) => r.build_id === id);
  expect(thrown?.errors_1h).toBeGreaterThanOrEqual(3);
  expect(thrown?.rollback_reason).toBeTruthy();
  expect(state.live?.build_id).toBe(live);
  expect(state.banner).toBeTruthy();
  console.log(`rolled back ${Date.now() - reported} ms after the last report: ${state.banner}`);
  // the canary's bucket gets the live release again
  const page = await pageInBucket(browser, b.baseURL, 1);
  expect(await page.build()).toBe(live);
  await page.context.close();
});
