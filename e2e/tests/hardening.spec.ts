/**
 * Hardening (issue 13, "what a new member saw"): what a new member and a visitor met on the member
 * pages, on a desktop and a phone, each case as a person would notice it.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  test,
  commonText,
  LANGUAGES,
  localeText,
  loginAsNewMember,
  logout,
  moduleTexts,
  openNotices,
  setLanguageCookie,
} from '../support';
import type { Language } from '../support';

/** A text of mf-members (placeholders filled in). */
const members = moduleTexts('mf-members/src/locales');

test.describe('hardening: member pages', () => {
  const MEMBER_PAGES = ['/profile', '/likes', '/likes/matches', '/swipe-game', '/match-finder', '/notifications', '/account'];

  test('a visitor on a member page sees the login prompt once, never "Laden…" forever', { tag: '@phone' }, async ({ page }) => {
    for (const url of MEMBER_PAGES) {
      await page.goto(url);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: commonText('errors.loginRequired') })).toBeVisible();
      await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(main.getByText(commonText('status.loading'))).toHaveCount(0);
    }
    // the prompt brings the member back to the page after logging in
    await page
      .getByRole('main')
      .getByRole('link', { name: commonText('nav.login') })
      .click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
  });

  test('a member whose session ends gets the login prompt on the next member page', async ({ page }) => {
    await loginAsNewMember(page, { tag: 'session-end' });
    await page.goto('/likes');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).not.toHaveText(commonText('errors.loginRequired'));
    await logout(page); // the session ends behind the page's back (another tab, expiry)
    // the next call answers 403 authentication_required: the page turns into the login prompt
    await page.evaluate(() => {
      window.history.pushState({}, '', '/swipe-game');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: commonText('errors.loginRequired') })).toBeVisible();
  });
});

test.describe('hardening: a visitor browsing', () => {
  test("a visitor's profile view does not ask for likes: no 403 in the console", async ({ page, pageErrors }) => {
    const likesCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/likes.php') likesCalls.push(req.url());
    });
    await page.goto('/members');
    const first = page
      .getByRole('list', { name: members('search.results') })
      .getByRole('link')
      .first();
    await first.click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(likesCalls).toEqual([]);
    expect(pageErrors.filter((e) => /403|likes\.php/.test(e))).toEqual([]);
  });
});

/** A member of the demo data as search answers it. */
interface Found {
  id: number;
  fictional: boolean;
  gender: string;
  age: number;
  country: string;
}

