/**
 * The phone walk (issue 29 items 1, 2, 4): every page of the route table (shared-kit contracts/routes.ts)
 * at 360 and 390 px, in nl, en and de: as a visitor, as the demo member and as staff. A page fails on
 *  (a) text cut off: an element with its own text that overflows its box (scrollWidth > clientWidth)
 *      while it clips (overflow hidden/clip) or keeps to one line (white-space nowrap/pre); an
 *      ellipsis on the label of a button, link, heading, tab or badge is cut-off text too (a preview
 *      line inside a bigger link, the last message in the chat list, may end in one), and so is a
 *      word of a short label (button, link, tab, badge) broken over two lines ("Berich-ten");
 *  (b) the page scrolling sideways: document.scrollingElement.scrollWidth > the viewport's width.
 *
 * Fast by design (runs once, in the desktop project): one browser context per language and role, the
 * width switched with setViewportSize on the same page, the page's h1 (or a dialog's heading) waited
 * for instead of networkidle, all checks in one page.evaluate.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ROUTE_TABLE, SHELL_PAGES } from '@dating/shared-kit/contracts';
import { test, expect, setLanguageCookie, login, ENTRY_WARNING_KEY } from '../support';
// the value, or a failed test (instead of a `!` assertion); the unit tests' helper
import { must } from '../../shared-kit/src/testing/must';
import type { Language } from '../support';

const LANGS: Language[] = ['nl', 'en', 'de'];
const WIDTHS = [360, 390] as const;

/** Placeholders of the route table's patterns, filled per run (a member's id, a conversation, ...). */
interface Ids {
  member: number;
  chat: number | null;
  /** a payment of the demo member's (else /transactions/1 shows the not-found state) */
  transaction: number | null;
}

type Role = 'visitor' | 'member' | 'staff';

/** The concrete URLs that cover every pattern of the route table, by who opens them. */
function pagesFor(role: Role, ids: Ids): string[] {
  const m = ids.member;
  if (role === 'visitor') {
    return [
      '/',
      '/signup',
      '/signup-matches',
      '/login',
      '/activate/done',
      '/activate/error',
      '/reset-password',
      '/reset-password/do?token=abcdefghijklmnop',
      '/mail-change/do',
      '/account-deleted',
      `/members/${m}/landing`,
      `/members/${m}/landing2`,
      `/members/${m}/landing3`,
      `/members/${m}/signup`,
      '/members',
      `/members/${m}`,
      '/credits',
      '/premium',
      '/pricing',
      '/landers/gallery/vrouwen',
      '/landers/tinderswipe',
      '/landers/alonetonight',
      '/landers/collagelanding',
      '/landers/iconslanding',
      '/landers/maplanding',
      '/landers/socialnetwork',
      '/landers/transitionsvideolanding',
      '/landers/video',
      '/pages/terms',
      '/pages/privacy',
      '/pages/faq',
      '/pages/cookies',
      '/pages/service',
      '/pages/return-policy',
      '/complaints',
      '/lang-config',
    ];
  }
  if (role === 'member') {
    return [
      '/members',
      `/members/${m}`,
      '/complete-signup',
      '/account',
      '/account/security',
      '/account/email',
      '/account/password',
      '/account/delete',
      '/chats',
      `/chats/${ids.chat ?? 1}`,
      `/members/${m}/chat`,
      '/likes',
      '/likes/liked',
      '/likes/matches',
      `/likes/m/${m}`,
      '/swipe-game',
      '/match-finder',
      '/profile',
      '/profile/verification',
      '/notifications',
      '/credits',
      '/credits/repeat-order',
      '/credits/1/ideal',
      '/directdebit',
      '/transactions',
      `/transactions/${ids.transaction ?? 1}`,
    ].filter((u): u is string => u !== null);
  }
  return [
    ...SHELL_PAGES,
    '/backoffice/photos',
    '/backoffice/members',
    '/backoffice/bans',
    '/backoffice/reports',
    '/backoffice/verifications',
    '/backoffice/complaints',
    '/backoffice/operator',
    '/backoffice/held-messages',
    '/backoffice/codes',
    '/backoffice/blocked',
    '/backoffice/payments',
    '/backoffice/sites',
    '/backoffice/audit',
  ];
}

