/**
 * Front-end weight (issue 13 item 21), in the real browser against the built site: what a first
 * visit downloads, what a revisit revalidates, and that nothing jumps when a remote arrives.
 * The figures per page are printed by `npm run bench -- web`; this spec keeps the promises.
 */
import type { Page, Request } from '@playwright/test';
import { test, expect, commonText, localeText, login, setLanguageCookie } from '../support';
import type { Language } from '../support';

/**
 * Issue 13 asks for no main page over 250 kB of compressed JavaScript on first load.
 * `npm run bench -- web` prints the figures per page.
 */
const FIRST_LOAD_JS_TARGET = 250 * 1024;
/**
 * Issue 28 item 6 asks for 200 kB on the member pages below. They are at 186-190 kB (main.js with
 * the shell's eager shared packages, React DOM and the contracts on zod/mini, about 171 kB; the
 * page's remote with only that page and its texts in one language), so the target is the limit.
 * See docs/benchmarks.md.
 */
const MEMBER_PAGE_JS_TARGET = 200 * 1024;

interface Fetched {
  path: string;
  type: string;
  encoding: string | undefined;
  /** body bytes that came over the network (0 for a 304; <= 0 when the cache answered alone) */
  bytes: number;
  /** the browser revalidated its copy (If-None-Match) */
  conditional: boolean;
  /** when the request started (epoch ms) */
  startedAt: number;
}

/** Every finished request of the page from now on (bytes as transferred: the compressed body). */
function record(page: Page): { fetched: Fetched[]; settle: () => Promise<Fetched[]> } {
  const fetched: Fetched[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request: Request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        fetched.push({
          path: new URL(request.url()).pathname,
          type: request.resourceType(),
          encoding: (await response?.allHeaders())?.['content-encoding'],
          bytes: sizes.responseBodySize,
          conditional: 'if-none-match' in (await request.allHeaders()),
          startedAt: request.timing().startTime,
        });
      })().catch(() => undefined), // a request still finishing when the test closed its page: not counted
    );
  });
  return {
    fetched,
    settle: async () => {
      await Promise.all(pending);
      return [...fetched];
    },
  };
}

const remoteFolder = (path: string) => /^\/mf\/([^/]+)\//.exec(path)?.[1] ?? null;

/** Epoch ms at which the page's <h1> first appeared (recorded in the page, so no polling delay). */
async function headingShownAt(page: Page): Promise<number> {
  await expect(page.locator('main h1').first()).toBeVisible();
  return page.evaluate(() => (window as unknown as { __h1At: number }).__h1At);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __h1At?: number };
    const seen = () => {
      if (w.__h1At === undefined && document.querySelector('main h1')) w.__h1At = performance.timeOrigin + performance.now();
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  });
});