async function searchApi(page: Page, query: string): Promise<Found[]> {
  const res = await page.request.get(`/api/members.php?${query}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { results: Found[] }).results;
}

test.describe('hardening: translated data follows the language', () => {
  test("an English page shows a chatpal's warning in English, not the Dutch site's text", async ({ page, context }) => {
    const chatpal = (await searchApi(page, 'country=NL')).find((p) => p.fictional) ?? (await searchApi(page, '')).find((p) => p.fictional);
    if (!chatpal) throw new Error('the demo data has no chatpal');
    await setLanguageCookie(context, 'en');
    await page.goto(`/members/${chatpal.id}`);
    await expect(page.getByRole('main').getByText(commonText('fictional.warning', 'en')).first()).toBeVisible();
    await expect(page.getByRole('main').getByText('Dit profiel is fictief en niet beschikbaar voor fysiek contact')).toHaveCount(0);
  });

  test('the region label and Belgian regions follow a language switch on /members', async ({ page }) => {
    await page.goto('/members?country=BE');
    await expect(page.getByLabel('Regio', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Regio', { exact: true }).getByRole('option', { name: 'Vlaanderen' })).toHaveCount(1);
    await page.getByRole('combobox', { name: commonText('nav.language') }).selectOption('de');
    const region = page.getByLabel('Region', { exact: true });
    await expect(region.getByRole('option', { name: 'Flandern' })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: members('search.title', {}, 'de') })).toBeVisible();
  });

  test('Dutch pages name the swipe game and the match finder in Dutch', async ({ page }) => {
    await loginAsNewMember(page, { tag: 'nl-titles' });
    await page.goto('/swipe-game');
    await expect(page.getByRole('heading', { level: 1, name: 'Swipespel' })).toBeVisible();
    await page.goto('/match-finder');
    await expect(page.getByRole('heading', { level: 1, name: 'Matchzoeker' })).toBeVisible();
  });
});

test.describe('hardening: search form', () => {
  test('an impossible age range shows the error and hides the old results', async ({ page }) => {
    await page.goto('/members?gender=&country=NL');
    const results = page.getByRole('list', { name: members('search.results') });
    await expect(results).toBeVisible();
    await page.getByLabel(members('search.minAge')).selectOption('60');
    await page.getByLabel(members('search.maxAge')).selectOption('30');
    await page.getByRole('button', { name: members('search.submit') }).click();
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    await expect(results).toHaveCount(0);
  });

  test('on a phone the filters fold behind a "Filters" button once results show', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/members?gender=&country=NL');
    await expect(page.getByRole('list', { name: members('search.results') })).toBeVisible();
    const form = page.getByRole('form', { name: members('search.filters') });
    const toggle = page.getByRole('button', { name: members('search.filtersButton') });
    await expect(form).toBeHidden();
    // the first result is on the first screen
    const first = page
      .getByRole('list', { name: members('search.results') })
      .getByRole('link')
      .first();
    await expect(first).toBeInViewport();
    await toggle.click();
    await expect(form).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('on a desktop the filters stay open, without a Filters button', async ({ page }) => {
    test.skip(test.info().project.name === 'phone');
    await page.goto('/members?gender=&country=NL');
    await expect(page.getByRole('list', { name: members('search.results') })).toBeVisible();
    await expect(page.getByRole('form', { name: members('search.filters') })).toBeVisible();
    await expect(page.getByRole('button', { name: members('search.filtersButton') })).toBeHidden();
  });
});

test.describe('hardening: swipe game and suggestions', () => {
  test('at 1280x800 Like and Next are on the first screen; after the 4 likes of the day the card says why and when they come back', async ({
    page,
  }) => {
    await loginAsNewMember(page, { tag: 'swipe-fold', gender: 'male' });
    await page.goto('/swipe-game');
    const like = page.getByRole('button', { name: members('swipe.like'), exact: true });
    const next = page.getByRole('button', { name: members('swipe.skip'), exact: true });
    await expect(like).toBeVisible();
    await expect(like).toBeInViewport({ ratio: 1 });
    await expect(next).toBeInViewport({ ratio: 1 });

    // use up the day's likes through the call the page makes
    const game = (await (await page.request.get('/api/swipe.php')).json()) as { profiles: { id: number }[] };
    expect(game.profiles.length).toBeGreaterThanOrEqual(5);
    for (const target of game.profiles.slice(0, 4)) {
      const res = await page.request.post('/api/swipe.php', { data: { id: target.id, action: 'like' } });
      expect(res.ok()).toBe(true);
    }
    await page.goto('/swipe-game');
    await expect(like).toBeDisabled();
    const why = page.getByText(members('swipe.limitReached', { max: 4, when: 'XX' }).split('XX')[0] ?? '');
    await expect(why).toBeVisible();
    await expect(like).toHaveAccessibleDescription(/4 likes/);
    await expect(next).toBeEnabled();
  });

  test('"Leden voor jou" asks for the member\'s suggestions (the genders they look for, their age, the site countries)', async ({
    page,
  }) => {
    await loginAsNewMember(page, { tag: 'suggested', gender: 'male' });
    const asked = page.waitForRequest(
      (req) => new URL(req.url()).pathname === '/api/members.php' && new URL(req.url()).searchParams.get('suggested') === '1',
    );
    await page.goto('/signup-matches');
    const answer = (await (await (await asked).response())?.json()) as { results: Found[] };
    expect(answer.results.length).toBeGreaterThan(0);
    for (const p of answer.results) {
      expect(p.gender).toBe('female');
      expect(['NL', 'BE']).toContain(p.country);
    }
  });
});

const auth = (key: string, lng: Language = 'nl') => localeText('mf-auth-signup/src/locales', key, lng);

test.describe('hardening: layout details', () => {
  test('profile cards of a row are equally tall', async ({ page }) => {
    await page.goto('/members?gender=&country=NL');
    const cards = page.getByRole('list', { name: members('search.results') }).getByRole('link');
    await expect(cards.first()).toBeVisible();
    const boxes = await cards.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), height: Math.round(r.height) })),
    );
    const rows = new Map<number, number[]>();
    for (const b of boxes) rows.set(b.top, [...(rows.get(b.top) ?? []), b.height]);
    for (const heights of rows.values()) expect(new Set(heights).size).toBe(1);
  });

  test('the e-mail confirmation notice opens from the bell in a panel that fits the screen, under the top bar', async ({ page }) => {
    await loginAsNewMember(page, { tag: 'inset' });
    await page.goto('/members');
    await openNotices(page);
    const notice = page.getByText(auth('reminder.title')).locator('xpath=ancestor::*[@role="status" or @role="alert"][1]');
    await expect(notice).toBeInViewport();
    const [n, bar] = [await notice.boundingBox(), await page.getByRole('banner').boundingBox()];
    if (!n || !bar) throw new Error('no boxes');
    // the panel hangs from the top bar (shell layouts/notices.tsx) and stays inside the screen
    expect(n.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(n.x).toBeGreaterThanOrEqual(0);
    expect(n.x + n.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  });

  test("a visitor's header is one row on a phone, in every language", { tag: '@phone-only' }, async ({ page, context }) => {
    for (const lng of LANGUAGES) {
      await setLanguageCookie(context, lng);
      await page.goto('/pages/terms');
      const nav = page.getByRole('navigation', { name: commonText('nav.main', lng), exact: true });
      const brand = nav.getByRole('link').first();
      const login = nav.getByRole('link', { name: commonText('nav.login', lng) });
      await expect(login).toBeVisible();
      await expect(nav.getByRole('combobox', { name: commonText('nav.language', lng) })).toBeVisible();
      const [b, l] = [await brand.boundingBox(), await login.boundingBox()];
      if (!b || !l) throw new Error('no boxes');
      expect(Math.abs(b.y + b.height / 2 - (l.y + l.height / 2)), `${lng}: brand and login on one row`).toBeLessThan(8);
    }
  });
});

test.describe('hardening: entry warning', () => {
  test.use({ entryWarningAccepted: false });

  test(
    'its two buttons sit side by side, and "Verlaten" leaves for a search engine, not about:blank',
    { tag: '@phone' },
    async ({ page }) => {
      await page.route('https://www.google.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Search</title><h1>Search</h1>' }),
      );
      await page.goto('/pages/terms');
      const dialog = page.getByRole('dialog', { name: commonText('entryWarning.title') });
      await expect(dialog).toBeVisible();
      const leave = dialog.getByRole('button', { name: commonText('entryWarning.leave') });
      const enter = dialog.getByRole('button', { name: commonText('entryWarning.enter') });
      // equally wide, side by side on one row, or (when the labels do not fit) stacked full width;
      // measured once the dialog has settled (it animates in)
      await expect
        .poll(async () => {
          const [lb, eb] = [await leave.boundingBox(), await enter.boundingBox()];
          if (!lb || !eb) return 'no boxes';
          if (Math.abs(lb.width - eb.width) >= 2) return 'unequal widths';
          return Math.abs(lb.y - eb.y) < 2 || Math.abs(lb.x - eb.x) < 2 ? 'aligned' : 'neither one row nor stacked';
        })
        .toBe('aligned');
      const [l, e] = [await leave.boundingBox(), await enter.boundingBox()];
      if (!l || !e) throw new Error('no boxes');
      const footer = await dialog.locator('footer').boundingBox();
      if (!footer) throw new Error('no footer');
      // together they span the dialog's footer (not bunched up at its right)
      expect(Math.min(l.x, e.x) - footer.x).toBeLessThan(32);
      expect(footer.x + footer.width - Math.max(l.x + l.width, e.x + e.width)).toBeLessThan(32);
      await leave.click();
      await expect(page).toHaveURL('https://www.google.com/');
    },
  );
});