/** Every route-table pattern is opened by at least one of the URLs above (a new page joins the walk). */
function uncovered(ids: Ids): string[] {
  const all = (['visitor', 'member', 'staff'] as const).flatMap((r) => pagesFor(r, ids)).map((u) => must(u.split('?')[0], 'a path'));
  return ROUTE_TABLE.filter((entry) => {
    const pattern = new RegExp(
      `^${entry.pattern
        .split('/')
        .map((s) => (s === '*' ? '.*' : s.startsWith(':') ? (s.endsWith('?') ? '[^/]*' : '[^/]+') : s))
        .join('/')
        .replace(/\/\.\*$/, '(/.*)?')
        .replace(/\/\[\^\/\]\*$/, '(/[^/]+)?')}$`,
    );
    return !all.some((u) => pattern.test(u));
  }).map((e) => e.pattern);
}

const WEB = { 'X-Request-Type': 'web' };

/** The logged-in account's language, as the language switcher stores it (PUT /api/user.php). */
async function setAccountLanguage(page: Page, lng: string): Promise<void> {
  const res = await page.request.put('/api/user.php', { data: { language: lng }, headers: WEB });
  expect(res.ok(), `language ${lng}: ${res.status()}`).toBe(true);
}

/** Runs in the page: what is cut off, and whether the page scrolls sideways. */
function layoutDefects(): string[] {
  const out: string[] = [];
  const describe = (el: Element) => {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    const cls = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? '';
    return `<${el.tagName.toLowerCase()}${cls ? ` "${cls}"` : ''}> "${text}"`;
  };
  const vw = document.documentElement.clientWidth;
  const scroller = document.scrollingElement ?? document.documentElement;
  if (scroller.scrollWidth > vw) {
    // the widest elements past the right edge, to say what pushes the page
    const wide = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > vw + 1 && el.checkVisibility();
      })
      .filter((el, _, all) => !all.some((o) => o !== el && el.contains(o)))
      .slice(0, 3)
      .map((el) => `${describe(el)} ends at ${Math.round(el.getBoundingClientRect().right)}`);
    out.push(`scrolls sideways: ${scroller.scrollWidth} px > ${vw} px (${wide.join('; ')})`);
  }
  const shortLabel = 'button, a, [role="tab"], [role="button"], [data-badge], [data-tone], label, h1, h2, h3, h4';
  for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
    if (el.closest('input, textarea, select, svg, [aria-hidden="true"]')) continue;
    const ownText = Array.from(el.childNodes).some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
    if (!ownText || !el.checkVisibility()) continue;
    const cs = getComputedStyle(el);
    // visually hidden text (screen readers only) is meant to be clipped
    if (el.clientWidth <= 1 || cs.clip !== 'auto' || cs.clipPath !== 'none') continue;
    const clips = ['hidden', 'clip'].includes(cs.overflowX);
    const oneLine = ['nowrap', 'pre'].includes(cs.whiteSpace);
    const scrollable = ['auto', 'scroll'].includes(cs.overflowX);
    const control = el.closest(shortLabel) as HTMLElement | null;
    if (!scrollable && (clips || oneLine) && el.scrollWidth > el.clientWidth + 1) {
      // an ellipsis is a cut-off label when it shortens the control's own text ("Sa..." as the name in
      // the chat header); a preview line inside a bigger link (the last message in the chat list) may end in one
      const label = control !== null && (control === el || (control.textContent ?? '').trim() === (el.textContent ?? '').trim());
      if (cs.textOverflow !== 'ellipsis' || label)
        out.push(`text cut off: ${describe(el)} needs ${el.scrollWidth} px, has ${el.clientWidth}`);
      continue;
    }
    // a short label broken inside a word
    if (control && (el.textContent ?? '').trim().length <= 40) {
      for (const node of Array.from(el.childNodes)) {
        if (node.nodeType !== 3) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[\p{L}\p{N}]{2,}/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          if (tops.size > 1) out.push(`word broken: "${match[0]}" in ${describe(el)}`);
        }
      }
    }
  }
  return [...new Set(out)];
}

