/**
 * Runtime federation (issue 2): each remote builds on its own and is served under /mf/<folder>/;
 * the shell has no remote address at build time and follows /mf-remotes.json; a remote that is
 * unreachable or throws is contained; chunk-load failures reload at most once per 60 s; a remote
 * is redeployed without touching the shell; the shared singletons are single.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { test, expect, REPO_ROOT, childEnv, commonText, loginAsNewMember, remoteBuildIds, resolveE2eEnv } from '../support';
import {
  REMOTES,
  distDir,
  exposedNames,
  fulfilWithThrowingRoutes,
  hashTree,
  isRemoteChunk,
  federationInstances,
  loadedShared,
  readTreeText,
  recordRequests,
  remote,
  serveFolder,
} from '../support/federation';
import type { ManifestJson } from '../support/federation';

const run = promisify(execFile);

/*
 * The runtime tests break one remote whose page a visitor can open (/pricing of mf_payments): the
 * member-only routes (/chats, ...) show the shell's login prompt to a visitor without loading their
 * remote at all. MEMBER_ONLY: the remotes whose route in REMOTES needs a session or is checked apart.
 */
const PUBLIC_TARGET = 'mf_payments';
const MEMBER_ONLY = ['mf_chat', 'mf_members'];

/** The "this part of the site is unavailable" block of the shell, with its retry button. */
function unavailable(page: Page) {
  return page.getByRole('alert').filter({ hasText: commonText('errors.moduleUnavailable') });
}
function retryButton(page: Page) {
  return unavailable(page).getByRole('button', { name: commonText('errors.retry') });
}

/**
 * The shell's page carries its remotes list (window.__REMOTES__, api/src/platform/static.ts); the
 * shell fetches /mf-remotes.json only without it. The tests that rewrite that answer on the way
 * take the page's list away, so the shell asks for it.
 */
async function remotesListFromNetwork(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, '__REMOTES__', { configurable: true, get: () => undefined, set: () => undefined });
  });
}

/** A page rendered by the remote: its main heading, and no "unavailable" block. */
async function expectAreaWorks(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(unavailable(page)).toHaveCount(0);
}

