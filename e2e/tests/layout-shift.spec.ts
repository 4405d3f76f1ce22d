/**
 * A member's alerts and banners (e-mail confirmation reminder, welcome bonus, push, ...) are other
 * remotes' widgets that arrive once the page is idle, after the page itself. They must never move
 * the page the member is looking at (issue 13: member pages shifted by CLS 0.15-0.71, and a click
 * on "Account verwijderen" once landed while the welcome-bonus banner pushed the page down).
 */
import type { Page } from '@playwright/test';
import { expect, test, loginAsNewMember, localeText, moduleTexts } from '../support';

const auth = moduleTexts('mf-auth-signup/src/locales');
const payments = moduleTexts('mf-payments/src/locales');
const shell = (key: string) => localeText('shell/src/locales', key);

/** The notices region: the alerts and the button that folds them away. */
const notices = (page: Page) => page.getByRole('button', { name: shell('notices.hide') }).locator('..');

/**
 * Layout shifts of the page without recent input, summed from the start of the page (CLS, not
 * windowed), and what moved (the message when the test fails). A shift of the notices' own cards
 * among themselves (one arriving above another in the stack at the bottom of the screen) is not
 * the page moving: entries whose every source lies in the notices region are left out.
 */
const CLS_OBSERVER = `(() => {
  window.__cls = 0;
  window.__shifts = [];
  const inNotices = (node) => {
    const el = node && (node.nodeType === 1 ? node : node.parentElement);
    return !!(el && el.closest('[data-slot="notices"]'));
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        const sources = e.sources || [];
        if (sources.length > 0 && sources.every((s) => inNotices(s.node))) continue;
        window.__cls += e.value;
        window.__shifts.push(Math.round(e.startTime) + ' ms ' + e.value.toFixed(3) + ': ' + sources.map((s) =>
          (s.node ? s.node.nodeName + ' "' + (s.node.textContent || '').slice(0, 30) + '"' : '?') + ' y ' + Math.round(s.previousRect.y) + '->' + Math.round(s.currentRect.y)).join(', '));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
})();`;

const layoutShift = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts.join('\n') };
  });

const PAGES = [
  { path: '/members', reminder: true },
  { path: '/profile', reminder: true },
  { path: '/likes', reminder: true },
  // the account pages show no e-mail reminder (spec 4: not on the settings pages); the welcome bonus still comes
  { path: '/account', reminder: false },
];

test.describe('a new member (e-mail not confirmed yet, welcome bonus running)', () => {
  test('sees the alerts arrive without the page moving: its heading stays put, its layout shift < 0.05, the alerts in sight', { tag: '@phone' }, async ({ page }) => {
    await page.addInitScript(CLS_OBSERVER);
    await loginAsNewMember(page, { tag: 'no-shift', country: 'NL' });
    for (const { path, reminder } of PAGES) {
      await test.step(path, async () => {
        await page.goto(path);
        const heading = page.getByRole('main').getByRole('heading', { level: 1 }).first();
        await expect(heading).toBeVisible();
        const before = await heading.boundingBox();

        // the alerts come after the page (on idle); wait until they are all there
        const banner = page.getByRole('region', { name: payments('bonus.welcomeBonus') });
        await expect(banner).toBeVisible({ timeout: 15_000 });
        await expect(notices(page)).toBeInViewport();
        const reminderAlert = page.getByRole('status').filter({ hasText: auth('reminder.title') });
        if (reminder) {
          await expect(reminderAlert).toBeVisible();
          await expect(reminderAlert).toBeInViewport();
        } else {
          await expect(reminderAlert).toHaveCount(0);
        }
        await page.waitForLoadState('networkidle');

        expect(await heading.boundingBox()).toEqual(before);
        const { cls, shifts } = await layoutShift(page);
        expect(cls, shifts).toBeLessThan(0.05);
      });
    }
  });

  test('can still reach the end of a page: the alerts then rest above the footer instead of covering the content', { tag: '@phone' }, async ({ page }) => {
    await loginAsNewMember(page, { tag: 'no-shift-end', country: 'NL' });
    await page.goto('/members');
    const banner = page.getByRole('region', { name: payments('bonus.welcomeBonus') });
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const main = await page.getByRole('main').boundingBox();
    const alerts = await notices(page).boundingBox();
    const footer = await page.getByRole('contentinfo').boundingBox();
    if (!main || !alerts || !footer) throw new Error('main, the notices or the footer has no box');
    expect(alerts.y).toBeGreaterThanOrEqual(main.y + main.height);
    expect(alerts.y + alerts.height).toBeLessThanOrEqual(footer.y);

    // folded away, they leave the page to the member, and come back on request
    await page.getByRole('button', { name: shell('notices.hide') }).click();
    await expect(banner).toBeHidden();
    await page.getByRole('button', { name: shell('notices.show') }).click();
    await expect(banner).toBeVisible();
  });
});