/** The page has rendered: its h1 in <main>, or a dialog's heading (login prompt, entry warning). */
async function rendered(page: Page): Promise<void> {
  await expect(page.locator('main h1, [role="dialog"] h1, [role="dialog"] h2').first()).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** `entryWarning`: the visitor has not accepted the site-entry warning yet (it stands over every page). */
async function newContext(browser: Browser, baseURL: string, lng: Language, entryWarning = false): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: lng, viewport: { width: WIDTHS[0], height: 800 } });
  await setLanguageCookie(context, lng);
  if (entryWarning) return context;
  await context.addInitScript((key) => {
    try {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, JSON.stringify(Date.now()));
    } catch {
      // about:blank
    }
  }, ENTRY_WARNING_KEY);
  return context;
}

/**
 * Opens `url` inside the running app (history.pushState + popstate, as a link does: the shell and the
 * remotes stay loaded; the first page of a context by a full load) and waits for a heading that the
 * previous page did not have. A page that keeps the previous page's heading element (/likes ->
 * /likes/liked) is taken once its heading is there and its loading bar and spinners are gone.
 */
async function open(page: Page, url: string, first: boolean): Promise<void> {
  if (first) {
    await page.goto(url, { waitUntil: 'commit' });
    await rendered(page);
    return;
  }
  await page.evaluate((to) => {
    document.querySelectorAll('h1, h2').forEach((h) => h.setAttribute('data-walked', ''));
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
  await page
    .waitForFunction(
      () => {
        const fresh = document.querySelector(
          'main h1:not([data-walked]), [role="dialog"] h1:not([data-walked]), [role="dialog"] h2:not([data-walked])',
        );
        if (fresh) return true;
        return false;
      },
      undefined,
      { timeout: 1_500, polling: 'raf' },
    )
    .catch(() => undefined);
  await page.waitForFunction(
    () =>
      document.querySelector('main h1') !== null && document.querySelector('main [aria-busy="true"], main [role="progressbar"]') === null,
    undefined,
    {
      timeout: 15_000,
      polling: 'raf',
    },
  );
}

async function walk(page: Page, urls: string[], lng: Language, role: Role, failures: string[]): Promise<void> {
  let first = true;
  for (const url of urls) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await open(page, url, first);
    first = false;
    for (const width of WIDTHS) {
      if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 800 });
      const defects = await page.evaluate(layoutDefects);
      for (const d of defects) failures.push(`${lng} ${width}px ${role} ${url}: ${d}`);
      // reported as it is found, also when the walk runs out of time
      expect.soft(defects, `${lng} ${width}px ${role} ${url}`).toEqual([]);
    }
  }
}

/**
 * Issue 29 item 6: on a desktop the open conversation reaches the right edge of the screen (it
 * ended at about 1,200 px and left an empty band at 1,280 and 1,600 px).
 */
async function chatUsesTheWidth(page: Page, ids: Ids, failures: string[]): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, `/chats/${ids.chat ?? 1}`, false);
  for (const width of [1280, 1600]) {
    await page.setViewportSize({ width, height: 800 });
    const right = await page.locator('section[aria-labelledby="chat-with"]').evaluate((el) => el.getBoundingClientRect().right);
    expect
      .soft(right, `${width}px member /chats/${ids.chat}: the conversation ends before the screen's edge`)
      .toBeGreaterThanOrEqual(width - 1);
    if (right < width - 1) failures.push(`${width}px /chats: the conversation ends at ${Math.round(right)} px`);
  }
}