test.describe('federation: builds, manifests and the remotes list', () => {
  for (const r of REMOTES) {
    test(`${r.name} builds on its own: mf-manifest.json + remoteEntry.js, served at /mf/${r.folder}/`, async ({ request }) => {
      const built = path.join(distDir(r.folder), 'mf-manifest.json');
      expect(fs.existsSync(built), `${built} exists`).toBe(true);

      const res = await request.get(`/mf/${r.folder}/mf-manifest.json`);
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toMatch(/no-cache|no-store|max-age=0/);
      const manifest = (await res.json()) as ManifestJson;
      expect(manifest.name ?? manifest.id).toBe(r.name);
      const exposes = exposedNames(manifest);
      for (const expose of ['./routes', './manifest', ...r.widgets]) expect(exposes).toContain(expose);

      const entry = await request.get(`/mf/${r.folder}/remoteEntry.js`);
      expect(entry.status()).toBe(200);
      expect(entry.headers()['content-type']).toMatch(/javascript/);

      // hashed chunks are immutable
      const chunk = manifest.exposes?.[0]?.assets?.js?.sync?.[0];
      expect(chunk, 'the first expose lists its chunks').toBeTruthy();
      const chunkRes = await request.get(`/mf/${r.folder}/${chunk}`);
      expect(chunkRes.status()).toBe(200);
      expect(chunkRes.headers()['cache-control']).toMatch(/immutable/);
    });
  }

  test('/mf-remotes.json lists the five remotes at their live releases under /mf/<folder>/<build-id>/, not cached', async ({ request }) => {
    const res = await request.get('/mf-remotes.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toMatch(/no-cache|no-store/);
    const body = (await res.json()) as { remotes: Array<{ name: string; entry: string; build_id: string | null }> };
    expect(body.remotes.map((x) => x.name).sort()).toEqual(REMOTES.map((x) => x.name).sort());
    for (const r of REMOTES) {
      const listed = body.remotes.find((x) => x.name === r.name);
      // the first start registered each build as the remote's first live release (issue 27)
      expect(listed?.build_id, `${r.name} has a live release`).toBeTruthy();
      expect(new URL(listed?.entry ?? '', 'http://x').pathname).toBe(`/mf/${r.folder}/${listed?.build_id}/mf-manifest.json`);
      const manifest = await request.get(listed?.entry ?? '');
      expect(manifest.status(), `${r.name}'s entry is served`).toBe(200);
    }
  });

  test("the shell's build output contains no remote address", async () => {
    const files = readTreeText(distDir('shell'));
    expect(files.length).toBeGreaterThan(0);
    for (const { file, text } of files) {
      for (const r of REMOTES) {
        expect(text.includes(`/mf/${r.folder}`), `${file} mentions /mf/${r.folder}`).toBe(false);
      }
      expect(/https?:\/\/[^"'\s]*(remoteEntry|mf-manifest)/.test(text), `${file} holds a remote URL`).toBe(false);
    }
    // the remotes list is read at runtime: its address is in the shell's code, nothing else
    expect(files.some(({ text }) => text.includes('/mf-remotes.json'))).toBe(true);
  });
});

test.describe('federation: at runtime', () => {
  test('the shell reads /mf-remotes.json at start and follows a changed entry', async ({ page }) => {
    await remotesListFromNetwork(page);
    // Serve a remotes list that moves mf_landers to another address; that address proxies the
    // real build, so the page can only render the landers pages by following the new entry.
    await page.route('**/mf-remotes.json', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { remotes: Array<{ name: string; entry: string }> };
      body.remotes = body.remotes.map((x) => (x.name === 'mf_landers' ? { ...x, entry: '/e2e-moved/landers/mf-manifest.json' } : x));
      await route.fulfill({ response, json: body });
    });
    await page.route('**/e2e-moved/landers/**', async (route) => {
      const url = new URL(route.request().url());
      const original = url.pathname.replace('/e2e-moved/landers/', '/mf/mf-landers/');
      const response = await route.fetch({ url: new URL(original, url).toString() });
      await route.fulfill({ response });
    });
    const moved = recordRequests(page, '/e2e-moved/landers/');
    const original = recordRequests(page, '/mf/mf-landers/');

    await expectAreaWorks(page, remote('mf_landers').route);
    expect(moved.some((u) => u.endsWith('/mf-manifest.json'))).toBe(true);
    expect(moved.some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);
    expect(original, 'nothing is loaded from the old address').toEqual([]);
  });

  test('with one remote unreachable the shell starts, that area says so with a retry, the rest works', async ({ page }) => {
    const target = remote(PUBLIC_TARGET);
    await page.route(`**/mf/${target.folder}/**`, (route) => route.abort('connectionrefused'));

    await page.goto(target.route);
    await expect(unavailable(page)).toBeVisible({ timeout: 30_000 });
    await expect(retryButton(page)).toBeVisible();
    // contained inside the page's layout
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();

    // every other area works, in the same page (client-side navigation) and on a fresh load
    for (const other of REMOTES.filter((x) => x.name !== PUBLIC_TARGET && !MEMBER_ONLY.includes(x.name))) {
      await expectAreaWorks(page, other.route);
    }
    await page.goto('/members');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(unavailable(page)).toHaveCount(0);

    // back to that area: still down; then the network comes back and "retry" recovers
    await page.goto(target.route);
    await expect(retryButton(page)).toBeVisible({ timeout: 30_000 });
    await page.unroute(`**/mf/${target.folder}/**`);
    await retryButton(page).click();
    await expect(unavailable(page)).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });

  test('a remote that throws while rendering is contained the same way', async ({ page, pageErrors }) => {
    const target = remote(PUBLIC_TARGET);
    await page.route(
      (url) => isRemoteChunk(url.toString(), target.folder),
      (route) => fulfilWithThrowingRoutes(route),
    );
    await page.goto(target.route);
    await expect(unavailable(page)).toBeVisible({ timeout: 30_000 });
    await expect(retryButton(page)).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    expect(pageErrors.join('\n')).toContain('e2e: this remote throws while rendering');

    // the rest of the site is unaffected
    await expectAreaWorks(page, remote('mf_landers').route);
    await expectAreaWorks(page, remote('mf_auth_signup').route);
  });

  test('a chunk-load failure reloads the page, at most once per 60 s', async ({ page }) => {
    const target = remote(PUBLIC_TARGET);
    await page.route(
      (url) => isRemoteChunk(url.toString(), target.folder),
      (route) => route.abort('connectionrefused'),
    );
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });

    await page.goto(target.route);
    await expect(unavailable(page)).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2); // our load + one reload
    await page.waitForTimeout(3_000);
    expect(loads, 'no second reload').toBe(2);

    // within 60 s: a new failure does not reload again
    await page.goto(target.route);
    await expect(unavailable(page)).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(3_000);
    expect(loads).toBe(3);

    // the last reload is remembered per tab (sessionStorage); once it is over 60 s old, one more
    await page.evaluate(() => {
      for (let i = 0; i < sessionStorage.length; i += 1) {
        const key = sessionStorage.key(i);
        const value = key ? Number(sessionStorage.getItem(key)) : NaN;
        if (key && Number.isFinite(value) && Math.abs(Date.now() - value) < 10 * 60_000) {
          sessionStorage.setItem(key, String(value - 61_000));
        }
      }
    });
    await page.goto(target.route);
    await expect.poll(() => loads, { timeout: 15_000 }).toBe(5);
    await expect(unavailable(page)).toBeVisible({ timeout: 30_000 });
  });

  test('rebuilding one remote leaves the shell byte-identical; the running server serves it on the next load', async ({ page }) => {
    test.setTimeout(6 * 60_000);
    const { runDir } = resolveE2eEnv();
    test.skip(!runDir, 'needs the server started by this run (it serves copies of the builds)');
    const landers = remote('mf_landers');
    // The server started for this run serves copies of the builds (STATIC_ROOT); the rebuild is
    // published there, as a deployment would, and the checkout's own dist folders stay as they are.
    const servedRoot = path.join(runDir ?? '', 'static');
    const servedLanders = distDir(landers.folder, servedRoot);
    const shellBefore = hashTree(distDir('shell'));
    const servedShellBefore = hashTree(distDir('shell', servedRoot));
    const landersBefore = hashTree(servedLanders);
    expect(Object.keys(shellBefore).length).toBeGreaterThan(0);

    await page.goto(landers.route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const before = await remoteBuildIds(page);
    expect(before.mf_landers, 'mf_landers marks its build id in the page').toBeTruthy();

    const buildId = `e2e-${Date.now().toString(36)}`;
    try {
      await run(path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production', '--output-path', servedLanders], {
        cwd: path.join(REPO_ROOT, landers.folder),
        env: childEnv({ BUILD_ID: buildId }),
        timeout: 4 * 60_000,
      });
      expect(hashTree(servedLanders)).not.toEqual(landersBefore);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect.poll(async () => (await remoteBuildIds(page)).mf_landers).toBe(buildId);
      // the other remotes and the shell did not change (a remote the shell prefetches on idle marks
      // itself when its entry arrives, which may be a moment after the page showed)
      const others = (ids: Record<string, string>) =>
        Object.fromEntries(
          Object.keys(before)
            .filter((name) => name !== 'mf_landers')
            .map((name) => [name, ids[name]]),
        );
      await expect.poll(async () => others(await remoteBuildIds(page)), { timeout: 15_000 }).toEqual(others(before));

      expect(hashTree(distDir('shell'))).toEqual(shellBefore);
      expect(hashTree(distDir('shell', servedRoot))).toEqual(servedShellBefore);
    } finally {
      // put the served copy back as it was (the checkout's build of mf-landers)
      fs.rmSync(servedLanders, { recursive: true, force: true });
      fs.cpSync(distDir(landers.folder), servedLanders, { recursive: true });
    }
  });

  test('deploying one remote alone: built with a BUILD_ID, published on another origin, its entry pointed there', async ({ page }) => {
    test.setTimeout(6 * 60_000);
    const landers = remote('mf_landers');
    const shellBefore = hashTree(distDir('shell'));
    const publishDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-cdn-'));
    const buildId = `cdn-${Date.now().toString(36)}`;
    const cdn = await (async () => {
      await run(path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production', '--output-path', publishDir], {
        cwd: path.join(REPO_ROOT, landers.folder),
        env: childEnv({ BUILD_ID: buildId }),
        timeout: 4 * 60_000,
      });
      return serveFolder(publishDir);
    })();
    try {
      // The page's document is fulfilled by the test (below), which makes Chromium treat it as a public
      // page; its fetches to the CDN on 127.0.0.1 then need Local Network Access's permission (a real
      // CDN is public: no prompt there).
      await page.context().grantPermissions(['local-network-access']);
      // what MF_REMOTES does on the server: the served list points mf_landers at the CDN
      await remotesListFromNetwork(page);
      await page.route('**/mf-remotes.json', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { remotes: Array<{ name: string; entry: string }> };
        body.remotes = body.remotes.map((x) => (x.name === 'mf_landers' ? { ...x, entry: `${cdn.url}/mf-manifest.json` } : x));
        await route.fulfill({ response, json: body });
      });
      // ... and names the CDN's origin in the pages' script-src (issue 25: api/src/platform/security-headers.ts)
      await page.route('**/*', async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        const policy = (response.headers()['content-security-policy'] ?? '').replace(
          "script-src 'self'",
          `script-src 'self' ${new URL(cdn.url).origin}`,
        );
        // route.fetch() hands the body decoded: the server's content-encoding and length no longer apply
        const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
        await route.fulfill({ response, headers: { ...headers, 'content-security-policy': policy } });
      });
      await expectAreaWorks(page, landers.route);
      await expect.poll(async () => (await remoteBuildIds(page)).mf_landers).toBe(buildId);
      expect(cdn.requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
      expect(hashTree(distDir('shell')), 'the shell was not rebuilt').toEqual(shellBefore);
    } finally {
      await cdn.close();
      fs.rmSync(publishDir, { recursive: true, force: true });
    }
  });

  test('one React, one jotai store, one i18next, one bus across the shell and the remotes', async ({ page }) => {
    // a page that mounts two remotes: mf_auth_signup's /login (+ its widgets in the layout)
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const instances = await federationInstances(page);
    expect(instances).toContain('shell');
    expect(instances).toContain('mf_auth_signup');

    const shared = await loadedShared(page);
    for (const pkg of ['react', 'react-dom', 'jotai', 'i18next', 'react-i18next', '@emotion/react']) {
      const use = shared[pkg] ?? shared[`${pkg}/`];
      expect(use, `${pkg} is shared`).toBeTruthy();
      expect(use?.versions, `one loaded version of ${pkg}`).toHaveLength(1);
      expect(use?.providers, `one copy of ${pkg}, the shell's`).toEqual(['shell']);
    }
    expect(shared.react?.users).toEqual(expect.arrayContaining(['shell', 'mf_auth_signup']));
    // shared-kit (bus, jotai store and atoms, i18n instance) is shared by subpath: one copy each
    const kit = Object.entries(shared).filter(([pkg]) => pkg.startsWith('@dating/shared-kit'));
    expect(kit.length).toBeGreaterThan(0);
    for (const [pkg, use] of kit) expect(use.providers, `one copy of ${pkg}`).toHaveLength(1);

    // one i18next: the language switcher (shell) changes the text inside a remote at once
    await page.goto(remote('mf_landers').route);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading).toBeVisible();
    const dutch = (await heading.textContent()) ?? '';
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.getByRole('combobox', { name: commonText('nav.language') }).selectOption('en');
    await expect(heading).not.toHaveText(dutch);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(loads, 'no page reload').toBe(0);

    // one bus: an event emitted in the page reaches a remote's widget (the signup modal)
    await page.evaluate(() => {
      const registry = (
        globalThis as unknown as { __datingBus__?: { listeners: Map<string, Set<(p: unknown) => void>>; last: Map<string, unknown> } }
      ).__datingBus__;
      if (!registry) throw new Error('no bus in the page');
      registry.last.set('signup:open', {});
      for (const listener of registry.listeners.get('signup:open') ?? []) listener({});
    });
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('one jotai store and one router: the session the shell loads is the one a remote reads', async ({ page }) => {
    await loginAsNewMember(page, { tag: 'store' });
    // mf_landers' home page sends a logged-in member on to /members: it reads the session atom
    // (filled by the shell from /api/user.php) and navigates with the shell's router
    await page.goto('/');
    await expect(page).toHaveURL(/\/members$/);
    await expect(
      page.getByRole('navigation', { name: commonText('nav.main'), exact: true }).getByRole('link', { name: commonText('nav.login') }),
    ).toHaveCount(0);

    // and a change made in the store is seen by the shell's navigation at once
    await page.evaluate(() => {
      const state = (
        globalThis as unknown as { __datingState__?: { store: { set: (a: unknown, v: unknown) => void }; sessionAtom: unknown } }
      ).__datingState__;
      if (!state) throw new Error('no state registry in the page');
      state.store.set(state.sessionAtom, null);
    });
    await expect(
      page.getByRole('navigation', { name: commonText('nav.main'), exact: true }).getByRole('link', { name: commonText('nav.login') }),
    ).toBeVisible();
  });
});