test.describe('front-end weight', () => {
  // a visitor's index and legal pages are mf-landers' light page: its own small client, no app
  for (const url of ['/', '/pages/faq', '/pages/terms']) {
    test(`${url}: a first visit is the light page, its content in the HTML, its client compressed and within ${FIRST_LOAD_JS_TARGET / 1024} kB, no remote`, async ({
      page,
    }, testInfo) => {
      const { settle } = record(page);
      await page.goto(url);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const fetched = await settle();
      const scripts = fetched.filter((f) => f.type === 'script');
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        expect(script.path, "only the light page's client").toMatch(/^\/mf\/mf-landers\/light-client\//);
        expect(script.encoding, `${script.path} is sent compressed`).toBe('br');
      }
      expect(fetched.filter((f) => /remoteEntry\.js$|mf-manifest\.json$|^\/mf-remotes\.json$/.test(f.path))).toEqual([]);
      const js = scripts.reduce((n, f) => n + f.bytes, 0);
      testInfo.annotations.push({ type: 'first-load JS', description: `${url}: ${Math.round(js / 1024)} kB compressed` });
      expect(js, `compressed JS: ${Math.round(js / 1024)} kB`).toBeLessThanOrEqual(FIRST_LOAD_JS_TARGET);
    });
  }

  // an app page: the shell and the page's own remote only
  {
    const url = '/login';
    test(`${url}: a first visit loads only the page's own remote, compressed, within ${FIRST_LOAD_JS_TARGET / 1024} kB of JS`, async ({
      page,
    }, testInfo) => {
      const { settle } = record(page);
      await page.goto(url);
      const shownAt = await headingShownAt(page);
      const atRender = (await settle()).filter((f) => f.startedAt <= shownAt);
      const scripts = atRender.filter((f) => f.type === 'script');
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.encoding, `${script.path} is sent compressed`).toBe('br');
      const remotes = new Set(atRender.map((f) => remoteFolder(f.path)).filter(Boolean));
      expect([...remotes]).toEqual(['mf-auth-signup']);
      const js = scripts.reduce((n, f) => n + f.bytes, 0);
      testInfo.annotations.push({ type: 'first-load JS', description: `${url}: ${Math.round(js / 1024)} kB compressed` });
      expect(js, `compressed JS before the page showed: ${Math.round(js / 1024)} kB`).toBeLessThanOrEqual(FIRST_LOAD_JS_TARGET);
    });
  }

  // a member page, logged in: its own remote, compressed, the figure beside issue 28's target
  test(`the member pages (search, chats, a conversation, credits): a first visit within ${MEMBER_PAGE_JS_TARGET / 1024} kB of compressed JS to render`, async ({
    browser,
    page,
    baseURL,
  }, testInfo) => {
    await login(page, 'demo@example.com', 'demo-demo-123');
    const chats = (await (await page.request.get('/api/chats.php')).json()) as { chats?: Array<{ conversation: number }> };
    const conversation = chats.chats?.[0]?.conversation;
    expect(conversation, 'the demo member has a conversation').toBeTruthy();
    const cookies = await page.context().cookies();
    const pages: Array<[string, string]> = [
      ['/members', 'mf-members'],
      ['/chats', 'mf-chat'],
      [`/chats/${conversation}`, 'mf-chat'],
      ['/credits', 'mf-payments'],
    ];
    for (const [url, folder] of pages) {
      // a first visit: a context of its own, empty cache, the member's session
      const context = await browser.newContext({ baseURL });
      await context.addCookies(cookies);
      const first = await context.newPage();
      await first.addInitScript(() => {
        const w = window as unknown as { __h1At?: number };
        const seen = () => {
          if (w.__h1At === undefined && document.querySelector('main h1')) w.__h1At = performance.timeOrigin + performance.now();
        };
        new MutationObserver(seen).observe(document, { childList: true, subtree: true });
      });
      const { settle } = record(first);
      await first.goto(url);
      const shownAt = await headingShownAt(first);
      const atRender = (await settle()).filter((f) => f.startedAt <= shownAt);
      await context.close();
      const scripts = atRender.filter((f) => f.type === 'script');
      for (const script of scripts) expect(script.encoding, `${url}: ${script.path} is sent compressed`).toBe('br');
      // the page's own remote is there before it shows (a conversation may also load another's widget)
      expect(
        atRender.some((f) => remoteFolder(f.path) === folder),
        `${url}: ${folder}`,
      ).toBe(true);
      const js = scripts.reduce((n, f) => n + f.bytes, 0);
      testInfo.annotations.push({
        type: 'first-load JS',
        description: `${url}: ${Math.round(js / 1024)} kB compressed in ${scripts.length} files (issue 28's target ${MEMBER_PAGE_JS_TARGET / 1024} kB: ${js <= MEMBER_PAGE_JS_TARGET ? 'met' : 'not met'})`,
      });
      expect(js, `${url}: compressed JS before the page showed: ${Math.round(js / 1024)} kB`).toBeLessThanOrEqual(MEMBER_PAGE_JS_TARGET);
    }
  });

  test("the member search's scripts ask V8 to compile them while they download (explicit compile hint), not on the phone's main thread at first call", async ({
    page,
  }) => {
    await login(page, 'demo@example.com', 'demo-demo-123');
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/members');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // the shell's main.js, the remote's entry and the page's chunks
    expect(scripts.some((url) => /\/main\.[0-9a-f]{12}\.js$/.test(url))).toBe(true);
    expect(scripts.some((url) => /\/mf\/mf-members\/.*remoteEntry\.js$/.test(url))).toBe(true);
    for (const url of scripts) {
      const body = await (await page.request.get(url)).text();
      expect(body.startsWith('//# allFunctionsCalledOnLoad\n'), `${new URL(url).pathname} starts with the compile hint`).toBe(true);
    }
  });

  test("the texts (a remote's, the shell's, the shared common ones) come in the visitor's language only (and the fallback, nl); another language arrives when chosen", async ({
    page,
    context,
  }) => {
    const localeOf = (path: string) => /\/locale-[a-z-]+-([a-z]{2})\.[0-9a-f]{12}\.js$/.exec(path)?.[1] ?? null;
    const languagesFetched = async (settle: () => Promise<Fetched[]>) =>
      [...new Set((await settle()).map((f) => localeOf(f.path)).filter(Boolean))].sort();

    // (an app page: the index is the light page, with its texts in the HTML)
    const title = (lng: Language) => localeText('mf-auth-signup/src/locales', 'login.title', lng);
    let seen = record(page);
    await page.goto('/login');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: title('nl') })).toBeVisible();
    expect(await languagesFetched(seen.settle)).toEqual(['nl']);

    await setLanguageCookie(context, 'de');
    const other = await context.newPage();
    seen = record(other);
    await other.goto('/login');
    await expect(other.getByRole('main').getByRole('heading', { level: 1, name: title('de') })).toBeVisible();
    expect(await languagesFetched(seen.settle)).toEqual(['de', 'nl']);

    // choosing a language switches the remote's texts once that language's bundle is there
    await other.getByRole('combobox', { name: commonText('nav.language', 'de') }).selectOption('it');
    await expect(other.getByRole('main').getByRole('heading', { level: 1, name: title('it') })).toBeVisible();
    expect(await languagesFetched(seen.settle)).toEqual(['de', 'it', 'nl']);
  });

  test('a revisit revalidates the page, the remotes list, manifests and entries (304, no body) and keeps hashed chunks', async ({
    page,
  }) => {
    const first = record(page);
    await page.goto('/pricing');
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const seenBefore = new Set((await first.settle()).map((f) => f.path));
    const { settle } = record(page);
    await page.goto('/pricing');
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // what the first visit fetched (the idle prefetch may fetch more the second time)
    const again = (await settle()).filter((f) => seenBefore.has(f.path));
    const byPath = (re: RegExp) => again.filter((f) => re.test(f.path));
    const revalidated = [
      ...byPath(/^\/pricing$/),
      ...byPath(/^\/mf-remotes\.json$/),
      ...byPath(/\/mf-manifest\.json$/),
      ...byPath(/\/remoteEntry\.js$/),
    ];
    expect(byPath(/\/remoteEntry\.js$/).length).toBeGreaterThan(0);
    expect(byPath(/\/mf-manifest\.json$/).length).toBeGreaterThan(0);
    // (the browser reports a 304 as its cached 200: asked with If-None-Match, no body came)
    for (const f of revalidated)
      expect({ path: f.path, conditional: f.conditional, bytes: f.bytes }).toEqual({ path: f.path, conditional: true, bytes: 0 });
    // content-hashed chunks are immutable: answered from the cache, not even revalidated
    const chunks = again.filter((f) => f.type === 'script' && /\.[0-9a-f]{12}\.js$/.test(f.path));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((f) => f.conditional || f.bytes > 0)).toEqual([]);
  });

  test('nothing on screen moves when the remote arrives (the footer stays below the fold)', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: Array<{ value: number; nodes: string[] }> };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          value: number;
          hadRecentInput: boolean;
          sources?: Array<{ node?: Node }>;
        }>) {
          if (entry.hadRecentInput) continue;
          const nodes = (entry.sources ?? []).map((s) => {
            const el = s.node instanceof Element ? s.node : s.node?.parentElement;
            return el ? `${el.tagName.toLowerCase()}${el.closest('footer') ? ' (in footer)' : ''}` : '?';
          });
          w.__shifts.push({ value: entry.value, nodes });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const url of ['/', '/pages/faq', '/pages/terms']) {
      await page.goto(url);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: Array<{ value: number; nodes: string[] }> }).__shifts);
      expect(
        shifts.filter((s) => s.nodes.some((n) => n.includes('in footer'))),
        `footer shifts on ${url}`,
      ).toEqual([]);
      const cls = shifts.reduce((n, s) => n + s.value, 0);
      expect(cls, `layout shift on ${url}: ${JSON.stringify(shifts)}`).toBeLessThan(0.05);
    }
  });
});
