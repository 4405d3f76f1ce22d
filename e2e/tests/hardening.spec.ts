/**
 * Hardening (issue 13, "what a new member saw"): what a new member and a visitor met on the member
 * pages, on a desktop and a phone, each case as a person would notice it.
 */
import { test, expect, commonText, localeText, loginAsNewMember, logout } from '../support';
import type { Language } from '../support';

/** A text of mf-members (placeholders filled in). */
const members = (key: string, params: Record<string, string | number> = {}, lng: Language = 'nl') =>
  localeText('mf-members/src/locales', key, lng).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

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
    await page.getByRole('main').getByRole('link', { name: commonText('nav.login') }).click();
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
    const first = page.getByRole('list', { name: members('search.results') }).getByRole('link').first();
    await first.click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(likesCalls).toEqual([]);
    expect(pageErrors.filter((e) => /403|likes\.php/.test(e))).toEqual([]);
  });
});
