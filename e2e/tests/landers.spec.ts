/**
 * The landers (issue 14): every variant of mf-landers' registry and the member landings render
 * with the demo members and no console error, on a desktop and on a phone; the call to action
 * opens sign-up with the lander's tracking (network, ref, sub1-3), and a sign-up started on a
 * lander sends it to the server; unknown variants and slugs and a deleted member's landing are
 * the 404 page (and a 404 status); a new variant ships by rebuilding mf-landers alone.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  REPO_ROOT,
  childEnv,
  commonText,
  expect,
  loginAsNewMember,
  logout,
  remoteBuildIds,
  resolveE2eEnv,
  test,
  uniqueEmail,
} from '../support';
import { distDir, hashTree } from '../support/federation';

const LANDERS_DIR = path.join(REPO_ROOT, 'mf-landers');
const registry = JSON.parse(fs.readFileSync(path.join(LANDERS_DIR, 'src', 'landers', 'registry.json'), 'utf8')) as {
  variants: Array<{ name: string; slug: boolean }>;
};
const nl = JSON.parse(fs.readFileSync(path.join(LANDERS_DIR, 'src', 'locales', 'nl.json'), 'utf8')) as {
  landers: { variants: Record<string, { title: string }> };
};
const NOT_FOUND = 'Deze pagina kon niet worden gevonden';

async function demoMembers(page: Page): Promise<Array<{ id: number; name: string; fictional: boolean }>> {
  const res = await page.request.get('/api/members.php');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { results: Array<{ id: number; name: string; fictional: boolean }> }).results;
}

/** Clicks the lander's first call to action; sign-up must open as the product wants, with the tracking. */
async function openSignupFromLander(page: Page, isMobile: boolean, query: string) {
  await page.getByRole('main').getByRole('button', { name: 'Gratis aanmelden' }).first().click();
  if (isMobile) {
    await expect(page).toHaveURL(new RegExp(`/signup\\?${query.replace(/[?&]/g, (c) => `\\${c}`)}$`));
    await expect(page.getByRole('heading', { name: 'Gratis aanmelden', level: 1 })).toBeVisible();
    return page.getByRole('main');
  }
  const dialog = page.getByRole('dialog', { name: 'Gratis aanmelden' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('landers', () => {
  for (const { name } of registry.variants) {
    test(
      `${name}: renders with demo members, no console error, sign-up opens with the tracking`,
      { tag: '@phone' },
      async ({ page, pageErrors, isMobile }) => {
        const query = `network=e2e-net&sub1=${name}&sub2=b`;
        const res = await page.goto(`/landers/${name}?${query}`);
        expect(res?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1, name: nl.landers.variants[name]?.title })).toBeVisible();
        // demo members' names from the server (name, age)
        const members = await demoMembers(page);
        await expect(
          page
            .getByRole('main')
            .getByText(new RegExp(`^(${members.map((m) => m.name).join('|')}), \\d+$`))
            .first(),
        ).toBeVisible();
        // every chatpal shown carries its label (named by the site's fictional warning)
        const chatpals = members.filter((m) => m.fictional).map((m) => m.name);
        if (chatpals.length) {
          const shown = await page
            .getByRole('main')
            .getByText(new RegExp(`^(${chatpals.join('|')}), \\d+$`))
            .count();
          expect(
            await page
              .getByRole('main')
              .getByRole('img', { name: /fictief/i })
              .count(),
          ).toBeGreaterThanOrEqual(shown);
        }
        await page.waitForLoadState('networkidle');
        await openSignupFromLander(page, isMobile, query);
        expect(pageErrors).toEqual([]);
      },
    );
  }

  test(
    'a lander is a light page: the server sends its content, and the browser loads none of the app',
    { tag: '@phone' },
    async ({ page, request, pageErrors }) => {
      const members = await demoMembers(page);
      // the HTML itself holds the lander: headline, demo members, sized photos, the first one urgent
      const html = await (await request.get('/landers/gallery/vrouwen?network=e2e-net')).text();
      expect(html).toContain('<h1');
      expect(html).toContain('Leuke vrouwen bij jou in de buurt');
      expect(html).toMatch(new RegExp(`(${members.map((m) => m.name).join('|')}), \\d+`));
      expect(html).toMatch(/<img [^>]*width="\d+"[^>]*height="\d+"/);
      // the swipe deck's first card is the page's largest picture: asked for first
      expect(await (await request.get('/landers/tinderswipe')).text()).toMatch(/<img [^>]*fetchpriority="high"/i);
      expect(html).toContain('<footer');
      for (const url of ['/landers/tinderswipe?network=e2e-net&sub1=a', `/members/${members.find((m) => !m.fictional)?.id}/landing`]) {
        const scripts: string[] = [];
        const calls: string[] = [];
        page.on('request', (r) => {
          const { pathname } = new URL(r.url());
          if (r.resourceType() === 'script') scripts.push(pathname);
          if (pathname.startsWith('/api/') || pathname === '/mf-remotes.json' || pathname.endsWith('mf-manifest.json'))
            calls.push(pathname);
        });
        expect((await page.goto(url))?.status()).toBe(200);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('main').getByRole('button').first()).toBeEnabled();
        await page.waitForLoadState('networkidle');
        // only the light page's own script(s): no shell, no federation, no remote, no data call
        expect(scripts.length, url).toBeGreaterThan(0);
        expect(
          scripts.filter((s) => !s.startsWith('/mf/mf-landers/light-client/')),
          url,
        ).toEqual([]);
        expect(calls, url).toEqual([]);
        page.removeAllListeners('request');
      }
      expect(pageErrors).toEqual([]);
    },
  );

  test(
    "a lander's top photo is offered as WebP in phone widths, preloaded from the head, and the browser fetches only that",
    { tag: '@phone' },
    async ({ page, request, pageErrors }) => {
      const html = await (await request.get('/landers/tinderswipe')).text();
      const head = html.slice(0, html.indexOf('</head>'));
      // the head asks for the first card's photo at once: WebP, in widths for the screen
      const preload =
        /<link rel="preload" as="image" type="image\/webp" fetchPriority="high" imageSrcSet="([^"]+)" imageSizes="[^"]+"\/>/.exec(head);
      expect(preload, 'a preload of the top photo in the head').not.toBeNull();
      const widths = [...(preload?.[1] ?? '').matchAll(/\/uploads\/[\w-]+\.w(\d+)\.webp (\d+)w/g)].map((m) => Number(m[2]));
      expect(widths).toEqual([200, 320, 400]);
      // the picture offers the same WebP set, with the JPEG for browsers without WebP
      expect(html).toMatch(
        /<picture[^>]*><source type="image\/webp" srcSet="[^"]+ 200w, [^"]+ 320w, [^"]+ 400w" sizes="[^"]+"\/><img src="\/uploads\/[\w-]+\.jpg"/,
      );

      const photos: Array<{ url: string; type: string }> = [];
      page.on(
        'response',
        (r) => r.url().includes('/uploads/') && photos.push({ url: new URL(r.url()).pathname, type: r.headers()['content-type'] ?? '' }),
      );
      await page.goto('/landers/tinderswipe');
      const [first] = (await demoMembers(page)).slice(0, 1);
      const photo = page.getByRole('main').getByRole('img', { name: first?.name, exact: true }).first();
      await expect(photo).toBeVisible();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const shown = new URL(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
      expect(shown).toMatch(/\.w400\.webp$/);
      // the photo came once, as WebP: its JPEG was not fetched besides
      expect(photos.filter((p) => p.url === shown)).toEqual([{ url: shown, type: 'image/webp' }]);
      expect(photos.map((p) => p.url)).not.toContain(shown.replace(/\.w400\.webp$/, '.jpg'));
      expect(pageErrors).toEqual([]);
    },
  );

  test('a sign-up started on a lander sends its tracking to the server', { tag: '@phone' }, async ({ page, isMobile }) => {
    const query = 'network=e2e-net&ref=r1&sub1=s1&sub3=s3';
    await page.goto(`/landers/gallery/vrouwen?${query}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Leuke vrouwen bij jou in de buurt' })).toBeVisible();
    const scope = await openSignupFromLander(page, isMobile, query);
    await scope.getByLabel('Ik ben een').selectOption('male');
    await scope.getByRole('button', { name: 'Volgende' }).click();
    await scope.getByLabel('Geboortedatum').fill('1991-03-03');
    await scope.getByRole('button', { name: 'Volgende' }).click();
    await scope.getByLabel(/Woonplaats/).fill('Utrecht');
    await scope.getByRole('button', { name: 'Volgende' }).click();
    await scope.getByLabel('Profielnaam').fill('Lander');
    await scope.getByRole('button', { name: 'Volgende' }).click();
    await scope.getByLabel('E-mailadres').fill(uniqueEmail('lander'));
    await scope.getByLabel('Wachtwoord', { exact: true }).fill('Lander-wachtwoord-1');
    const sent = page.waitForRequest((r) => r.url().includes('/api/signup.php') && r.method() === 'POST');
    await scope.getByRole('button', { name: 'Account aanmaken' }).click();
    const request = await sent;
    expect((request.postDataJSON() as { tracking?: unknown }).tracking).toEqual({ network: 'e2e-net', ref: 'r1', sub1: 's1', sub3: 's3' });
    expect((await request.response())?.ok()).toBe(true);
    await expect(scope.getByRole('heading', { name: 'Welkom, Lander!' })).toBeVisible({ timeout: 20_000 });
  });

  test('the member landings are built around the member', { tag: '@phone' }, async ({ page, pageErrors }) => {
    const [member] = (await demoMembers(page)).filter((m) => !m.fictional);
    expect(member).toBeTruthy();
    const { id, name } = member as { id: number; name: string };
    for (const [url, title] of [
      [`/members/${id}/landing`, `Maak kennis met ${name}`],
      [`/members/${id}/landing2`, `${name} wil met je chatten`],
      [`/members/${id}/landing3/vanavond?network=e2e-net`, 'Vanavond nog iemand ontmoeten?'],
      [`/members/${id}/signup`, `Meld je aan en ontmoet ${name}`],
    ] as const) {
      expect((await page.goto(url))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('img', { name: `Foto van ${name}` })).toBeVisible();
      await expect(page.getByRole('main').getByRole('button', { name: new RegExp(name) })).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    expect(pageErrors).toEqual([]);
  });

  test('unknown variants and slugs, and the landing of a deleted member, are the 404 page', async ({ page }) => {
    for (const url of [
      '/landers/nope',
      '/landers/gallery/nope',
      '/landers/tinderswipe/vrouwen',
      '/landers/video/vrouwen/extra',
      '/members/1/landing2/nope',
      '/members/abc/landing',
    ]) {
      expect((await page.goto(url))?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Terug naar de homepage' })).toBeVisible();
    }
    // a member who deleted their account: their landings are gone
    const gone = await loginAsNewMember(page, { tag: 'lander-gone', name: 'Weg' });
    const deleted = await page.request.delete('/api/account.php', { data: { reason: 'other' } });
    expect(deleted.ok()).toBe(true);
    await logout(page);
    for (const url of [
      `/members/${gone.id}/landing`,
      `/members/${gone.id}/landing3`,
      `/members/${gone.id}/signup`,
      '/members/999999999/landing2',
    ]) {
      expect((await page.goto(url))?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
    }
  });

  test(
    'the cams/resell tile stands among the search results, marked as an advertisement, leading to the partner',
    { tag: '@phone' },
    async ({ page, pageErrors }) => {
      // the demo sites sell it on (member_resell); its content comes from mf-landers
      const partner = (
        JSON.parse(fs.readFileSync(path.join(LANDERS_DIR, 'src', 'resell', 'resell.json'), 'utf8')) as { partnerUrl: string }
      ).partnerUrl;
      await page.goto('/members');
      const results = page.getByRole('list', { name: 'Zoekresultaten' });
      const tile = results.getByRole('link', { name: /^Advertentie Live cams/ });
      await expect(tile).toBeVisible();
      await expect(tile).toHaveAttribute('href', partner);
      await expect(tile).toHaveAttribute('rel', /sponsored/);
      await page.waitForLoadState('networkidle');
      expect(pageErrors).toEqual([]);
    },
  );

  test('a new variant ships by rebuilding mf-landers alone: live on the running server, the shell untouched', async ({ page }) => {
    test.setTimeout(6 * 60_000);
    const { runDir } = resolveE2eEnv();
    test.skip(!runDir, 'needs the server started by this run (it serves copies of the builds)');
    const served = distDir('mf-landers', path.join(runDir ?? '', 'static'));
    const shellBefore = hashTree(distDir('shell', path.join(runDir ?? '', 'static')));
    expect((await page.goto('/landers/e2espring'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
    const before = await remoteBuildIds(page);

    // the growth team's change: one folder, one registry line, its copy in the 7 locale files
    // (a copy of the workspace, as the repository lays it out: its tsconfig extends ../tsconfig.base.json)
    const checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-landers-'));
    const work = path.join(checkout, 'mf-landers');
    const buildId = `e2e-spring-${Date.now().toString(36)}`;
    try {
      for (const entry of ['src', 'webpack.config.cjs', 'md-loader.cjs', 'package.json', 'tsconfig.json']) {
        fs.cpSync(path.join(LANDERS_DIR, entry), path.join(work, entry), { recursive: true });
      }
      fs.copyFileSync(path.join(REPO_ROOT, 'tsconfig.base.json'), path.join(checkout, 'tsconfig.base.json'));
      fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(checkout, 'node_modules'));
      const variants = path.join(work, 'src', 'landers', 'variants');
      fs.mkdirSync(path.join(variants, 'e2espring'));
      fs.copyFileSync(path.join(variants, 'gallery', 'index.tsx'), path.join(variants, 'e2espring', 'index.tsx'));
      const registryFile = path.join(work, 'src', 'landers', 'registry.json');
      const next = JSON.parse(fs.readFileSync(registryFile, 'utf8')) as { variants: Array<{ name: string; slug: boolean }> };
      next.variants.push({ name: 'e2espring', slug: true });
      fs.writeFileSync(registryFile, JSON.stringify(next, null, 2));
      for (const lng of ['nl', 'en', 'de', 'es', 'fr', 'it', 'pl']) {
        const file = path.join(work, 'src', 'locales', `${lng}.json`);
        const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as { landers: { variants: Record<string, unknown> } };
        texts.landers.variants.e2espring = {
          title: lng === 'nl' ? 'De lente is begonnen' : 'Spring has started',
          lead: 'e2e',
          galleryTitle: 'e2e',
        };
        fs.writeFileSync(file, JSON.stringify(texts));
      }
      await new Promise<void>((resolve, reject) => {
        const child = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production', '--output-path', served], {
          cwd: work,
          env: childEnv({ BUILD_ID: buildId }),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`webpack exited ${code}: ${stderr}`))));
      });

      // the running server knows it at once (no restart), and so does the page
      expect((await page.goto('/landers/e2espring?network=e2e-net'))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'De lente is begonnen' })).toBeVisible();
      expect((await page.goto('/landers/e2espring/vrouwen'))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Leuke vrouwen bij jou in de buurt' })).toBeVisible();
      await expect.poll(async () => (await remoteBuildIds(page)).mf_landers).toBe(buildId);
      const after = await remoteBuildIds(page);
      // the other remotes this page has loaded so far are the builds they were
      for (const [remote, id] of Object.entries(after)) if (remote !== 'mf_landers' && before[remote]) expect(id).toBe(before[remote]);
      expect(hashTree(distDir('shell', path.join(runDir ?? '', 'static')))).toEqual(shellBefore);
    } finally {
      fs.rmSync(checkout, { recursive: true, force: true });
      fs.rmSync(served, { recursive: true, force: true });
      fs.cpSync(distDir('mf-landers'), served, { recursive: true });
    }
  });
});

test.describe('landers: a first-time visitor', () => {
  test.use({ entryWarningAccepted: false });

  test(
    'gets the site-entry warning on the light page itself (NL site), and once accepted it stays away',
    { tag: '@phone' },
    async ({ page, pageErrors }) => {
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
      // the warning is in the server's HTML, open: painted with the page, not after its script
      const html = await (await page.request.get('/landers/video?network=e2e-net')).text();
      expect(html).toMatch(
        new RegExp(
          `role="dialog"[^>]*>[\\s\\S]*${commonText('entryWarning.title')}[\\s\\S]*${commonText('entryWarning.text').slice(0, 30)}`,
        ),
      );
      await page.goto('/landers/video?network=e2e-net');
      const dialog = page.getByRole('dialog', { name: commonText('entryWarning.title') });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(commonText('entryWarning.text'));
      await expect(dialog.getByRole('button', { name: commonText('entryWarning.leave') })).toBeVisible();
      await dialog.getByRole('button', { name: commonText('entryWarning.enter') }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: nl.landers.variants.video?.title })).toBeVisible();
      // the warning is the light page's own: nothing of the app was loaded for it
      expect(scripts.filter((s) => !s.startsWith('/mf/mf-landers/light-client/'))).toEqual([]);
      // back later: the warning is still in the server's HTML, but hidden before anything is painted
      // (the page's script is held back here, so what shows is the HTML alone), then taken out
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/mf/mf-landers/light-client/**', async (route) => {
        await held;
        await route.continue();
      });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('heading', { level: 1, name: nl.landers.variants.video?.title })).toBeVisible();
      await expect(page.locator('[data-entry-warning]')).toHaveCount(1);
      await expect(page.locator('[data-entry-warning]')).toBeHidden();
      release();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.locator('[data-entry-warning]')).toHaveCount(0);
      expect(pageErrors).toEqual([]);
    },
  );
});
