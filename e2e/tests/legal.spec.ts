/**
 * Issue 13 item 16 in Chromium on the real server: the legal pages from the footer carry the
 * footer link's own name, their text is in the reader's language (in the HTML of a visitor's light
 * page; loaded on demand in the app) with the site's
 * company info from companyinfo.php, and the ban page is the published policy for a visitor. (A
 * banned member's side, login answer and ban.php, is tested on the real app in api/ and the page's
 * notice in mf-landers: the e2e server has no way to ban a member yet.)
 */
import { test, expect, commonText, localeText, setLanguageCookie } from '../support';

test.describe('legal pages', () => {
  test('every footer link opens a page with the same name as its title', async ({ page, pageErrors }) => {
    await page.goto('/pages/faq');
    const footerNav = page.getByRole('contentinfo').getByRole('navigation', { name: commonText('footer.label') });
    const links = await footerNav
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => ({ name: a.textContent ?? '', href: a.getAttribute('href') ?? '' })));
    expect(links.length).toBeGreaterThanOrEqual(9);
    for (const { name, href } of links) {
      await footerNav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    }
    expect(pageErrors).toEqual([]);
  });

  test("terms: table of contents, the company from the site settings, the chatpal section; the text is in the visitor's page, no chunk fetched", async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto('/pages/terms');
    const toc = page.getByRole('navigation', { name: localeText('mf-landers/src/locales', 'pages.toc') });
    await expect(toc).toBeVisible();
    await toc.getByRole('link', { name: 'Chatpals: fictieve profielen' }).click();
    await expect(page).toHaveURL(/#chatpals-fictieve-profielen$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Chatpals: fictieve profielen' })).toBeInViewport();
    await expect(page.getByRole('main')).toContainText(
      'Flirtlokaal is een dienst van Flirtlokaal B.V., Keizersgracht 123, Amsterdam, Nederland',
    );
    await expect(page.getByRole('main')).toContainText('KvK 12345678');
    // a visitor's legal page is mf-landers' light page: the server sent the text (the app fetches
    // the page's own chunk in its language only: mf-landers/src/content)
    expect(requested.filter((p) => /\/legal-[a-z]{2}-/.test(p))).toEqual([]);
  });

  test('the privacy policy in English links the export and the deletion, and names the Dutch DPA', async ({ page, context }) => {
    await setLanguageCookie(context, 'en');
    await page.goto('/pages/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('The controller is Flirtlokaal B.V.');
    await expect(main).toContainText('Autoriteit Persoonsgegevens');
    await main.getByRole('link', { name: 'delete account' }).first().click();
    await expect(page).toHaveURL(/\/account\/delete$/);
  });

  test('the FAQ has at least 12 questions', async ({ page }) => {
    await page.goto('/pages/faq');
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    expect(await page.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(12);
  });

  test('/pages/ban from the footer is the published ban policy for a visitor, not "your account is blocked"', async ({ page }) => {
    await page.goto('/pages/terms');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: commonText('footer.ban'), exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blokkeringsbeleid' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Bezwaar maken' })).toBeVisible();
    // the personal notice (a banned member's, above the policy) is not shown to a visitor
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Je account is geblokkeerd', { exact: true })).toHaveCount(0);
  });
});
