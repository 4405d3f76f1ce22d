/**
 * Accessibility (issue 13 item 20): axe-core (WCAG 2.2 A/AA rules) on the main pages of every
 * remote, as a visitor, as a member and as staff: 0 violations. A page that a capability still builds
 * is covered as it is now (placeholder inside its layout); a new main page is one line in PAGES.
 * Member and staff pages are checked at desktop width and again at phone width (issue 29 item 19:
 * the tab bar, stacked tables and wrapped buttons are other markup and other colours): the same
 * loaded page, resized, so the phone pass costs an axe run per page, not a page load.
 */
import type { Page } from '@playwright/test';
import { test, expect, animationsDone, axeViolations as violations, login, loginAsNewMember } from '../support';

/** The rule sets of WCAG 2.0/2.1/2.2 levels A and AA (axe's tags). */

interface AxePage {
  /** path, or a function of a demo member's id */
  url: string | ((memberId: number) => string);
  /** owning remote (for the test title and so each remote keeps at least one page here) */
  remote: 'mf_landers' | 'mf_auth_signup' | 'mf_members' | 'mf_payments' | 'mf_chat' | 'shell';
}

const VISITOR_PAGES: AxePage[] = [
  { url: '/', remote: 'mf_landers' },
  { url: '/pages/terms', remote: 'mf_landers' },
  { url: '/pages/faq', remote: 'mf_landers' },
  { url: '/landers/gallery/vrouwen', remote: 'mf_landers' },
  { url: '/landers/tinderswipe', remote: 'mf_landers' },
  { url: '/landers/socialnetwork', remote: 'mf_landers' },
  { url: (id) => `/members/${id}/landing2`, remote: 'mf_landers' },
  { url: '/signup', remote: 'mf_auth_signup' },
  { url: '/login', remote: 'mf_auth_signup' },
  { url: '/members', remote: 'mf_members' },
  { url: (id) => `/members/${id}`, remote: 'mf_members' },
  { url: '/pricing', remote: 'mf_payments' },
];

/** Phone width of the second pass (the e2e phone project's viewport). */
const PHONE = { width: 390, height: 844 };

const MEMBER_PAGES: AxePage[] = [
  { url: '/', remote: 'mf_landers' },
  { url: '/members', remote: 'mf_members' },
  { url: (id) => `/members/${id}`, remote: 'mf_members' },
  { url: '/profile', remote: 'mf_members' },
  { url: '/profile/verification', remote: 'mf_members' },
  { url: '/likes', remote: 'mf_members' },
  { url: '/swipe-game', remote: 'mf_members' },
  { url: '/account', remote: 'mf_auth_signup' },
  { url: '/account/security', remote: 'mf_auth_signup' },
  { url: '/credits', remote: 'mf_payments' },
  { url: '/chats', remote: 'mf_chat' },
  { url: '/notifications', remote: 'mf_members' },
  // an unknown page: the 404 page (its faded "404" was 1.67:1, issue 29 item 19)
  { url: '/swipe', remote: 'shell' },
  { url: '/transactions', remote: 'mf_payments' },
  { url: '/credits/p1/ideal', remote: 'mf_payments' },
  { url: '/pages/privacy', remote: 'mf_landers' },
];

/** The back office as an admin (every area), including the shell's own staff home. */
const STAFF_PAGES: AxePage[] = [
  { url: '/backoffice', remote: 'shell' },
  { url: '/backoffice/members', remote: 'mf_members' },
  { url: '/backoffice/photos', remote: 'mf_members' },
  { url: '/backoffice/reports', remote: 'mf_members' },
  { url: '/backoffice/held-messages', remote: 'mf_chat' },
  { url: '/backoffice/operator', remote: 'mf_chat' },
  { url: '/backoffice/payments', remote: 'mf_payments' },
  { url: '/backoffice/codes', remote: 'mf_payments' },
  { url: '/backoffice/complaints', remote: 'mf_landers' },
  { url: '/backoffice/sites', remote: 'mf_landers' },
  { url: '/backoffice/audit', remote: 'mf_landers' },
];

/** The page has rendered its content: a heading in <main> and no request in flight. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main h1, [role="dialog"] h2, [role="dialog"] h1').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // transitions (modal fade-in, loading bar) end: axe reads computed colours
  await animationsDone(page);
}

async function someMemberId(page: Page): Promise<number> {
  const res = await page.request.get('/api/members.php?page=1');
  const body = (await res.json()) as { results?: Array<{ id: number }> };
  const id = body.results?.[0]?.id;
  if (!id) throw new Error(`no member to open: ${res.status()}`);
  return id;
}

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  test('the site-entry warning a first-time visitor sees', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto('/');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const who of ['visitor', 'member', 'staff'] as const) {
    const pages = who === 'visitor' ? VISITOR_PAGES : who === 'member' ? MEMBER_PAGES : STAFF_PAGES;
    // a logged-in page again at phone width (the visitor's pages are in the phone project's journeys)
    const widths = who === 'visitor' ? ['desktop'] : ['desktop', 'phone'];
    test(`${who}: the main pages of every remote`, async ({ page }) => {
      test.setTimeout(60_000 + pages.length * 20_000);
      if (who === 'member') await loginAsNewMember(page, { tag: 'axe' });
      if (who === 'staff') await login(page, 'staff@example.com', 'staff-staff-123');
      const memberId = await someMemberId(page);
      const desktop = page.viewportSize();
      const failures: string[] = [];
      for (const entry of pages) {
        const url = typeof entry.url === 'function' ? entry.url(memberId) : entry.url;
        await test.step(`${url} (${entry.remote})`, async () => {
          if (desktop) await page.setViewportSize(desktop);
          await page.goto(url);
          await settled(page);
          for (const width of widths) {
            if (width === 'phone') {
              await page.setViewportSize(PHONE);
              await animationsDone(page);
            }
            const found = await violations(page);
            if (found.length > 0) failures.push(`${url} as ${who} (${width}):\n${found.join('\n')}`);
          }
        });
      }
      expect(failures, `axe violations:\n${failures.join('\n\n')}`).toEqual([]);
    });
  }
});