test.describe('phone walk: nothing cut off, nothing sideways (issue 29)', () => {
  let ids: Ids;
  let demoLanguage = 'nl';

  test.beforeAll(async ({ browser, baseURL }) => {
    // ids from the demo member's own data
    const setup = await newContext(browser, must(baseURL, 'the baseURL'), 'nl');
    const sp = await setup.newPage();
    await login(sp, 'demo@example.com', 'demo-demo-123');
    const me = (await (await sp.request.get('/api/user.php')).json()) as { user?: { id: number; language?: string } };
    // a payment in the demo member's list (an open iDEAL one; refused when one is open already)
    await sp.request.post('/api/payment.php', { data: { package: 'p1', method: 'ideal', issuer: 'ideal_INGBNL2A' }, headers: WEB });
    const list = (await (await sp.request.get('/api/members.php?page=1')).json()) as { results?: Array<{ id: number }> };
    const chats = (await (await sp.request.get('/api/chats.php')).json()) as { chats?: Array<{ conversation: number }> };
    const tx = (await (await sp.request.get('/api/transactions.php')).json()) as { payments?: Array<{ id: number }> };
    ids = {
      member: list.results?.find((r) => r.id !== me.user?.id)?.id ?? 1,
      chat: chats.chats?.[0]?.conversation ?? null,
      transaction: tx.payments?.[0]?.id ?? null,
    };
    demoLanguage = me.user?.language ?? 'nl';
    await setup.close();
  });

  test.afterAll(async ({ browser, baseURL }) => {
    // the demo accounts keep their language for the other tests
    for (const [email, password, lng] of [
      ['demo@example.com', 'demo-demo-123', demoLanguage],
      ['staff@example.com', 'staff-staff-123', 'nl'],
    ] as const) {
      const c = await newContext(browser, must(baseURL, 'the baseURL'), 'nl');
      const p = await c.newPage();
      await login(p, email, password);
      await setAccountLanguage(p, lng);
      await c.close();
    }
  });

  test('the walk opens every pattern of the route table', () => {
    expect(uncovered(ids), 'route-table patterns that the walk does not open').toEqual([]);
  });

  for (const lng of LANGS) {
    test(`every page at 360 and 390 px in ${lng}: visitor, member, staff`, async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const started = Date.now();
      const failures: string[] = [];
      // a first-time visitor: the entry warning ("Ik ben 18+ en ga verder") over every page
      const visitor = await newContext(browser, must(baseURL, 'the baseURL'), lng, true);
      await walk(await visitor.newPage(), pagesFor('visitor', ids), lng, 'visitor', failures);
      await visitor.close();

      const member = await newContext(browser, must(baseURL, 'the baseURL'), lng);
      const mp = await member.newPage();
      await login(mp, 'demo@example.com', 'demo-demo-123');
      // the account's language rules once logged in: the walk switches it as the switcher does
      await setAccountLanguage(mp, lng);
      await walk(mp, pagesFor('member', ids), lng, 'member', failures);
      if (lng === 'nl') await chatUsesTheWidth(mp, ids, failures);
      await member.close();

      const staff = await newContext(browser, must(baseURL, 'the baseURL'), lng);
      const stp = await staff.newPage();
      await login(stp, 'staff@example.com', 'staff-staff-123');
      await setAccountLanguage(stp, lng);
      await walk(stp, pagesFor('staff', ids), lng, 'staff', failures);
      await staff.close();
      // each defect failed the test (expect.soft) where it was found; the list is in the report
      test.info().annotations.push({ type: 'duration', description: `${Math.round((Date.now() - started) / 1000)} s` });
      if (failures.length > 0) test.info().annotations.push({ type: 'defects', description: failures.join('\n') });
    });
  }
});
