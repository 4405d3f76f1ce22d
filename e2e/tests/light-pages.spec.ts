/**
 * A visitor's index and legal pages (issue 13 item 21) are mf-landers' light page, like the landers:
 * the server's HTML holds the page (the home page's hero, the FAQ's text with the company filled in,
 * the top bar and the footer), the browser loads only the light page's small client, and the app
 * takes over where the visitor goes on: log-in (the app's /login page), sign-up (the modal on a
 * desktop, started on this page; the /signup page on a phone), the language choice (the page again
 * in that language), a logged-in member (the app at once).
 */
import type { Page } from '@playwright/test';
import { commonText, expect, localeText, loginAsNewMember, test } from '../support';

const home = (key: string) => localeText('mf-landers/src/locales', `home.${key}`);

/** The scripts the page loads from now on (paths). */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  return scripts;
}
const notLight = (scripts: string[]) => scripts.filter((s) => !s.startsWith('/mf/mf-landers/light-client/'));

test.describe('light index and legal pages', () => {
  test(
    'the home page: the content in the HTML, no app loaded; sign-up hands over to the app',
    { tag: '@phone' },
    async ({ page, request, pageErrors, isMobile }) => {
      const html = await (await request.get('/')).text();
      expect(html).toContain(home('title'));
      expect(html).toContain(home('featuresTitle'));
      const scripts = scriptsOf(page);
      await page.goto('/');
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: home('title') })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: commonText('nav.main'), exact: true }).getByRole('link', { name: commonText('nav.login') }),
      ).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(commonText('disclaimer').slice(0, 40));
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      expect(notLight(scripts)).toEqual([]);

      await page
        .getByRole('main')
        .getByRole('button', { name: home('signup') })
        .click();
      if (isMobile) {
        await expect(page).toHaveURL(/\/signup$/);
        await expect(page.getByRole('heading', { name: commonText('nav.signup'), level: 1 })).toBeVisible();
      } else {
        // the app starts on this page with the sign-up modal open
        await expect(page.getByRole('dialog', { name: commonText('nav.signup') })).toBeVisible();
        expect(notLight(scripts).some((s) => /\/main\.[0-9a-f]+\.js$/.test(s))).toBe(true);
      }
      expect(pageErrors).toEqual([]);
    },
  );

  test("a legal page: the text and the company in the HTML; log-in is the app's page", { tag: '@phone' }, async ({ page, pageErrors }) => {
    const scripts = scriptsOf(page);
    await page.goto('/pages/faq');
    await expect(page.getByRole('heading', { level: 1, name: commonText('footer.faq') })).toBeVisible();
    expect(await page.getByRole('main').getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(12);
    await page.waitForLoadState('networkidle');
    expect(notLight(scripts)).toEqual([]);
    await page.goto('/pages/terms');
    await expect(page.getByRole('main')).toContainText('Flirtlokaal B.V., Keizersgracht 123, Amsterdam');
    await page
      .getByRole('navigation', { name: commonText('nav.main'), exact: true })
      .getByRole('link', { name: commonText('nav.login') })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('main').getByRole('heading', { level: 1, name: localeText('mf-auth-signup/src/locales', 'login.title') }),
    ).toBeVisible();
    expect(notLight(scripts).some((s) => /\/main\.[0-9a-f]+\.js$/.test(s))).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('the service page: the support contact in the HTML, the page alive without the app', async ({ page, pageErrors }) => {
    const scripts = scriptsOf(page);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    await page.goto('/pages/service');
    await expect(page.getByRole('heading', { level: 1, name: commonText('footer.support') })).toBeVisible();
    await expect(page.getByRole('main').getByText(localeText('mf-landers/src/locales', 'pages.service.body'))).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@/);
    await page.waitForFunction(() => (window as unknown as { __LANDER_HYDRATED__?: boolean }).__LANDER_HYDRATED__ === true);
    await page.waitForLoadState('networkidle');
    expect(notLight(scripts)).toEqual([]);
    // hydrated as rendered: React did not have to render the page again in the browser
    expect(warnings.filter((w) => w.includes('rendered again'))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('the language choice loads the page again in that language', async ({ page, context }) => {
    await page.goto('/pages/faq');
    await page.waitForLoadState('networkidle');
    await page.getByRole('combobox', { name: commonText('nav.language') }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: commonText('footer.faq', 'en') })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
    await page.getByRole('combobox', { name: commonText('nav.language', 'en') }).selectOption('nl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  });

  test('a logged-in member gets the app: the index sends them on to the members', async ({ page }) => {
    await loginAsNewMember(page, { tag: 'light' });
    await page.goto('/pages/faq');
    await expect(
      page
        .getByRole('navigation', { name: commonText('nav.main'), exact: true })
        .getByRole('link', { name: new RegExp(commonText('nav.searchMembers')) }),
    ).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/members$/);
  });
});
